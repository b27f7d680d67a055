/// A constraint replaced by one on the same terms, in place.
///
/// Auto Layout code switches an attribute between two values by deactivating one
/// constraint and activating another that differs only in its constant or priority
/// (a cell's collapsed and expanded heights; the churn family does it every frame).
/// Taken one at a time, the first op takes a tight row out of the basis (its unknown
/// leaves: a refactorisation) and the second brings a row in (pivots: another). But
/// when the new row reads the same unknowns with the same coefficients, the basis
/// matrix is unchanged: the new row can take the old one's place in the factor, its
/// duals and its tight-row slot, and the frame is a right-hand-side change like a
/// `setConstant`. The back end holds a removal back until the next op to give it
/// the chance (FactoredBackend.swift).
extension FactoredSolver {
    /// Whether row `r`, not in force, can take tight row `t`'s place as is: the same
    /// kind and terms (unknowns and coefficients, in order), `t` in the triangular part,
    /// and the basis optimal with current duals (`r` must have none of its own).
    func canReplace(_ t: Int, with r: Int) -> Bool {
        applyBatchedSeeds()
        guard r != t, canChangeCostsInPlace, basis.inForce[t], basis.isTight[t], !basis.inForce[r], kind[r] == kind[t],
              factor.position[t] >= 0, prices.duals.head[r] < 0 else { return false }
        let count = rowStart[t + 1] - rowStart[t]
        guard rowStart[r + 1] - rowStart[r] == count else { return false }
        for i in 0..<count {
            let a = rowStart[t] + i, b = rowStart[r] + i
            guard termVariable[a] == termVariable[b], termCoefficient[a] == termCoefficient[b] else { return false }
        }
        return true
    }

    /// Puts row `r` in force in tight row `t`'s place and takes `t` out (`canReplace`
    /// holds). The factor, the frame program and the duals keep their numbers; the
    /// new right-hand side reaches the values at the next solve, through the
    /// propagation. `r`'s own columns are priced if the level changes, or if `t`'s
    /// were noted for pricing by a cost change earlier in the frame (their duals are
    /// `r`'s now).
    func replaceRow(_ t: Int, with r: Int) {
        let p = Int(factor.position[t])
        swapTightRow(at: p, from: t, to: r, coefficient: factor.pivots[p].coefficient)
        noteStructureChange()
        basis.isTight[t] = false
        basis.inForce[t] = false
        basis.isTight[r] = true
        basis.inForce[r] = true
        basis.positiveBasic[r] = basis.positiveBasic[t]
        basis.ownValue[r] = 0
        prices.duals.moveRow(from: t, to: r)
        // A right-hand side alone keeps the duals optimal, but `r`'s columns are priced
        // when the level changes, when `t` was noted (a note on `t` would be skipped:
        // `t` is out of force), and when any cost changed earlier in the frame: the
        // duals `r` reads may have moved without noting `t` (a row added at a higher
        // level that an inequality, its constant moved, can stop violating).
        if settings.level[r] != settings.level[t] || prices.pricedRows.contains(t) || pricingPending {
            prices.pricedRows.insert(r)
            prices.state.notePricingDue()
            noteOtherCostChange()
        }
        markChanged(r)
    }
}
