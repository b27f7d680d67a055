/// Rows put in force, taken out, or moved to another priority level. When the
/// basis is optimal and its duals current, such a change only moves costs: a loose
/// row's cost appears, disappears or changes level, which changes the duals
/// upstream of it (one transposed solve per level, DualUpdate.swift), or a tight
/// row's own columns cost at another level, which changes no dual at all. The
/// basis stays, and so does the factor; the columns whose reduced cost may have
/// moved are noted and priced at the solve, which pivots only if one improves.
/// Taking out a tight row changes the basis (an unknown must leave it): a loose row
/// takes its place in the factor when it can, else the factor is updated where the
/// row was (LocalFactorUpdate.swift) and the change is priced like a cost change.
/// Only a change too wide for that takes the full path: refactorisation, values and
/// pricing.
extension FactoredSolver {
    /// Whether a cost change can be applied to the current duals.
    var canChangeCostsInPlace: Bool {
        factorValidity.isValid && basisOptimal && mayUpdateDuals(1)
    }

    /// Puts row `r` in force, loose, with the own column its residual makes
    /// non-negative (recomputed by the solve's propagation if the frame moves it).
    func addRow(_ r: Int) {
        applyBatchedSeeds()
        if settings.level[r] == 0 { basis.requiredLoose = true }
        noteStructureChange()
        basis.inForce[r] = true
        basis.isTight[r] = false
        guard canChangeCostsInPlace else {
            basis.positiveBasic[r] = true
            forgetOptimality()
            return
        }
        var activity = 0.0
        for k in rowStart[r]..<rowStart[r + 1] { activity += termCoefficient[k] * basis.x[Int(termVariable[k])] }
        let residual = settings.rhs[r] - activity
        basis.positiveBasic[r] = residual >= 0
        basis.ownValue[r] = abs(residual)
        markChanged(r)
        finishDualChange(seedDualTarget(of: r, toLoose: true))
    }

    /// Takes row `r` out of force. A tight row first leaves the basis with one basic
    /// unknown (the one depending on it most), so `A_T` stays square and non-singular.
    func removeRow(_ r: Int) {
        guard basis.inForce[r] else { return }
        applyBatchedSeeds()
        noteStructureChange()
        if !basis.isTight[r] {
            basis.inForce[r] = false
            if canChangeCostsInPlace {
                finishDualChange(seedDualTarget(of: r, toLoose: false))
            } else {
                forgetOptimality()
            }
            return
        }
        if canChangeCostsInPlace, removeTightRowInPlace(r) { return }
        let costsInPlace = canChangeCostsInPlace
        ensureFactor()
        // The unknowns that depend on row r: the sparse direction of loosening it.
        var work = 0
        sparseDirection(.loosen(row: r, positive: false), work: &work)
        var best = -1
        var magnitude = 0.0
        for v32 in roundScratch.support where abs(roundScratch.direction[Int(v32)]) > magnitude {
            magnitude = abs(roundScratch.direction[Int(v32)])
            best = Int(v32)
        }
        clearDirection()
        basis.isBasic[best] = false
        basis.isTight[r] = false
        basis.inForce[r] = false
        // The unknown stays where it is, so no value moves: only r's duals go, and
        // what they held up is priced at the solve, as for a cost change.
        if costsInPlace {
            localScratch.basisChange.loosened.append(Int32(r))
            localScratch.basisChange.left.append(Int32(best))
            if updateFactorLocally() {
                prices.pricedUnknowns.insert(best)
                finishDualChange(seedDualTarget(of: r, toLoose: false))
                return
            }
        }
        factorValidity.isValid = false
        forgetOptimality()
    }

    /// Takes tight row `t` out without refactoring, when a loose row can take its
    /// place: with its own columns' costs gone, loosening `t` costs only what its
    /// dual says, so one primal step loosens it (in the direction that improves, or
    /// either when neither does), and the ratio test names the row that becomes
    /// tight instead. When that row swaps in place (the usual case: the next
    /// constraint on the same edge, such as a tip's centring when the finger's edit
    /// goes), `t` leaves loose, its duals go to zero, and the columns whose duals
    /// moved are noted for pricing. Returns false, with nothing changed but own
    /// values the full path recomputes, when no row limits the step or the swap is
    /// not in place.
    func removeTightRowInPlace(_ t: Int) -> Bool {
        // Loosening t's pos column changes the objective by -y_t per unit (its cost gone), neg by +y_t.
        var positive = true
        var e = Int(prices.duals.head[t])
        var leading = Int32.max
        while e >= 0 {
            if prices.duals.level[e] < leading, abs(prices.duals.value[e]) > Tolerance.dual {
                leading = prices.duals.level[e]
                positive = prices.duals.value[e] > 0
            }
            e = Int(prices.duals.next[e])
        }
        defer {
            roundScratch.claimedRows.removeAll()
            roundScratch.claimedVariables.removeAll()
        }
        var work = 0
        guard let found = try? roundPivot(.loosen(row: t, positive: positive), work: &work) else { return false }
        let pivot = RoundPivot(entering: .loosen(row: t, positive: positive), leaving: found.leaving, step: found.step)
        guard replacesInPlace(pivot) else { return false }
        replaceInPlace(pivot)
        statistics.pivots += 1
        basis.inForce[t] = false
        prices.pricedRows.insert(Int(pivot.leaving))
        finishDualChange(seedDualTarget(of: t, toLoose: false))
        return true
    }

    /// Moves row `r`'s costs to level `l` (a priority change).
    func setLevel(_ r: Int, _ l: Int32) {
        // Pinned unknowns are those of required equalities (BlockListings.swift).
        if l == 0 || settings.level[r] == 0 { noteStructureChange() }
        guard basis.inForce[r], l != settings.level[r] else {
            settings.level[r] = l
            return
        }
        guard factorValidity.isValid, basisOptimal else {
            settings.level[r] = l
            forgetOptimality()
            return
        }
        noteLevelChange(r)
        guard mayUpdateDuals(1) else {
            // Past the frame's incremental updates: a cost changes no value, so the
            // values stay current and the solve re-optimises the blocks the listed
            // changes reach, or prices from scratch (toggle-100000 skips a pass over
            // every row and a refactorisation).
            settings.level[r] = l
            if l == 0 { basis.requiredLoose = true }
            requestFullPricing()
            return
        }
        if basis.isTight[r] {
            // A tight row's dual comes from the loose rows' costs: only its own columns' reduced costs move.
            settings.level[r] = l
            prices.pricedRows.insert(r)
            prices.state.notePricingDue()
            return
        }
        let dual = looseDual(r)
        let old = settings.level[r]
        settings.level[r] = l
        if l == 0 { basis.requiredLoose = true }
        // A loose row without a cost (a slack basic) moves no dual.
        guard dual != 0 else { return }
        countDualUpdates(1)
        batchDualSeeds(DualSeed(level: old, row: Int32(r), delta: -dual), DualSeed(level: l, row: Int32(r), delta: dual))
    }

    /// Applies the queued seeds and notes the columns to price, or falls back to the full path.
    func finishDualChange(_ seeded: Bool) {
        noteOtherCostChange()
        countDualUpdates(1)
        guard seeded else {
            prices.dualSeeds.removeAll(keepingCapacity: true)
            forgetOptimality()
            discardPricingNotes()
            return
        }
        applySeedsForPricing()
    }

    /// Applies the queued seeds to the duals (past `budget` rows visited, gives up)
    /// and notes for the solve's pricing the columns whose reduced costs may have
    /// moved; if the duals could not be updated, the basis is no longer known optimal.
    func applySeedsForPricing(budget: Int? = nil) {
        guard applyDualSeeds(budget: budget) else {
            forgetOptimality()
            discardPricingNotes()
            return
        }
        noteChangedDuals()
        prices.state.notePricingDue()
    }

    /// Forgets the columns noted for pricing (the full pricing will list every one).
    func discardPricingNotes() {
        prices.pricedUnknowns.removeAll()
        prices.pricedRows.removeAll()
        prices.state.pricingDone()
    }
}
