@testable import FactoredSimplex
import LayoutModel

/// The factored back end with its invariant check (debug builds) after the build and
/// after every op and solve, refused ones included. A failed check stops the run with
/// `unsupported`, naming the op and the first mismatch: the comparison lists the back
/// end as stopped, which the property tests count as a failure.
final class CheckedFactoredBackend: LayoutBackend {
    static let name = "factored-checked"
    static let summary = "factored, its invariants checked after every op"
    static var isExact: Bool { true }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        FactoredBackend.assess(scene, options: options)
    }

    let inner: FactoredBackend
    let scene: CompiledScene
    var ops = 0

    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        self.scene = scene
        inner = try FactoredBackend(scene: scene, options: options)
        try check("the build")
    }

    func apply(_ op: CompiledOp) throws(LayoutError) {
        ops += 1
        do {
            try inner.apply(op)
        } catch {
            try check("op \(ops) (\(scene.describe(op)), refused)")
            throw error
        }
        try check("op \(ops) (\(scene.describe(op)))")
    }

    func solve() throws(LayoutError) {
        try inner.solve()
        try check("the solve after op \(ops)")
    }

    private func check(_ when: String) throws(LayoutError) {
        #if DEBUG
            if let problem = inner.checkInvariants() { throw .unsupported("invariant broken after \(when): \(problem)") }
        #endif
    }

    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
        inner.readChangedRects(into: buffer, changedViews: &changedViews)
    }
    var statistics: SolveStatistics { inner.statistics }
    func ambiguousViews() -> [Int32]? { inner.ambiguousViews() }
}
