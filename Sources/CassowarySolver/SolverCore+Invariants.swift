// Recomputes every redundant index from the rows, the records and the objective
// entries, and compares it with the one kept by hand. Never called in a frame.

extension SolverCore {
    /// The first inconsistency found, described, or nil when every index agrees with
    /// the rows. Meant between operations (not inside one): the journal must be closed.
    func checkInvariants() -> String? {
        sizes() ?? symbolsAndSlots() ?? rowContents() ?? columns() ?? objectiveEntries() ?? levels()
            ?? constraintSymbols() ?? frameLists()
    }

    private func sizes() -> String? {
        let symbols = kind.count
        for (name, count) in [
            ("owner", owner.count), ("rowOf", rowOf.count), ("column", column.count),
            ("isDirtySymbol", isDirtySymbol.count), ("objective.head", objective.head.count),
            ("objective.memberStamp", objective.memberStamp.count),
        ] where count != symbols {
            return "\(name) has \(count) entries for \(symbols) symbols"
        }
        for (name, count) in [
            ("basic", basic.count), ("isTouchedRow", isTouchedRow.count), ("journalSlotStamp", journalSlotStamp.count),
            ("visitStamp", visitStamp.count),
        ] where count != rows.count {
            return "\(name) has \(count) entries for \(rows.count) row slots"
        }
        if values.count != externalCount { return "values has \(values.count) entries for \(externalCount) variables" }
        for s in 0..<externalCount where kind[s] != .external { return "variable \(s) has kind \(kind[s])" }
        return nil
    }

    /// rowOf ↔ basic, free slots, free symbols.
    private func symbolsAndSlots() -> String? {
        for slot in rows.indices {
            let b = basic[slot]
            if b < 0 {
                if !rows[slot].symbols.isEmpty || rows[slot].constant != 0 { return "free slot \(slot) holds a row" }
                continue
            }
            if kind[Int(b)] == .free { return "slot \(slot): basic symbol \(b) is free" }
            if rowOf[Int(b)] != Int32(slot) { return "rowOf[\(b)] is \(rowOf[Int(b)]), but \(b) is basic in slot \(slot)" }
        }
        for s in rowOf.indices where rowOf[s] >= 0 {
            let slot = Int(rowOf[s])
            if slot >= basic.count || basic[slot] != Int32(s) {
                return "rowOf[\(s)] is \(slot), whose basic is \(slot < basic.count ? basic[slot] : -1)"
            }
        }
        let expectedSlots = Set(basic.indices.filter { basic[$0] < 0 }.map(Int32.init))
        if freeSlots.count != expectedSlots.count || Set(freeSlots) != expectedSlots {
            return "freeSlots \(freeSlots.sorted()) differ from the slots without a basic \(expectedSlots.sorted())"
        }
        let expectedSymbols = Set(kind.indices.filter { kind[$0] == .free }.map(Int32.init))
        if freeSymbols.count != expectedSymbols.count || Set(freeSymbols) != expectedSymbols {
            return "freeSymbols \(freeSymbols.sorted()) differ from the free symbols \(expectedSymbols.sorted())"
        }
        for s in expectedSymbols {
            let i = Int(s)
            if owner[i] != -1 || rowOf[i] != -1 || objective.head[i] != -1 || !column[i].isEmpty {
                return "free symbol \(s) still has an owner, a row, a cost or a column"
            }
        }
        return nil
    }

    /// Each row: sorted, no negligible coefficient, only non-basic symbols in use.
    private func rowContents() -> String? {
        for slot in rows.indices where basic[slot] >= 0 {
            let row = rows[slot]
            if row.symbols.count != row.coefficients.count { return "slot \(slot): symbols and coefficients differ in count" }
            for i in row.symbols.indices {
                let s = row.symbols[i]
                if i > 0, row.symbols[i - 1] >= s { return "slot \(slot): symbols not strictly ascending at \(i)" }
                if !(abs(row.coefficients[i]) >= SolverTolerance.drop) {
                    return "slot \(slot): coefficient \(row.coefficients[i]) of \(s) below the drop tolerance"
                }
                if kind[Int(s)] == .free { return "slot \(slot) holds the free symbol \(s)" }
                if rowOf[Int(s)] >= 0 { return "slot \(slot) holds \(s), which is basic in slot \(rowOf[Int(s)])" }
            }
            if !row.constant.isFinite { return "slot \(slot): constant \(row.constant)" }
            // A dummy-basic row repeats required equalities: it ties dummies only, at 0.
            if kind[Int(basic[slot])] == .dummy {
                if let s = row.symbols.first(where: { kind[Int($0)] != .dummy }) {
                    return "slot \(slot): the dummy-basic row holds \(s) (\(kind[Int(s)]))"
                }
                // At 0 within the round-off of the equality it repeats (see `magnitude(of:)`).
                let o = owner[Int(basic[slot])]
                let scale = o >= 0 ? magnitude(of: o) : 1
                if !nearZero(row.constant, scale: scale) { return "slot \(slot): the dummy-basic row has constant \(row.constant)" }
            }
        }
        return nil
    }

    /// The lazy columns: a superset of the slots holding each symbol.
    private func columns() -> String? {
        for slot in rows.indices where basic[slot] >= 0 {
            for s in rows[slot].symbols where !column[Int(s)].contains(Int32(slot)) {
                return "column[\(s)] lacks slot \(slot), whose row holds \(s)"
            }
        }
        return nil
    }

    /// The entry lists: rank order, levels in use, counts, members, no entry lost or shared.
    private func objectiveEntries() -> String? {
        var counted = [Int](repeating: 0, count: objective.entryCount.count)
        var used = [Bool](repeating: false, count: objective.entryLevel.count)
        for s in objective.head.indices {
            var e = objective.head[s]
            var lastRank: Int32 = -1
            while e >= 0 {
                if used[Int(e)] { return "entry \(e) is reachable twice (symbol \(s))" }
                used[Int(e)] = true
                let l = objective.entryLevel[Int(e)]
                let r = objective.rank[Int(l)]
                if r < 0 { return "symbol \(s) has a cost at the dropped level \(l)" }
                if r <= lastRank { return "symbol \(s): cost entries out of rank order" }
                if objective.entryValue[Int(e)] == 0 { return "symbol \(s) keeps a zero cost entry at level \(l)" }
                if !objective.members[Int(l)].contains(Int32(s)) { return "members[\(l)] lacks symbol \(s), which costs there" }
                if rowOf[s] >= 0 { return "basic symbol \(s) has a cost at level \(l)" }
                lastRank = r
                counted[Int(l)] += 1
                e = objective.entryNext[Int(e)]
            }
        }
        for e in objective.freeEntries {
            if used[Int(e)] { return "entry \(e) is both free and in use" }
            used[Int(e)] = true
        }
        if let lost = used.firstIndex(of: false) { return "entry \(lost) is neither free nor in use" }
        for l in counted.indices where objective.rank[l] >= 0 && counted[l] != objective.entryCount[l] {
            return "entryCount[\(l)] is \(objective.entryCount[l]), but \(counted[l]) entries are at that level"
        }
        return nil
    }

    /// Levels: ranks, order by priority, and one level per priority in use.
    private func levels() -> String? {
        let o = objective
        for (r, l) in o.levelsByRank.enumerated() {
            if o.rank[Int(l)] != Int32(r) { return "rank[\(l)] is \(o.rank[Int(l)]), but it is ranked at \(r)" }
            if r > 0, !(o.priority[Int(o.levelsByRank[r - 1])] > o.priority[Int(l)]) { return "levels not in descending priority at \(r)" }
        }
        let dropped = Set(o.rank.indices.filter { o.rank[$0] < 0 }.map(Int32.init))
        if o.freeIDs.count != dropped.count || Set(o.freeIDs) != dropped { return "free level ids differ from the dropped levels" }
        var use: [Double: Int] = [:]
        for r in records where r.isLive && r.inTableau && r.priority < 1000 { use[r.priority, default: 0] += 1 }
        let kept = levelUse.filter { $0.value != 0 }
        if kept != use { return "levelUse \(kept) differs from the optional constraints in the tableau \(use)" }
        let priorities = o.levelsByRank.map { o.priority[Int($0)] }
        if Set(priorities) != Set(use.keys) || priorities.count != use.count {
            return "levels \(priorities) differ from the priorities in use \(use.keys.sorted())"
        }
        return nil
    }

    /// Each live symbol other than a variable belongs to the record that names it.
    private func constraintSymbols() -> String? {
        for s in kind.indices where kind[s] != .free && kind[s] != .external {
            let o = owner[s]
            guard o >= 0, Int(o) < records.count else { return "symbol \(s) (\(kind[s])) has no owner" }
            let r = records[Int(o)]
            if !r.inTableau || (r.marker != Int32(s) && r.companion != Int32(s)) {
                return "symbol \(s) (\(kind[s])) is not a marker of its owner \(o)"
            }
        }
        for (id, r) in records.enumerated() where r.inTableau {
            for s in [r.marker, r.companion] where s >= 0 && owner[Int(s)] != Int32(id) {
                return "constraint \(id): its symbol \(s) is owned by \(owner[Int(s)])"
            }
            if !r.isLive { return "constraint \(id) is in the tableau but not live" }
        }
        let freeIDs = Set(records.indices.filter { !records[$0].isLive }.map(Int32.init))
        if Set(freeRecords) != freeIDs || freeRecords.count != freeIDs.count { return "freeRecords differ from the dead records" }
        return nil
    }

    /// The per-frame lists and their membership flags; the journal closed.
    private func frameLists() -> String? {
        let touched = Set(touchedRows)
        if touched.count != touchedRows.count { return "touchedRows repeats a slot" }
        for slot in isTouchedRow.indices where isTouchedRow[slot] != touched.contains(Int32(slot)) {
            return "isTouchedRow[\(slot)] is \(isTouchedRow[slot]), touchedRows \(touched.contains(Int32(slot)) ? "has" : "lacks") it"
        }
        let dirty = Set(dirtySymbols)
        if dirty.count != dirtySymbols.count { return "dirtySymbols repeats a symbol" }
        for s in isDirtySymbol.indices where isDirtySymbol[s] != dirty.contains(Int32(s)) {
            return "isDirtySymbol[\(s)] disagrees with the heap"
        }
        for i in dirtySymbols.indices.dropFirst() where dirtySymbols[(i - 1) / 2] > dirtySymbols[i] {
            return "dirtySymbols is not a min-heap at \(i)"
        }
        if let late = visitStamp.firstIndex(where: { $0 > stamp }) { return "visitStamp[\(late)] is ahead of the pass \(stamp)" }
        if let late = journalSlotStamp.firstIndex(where: { $0 > journalEpoch }) {
            return "journalSlotStamp[\(late)] is ahead of the epoch \(journalEpoch)"
        }
        if let late = objective.memberStamp.firstIndex(where: { $0 > objective.memberEpoch }) {
            return "memberStamp[\(late)] is ahead of the epoch \(objective.memberEpoch)"
        }
        if journaling || !journalRows.isEmpty || !journalLevels.isEmpty || !journalNewSymbols.isEmpty
            || !constantJournal.isEmpty
        {
            return "the journal is still open"
        }
        // Stale entries may stay queued (a primal pivot queues round-off negatives); the
        // dual simplex skips those whose row is feasible again.
        if let bad = infeasible.first(where: { $0 < 0 || Int($0) >= rows.count }) { return "infeasible queues slot \(bad)" }
        for slot in rows.indices where basic[slot] >= 0 && !touched.contains(Int32(slot)) {
            let b = Int(basic[slot])
            if b < externalCount, values[b] != rows[slot].constant {
                return "values[\(b)] is \(values[b]), but its untouched row says \(rows[slot].constant)"
            }
        }
        return nil
    }
}

extension CassowarySolver {
    /// `SolverCore.checkInvariants()`, plus this wrapper's own indexes of names and edits.
    func checkInvariants() -> String? {
        if let problem = core.checkInvariants() { return problem }
        for (name, id) in nameIndex where !contains(id) || names[Int(id)] != name {
            return "nameIndex[\(name)] is \(id), which is not live under that name"
        }
        for (key, id) in editIndex where !hasEditVariable(id) || core.records[Int(id)].terms != key {
            return "editIndex holds \(id), which is not a live edit on those terms"
        }
        for id in entries.indices where (entries[id] != .none) != (id < core.records.count && core.records[id].isLive) {
            return "constraint \(id) is \(entries[id]) here, live \(core.records[id].isLive) in the core"
        }
        return nil
    }
}

extension CassowaryBackend {
    /// The solver's every index, recomputed and compared (`SolverCore.checkInvariants`).
    public func checkInvariants() -> String? { solver.checkInvariants() }
}
