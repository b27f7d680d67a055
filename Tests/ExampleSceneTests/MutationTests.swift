import CassowarySolver
import LayoutModel
import SceneGenerator
import Testing

/// Tokens that have broken readers and solvers before: bad surrogates and UTF-8,
/// numbers at and beyond a double's range, wrong types, stray structure.
private let hostileTokens: [[UInt8]] = [
    #""\ud800\u0041""#, #""\udc00""#, #""\ud800""#, "1e999", "-1e999", "1e17", "9007199254740993", "9223372036854775807",
    "-0", "0.5", "999.5", "null", "true", "{}", "[]", "[[]]", #""x""#, #""tall""#, ",", ":", "{", "}", "[", "]",
    #""x-meta": 1,"#, #""frame": [],"#, #""multipler": 0.5,"#, #""value": 1, "value": 2"#, "\"\u{1}\"",
].map { Array($0.utf8) } + [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]]

/// One random change to `bytes`: flip, delete, duplicate or insert a hostile token,
/// or replace a number with one.
private func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
    var b = bytes
    let position = rng.int(0...max(0, b.count - 1))
    switch rng.int(0...5) {
    case 0:
        b[position] ^= UInt8(1 << rng.int(0...7))
    case 1:
        b.removeSubrange(position..<min(b.count, position + rng.int(1...40)))
    case 2:
        let end = min(b.count, position + rng.int(1...200))
        b.insert(contentsOf: b[position..<end], at: end)
    case 3:
        b.insert(contentsOf: hostileTokens[rng.int(0...(hostileTokens.count - 1))], at: position)
    default:
        // Replace the next number (or word) after `position` with a hostile token.
        var start = position
        while start < b.count, !(b[start] >= 0x30 && b[start] <= 0x39) { start += 1 }
        var end = start
        while end < b.count, (b[end] >= 0x30 && b[end] <= 0x39) || b[end] == 0x2E || b[end] == 0x65 || b[end] == 0x2D { end += 1 }
        b.replaceSubrange(start..<end, with: hostileTokens[rng.int(0...(hostileTokens.count - 1))])
    }
    return b
}

@Suite("Mutation")
struct MutationTests {
    /// 600 mutants per example (one to three changes each) through `Scene.load`
    /// and a Cassowary session: no trap; every error is a `LayoutError` (the typed
    /// throws guarantee it) with a message; a scene that loads runs every frame.
    @Test("600 seeded mutants of each example scene: no trap, every error a LayoutError")
    func mutants() {
        var rng = SeededRandom(seed: 13)
        var loaded = 0, refused = 0, ran = 0
        for example in ExampleScenes.all {
            let original = Array(example.json.utf8)
            for _ in 0..<600 {
                var bytes = original
                for _ in 0..<rng.int(1...3) { bytes = mutate(bytes, &rng) }
                let scene: Scene
                do {
                    scene = try Scene.load(bytes)
                } catch {
                    #expect(!error.description.isEmpty)
                    refused += 1
                    continue
                }
                loaded += 1
                do {
                    let session = try SceneSession(scene: scene.compile(), backend: CassowaryBackend.self)
                    for f in scene.frames.indices { _ = try session.runFrame(f) }
                    for value in session.rects { #expect(value.isFinite) }
                    ran += 1
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(loaded + refused == 600 * ExampleScenes.all.count)
        // The mix exercises both sides: most mutants are refused, some still load and run.
        #expect(refused > 1_000)
        #expect(ran > 100)
    }
}
