import LayoutModel

/// The `cassowary` back end: a `CassowarySolver` driven by a compiled scene, through
/// the solver's public API only.
public final class CassowaryBackend: LayoutBackend {
    // Stored properties unchecked for exclusivity: see CassowarySolver.
    public static let name = "cassowary"
    public static let summary = "sparse incremental Cassowary with exact lexicographic priorities"
    /// It solves the reference semantics (lexicographic priorities) exactly.
    public static let isExact = true
    public static let workUnit = "pivots"

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }

    public let solver: CassowarySolver
    let scene: CompiledScene
    /// Solver constraint of each scene constraint handle (-1: not created yet).
    @exclusivity(unchecked) var constraintID: [Int32]
    /// Solver constraint of each declared edit (-1: not declared).
    @exclusivity(unchecked) var editID: [Int32]
    @exclusivity(unchecked) var viewChanged: [Bool]

    /// Handles that some op changes (constant, activation, removal): the others
    /// can enter the tableau without a marker.
    let isMutable: [Bool]

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        self.scene = scene
        var mutable = [Bool](repeating: false, count: scene.constraints.count)
        for frame in scene.frames {
            for op in frame {
                switch op {
                case let .setConstant(h, _), let .activate(h), let .deactivate(h), let .remove(h): mutable[Int(h)] = true
                default: break
                }
            }
        }
        isMutable = mutable
        solver = CassowarySolver(variableCount: scene.variableCount)
        constraintID = [Int32](repeating: -1, count: scene.constraints.count)
        editID = [Int32](repeating: -1, count: scene.edits.count)
        viewChanged = [Bool](repeating: false, count: scene.viewCount)
        for h in 0..<scene.initialConstraintCount {
            try create(ConstraintHandle(h))
        }
        collectChanges()
        solver.reserveFrameCapacity()
    }

    /// Registers a scene constraint and activates it if it is active.
    func create(_ h: ConstraintHandle) throws(LayoutError) {
        let c = scene.constraints[Int(h)]
        // Scene ids are unique (the compiler checked them): named for messages, not indexed.
        let id = try solver.register(
            c.terms, c.relation, c.constant, priority: c.priority, name: c.id, isStatic: !isMutable[Int(h)],
            checkingDuplicates: false)
        constraintID[Int(h)] = id
        guard c.isActive else { return }
        do {
            try solver.setActive(id, true)
        } catch {
            try? solver.removeConstraint(id)
            constraintID[Int(h)] = -1
            throw error
        }
    }

    func declareEdit(_ e: EditHandle, priority: Double, heldValue value: Double) throws(LayoutError) {
        let id = try solver.addEditVariable(
            terms: scene.edits[Int(e)].terms, priority: priority, name: scene.edits[Int(e)].attribute.description,
            checkingDuplicates: false)
        try solver.suggestValue(id, value)
        editID[Int(e)] = id
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            try solver.suggestValue(editID[Int(e)], value)
        case let .setConstant(h, value):
            try solver.setConstant(constraintID[Int(h)], value)
        case let .setPriority(h, value):
            try solver.setPriority(constraintID[Int(h)], value)
        case let .activate(h):
            try solver.setActive(constraintID[Int(h)], true)
        case let .deactivate(h):
            try solver.setActive(constraintID[Int(h)], false)
        case let .add(h):
            try create(h)
        case let .remove(h):
            try solver.removeConstraint(constraintID[Int(h)])
            constraintID[Int(h)] = -1
        case let .addEdit(e, priority, held):
            try declareEdit(e, priority: priority, heldValue: held)
        case let .removeEdit(e):
            try solver.removeEditVariable(editID[Int(e)])
            editID[Int(e)] = -1
        case .invalid:
            break
        }
    }

    public func solve() throws(LayoutError) {
        collectChanges()
        // Priority changes are optimised here, in `refreshValues`.
        try solver.checkStall("re-optimising after priority changes")
    }

    func collectChanges() { solver.refreshValues() }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        solver.values.withUnsafeBufferPointer { values in
            for i in 0..<min(values.count, buffer.count) { buffer[i] = values[i] }
        }
        solver.clearChangedVariables()
    }

    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        let start = out.count
        viewChanged.withUnsafeMutableBufferPointer { seen in
            solver.values.withUnsafeBufferPointer { values in
                solver.changedVariables.withUnsafeBufferPointer { changed in
                    for variable in changed {
                        let view = Int(variable >> 2)
                        guard !seen[view] else { continue }
                        seen[view] = true
                        let base = view * 4
                        buffer[base] = values[base]
                        buffer[base + 1] = values[base + 1]
                        buffer[base + 2] = values[base + 2]
                        buffer[base + 3] = values[base + 3]
                        out.append(Int32(view))
                    }
                }
            }
            for i in start..<out.count { seen[Int(out[i])] = false }
        }
        solver.clearChangedVariables()
    }

    public var statistics: SolveStatistics { solver.statistics }

    /// Indices of the views whose rectangle is not pinned by the current constraints
    /// (sorted, each once).
    public func ambiguousViews() -> [Int32]? {
        var views: [Int32] = []
        for v in solver.ambiguousVariables() where views.last != Int32(v >> 2) { views.append(Int32(v >> 2)) }
        return views
    }
}
