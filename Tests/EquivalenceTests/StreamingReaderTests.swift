import Foundation
import LayoutFuzzing
@testable import LayoutModel
import SceneGenerator
import Testing

/// The fast path of the scene reader over bytes served `piece` at a time into a buffer of `chunk` bytes.
private func streamedInChunks(_ bytes: [UInt8], chunk: Int, piece: Int) -> Scene? {
    var offset = 0
    var decoder = SceneStreamDecoder(
        SceneByteStream(chunkSize: chunk) { buffer in
            let n = min(piece, buffer.count, bytes.count - offset)
            for k in 0..<n { buffer[k] = bytes[offset + k] }
            offset += n
            return n
        })
    return decoder.scene()
}

/// Checks the streaming reader against the tree decoder on `bytes`: the same scene when the
/// tree decoder finds no problem, otherwise no scene (the tree decoder then words the messages),
/// and `Scene.decode` gives exactly what the tree decoder gives. Returns whether the fast path read it.
@discardableResult
private func expectStreamingAgrees(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Bool {
    let tree = Scene.decodeTree(bytes)
    let clean = tree.diagnostics.isEmpty && tree.scene != nil
    let readings = [
        Scene.streamed(bytes), streamedInChunks(bytes, chunk: 16, piece: 7), streamedInChunks(bytes, chunk: 64, piece: 4096),
    ]
    for streamed in readings {
        if clean {
            // nil is allowed (the tree decoder reads it); another scene is not.
            #expect(streamed == nil || streamed == tree.scene, "\(label())")
        } else {
            #expect(streamed == nil, "\(label()): read a scene the tree decoder finds problems in")
        }
    }
    let decoded = Scene.decode(bytes)
    #expect(decoded.scene == tree.scene, "\(label())")
    #expect(decoded.diagnostics == tree.diagnostics, "\(label())")
    return readings[0] != nil
}

private func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "streaming-reader-\(UUID().uuidString).json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("Streaming scene reader")
struct StreamingReaderTests {
    @Test("every example scene is read by the fast path into the scene the tree decoder reads")
    func examples() {
        for example in ExampleScenes.all {
            let bytes = Array(example.json.utf8)
            #expect(Scene.streamed(bytes) != nil, "\(example.key)")
            expectStreamingAgrees(bytes, example.key)
        }
    }

    @Test("every generated family at 1, 10 and 1,000 views, as written, is read back by the fast path")
    func generatedFamilies() {
        for family in Family.allCases {
            for views in [1, 10, 1000] {
                let scene = SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 12, seed: 3))
                let bytes = Array(scene.jsonString().utf8)
                // Compared with the tree decoder's reading: a generated scene may list trailing
                // interactive presentations that the file (and so any reader) leaves out.
                let streamed = Scene.streamed(bytes)
                #expect(streamed != nil && streamed == Scene.decodeTree(bytes).scene, "\(family)-\(views)")
                #expect(streamed?.constraints == scene.constraints && streamed?.frames == scene.frames, "\(family)-\(views)")
                expectStreamingAgrees(bytes, "\(family)-\(views)")
            }
        }
    }

    @Test("200 random scenes (every op kind, transitions, inactive and added constraints) read back by the fast path")
    func randomScenes() {
        for seed in UInt64(1)...200 {
            let scene = RandomScenes.scene(seed: seed)
            let bytes = Array(scene.jsonString().utf8)
            #expect(Scene.streamed(bytes) == scene, "seed \(seed)")
            expectStreamingAgrees(bytes, "seed \(seed)")
        }
    }

    @Test("seeded mutants of the example scenes: the fast path never reads what the tree decoder refuses")
    func mutants() {
        var rng = SeededRandom(seed: 29)
        let tokens = [
            "\\n", "\\u00e9", "é", "-0", "1e400", "007", "1.", "true", "null", "{}", "[]", ",", "\"", " ",
            #""x-a": 1, "#, #""x-a": {"k": 1, "k": 2}, "#, #""multiplier": 2, "#, #""priority": 5e2, "#, #""active": false, "#,
            #""parent": null, "#, #""kind": "transition", "#, #""duration": 0.5, "#, #"{"kind": "interactive", "ops": []}, "#,
        ].map { Array($0.utf8) }
        var streamed = 0, total = 0
        for example in ExampleScenes.all {
            let original = Array(example.json.utf8)
            for n in 0..<300 {
                var bytes = original
                let position = rng.int(0...(bytes.count - 1))
                switch rng.int(0...3) {
                case 0: bytes.remove(at: position)
                case 1: bytes[position] = UInt8(truncatingIfNeeded: rng.next())
                case 2: bytes[position] &+= 1
                default: bytes.insert(contentsOf: tokens[rng.int(0...(tokens.count - 1))], at: position)
                }
                if expectStreamingAgrees(bytes, "\(example.key) mutant \(n)") { streamed += 1 }
                total += 1
            }
        }
        // Both sides are exercised: most mutants need the tree decoder, some are still well formed.
        #expect(streamed > 100)
        #expect(total - streamed > 1_000)
    }

    @Test("metadata keys are checked and skipped by the fast path; escapes and duplicates go to the tree decoder")
    func metadataAndEscapes() throws {
        let base = #"{"format": "layoutbench-scene", "version": 1, "#
        let rest = #""views": [{"id": "root"}], "constraints": [{"id": "w", "first": "root.width", "relation": "==", "constant": 10}]}"#
        let metadata = Array((base + #""x-tool": {"a": [1, -0.5e3, {"b": null}], "c": true}, "# + rest).utf8)
        #expect(Scene.streamed(metadata)?.constraints.first?.constant == 10)
        expectStreamingAgrees(metadata, "metadata")

        let escaped = Array((base + #""name": "a\nb\u00e9", "# + rest).utf8)
        #expect(Scene.streamed(escaped) == nil)
        #expect(Scene.decode(escaped).scene?.name == "a\nbé")
        expectStreamingAgrees(escaped, "escapes")

        for text in [#""x-a": {"k": 1, "k": 2}, "#, #""name": "a", "name": "b", "#, #""x-a": 1, "x-a": 2, "#, #""frame": [], "#] {
            let bytes = Array((base + text + rest).utf8)
            #expect(Scene.streamed(bytes) == nil, "\(text)")
            #expect(!Scene.decode(bytes).diagnostics.isEmpty, "\(text)")
            expectStreamingAgrees(bytes, text)
        }
    }

    @Test("a scene file is decoded as it is read, in chunks; a file with problems gives the tree decoder's messages")
    func files() throws {
        let scene = SceneGenerator.generate(.grid, GeneratorParameters(views: 1000, frames: 12, seed: 5))
        let bytes = Array(scene.jsonString().utf8)
        let path = try temporaryFile(bytes)
        defer { Platform.removeFile(path) }
        #expect(Scene.streamedFile(path, chunkSize: 16) == scene)
        #expect(try Scene.loadFile(path) == scene)
        #expect(try Scene.decodeFile(path).diagnostics.isEmpty)

        var broken = bytes
        broken.removeLast(3)
        let brokenPath = try temporaryFile(broken)
        defer { Platform.removeFile(brokenPath) }
        #expect(Scene.streamedFile(brokenPath, chunkSize: 16) == nil)
        #expect(try Scene.decodeFile(brokenPath).diagnostics == Scene.decode(broken).diagnostics)
        #expect(throws: LayoutError.invalidScene(Scene.decode(broken).diagnostics.map(\.description))) {
            try Scene.loadFile(brokenPath)
        }
        #expect(throws: LayoutError.self) { try Scene.loadFile(path + ".missing") }
    }
}
