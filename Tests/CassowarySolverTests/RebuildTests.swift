import LayoutModel
import TestSupport
import Testing

@testable import CassowarySolver

/// Cassowary that finds every pivot ill-conditioned: it rebuilds its tableau from the
/// constraints and edits in force after every op and solve.
final class AlwaysRebuilding: LayoutBackend {
    static let name = "cassowary-rebuilding"
    static let summary = "cassowary, rebuilt after every op"
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: CassowaryBackend
    var rebuilds: Int { inner.rebuilds }
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try CassowaryBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) {
        inner.solver.core.illConditioned = true
        try inner.apply(op)
    }
    func solve() throws(LayoutError) {
        inner.solver.core.illConditioned = true
        try inner.solve()
    }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
        inner.readChangedRects(into: buffer, changedViews: &changedViews)
    }
    var statistics: SolveStatistics { inner.statistics }
}

@Suite("Cassowary rebuilds an ill-conditioned tableau")
struct RebuildTests {
    @Test("a rebuild after every op keeps every constant, priority, activation, addition, removal and edit", arguments: ["slider-stack", "drag-tip", "toggle-split", "scroll-header"])
    func rebuildKeepsState(example: String) throws {
        let scene = try ExampleScenes.named(example)!.scene()
        let rebuilt = try solveFrames(scene, AlwaysRebuilding.self)
        let plain = try solveFrames(scene, CassowaryBackend.self)
        #expect(rebuilt.count == plain.count)
        for (f, (a, b)) in zip(rebuilt, plain).enumerated() {
            #expect(Tolerance.approximatelyEqual(a, b), "\(example) frame \(f)")
        }
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: AlwaysRebuilding.self)
        for f in compiled.frames.indices { _ = try session.runFrame(f) }
        #expect((session.backend as! AlwaysRebuilding).rebuilds > 0)
    }

    @Test("a pivot on a coefficient below 1e-6 marks the tableau ill-conditioned")
    func detection() throws {
        let solver = CassowarySolver(variableCount: 2)
        // x0 == 5e-7 * x1 + 1, then x1 == 10: solving for x1 divides by 5e-7.
        _ = try solver.addConstraint(
            [LinearTerm(variable: 0, coefficient: 1), LinearTerm(variable: 1, coefficient: -5e-7)], .equal, 1, priority: 1000, name: "tiny")
        #expect(!solver.core.illConditioned)
        _ = try solver.addConstraint([LinearTerm(variable: 0, coefficient: 1)], .equal, 3, priority: 1000, name: "pin")
        #expect(solver.core.illConditioned)
    }
}
