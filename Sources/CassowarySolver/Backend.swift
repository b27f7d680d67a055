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
    /// What the ops made of each constraint and edit (recorded as the session records
    /// them; a back end cannot read the session's): what a rebuild re-creates.
    @exclusivity(unchecked) var state: OpState
    @exclusivity(unchecked) var values: OpValues
    /// After a rebuild every view is reported changed once (the new solver knows no old values).
    @exclusivity(unchecked) var reportAllViews = false
    /// How many times the tableau was rebuilt (for tests and reports).
    public internal(set) var rebuilds = 0

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
        state = OpState(scene)
        values = OpValues(scene)
        for h in 0..<scene.initialConstraintCount {
            try create(ConstraintHandle(h))
        }
        collectChanges()
        solver.reserveFrameCapacity()
    }

    /// Registers a scene constraint and activates it if it is active.
    func create(_ h: ConstraintHandle) throws(LayoutError) {
        var c = scene.constraints[Int(h)]
        c.constant = values.constants[Int(h)]
        c.priority = values.priorities[Int(h)]
        c.isActive = state.isActive[Int(h)]
        // The compiler checked the row and the session the id: named for messages, not indexed.
        let id = solver.registerUnchecked(
            c.terms, c.relation, c.constant, priority: c.priority, name: c.id, isStatic: !isMutable[Int(h)])
        constraintID[Int(h)] = id
        guard c.isActive else { return }
        do {
            try solver.setActiveUnchecked(id, true)
        } catch {
            try? solver.removeConstraintUnchecked(id)
            constraintID[Int(h)] = -1
            throw error
        }
    }

    func declareEdit(_ e: EditHandle, priority: Double, heldValue value: Double) throws(LayoutError) {
        let id = try solver.addEditUnchecked(
            scene.edits[Int(e)].terms, priority: priority, label: scene.edits[Int(e)].attribute.description)
        try solver.suggestValueUnchecked(id, value)
        editID[Int(e)] = id
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        try applyToSolver(op)
        state.record(op)
        values.record(op)
        rebuildIfIllConditioned()
    }

    /// The op obeys every op rule (the compiler and the session checked it), so the
    /// solver's own argument checks are skipped; a constraint an op changes is never static.
    func applyToSolver(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            try solver.suggestValueUnchecked(editID[Int(e)], value)
        case let .setConstant(h, value):
            try solver.setConstantUnchecked(constraintID[Int(h)], value)
        case let .setPriority(h, value):
            solver.setPriorityUnchecked(constraintID[Int(h)], value)
        case let .activate(h):
            try solver.setActiveUnchecked(constraintID[Int(h)], true)
        case let .deactivate(h):
            try solver.setActiveUnchecked(constraintID[Int(h)], false)
        case let .add(h):
            try create(h)
        case let .remove(h):
            try solver.removeConstraintUnchecked(constraintID[Int(h)])
            constraintID[Int(h)] = -1
        case let .addEdit(e, priority, held):
            try declareEdit(e, priority: priority, heldValue: held)
        case let .removeEdit(e):
            try solver.removeEditUnchecked(editID[Int(e)])
            editID[Int(e)] = -1
        case .invalid:
            break
        }
    }

    public func solve() throws(LayoutError) {
        collectChanges()
        rebuildIfIllConditioned()
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
        if reportAllViews {
            reportAllViews = false
            readRects(into: buffer)
            for view in 0..<scene.viewCount { out.append(Int32(view)) }
            return
        }
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

extension CassowaryBackend {
    /// Builds a fresh solver from the constraints and edits in force when a pivot of
    /// the last op or solve divided by a round-off-sized coefficient: left alone, such
    /// a tableau can blow up a few pivots later (a required constraint broken by 1e10).
    /// Rare by construction; a rebuild that fails keeps the old solver.
    func rebuildIfIllConditioned() {
        guard solver.core.illConditioned else { return }
        solver.core.illConditioned = false
        let saved = CassowarySolver(variableCount: scene.variableCount)
        saved.takeContents(of: solver)
        let old = (constraintID, editID)
        solver.takeContents(of: CassowarySolver(variableCount: scene.variableCount))
        constraintID = [Int32](repeating: -1, count: scene.constraints.count)
        editID = [Int32](repeating: -1, count: scene.edits.count)
        do {
            for h in scene.constraints.indices where state.presence[h] == .present { try create(ConstraintHandle(h)) }
            for e in scene.edits.indices where state.editDeclared[e] {
                try declareEdit(EditHandle(e), priority: values.editPriority[e], heldValue: values.editValue[e])
            }
            collectChanges()
            solver.reserveFrameCapacity()
            reportAllViews = true
            rebuilds += 1
        } catch {
            solver.takeContents(of: saved)
            (constraintID, editID) = old
        }
    }
}
