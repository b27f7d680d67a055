// The protocol every back end implements, and what a back end reports.

/// Whether a back end can run a scene, decided before anything runs.
public enum Assessment: Hashable, Sendable {
    case supported
    case declined(String)

    public var declineReason: String? {
        if case let .declined(reason) = self { return reason }
        return nil
    }
}

public struct BackendOptions: Sendable {
    /// A back end whose memory estimate for a scene exceeds this declines it.
    public var memoryLimitBytes: Int
    public init(memoryLimitBytes: Int = 4 << 30) { self.memoryLimitBytes = memoryLimitBytes }
}

/// Work counts, cumulative since the back end was created; callers take differences.
/// What one unit of `pivots` is depends on the back end, and `workUnit` names it:
/// `cassowary` and `dense` count simplex pivots; `manual` counts unknowns evaluated.
public struct SolveStatistics: Hashable, Sendable {
    /// The back end's main work counter, in its `workUnit`: simplex pivots
    /// (`cassowary`, `dense`) or unknowns evaluated (`manual`).
    public var pivots: Int = 0
    /// Rows (or, for `manual`, equations) written.
    public var rowsTouched: Int = 0
    /// Unknowns whose value was recomputed.
    public var variablesUpdated: Int = 0
    public init() {}

    public static func - (a: SolveStatistics, b: SolveStatistics) -> SolveStatistics {
        var d = SolveStatistics()
        d.pivots = a.pivots - b.pivots
        d.rowsTouched = a.rowsTouched - b.rowsTouched
        d.variablesUpdated = a.variablesUpdated - b.variablesUpdated
        return d
    }
}

/// A layout back end. Created from a compiled scene (which solves the initial
/// layout, frame 0), it then takes each frame's ops and solves once per frame.
///
/// The ops it receives obey every op rule (`OpRules.swift`): `compile()` refused
/// malformed ones (bad values, unknown ids, priority changes of required constraints),
/// and `SceneSession` refused those that earlier ops make wrong (removed or never-added
/// constraints, undeclared edits) before they get here. A back end refuses an op only when the required constraints
/// would become unsatisfiable (`LayoutError.unsatisfiable`), and then its state
/// is as it was before the op. `unsupported` and `tooLarge` are fatal.
public protocol LayoutBackend: AnyObject {
    /// The name used on the command line, e.g. `cassowary`.
    static var name: String { get }
    /// One line for `--help` and reports.
    static var summary: String { get }
    /// Whether `scene` can run here at all, without running it.
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment

    /// Loads the scene's active constraints and solves. The scene's initial edits
    /// arrive afterwards as `.addEdit` ops (from `SceneSession`), then `solve()`.
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError)

    /// Applies one op (never `.invalid`): checked when the scene was compiled
    /// (handles exist, values are within `LayoutLimits`) and against the session's
    /// state, so a back end never checks it again. `.addEdit` carries the value
    /// the new edit holds until its first `suggest`.
    func apply(_ op: CompiledOp) throws(LayoutError)

    /// Applies `ops` in order, as `apply` would one by one: a run of a frame's value
    /// ops (`suggest`, `setConstant`, `setPriority`), each admitted by the op rules
    /// as it stands. A frame that moves many rows sends them in one call, so a back
    /// end can take its tables once instead of once per op. Stops at the first op it
    /// refuses and returns its index in `ops` and the error: the ops before it are
    /// applied, that one left as if never sent, the ones after it not sent yet.
    func applyValueOps(_ ops: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal?

    /// Re-solves after a frame's ops.
    func solve() throws(LayoutError)

    /// Writes `[left, top, width, height]` for every view, in the scene's view order.
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>)

    /// Writes the rectangles of the views that changed since the previous call
    /// (at their places in `buffer`) and appends their indices to `changedViews`.
    func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32])

    var statistics: SolveStatistics { get }

    /// The views (indices in the scene's view order) whose rectangle the
    /// constraints did not fix at the last solve: another layout would satisfy
    /// every priority level just as well. `nil` when the back end cannot tell.
    func ambiguousViews() -> [Int32]?

    /// Whether the back end solves the reference semantics exactly (priorities
    /// lexicographic, every scene it accepts), so its rectangles can serve as a reference.
    static var isExact: Bool { get }

    /// What `statistics.pivots` counts, for reports: `"pivots"`, `"unknowns"`.
    static var workUnit: String { get }

    /// Recomputes what the back end keeps incrementally (indexes, factors, values,
    /// duals) from scratch and compares: the first inconsistency, described, or nil.
    /// Slow; for tests and `fuzz --check-invariants`, between ops, never in a frame.
    func checkInvariants() -> String?
}

/// The op of a run that a back end refused (`applyValueOps`): its index in the run, and why.
public struct ValueOpRefusal {
    public let index: Int
    public let error: LayoutError
    public init(index: Int, error: LayoutError) {
        self.index = index
        self.error = error
    }
}

extension LayoutBackend {
    /// The default: one `apply` per op.
    public func applyValueOps(_ ops: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal? {
        for i in ops.indices {
            do {
                try apply(ops[i])
            } catch {
                if error.isFatal { throw error }
                return ValueOpRefusal(index: i, error: error)
            }
        }
        return nil
    }

    /// The default: nothing kept that could disagree with itself.
    public func checkInvariants() -> String? { nil }

    /// The default: the back end cannot tell which views are free.
    public func ambiguousViews() -> [Int32]? { nil }

    /// The default: not claimed exact.
    public static var isExact: Bool { false }

    /// The default: simplex pivots.
    public static var workUnit: String { "pivots" }

    /// The default: every view counts as changed.
    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
        readRects(into: buffer)
        for view in 0..<(buffer.count / 4) { changedViews.append(Int32(view)) }
    }

    public func rects(viewCount: Int) -> [Double] {
        var out = [Double](repeating: 0, count: viewCount * 4)
        out.withUnsafeMutableBufferPointer { readRects(into: $0) }
        return out
    }
}
