import CassowarySolver
import LayoutModel

/// Cassowary with a deliberately wrong answer: view 1 moves 1 pt right after the solves
/// `nudges(solve:)` picks (counted from 1). Subclasses name it and pick the solves; the tests
/// use it to prove that a disagreement is found and reported.
open class NudgedBackend: LayoutBackend {
    open class var name: String { "nudged" }
    open class var summary: String { "cassowary, view 1 off by one point" }
    /// Whether the answer of solve number `solve` (1-based) is nudged.
    open class func nudges(solve: Int) -> Bool { false }

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: CassowaryBackend
    var solves = 0
    public required init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        inner = try CassowaryBackend(scene: scene, options: options)
    }
    public func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    public func solve() throws(LayoutError) {
        try inner.solve()
        solves += 1
    }
    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        inner.readRects(into: buffer)
        if Self.nudges(solve: solves) { buffer[4] += 1 }
    }
    public var statistics: SolveStatistics { inner.statistics }
}
