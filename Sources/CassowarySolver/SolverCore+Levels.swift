// The lexicographic objective as the tableau sees it: costs expressed in non-basic
// symbols, one level per optional priority present, each change journaled and each
// symbol whose cost changed queued as a candidate to enter.

extension SolverCore {
    @inline(__always) mutating func setLevel(_ l: Int32, _ symbol: Int32, _ value: Double) {
        let old = objective.set(l, symbol, value)
        if journaling { journalLevels.append((l, symbol, old)) }
    }

    /// Moves the symbol's cost entries into `scratchCosts` and zeroes them.
    mutating func takeCosts(_ symbol: Int32) {
        scratchCosts.removeAll(keepingCapacity: true)
        var e = objective.head[Int(symbol)]
        while e >= 0 {
            scratchCosts.append((objective.entryLevel[Int(e)], objective.entryValue[Int(e)]))
            e = objective.entryNext[Int(e)]
        }
        for c in scratchCosts { setLevel(c.level, symbol, 0) }
    }

    mutating func clearCosts(_ symbol: Int32) {
        if objective.head[Int(symbol)] >= 0 { takeCosts(symbol) }
    }

    /// The sign of the symbol's cost vector (-1, 0, +1) in lexicographic order, as
    /// `Objective.sign`, after zeroing the entries ahead of the deciding one: they count
    /// as 0, so they must be 0. Left in place, a pivot would carry them (scaled by the
    /// pivot's 1/a) to the leaving symbol, where they can exceed the tolerance: a cost of
    /// 3e-9 ignored on one symbol becomes -1.2e-8 on the other, which then enters on it
    /// and undoes the pivot, for ever (two slacks trading places at a non-zero ratio).
    /// With them zeroed, a pivot changes no level above the one that decided it, and the
    /// lexicographic objective strictly falls at every pivot that is not degenerate.
    @inline(__always) mutating func settleSign(_ symbol: Int32) -> Int {
        while true {
            let e = objective.head[Int(symbol)]
            guard e >= 0 else { return 0 }
            let c = objective.entryValue[Int(e)]
            if c < -SolverTolerance.zero { return -1 }
            if c > SolverTolerance.zero { return 1 }
            setLevel(objective.entryLevel[Int(e)], symbol, 0)
        }
    }

    /// Replaces the now-basic `symbol` in the objective by its row.
    mutating func substituteInObjective(_ symbol: Int32, by row: Row) {
        guard objective.head[Int(symbol)] >= 0 else { return }
        takeCosts(symbol)
        for j in 0..<row.symbols.count {
            let sym = row.symbols[j]
            objective.addScaledCosts(
                scratchCosts, row.coefficients[j], to: sym, journaling: journaling, journal: &journalLevels)
            markDirty(sym)
        }
    }

    mutating func addToLevel(_ l: Int32, _ row: Row, _ k: Double) {
        for i in row.symbols.indices { addToLevel(l, row.symbols[i], k * row.coefficients[i]) }
    }

    @inline(__always) mutating func addToLevel(_ l: Int32, _ symbol: Int32, _ v: Double) {
        var c = objective.value(l, symbol) + v
        if abs(c) < SolverTolerance.drop { c = 0 }
        setLevel(l, symbol, c)
        markDirty(symbol)
    }

    /// Adds `weight * symbol` (expressed in non-basic symbols) to a level.
    mutating func addObjective(_ symbol: Int32, weight: Double, level l: Int32) {
        let r = rowOf[Int(symbol)]
        if r >= 0 {
            addToLevel(l, rows[Int(r)], weight)
        } else {
            addToLevel(l, symbol, weight)
        }
    }

    /// The level of an optional priority, created on demand.
    mutating func level(for priority: Double) -> Int32 {
        if let l = objective.level(priority: priority) { return l }
        let l = objective.createLevel(priority: priority)
        if journaling { journalNewLevels.append(l) }
        return l
    }

    /// Drops a level, zeroing whatever round-off it still holds.
    mutating func dropLevel(_ l: Int32) {
        let symbols = objective.members[Int(l)]
        for sym in symbols where objective.value(l, sym) != 0 { setLevel(l, sym, 0) }
        objective.releaseLevel(l)
    }

    /// Drops every level no optional constraint in the tableau uses.
    mutating func dropEmptyLevels() {
        var i = 0
        while i < objective.levelsByRank.count {
            let l = objective.levelsByRank[i]
            if (levelUse[objective.priority[Int(l)]] ?? 0) == 0 { dropLevel(l) } else { i += 1 }
        }
    }
}
