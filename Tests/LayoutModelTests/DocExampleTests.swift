import CassowarySolver
import DenseSimplex
import Foundation
import LayoutModel
import Testing

// The scene-format article shows scenes and the exact lines `solve` prints for
// them. These tests read the article itself, so an example that stops matching
// the code fails here instead of misleading a reader.

/// One fenced code block of the article: its info string (`json`, or empty) and its lines.
private struct CodeBlock {
    var info: String
    var lines: [String]
    var text: String { lines.joined(separator: "\n") }
}

private let articlePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/LayoutModel/LayoutModel.docc/SceneFormat.md").path

private func articleText() throws -> String {
    try String(contentsOfFile: articlePath, encoding: .utf8)
}

private func codeBlocks(_ markdown: String) -> [CodeBlock] {
    var blocks: [CodeBlock] = []
    var open: CodeBlock?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
            if let block = open {
                blocks.append(block)
                open = nil
            } else {
                open = CodeBlock(info: String(line.dropFirst(3)), lines: [])
            }
        } else {
            open?.lines.append(String(line))
        }
    }
    return blocks
}

private func isOutputBlock(_ block: CodeBlock) -> Bool {
    !block.lines.isEmpty && block.lines.allSatisfy { $0.hasPrefix("{\"frame\": ") }
}

/// The article's scene named `name` and the output block that follows it.
private func documentedExample(_ name: String) throws -> (scene: String, lines: [String]) {
    let blocks = codeBlocks(try articleText())
    let index = try #require(
        blocks.firstIndex { $0.info == "json" && $0.text.contains("\"name\": \"\(name)\"") },
        "the article has no scene named \(name)")
    let output = try #require(blocks[(index + 1)...].first(where: isOutputBlock), "no output lines after \(name)")
    return (blocks[index].text, output.lines)
}

/// What `layoutbench solve` writes for `json` on `backend`: frame 0, then one line per frame.
private func solveLines(_ json: String, on backend: any LayoutBackend.Type) throws -> [String] {
    let compiled = try Scene.load(Array(json.utf8)).compile()
    let session = try SceneSession(scene: compiled, backend: backend)
    var lines = [frameLine(frame: 0, rects: session.rects, errors: [])]
    for index in compiled.frames.indices {
        let errors = try session.runFrame(index)
        lines.append(frameLine(frame: index + 1, rects: session.rects, errors: errors))
    }
    return lines
}

@Suite("The scene-format article's examples")
struct DocExampleTests {
    @Test("the worked example decodes, and its only validation problem is the one the article quotes")
    func workedExampleDecodes() throws {
        let (json, _) = try documentedExample("sidebar-drag")
        let decoded = Scene.decode(json)
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        let scene = try #require(decoded.scene)
        #expect(scene.views.map(\.id) == ["window", "sidebar", "content", "thumb", "caption"])
        #expect(scene.constraints.count == 22)
        #expect(scene.frames.count == 9)
        let problems = scene.validate().map(\.description)
        #expect(problems == ["$.frames[8][2] (frame 9 op 2, activate): constraint 's6' was removed; its id cannot be used again"])
        for problem in problems {
            #expect(try articleText().contains(problem), "the article should quote: \(problem)")
        }
    }

    @Test("the worked example solves to exactly the documented lines", arguments: ["cassowary", "dense"])
    func workedExampleSolves(backendName: String) throws {
        let backend: any LayoutBackend.Type = backendName == "dense" ? DenseSimplexBackend.self : CassowaryBackend.self
        let (json, documented) = try documentedExample("sidebar-drag")
        let lines = try solveLines(json, on: backend)
        #expect(lines.count == documented.count)
        for (index, (line, expected)) in zip(lines, documented).enumerated() {
            #expect(line == expected, "frame \(index) on \(backendName)")
        }
    }

    @Test("the smallest scene prints the documented line")
    func oneBoxSolves() throws {
        let (json, documented) = try documentedExample("one-box")
        #expect(try solveLines(json, on: CassowaryBackend.self) == documented)
    }

    @Test("every single-op snippet in the article reads as the op its section names")
    func opSnippetsDecode() throws {
        let snippets = codeBlocks(try articleText()).filter { $0.info == "json" }.flatMap(\.lines)
            .filter { $0.hasPrefix("{\"op\": ") }
        var names = Set<String>()
        for snippet in snippets {
            let json = """
                {"format": "layoutbench-scene", "version": 1, "views": [{"id": "v"}], "constraints": [],
                 "frames": [[\(snippet)]]}
                """
            let decoded = Scene.decode(json)
            #expect(decoded.diagnostics.isEmpty, "\(snippet): \(decoded.diagnostics)")
            if let op = decoded.scene?.frames.first?.first { names.insert(op.name) }
        }
        let every: Set = [
            "suggest", "setConstant", "setPriority", "activate", "deactivate", "add", "remove", "addEdit", "removeEdit", "layout",
            "setBoundsOrigin",
        ]
        #expect(names == every)
    }
}
