import DenseSimplex
import LayoutModel

/// A solver author's back end: here LayoutBench's dense simplex behind the author's own name.
public final class MySolverBackend: LayoutBackend {
    public static let name = "mysolver"
    public static let summary = "the author's solver"
    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }

    let inner: DenseSimplexBackend
    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        inner = try DenseSimplexBackend(scene: scene, options: options)
    }
    public func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    public func solve() throws(LayoutError) { try inner.solve() }
    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    public var statistics: SolveStatistics { inner.statistics }
}

/// The same solver with a planted bug: a priority lowered below 500 keeps its old strength.
public final class PlantedBugBackend: LayoutBackend {
    public static let name = "plantedbug"
    public static let summary = "the author's solver, ignoring priorities lowered below 500"
    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }

    let inner: DenseSimplexBackend
    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        inner = try DenseSimplexBackend(scene: scene, options: options)
    }
    public func apply(_ op: CompiledOp) throws(LayoutError) {
        if case let .setPriority(_, value) = op, value < 500 { return }
        try inner.apply(op)
    }
    public func solve() throws(LayoutError) { try inner.solve() }
    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    public var statistics: SolveStatistics { inner.statistics }
}
