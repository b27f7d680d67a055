import LayoutModel

/// The `factored` back end: a revised simplex over a factored basis. A frame's
/// suggestions and constants only change the right-hand side, and the optimality
/// of a basis does not depend on it: the solve is one triangular solve for the new
/// values, and pivots only if a bound is crossed or the costs changed.
///
/// The back end turns ops into calls on the solver and never writes a solver
/// property itself: it changes the solver only through the methods of
/// BackendOps.swift, RowChanges.swift, RowReplacement.swift and BasisSnapshot.swift,
/// which keep the derived state right. A tight row taken out is held back by the
/// solver until the next op, in case that op puts in its replacement on the same
/// terms (HeldRemoval.swift): `apply` says which ops may use it.
public final class FactoredBackend: LayoutBackend {
    // Stored properties unchecked for exclusivity: see FactoredSolver.
    public static let name = "factored"
    public static let summary = "revised simplex over a factored basis (B = LU), exact lexicographic priorities"
    public static var isExact: Bool { true }

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }

    let scene: CompiledScene
    public let solver: FactoredSolver
    /// Values at the last `solve` (what edits are declared at, and what `readChangedRects` compares to).
    @exclusivity(unchecked) var published: [Double]
    /// Views changed since the last read, and the flags that keep the list free of repeats.
    @exclusivity(unchecked) var pendingViews: IndexList
    @exclusivity(unchecked) var isPending: [Bool]
    /// Set while `published` waits for the read-back to compare every view with the
    /// solver's (FactoredBackend+ReadBack.swift): until the first read, and after a
    /// solve that moved much of a large layout.
    @exclusivity(unchecked) var publishDeferred = true
    /// Per chunk of a comparison split over two threads: how many views it listed (ViewComparison.swift).
    @exclusivity(unchecked) var comparisonChunks: [Int]
    /// How many comparisons ran on two threads (for tests).
    @exclusivity(unchecked) var splitComparisons = 0
    let editRowBase: Int
    /// How the solver numbers the rows, when not as the handles (RowNumbering.swift).
    let numbering: RowNumbering?

    public convenience init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        try self.init(scene: scene, renumberingFrom: RowNumbering.minimumListedRows)
    }

    /// `renumberingFrom`: the fewest rows the build's blocks must list for the rows to
    /// be renumbered (RowNumbering.swift; `Int.max`: never). A test hook: tests build both ways.
    init(scene: CompiledScene, renumberingFrom minimumListedRows: Int) throws(LayoutError) {
        self.scene = scene
        var priorities = scene.constraints.map(\.priority)
        for (_, p) in scene.initialEdits { priorities.append(p) }
        for frame in scene.frames {
            for op in frame {
                switch op {
                case let .setPriority(_, p), let .addEdit(_, p, _): priorities.append(p)
                default: break
                }
            }
        }
        var rows: [(terms: [LinearTerm], kind: RowKind, name: String)] = []
        rows.reserveCapacity(scene.constraints.count + scene.edits.count)
        for c in scene.constraints {
            let kind: RowKind
            switch c.relation {
            case .equal: kind = .equal
            case .lessThanOrEqual: kind = .lessThanOrEqual
            case .greaterThanOrEqual: kind = .greaterThanOrEqual
            }
            rows.append((c.terms, kind, c.id))
        }
        for e in scene.edits { rows.append((e.terms, .equal, "edit \(e.attribute)")) }
        editRowBase = scene.constraints.count
        var first: FactoredSolver? = try Self.builtSolver(scene, rows: rows, priorities: priorities)
        if let numbering = RowNumbering(blocksOf: first!, minimumListedRows: minimumListedRows) {
            let basis = first!.startingBasis
            // Gone before the second is made: the build's peak memory is one solver's.
            first = nil
            solver = try Self.builtSolver(scene, rows: rows, priorities: priorities, numbering: numbering, basis: basis)
            self.numbering = numbering
        } else {
            solver = first!
            numbering = nil
        }
        published = [Double](repeating: 0, count: scene.variableCount)
        isPending = [Bool](repeating: false, count: scene.viewCount)
        pendingViews = IndexList(capacity: scene.viewCount)  // the flags keep it free of repeats
        comparisonChunks = [Int](repeating: 0, count: max(1, ViewComparison.chunkCount(ofViews: scene.viewCount)))
        publish()
        // The scene's initial edits arrive from the session as `.addEdit` ops, held values included.
    }

    /// A solver of the scene's rows (handles numbered by `numbering`, else as they
    /// are) with its initial constraints in force, solved, its frame program made and
    /// its blocks listed. It starts from `basis` if given (taken from the same scene's
    /// solver with its rows as handles), else from a crash.
    private static func builtSolver(
        _ scene: CompiledScene, rows: [(terms: [LinearTerm], kind: RowKind, name: String)], priorities: [Double],
        numbering: RowNumbering? = nil, basis: StartingBasis? = nil
    ) throws(LayoutError) -> FactoredSolver {
        let solver = FactoredSolver(
            variableCount: scene.variableCount, rows: numbering?.inSolverOrder(rows) ?? rows, priorities: priorities)
        for (h, c) in scene.constraints.enumerated() {
            let r = numbering?.row(h) ?? h
            solver.defineRow(r, constant: c.constant, priority: c.priority)
            if h < scene.initialConstraintCount, c.isActive { solver.addRow(r) }
        }
        if let basis, let numbering {
            solver.crash(from: basis, numbering: numbering)
        } else {
            solver.crash()
        }
        try solver.solve()
        if solver.requiredViolation() > 0 {
            let conflict = solver.conflictRows().inHandleOrder(numbering)
            throw .unsatisfiable(constraint: solver.names[conflict[0]], conflicts: conflict.dropFirst().map { solver.names[$0] })
        }
        solver.prepareFramePath()
        solver.listBlocksAhead()
        return solver
    }

    /// The solver's row of handle `h` (a constraint's index; `editRowBase` + an edit's).
    @inline(__always) func row(_ h: Int) -> Int { numbering?.row(h) ?? h }

    @inline(__always) func pend(_ view: Int) {
        guard !isPending[view] else { return }
        isPending[view] = true
        pendingViews.append(Int32(view))
    }

    func declareEdit(_ e: EditHandle, priority: Double, heldValue value: Double) {
        let r = row(editRowBase + Int(e))
        solver.defineRow(r, constant: value, priority: priority)
        solver.addRow(r)
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case .suggest, .setConstant, .setPriority: break
        // Ops that read the duals see the frame's priority changes first (DualBatch.swift).
        default: solver.applyBatchedSeeds()
        }
        // A row held back by the last op's removal is for an activation to replace.
        if solver.hasHeldRemoval {
            switch op {
            case .activate, .add: break
            default: solver.settleHeldRemoval()
            }
        }
        switch op {
        case .suggest, .setConstant, .setPriority:
            try applyValueOp(op)
        case let .activate(h):
            try activate(row(Int(h)))
        case let .add(h):
            if scene.constraints[Int(h)].isActive { try activate(row(Int(h))) }
        case let .deactivate(h), let .remove(h):
            solver.takeOutRow(row(Int(h)))
        case let .addEdit(e, priority, held):
            declareEdit(e, priority: priority, heldValue: held)
        case let .removeEdit(e):
            solver.removeRow(row(editRowBase + Int(e)))
        case .invalid:
            break
        }
    }

    func activate(_ r: Int) throws(LayoutError) {
        guard !solver.isInForce(r) else {
            // Taken out and put back before the solve: it stays.
            solver.keepHeldRow(r)
            return
        }
        if let t = solver.replacementSlot(for: r) {
            try replace(t, with: r)
            return
        }
        solver.addRow(r)
        if solver.isRequired(r) {
            try checked(r) { solver.removeRow(r) }
        }
    }

    /// Row `r` takes `t`'s place. A required `r` is checked now, as `activate` checks
    /// any: if the required rows conflict, the basis goes back to before the swap and
    /// `t` is taken out the ordinary way, so the refused op leaves the layout as the
    /// removal alone would.
    func replace(_ t: Int, with r: Int) throws(LayoutError) {
        solver.replaceRow(t, with: r)
        guard solver.isRequired(r) else { return }
        // Taken after the swap, so the check's solve copies no array the swap wrote;
        // swapping the two rows back in it gives the basis before.
        let snapshot = solver.snapshot()
        guard let failure = checkRequired(culprit: r) else { return }
        solver.restoreBeforeReplacement(snapshot, replaced: t, by: r)
        solver.removeRow(t)
        throw failure
    }

    /// Solves now to see whether the required rows still hold after a change to row
    /// `culprit`; if not, `undo` reverts it, the basis is restored and the op is refused.
    func checked(_ culprit: Int, undo: () -> Void) throws(LayoutError) {
        let snapshot = solver.snapshot()
        guard let failure = checkRequired(culprit: culprit) else { return }
        // `published` and the views pending a read are as before the op: nothing needs publishing.
        undo()
        solver.restore(snapshot)
        throw failure
    }

    /// Solves, and returns why the required rows no longer hold after a change to row
    /// `culprit` (its conflicts named), or nil, having noted what the solve moved: the
    /// frame's own solve then finds nothing left to do.
    func checkRequired(culprit: Int) -> LayoutError? {
        do {
            try solver.solve()
        } catch {
            return error
        }
        guard solver.requiredViolation() > 0 else {
            publish()
            return nil
        }
        let conflict = solver.conflictRows().inHandleOrder(numbering)
        return .unsatisfiable(
            constraint: solver.names[culprit], conflicts: conflict.filter { $0 != culprit }.map { solver.names[$0] })
    }

    public func solve() throws(LayoutError) {
        solver.settleHeldRemoval()
        try solver.solve()
        publish()
    }

    public var statistics: SolveStatistics { solver.statistics }

    /// Views with an unknown the constraints do not fix: a non-basic unknown, or one
    /// that moves when a tight row with zero reduced cost loosens (an alternative optimum).
    public func ambiguousViews() -> [Int32]? {
        let loose = solver.unfixedVariables()
        var out: [Int32] = []
        for view in 0..<scene.viewCount {
            let base = view * 4
            if loose[base] || loose[base + 1] || loose[base + 2] || loose[base + 3] { out.append(Int32(view)) }
        }
        return out
    }
}
