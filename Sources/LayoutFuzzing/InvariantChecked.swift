import LayoutModel

/// A back end whose invariants are checked after every op and every solve: the
/// first inconsistency stops the run as an error naming the op, so the fuzzer
/// reports and shrinks it like a wrong answer. A run of value ops arrives here one
/// op at a time (the protocol's default `applyValueOps`), so each op is checked; the
/// back end's own run is what the fuzzer plays without `--check-invariants`.
final class InvariantChecked<Inner: LayoutBackend>: LayoutBackend {
    static var name: String { Inner.name }
    static var summary: String { Inner.summary }
    static var isExact: Bool { Inner.isExact }
    static var workUnit: String { Inner.workUnit }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { Inner.assess(scene, options: options) }

    let inner: Inner
    let scene: CompiledScene

    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        inner = try Inner(scene: scene, options: options)
        self.scene = scene
        try check("the initial solve")
    }

    func check(_ after: String) throws(LayoutError) {
        if let broken = inner.checkInvariants() { throw .unsupported("invariant broken after \(after): \(broken)") }
    }

    func apply(_ op: CompiledOp) throws(LayoutError) {
        do { try inner.apply(op) } catch {
            try check("refusing \(scene.describe(op))")
            throw error
        }
        try check(scene.describe(op))
    }

    func solve() throws(LayoutError) {
        try inner.solve()
        try check("a solve")
    }

    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
        inner.readChangedRects(into: buffer, changedViews: &changedViews)
    }
    var statistics: SolveStatistics { inner.statistics }
    func ambiguousViews() -> [Int32]? { inner.ambiguousViews() }
    func checkInvariants() -> String? { inner.checkInvariants() }
}

/// `backend`, checked after every op.
func invariantChecked(_ backend: any LayoutBackend.Type) -> any LayoutBackend.Type {
    func wrap<B: LayoutBackend>(_ type: B.Type) -> any LayoutBackend.Type { InvariantChecked<B>.self }
    return wrap(backend)
}
