import CassowarySolver
import FactoredSimplex
import LayoutFuzzing
import LayoutModel
import TestSupport
import Testing

/// A frame's runs of value ops reach a back end in one call (`applyValueOps`). These
/// tests hold the run to what one `apply` per op gives: the same rectangles, the same
/// refusals, at the same op indices.
@Suite("Value ops sent as a run")
struct ValueOpRunTests {
    /// Factored, but its value ops go one `apply` at a time (the protocol's default run).
    final class FactoredOneOpAtATime: LayoutBackend {
        static var name: String { "factored-one-op" }
        static var summary: String { "factored, one apply per value op" }
        static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
            FactoredBackend.assess(scene, options: options)
        }
        let inner: FactoredBackend
        init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
            inner = try FactoredBackend(scene: scene, options: options)
        }
        func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
        func solve() throws(LayoutError) { try inner.solve() }
        func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
        func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
            inner.readChangedRects(into: buffer, changedViews: &changedViews)
        }
        var statistics: SolveStatistics { inner.statistics }
        func checkInvariants() -> String? { inner.checkInvariants() }
    }

    /// Each frame's messages and rectangles, and the session's recorded values after it.
    func play(_ scene: CompiledScene, _ backend: any LayoutBackend.Type) throws -> [(errors: [String], refused: [Int], rects: [Double], constants: [Double], priorities: [Double])] {
        let session = try SceneSession(scene: scene, backend: backend)
        var out: [(errors: [String], refused: [Int], rects: [Double], constants: [Double], priorities: [Double])] = []
        for f in 0..<scene.frameCount {
            let errors = try session.runFrame(f)
            out.append((errors, session.refusedOps, session.rects, session.constants, session.priorities))
            #expect(backend != FactoredBackend.self || session.backend.checkInvariants() == nil, "frame \(f + 1)")
        }
        return out
    }

    @Test("a constant refused inside a run: the ops before it apply, it is refused as one apply refuses it, the ops after it apply")
    func refusalInsideARun() throws {
        let scene = try compiledScene(
            """
            views v
            left: v.left == 0
            top: v.top == 0
            w: v.width == 100
            cap: v.width <= 200
            h: v.height == 40 @500
            hmin: v.height >= 10 @250
            | setConstant h 50 ; setConstant w 300 ; setPriority h 300 ; setConstant w 150 ; setConstant h 60
            | setConstant w 250 ; setConstant h 70
            """)
        for backend in [FactoredBackend.self, CassowaryBackend.self, FactoredOneOpAtATime.self] as [any LayoutBackend.Type] {
            let frames = try play(scene, backend)
            #expect(frames[0].refused == [1], "\(backend.name)")
            #expect(frames[0].errors.count == 1 && frames[0].errors[0].hasPrefix("frame 1 op 1 (setConstant w"), "\(backend.name): \(frames[0].errors)")
            #expect(Array(frames[0].rects[0...3]) == [0, 0, 150, 60], "\(backend.name)")
            #expect(frames[1].refused == [0], "\(backend.name)")
            #expect(Array(frames[1].rects[0...3]) == [0, 0, 150, 70], "\(backend.name)")
            let w = scene.constraints.firstIndex { $0.id == "w" }!, h = scene.constraints.firstIndex { $0.id == "h" }!
            // The session records the values of the ops applied, not of the one refused.
            #expect(frames[1].constants[w] == 150 && frames[1].constants[h] == 70, "\(backend.name)")
            #expect(frames[1].priorities[h] == 300, "\(backend.name)")
        }
    }

    @Test("past the frame's incremental updates (2,200 priority changes first), a required constant that may conflict leaves the run, is checked and refused as one apply refuses it, and the run goes on")
    func refusalPastIncrementalUpdates() throws {
        // Each swap of a loose row's priority is one incremental update: 1,100 of them pass the 1,024 a frame may make.
        let count = 1_100
        var text = "views v " + (0..<count).map { "u\($0)" }.joined(separator: " ") + "\n"
        text += "left: v.left == 0\ntop: v.top == 0\nw: v.width == 100\ncap: v.width <= 200\nh: v.height == 40 @500\n"
        for i in 0..<count {
            text += "l\(i): u\(i).left == 0\nt\(i): u\(i).top == 0\nh\(i): u\(i).height == 10\nnarrow\(i): u\(i).width == 10 @750\nwide\(i): u\(i).width == 20 @250\n"
        }
        let swap = (0..<count).flatMap { ["setPriority narrow\($0) 250", "setPriority wide\($0) 750"] }
        let back = (0..<count).flatMap { ["setPriority narrow\($0) 750", "setPriority wide\($0) 250"] }
        text += "| " + (swap + ["setConstant w 300", "setConstant w 150", "setConstant h 60"] + back.prefix(10)).joined(separator: " ; ") + "\n"
        let scene = try compiledScene(text)
        let refusedAt = 2 * count
        for backend in [FactoredBackend.self, CassowaryBackend.self, FactoredOneOpAtATime.self] as [any LayoutBackend.Type] {
            let frames = try play(scene, backend)
            #expect(frames[0].refused == [refusedAt], "\(backend.name)")
            #expect(frames[0].errors.count == 1 && frames[0].errors[0].hasPrefix("frame 1 op \(refusedAt) (setConstant w"), "\(backend.name): \(frames[0].errors)")
            #expect(Array(frames[0].rects[0...3]) == [0, 0, 150, 60], "\(backend.name)")
            // u0 to u4 swapped back (narrow again), the rest wide.
            let widths = (0..<count).map { frames[0].rects[4 * (1 + $0) + 2] }
            #expect(widths == Array(repeating: 10, count: 5) + Array(repeating: 20, count: count - 5), "\(backend.name)")
        }
    }

    @Test("random scenes: factored's run gives what one apply per op gives, refusals and all", arguments: 1...2)
    func randomScenes(batch: UInt64) throws {
        var played = 0, refusals = 0
        for seed in (batch * 200 - 199)...(batch * 200) {
            let scene = try RandomScenes.scene(seed: seed, RandomScenes.Parameters(views: 2...16, frames: 2...10, opsPerFrame: 1...8)).compile()
            guard case .supported = FactoredBackend.assess(scene, options: BackendOptions()) else { continue }
            // A scene whose initial required constraints conflict does not load (on either).
            guard let run = try? play(scene, FactoredBackend.self) else { continue }
            let single = try play(scene, FactoredOneOpAtATime.self)
            played += 1
            refusals += run.reduce(0) { $0 + $1.refused.count }
            for (f, (a, b)) in zip(run, single).enumerated() {
                #expect(a.errors == b.errors && a.refused == b.refused, "seed \(seed) frame \(f + 1)")
                #expect(a.constants == b.constants && a.priorities == b.priorities, "seed \(seed) frame \(f + 1)")
                #expect(a.rects == b.rects, "seed \(seed) frame \(f + 1)")
            }
        }
        // Most scenes load, and some of their ops are refused: the runs were cut somewhere.
        #expect(played >= 40 && refusals > 0, "\(played) scenes, \(refusals) refusals")
    }
}
