import LayoutModel

/// What enters the basis in a primal step.
enum Entering {
    /// Non-basic unknown `variable` moves by `sign` (±1) per unit step.
    case unknown(variable: Int, sign: Double)
    /// Tight row `row` loosens: its `pos` (a·x falls below b) or `neg` column becomes basic.
    case loosen(row: Int, positive: Bool)
}

extension FactoredSolver {
    /// Re-solves: values for the new right-hand side, then (only if some basic column
    /// went negative or the costs changed) primal simplex from the repaired basis.
    func solve() throws(LayoutError) {
        defer {
            prices.updatesThisFrame = 0
            forgetLevelChanges()
        }
        applyBatchedSeeds()
        pivotsAtSolveStart = statistics.pivots
        let valuesCurrent = factorValidity.isValid && basisOptimal
        let epoch = factorValidity.valueEpoch
        // Many priority changes, each inside one block's part of the layout: the
        // propagation skips the blocks they reach (BlockReoptimisation.swift).
        let blocksDeferred = valuesCurrent && defersBlocksToLocalPass()
        // (A frame with blocks listed always owes pricing: it goes on to their pass.)
        if sparseSolve(), !pricingPending, !blocksDeferred {
            framePath.lastSolveWasSparse = true
            return
        }
        if valuesCurrent {
            if blocksDeferred, reoptimisesBlocksLocally() {
                framePath.lastSolveWasSparse = true
                return
            }
            // The propagation brought every value up to date. The rows it left
            // negative are repaired by dual pivots (DualSimplex.swift) when no cost
            // changed; otherwise they are flipped to their other own column, the
            // changed columns priced, and the primal simplex runs from there.
            if !pricingPending, dualSimplex() {
                framePath.lastSolveWasSparse = true
                return
            }
            if flipKeepsOptimal() {
                framePath.lastSolveWasSparse = true
                return
            }
        } else {
            computeValues()
            listNegativeOwnColumns()
            if basis.optimality == .fromCrash, !framePath.infeasibleRows.isEmpty {
                if repairByDualPivots() {
                    basis.optimality = .optimal
                    framePath.lastSolveWasSparse = false
                    return
                }
                listNegativeOwnColumns()
            }
            for r32 in framePath.infeasibleRows { _ = flipOwnColumn(Int(r32), seeding: false) }
        }
        if basis.optimality == .fromCrash { basis.optimality = .notOptimal }
        do {
            try primalSimplex()
        } catch {
            forgetOptimality()
            throw error
        }
        basis.optimality = .optimal
        // Rounds that only swapped rows in place listed what they moved.
        framePath.lastSolveWasSparse = factorValidity.valueEpoch == epoch
    }


    /// Throws `pivotBudgetExceeded` once this solve's pivots pass `pivotBudget`.
    func checkPivotBudget() throws(LayoutError) {
        let pivots = statistics.pivots - pivotsAtSolveStart
        if pivots > pivotBudget { throw .pivotBudgetExceeded(backend: FactoredBackend.name, operation: "solving", pivots: pivots) }
    }

    /// Lists in `infeasibleRows` every loose row whose basic own column is negative.
    func listNegativeOwnColumns() {
        framePath.infeasibleRows.removeAll(keepingCapacity: true)
        for r in 0..<rowCount where basis.inForce[r] && !basis.isTight[r] && ownColumnIsNegative(r) {
            framePath.infeasibleRows.append(Int32(r))
        }
    }

    /// After the crash (the build): when the basis is dual feasible (nothing prices
    /// as improving), the rows left negative are repaired by dual pivots, as a
    /// frame's crossings are (the negative rows are in `infeasibleRows`). Not tried on a
    /// frame's full path: its few negative rows rarely pay for the pricing up front.
    /// Returns whether that made the basis optimal; if not, the state is consistent and
    /// the caller flips what is still negative.
    func repairByDualPivots() -> Bool {
        computeDuals()
        collectImprovingColumns()
        guard prices.candidates.isEmpty else { return false }
        prepareFramePath(forRepair: true)
        return dualSimplex(limit: 2 * framePath.infeasibleRows.count + 64)
    }

    /// Required rows the infeasibility certificate uses: violated ones and tight ones with a level-0 dual.
    func conflictRows() -> [Int] {
        computeDuals()
        var out: [Int] = []
        for r in 0..<rowCount where basis.inForce[r] && settings.level[r] == 0 {
            if basis.isTight[r] {
                if abs(prices.duals.dual(level: 0, row: r)) > Tolerance.dual { out.append(r) }
            } else {
                let costs = basis.positiveBasic[r] ? positiveCosts(r) : negativeCosts(r)
                if costs, ownColumnIsPositive(r) { out.append(r) }
            }
        }
        return out
    }

    /// Unknowns some zero-cost move of the optimum changes (step lengths not checked).
    func unfixedVariables() -> [Bool] {
        var out = basis.isBasic.map { !$0 }
        computeDuals()
        for r in basis.tightRows.map(Int.init) {
            for positive in [true, false] where reducedCost(row: r, positive: positive).sign == 0 {
                var work = 0
                sparseDirection(.loosen(row: r, positive: positive), work: &work)
                for v in roundScratch.support where abs(roundScratch.direction[Int(v)]) > Tolerance.nonzeroRate { out[Int(v)] = true }
                clearDirection()
            }
        }
        return out
    }
}
