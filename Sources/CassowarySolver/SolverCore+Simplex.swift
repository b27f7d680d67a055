// Pivots, the primal simplex on the lexicographic objective (after adds and priority
// changes) and the dual simplex (after constant changes).

extension SolverCore {
    /// Solves the row in `slot` (basic `leaving`) for `entering` and substitutes it everywhere.
    mutating func pivot(slot: Int32, entering: Int32) {
        statistics.pivots += 1
        saveRowForUndo(slot)
        let s = Int(slot)
        let leaving = basic[s]
        var row = Row()
        swap(&row, &rows[s])
        if abs(row.solve(for: entering, replacing: leaving)) < SolverTolerance.illConditioned { illConditioned = true }
        column[Int(leaving)].append(slot)
        swap(&row, &rows[s])
        basic[s] = entering
        rowOf[Int(entering)] = slot
        rowOf[Int(leaving)] = -1
        if kind[Int(leaving)] == .external { leftBasis.append(leaving) }
        touch(slot)
        substituteEverywhere(entering, slot: slot)
    }

    /// Replaces `symbol` (now basic in `slot`) in every other row and in the objective,
    /// queueing the rows whose restricted basic went negative.
    mutating func substituteEverywhere(_ symbol: Int32, slot: Int32) {
        let row = rows[Int(slot)]
        compactColumn(symbol)
        for target in column[Int(symbol)] where target != slot {
            substitute(symbol, by: row, in: target)
            if kind[Int(basic[Int(target)])].isRestricted, rows[Int(target)].constant < 0 { infeasible.append(target) }
        }
        substituteInObjective(symbol, by: row)
    }

    /// Primal simplex on the lexicographic objective; Bland's rule (smallest
    /// eligible symbol enters, ties in the ratio test go to the smallest basic
    /// symbol), which cannot cycle.
    mutating func optimize() {
        pendingOptimize = false
        let budget = pivotBudget()
        let limit = statistics.pivots + budget
        while true {
            // Bland's rule: the smallest eligible symbol enters. Every symbol whose cost
            // changed since it was last found ineligible is in the min-heap, so popping
            // until an eligible one appears finds it without scanning the objective.
            var entering: Int32 = -1
            var enteringSign = 0
            while let s = popDirty() {
                let k = kind[Int(s)]
                let sign = k == .free || k == .dummy || rowOf[Int(s)] >= 0 ? 0 : settleSign(s)
                // A restricted symbol can only rise from 0 (it enters on a negative cost); an
                // unrestricted external that is non-basic (a free parameter) moves either way.
                if sign == 0 || (sign > 0 && k != .external) { continue }
                entering = s
                enteringSign = sign
                break
            }
            if entering < 0 { return }
            // Direction of travel: against the cost.
            let direction: Double = enteringSign < 0 ? 1 : -1
            var best = -1 as Int32
            var bestRatio = Double.infinity
            var bestBasic = Int32.max
            compactColumn(entering)
            for slot in column[Int(entering)] {
                let b = basic[Int(slot)]
                guard kind[Int(b)].isRestricted else { continue }
                let c = rows[Int(slot)].coefficient(of: entering) * direction
                // Below the tolerance a coefficient is round-off, not a bound: a pivot on
                // it would divide by ~1e-9 and blow the tableau up.
                guard c < -SolverTolerance.zero else { continue }
                let ratio = -rows[Int(slot)].constant / c
                if ratio < bestRatio - SolverTolerance.zero || (abs(ratio - bestRatio) <= SolverTolerance.zero && b < bestBasic) {
                    bestRatio = ratio
                    best = slot
                    bestBasic = b
                }
            }
            if best < 0 {
                // Unbounded in this direction: the objective is bounded below by 0, so the
                // cost is round-off; drop the symbol from the candidates.
                continue
            }
            if statistics.pivots >= limit {
                // Re-optimised by the next operation that needs an optimum.
                pendingOptimize = true
                markDirty(entering)
                return reportStall(budget: budget)
            }
            pivot(slot: best, entering: entering)
        }
    }

    /// The pivots one simplex run may take: a correct run stays far below it. Cold-
    /// building a scene takes about one pivot per row, an incremental change a handful;
    /// the budget is 64 pivots per live row and symbol plus 10,000, so only a loop (a
    /// cycle, or round-off undoing each pivot) reaches it.
    @inline(__always) func pivotBudget() -> Int { budgetPerEntry * (rowCount + symbolCount) + budgetBase }

    /// Records that a run stopped at its budget (the wrapper reports it).
    mutating func reportStall(budget: Int) { stalled = (statistics.pivots, budget) }

    /// Queues a symbol whose cost changed as a candidate to enter (a binary min-heap).
    @inline(__always) mutating func markDirty(_ symbol: Int32) {
        guard !isDirtySymbol[Int(symbol)] else { return }
        isDirtySymbol[Int(symbol)] = true
        dirtySymbols.append(symbol)
        var i = dirtySymbols.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            guard dirtySymbols[parent] > symbol else { break }
            dirtySymbols[i] = dirtySymbols[parent]
            i = parent
        }
        dirtySymbols[i] = symbol
    }

    /// The smallest queued symbol, removed from the heap.
    @inline(__always) mutating func popDirty() -> Int32? {
        guard let top = dirtySymbols.first else { return nil }
        let last = dirtySymbols.removeLast()
        isDirtySymbol[Int(top)] = false
        let n = dirtySymbols.count
        if n > 0 {
            var i = 0
            while true {
                let l = 2 * i + 1
                if l >= n { break }
                var c = l
                if l + 1 < n, dirtySymbols[l + 1] < dirtySymbols[l] { c = l + 1 }
                guard dirtySymbols[c] < last else { break }
                dirtySymbols[i] = dirtySymbols[c]
                i = c
            }
            dirtySymbols[i] = last
        }
        return top
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    /// Returns the slot of a row that cannot be made feasible, if any.
    mutating func dualOptimize() -> Int32? {
        let budget = pivotBudget()
        let limit = statistics.pivots + budget
        while let slot = infeasible.popLast() {
            let b = basic[Int(slot)]
            guard b >= 0, kind[Int(b)].isRestricted, rows[Int(slot)].constant < 0 else { continue }
            let row = rows[Int(slot)]
            var entering: Int32 = -1
            var bestCoefficient = 0.0
            for i in row.symbols.indices {
                let s = row.symbols[i]
                let a = row.coefficients[i]
                if kind[Int(s)] == .external {
                    // A free parameter (its cost is 0 at an optimum) takes any value: it
                    // enters first, whatever the sign of its coefficient.
                    if !nearZero(a) {
                        entering = s
                        break
                    }
                    continue
                }
                guard a > SolverTolerance.zero, kind[Int(s)] != .dummy else { continue }
                if entering < 0 || objective.ratioLess(s, a, entering, bestCoefficient) {
                    entering = s
                    bestCoefficient = a
                }
            }
            if entering < 0 {
                if rows[Int(slot)].constant < -SolverTolerance.zero { return slot }
                continue
            }
            if statistics.pivots >= limit {
                // The row stays queued, and the next operation that needs an optimum
                // resumes the dual run (see `optimizeIfDeferred`).
                infeasible.append(slot)
                pendingDual = true
                pendingOptimize = true
                reportStall(budget: budget)
                return nil
            }
            pivot(slot: slot, entering: entering)
        }
        return nil
    }
}
