import Foundation
import LayoutModel
import Testing

@Suite("writing files")
struct ByteSinkTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "bytesink-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("writeFiles writes every file, each with its own text, and leaves no temporary file")
    func writesEveryFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFiles([dir + "/a.txt", dir + "/b.txt"]) { i, sink in sink.write(i == 0 ? "first\n" : "second\n") }
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "first\n")
        #expect(try String(contentsOfFile: dir + "/b.txt", encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.txt", "b.txt"])
    }

    @Test("writeFiles is all or nothing: a later file that cannot be written leaves the earlier ones as they were")
    func failureLeavesNone() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/c.txt", withIntermediateDirectories: true)
        #expect(throws: FileError.self) {
            try writeFiles([dir + "/a.txt", dir + "/b.txt", dir + "/c.txt"]) { _, sink in sink.write("new\n") }
        }
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.txt", "c.txt"])
    }

    @Test("a sink written out but dropped before it is finished leaves nothing")
    func droppedAfterWritingLeavesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let sink = try ByteSink(path: dir + "/a.txt")
            sink.write("text\n")
            try sink.finishWriting()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
