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
    /// Set until the first publish, which compares everything.
    @exclusivity(unchecked) var needsFullPublish = true
    let editRowBase: Int

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
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
        solver = FactoredSolver(variableCount: scene.variableCount, rows: rows, priorities: priorities)
        published = [Double](repeating: 0, count: scene.variableCount)
        isPending = [Bool](repeating: false, count: scene.viewCount)
        pendingViews = IndexList(capacity: scene.viewCount)  // the flags keep it free of repeats
        for (h, c) in scene.constraints.enumerated() {
            solver.defineRow(h, constant: c.constant, priority: c.priority)
            if h < scene.initialConstraintCount, c.isActive { solver.addRow(h) }
        }
        solver.crash()
        try solver.solve()
        if solver.requiredViolation() > 0 {
            let conflict = solver.conflictRows()
            throw .unsatisfiable(constraint: solver.names[conflict[0]], conflicts: conflict.dropFirst().map { solver.names[$0] })
        }
        solver.prepareFramePath()
        solver.listBlocksAhead()
        publish()
        // The scene's initial edits arrive from the session as `.addEdit` ops, held values included.
    }

    @inline(__always) func pend(_ view: Int) {
        guard !isPending[view] else { return }
        isPending[view] = true
        pendingViews.append(Int32(view))
    }

    /// Copies the solver's values out, noting the views that moved. Raw buffers:
    /// an array property's uniqueness and bounds checks per element would cost more
    /// than the copy.
    func publish() {
        let sparse = solver.framePath.lastSolveWasSparse && !needsFullPublish
        needsFullPublish = false
        var pendingCount = pendingViews.count
        pendingViews.storage.withUnsafeMutableBufferPointer { list in
        isPending.withUnsafeMutableBufferPointer { flags in
        published.withUnsafeMutableBufferPointer { out in
        solver.basis.x.withUnsafeBufferPointer { x in
            @inline(__always) func noteView(_ view: Int) {
                guard !flags[view] else { return }
                flags[view] = true
                list[pendingCount] = Int32(view)
                pendingCount += 1
            }
            // Small layouts stay in cache: there the list is cheaper (CI guard, stack-200: +7%).
            let changed = solver.framePath.changedVariables
            if sparse && (out.count < 4 * 4096 || changed.count < out.count / 8) {
                changed.storage.withUnsafeBufferPointer { changed32 in
                    for i in 0..<changed.count {
                        let v = Int(changed32[i])
                        out[v] = x[v]
                        noteView(v >> 2)
                    }
                }
            } else {
                // A full solve, or a frame that moved an eighth of a large layout (a
                // window resize): one pass in view order costs less than following the changed
                // list, whose order is the factor's, across the arrays. The views come out
                // in increasing order, so the read-back walks memory forward too.
                for view in 0..<(out.count / 4) {
                    let b = view &* 4
                    guard out[b] != x[b] || out[b + 1] != x[b + 1] || out[b + 2] != x[b + 2] || out[b + 3] != x[b + 3]
                    else { continue }
                    out[b] = x[b]
                    out[b + 1] = x[b + 1]
                    out[b + 2] = x[b + 2]
                    out[b + 3] = x[b + 3]
                    noteView(view)
                }
            }
        }}}}
        pendingViews.count = pendingCount
    }

    func declareEdit(_ e: EditHandle, priority: Double, heldValue value: Double) {
        let r = editRowBase + Int(e)
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
            try activate(Int(h))
        case let .add(h):
            if scene.constraints[Int(h)].isActive { try activate(Int(h)) }
        case let .deactivate(h), let .remove(h):
            solver.takeOutRow(Int(h))
        case let .addEdit(e, priority, held):
            declareEdit(e, priority: priority, heldValue: held)
        case let .removeEdit(e):
            solver.removeRow(editRowBase + Int(e))
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
        // `published` still holds the values before the op: nothing needs publishing.
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
        let conflict = solver.conflictRows()
        return .unsatisfiable(
            constraint: solver.names[culprit], conflicts: conflict.filter { $0 != culprit }.map { solver.names[$0] })
    }

    public func solve() throws(LayoutError) {
        solver.settleHeldRemoval()
        try solver.solve()
        publish()
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<min(published.count, buffer.count) { buffer[i] = published[i] }
        for view in pendingViews.members { isPending[Int(view)] = false }
        pendingViews.removeAll()
    }

    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        published.withUnsafeBufferPointer { values in
        isPending.withUnsafeMutableBufferPointer { flags in
        pendingViews.members.withUnsafeBufferPointer { views in
            for view32 in views {
                let base = Int(view32) * 4
                buffer[base] = values[base]
                buffer[base + 1] = values[base + 1]
                buffer[base + 2] = values[base + 2]
                buffer[base + 3] = values[base + 3]
                flags[Int(view32)] = false
            }
        }}}
        out.append(contentsOf: pendingViews.members)
        pendingViews.removeAll()
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
