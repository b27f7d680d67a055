/// A reduced cost's leading term: the most important level at which it is nonzero,
/// and its value there. Levels compare lexicographically, so this alone decides
/// whether the column improves, and it orders the improving ones: a column that
/// repairs a required row comes before one that only serves an optional row.
struct LeadingCost {
    var level: Int32
    var value: Double

    static let zero = LeadingCost(level: .max, value: 0)

    var sign: Int { value < 0 ? -1 : value > 0 ? 1 : 0 }
}

/// An improving column, with what orders it in a round: its leading cost (the most
/// important level first, then the steepest), then Bland's index (unknowns before
/// rows), which also breaks cycles when rounds degenerate.
struct Candidate: Comparable {
    var level: Int32
    var value: Double
    var blandIndex: Int32
    var entering: Entering

    static func < (a: Candidate, b: Candidate) -> Bool {
        if a.level != b.level { return a.level < b.level }
        if a.value != b.value { return a.value < b.value }
        return a.blandIndex < b.blandIndex
    }

    static func == (a: Candidate, b: Candidate) -> Bool {
        a.level == b.level && a.value == b.value && a.blandIndex == b.blandIndex
    }
}

extension FactoredSolver {
    /// Adds to the cost's terms `factor` × row `r`'s dual at each level it has one.
    @inline(__always) func gatherDuals(_ r: Int, times factor: Double) {
        var e = Int(prices.duals.head[r])
        while e >= 0 {
            costTerm(level: prices.duals.level[e], factor * prices.duals.value[e])
            e = Int(prices.duals.next[e])
        }
    }

    @inline(__always) func costTerm(level l: Int32, _ value: Double) {
        prices.termKeys.append(UInt64(UInt32(l)) << 32 | UInt64(prices.termValues.count))
        prices.termValues.append(value)
    }

    /// The leading term of the terms gathered: their sums per level, taken in
    /// ascending level order, until one is nonzero.
    func leadingCostOfTerms() -> LeadingCost {
        sumTermsByLevel(into: &dualScratch.costLevels, &dualScratch.costValues)
        for i in dualScratch.costLevels.indices where abs(dualScratch.costValues[i]) > Tolerance.dual {
            return LeadingCost(level: dualScratch.costLevels[i], value: dualScratch.costValues[i])
        }
        return .zero
    }

    /// The gathered terms summed per level, ascending (zero sums left out).
    func sumTermsByLevel(into levels: inout [Int32], _ values: inout [Double]) {
        levels.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        prices.termKeys.withUnsafeMutableBufferPointer { heapSort($0) }
        var i = 0
        while i < prices.termKeys.count {
            let l = prices.termKeys[i] >> 32
            var s = 0.0
            while i < prices.termKeys.count, prices.termKeys[i] >> 32 == l {
                s += prices.termValues[Int(prices.termKeys[i] & 0xFFFF_FFFF)]
                i += 1
            }
            if s != 0 {
                levels.append(Int32(l))
                values.append(s)
            }
        }
        prices.termKeys.removeAll(keepingCapacity: true)
        prices.termValues.removeAll(keepingCapacity: true)
    }

    /// Adds to the cost's terms unknown `v`'s reduced cost, -Σ a_rv y_r per level,
    /// times `sign` (its direction of motion).
    @inline(__always) func gatherColumnDuals(_ v: Int, times sign: Double) {
        for k in columnStart[v]..<columnStart[v + 1] where basis.inForce[Int(columnRow[k])] {
            gatherDuals(Int(columnRow[k]), times: -sign * columnCoefficient[k])
        }
    }

    /// Unknown `v`'s reduced cost, -Σ a_rv y_r per level.
    func reducedCost(unknown v: Int) -> LeadingCost {
        gatherColumnDuals(v, times: 1)
        return leadingCostOfTerms()
    }

    /// The reduced cost of row `r`'s `pos` or `neg` column: its own cost (1 at its
    /// level, if it has one) minus or plus the row's duals. A row has one entry per
    /// level, so the lowest level with a nonzero value decides, without sorting.
    func reducedCost(row r: Int, positive: Bool) -> LeadingCost {
        let costs = positive ? positiveCosts(r) : negativeCosts(r)
        let own = settings.level[r]
        let levels = prices.duals.level, values = prices.duals.value, next = prices.duals.next
        var best = LeadingCost.zero
        var dualAtOwn = 0.0
        var e = Int(prices.duals.head[r])
        while e >= 0 {
            let l = levels[e]
            let value = positive ? -values[e] : values[e]
            e = Int(next[e])
            if costs, l == own {
                dualAtOwn = value
                continue
            }
            if l < best.level, abs(value) > Tolerance.dual { best = LeadingCost(level: l, value: value) }
        }
        if costs, own < best.level {
            let total = 1 + dualAtOwn
            if abs(total) > Tolerance.dual { return LeadingCost(level: own, value: total) }
        }
        return best
    }

    /// Lists every improving column, most important first. Only rows with a nonzero
    /// dual, and the non-basic unknowns they read, can improve. Called right after
    /// `computeDuals`, whose `activeLevels` says whether any dual is at level 0: if
    /// none is, a tight required equality's own columns cost 1 at level 0 with nothing
    /// to offset it, so they cannot improve and are not priced (most of a layout's
    /// rows: toggle-100000 priced 400,000 of them twice a swap frame).
    func collectImprovingColumns() {
        let requiredEqualitiesFixed = prices.activeLevels.first != 0
        for r32 in prices.duals.support.members {
            let r = Int(r32)
            if requiredEqualitiesFixed, settings.level[r] == 0, kind[r] == .equal {
                noteNonbasicUnknowns(ofRow: r)
            } else {
                notePriced(row: r)
            }
        }
        priceNoted()
    }

    /// Notes for `priceNoted` the non-basic unknowns row `r` reads.
    @inline(__always) func noteNonbasicUnknowns(ofRow r: Int) {
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            if !basis.isBasic[v] { prices.pricedUnknowns.insert(v) }
        }
    }

    /// Notes row `r`'s columns for `priceNoted`: the row itself if tight, and the
    /// non-basic unknowns it reads.
    @inline(__always) func notePriced(row r: Int) {
        if basis.isTight[r], basis.inForce[r] { prices.pricedRows.insert(r) }
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            if !basis.isBasic[v] { prices.pricedUnknowns.insert(v) }
        }
    }

    /// Prices the noted columns into `candidates`, sorted (an in-place heapsort: the
    /// standard library's sort allocates a buffer), and clears the notes.
    func priceNoted() {
        prices.candidates.removeAll(keepingCapacity: true)
        prices.state.pricingDone()
        for v32 in prices.pricedUnknowns.members {
            let v = Int(v32)
            guard !basis.isBasic[v] else { continue }
            let cost = reducedCost(unknown: v)
            guard cost.sign != 0 else { continue }
            // An unknown is free: it moves against its reduced cost's sign.
            prices.candidates.append(
                Candidate(
                    level: cost.level, value: -abs(cost.value), blandIndex: Int32(v),
                    entering: .unknown(variable: v, sign: Double(-cost.sign))))
        }
        for r32 in prices.pricedRows.members {
            let r = Int(r32)
            guard basis.inForce[r], basis.isTight[r] else { continue }
            var positive = true
            var cost = reducedCost(row: r, positive: true)
            if cost.sign >= 0 {
                positive = false
                cost = reducedCost(row: r, positive: false)
            }
            guard cost.sign < 0 else { continue }
            prices.candidates.append(
                Candidate(
                    level: cost.level, value: cost.value, blandIndex: Int32(variableCount + r),
                    entering: .loosen(row: r, positive: positive)))
        }
        prices.pricedUnknowns.removeAll()
        prices.pricedRows.removeAll()
        prices.candidates.withUnsafeMutableBufferPointer { heapSort($0) }
    }
}
