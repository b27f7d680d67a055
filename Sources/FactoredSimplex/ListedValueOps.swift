import LayoutModel

/// A run of value ops once the frame is past its incremental dual updates. From then
/// on a priority change only lists its row for the solve (`setLevel`: the level, the
/// listing, full pricing already due) and a constant only marks its row, so a run of
/// them (toggle-100000's swap frame: 66,666 priorities and 33,333 constants) is
/// applied here through raw buffers, each op doing what `setLevel`, `setConstant`
/// and `markChanged` do in that state. One at a time, each op read and wrote the
/// solver's arrays through its properties: a uniqueness check per write, a bounds
/// check per read, the level's lookup, the state's checks again (170 instructions
/// an op in that frame).
extension FactoredSolver {
    /// Whether a priority change now only lists its row: the basis optimal with its
    /// factor valid, past the frame's incremental updates, full pricing due and
    /// nothing noted that `requestFullPricing` would clear. No op of a run changes it.
    var levelChangesOnlyListed: Bool {
        factorValidity.isValid && basisOptimal && !mayUpdateDuals(1) && prices.state == .fullPricingDue
            && prices.dualSeeds.isEmpty && prices.pricedRows.members.isEmpty && prices.pricedUnknowns.members.isEmpty
    }

    /// Applies `ops` from `start` on while the state allows and each op is a
    /// `setPriority`, a `suggest` or a `setConstant` that needs no check (a required
    /// row's constant while a required row may be loose is checked by a solve, one op
    /// at a time). Returns the index of the first op not applied (`start` when the
    /// state does not allow the run). `editRowBase`: the handle of edit 0; `numbering`:
    /// the rows of the handles, if not the handles themselves (RowNumbering.swift).
    func applyListedValueOps(
        _ ops: UnsafeBufferPointer<CompiledOp>, from start: Int, editRowBase: Int, numbering: RowNumbering?
    ) -> Int {
        guard start < ops.count, levelChangesOnlyListed else { return start }
        var lookup = LevelMemo(priorityOfLevel: settings.priorityOfLevel)
        var requiredLoose = basis.requiredLoose
        var i = start
        let inForce = basis.inForce
        let levelChangesWereEmpty = prices.levelChanges.members.isEmpty
        let limit = ops.count - start
        // `noteLevelChange` and `markChanged`, each list filled through raw buffers.
        prices.levelChanges.withRawInsertion(limit: limit) { levelChanges in
        RawInsertion.run(flags: &framePath.isDirty, list: &framePath.dirtyRows, limit: limit) { dirty in
        settings.level.withUnsafeMutableBufferPointer { level in
        settings.rhs.withUnsafeMutableBufferPointer { rhs in
        (numbering?.rowOfHandle ?? []).withUnsafeBufferPointer { rowOfHandle in
        inForce.withUnsafeBufferPointer { inForce in
            let renumbered = numbering != nil
            @inline(__always) func row(_ h: Int) -> Int { renumbered ? Int(rowOfHandle[h]) : h }
            // The loop's state in locals, stored back once: captured by the closures, each
            // was loaded and stored around every op (the buffers' writes might alias them).
            var at = i, loose = requiredLoose, memo = lookup
            defer { (i, requiredLoose, lookup) = (at, loose, memo) }
            run: while at < ops.count {
                switch ops[at] {
                case let .setPriority(h, value):
                    let r = row(Int(h))
                    let l = memo.level(of: min(value, 1000))
                    let old = level[r]
                    // Pinned unknowns are those of required equalities (BlockListings.swift).
                    if l == 0 || old == 0 { noteStructureChange() }
                    if inForce[r], l != old {
                        levelChanges.insert(r)
                        if l == 0 { loose = true }
                    }
                    level[r] = l
                case let .setConstant(h, value):
                    let r = row(Int(h))
                    guard !(inForce[r] && level[r] == 0 && loose) else { break run }
                    rhs[r] = value
                    dirty.insert(r)
                case let .suggest(e, value):
                    let r = row(editRowBase + Int(e))
                    rhs[r] = value
                    dirty.insert(r)
                default:
                    break run
                }
                at += 1
            }
        }}}}}}
        if levelChangesWereEmpty, !prices.levelChanges.members.isEmpty { noteFirstLevelChange() }
        basis.requiredLoose = requiredLoose
        return i
    }
}

/// `RowSettings.level(of:)` with the last two priorities remembered: a run of
/// priority changes mostly alternates two values (toggle's 750 and 250).
private struct LevelMemo {
    let priorityOfLevel: [Double]
    var recent = (priority: Double.nan, level: Int32(0))
    var older = (priority: Double.nan, level: Int32(0))

    mutating func level(of priority: Double) -> Int32 {
        if priority == recent.priority { return recent.level }
        if priority == older.priority {
            swap(&recent, &older)
            return recent.level
        }
        let l = RowSettings.level(of: priority, in: priorityOfLevel)
        older = recent
        recent = (priority, l)
        return l
    }
}
