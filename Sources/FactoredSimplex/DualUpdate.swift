/// The cheap check after a bound crossing. When a frame's propagation leaves a
/// loose row's basic own column negative, the row swaps it for its other own
/// column (a slack for an error, or back), which changes that row's dual at its
/// level and nothing else in the costs. Rather than price the whole problem again,
/// the duals are updated by one transposed solve whose right-hand side is that
/// row's terms (SparsePricing.swift): it visits only the tight rows upstream of the
/// row (a path to the root in a tree), and only the columns of the rows whose dual moved can have
/// changed reduced costs. If none of them improves, the flipped basis is still
/// optimal and the frame ends without pricing; otherwise the full simplex runs.
extension FactoredSolver {
    /// Incremental updates allowed between two full pricings, so rounding in the
    /// updated duals cannot accumulate over a long run.
    static let dualUpdateLimit = 64

    /// Flips the rows in `infeasibleRows` and updates the duals for it. Returns
    /// whether the basis is still optimal (then the duals are current too); false
    /// means the caller must run the simplex, which recomputes the duals.
    func flipKeepsOptimal() -> Bool {
        for r32 in infeasibleRows {
            let r = Int(r32)
            positiveBasic[r].toggle()
            ownValue[r] = -ownValue[r]
        }
        guard dualsCurrent, dualUpdatesSinceRefresh + infeasibleRows.count <= Self.dualUpdateLimit else {
            return false
        }
        dualUpdatesSinceRefresh += infeasibleRows.count
        defer { dualChanged.removeAll() }
        for r32 in infeasibleRows where !updateDuals(flippedRow: Int(r32)) {
            dualsCurrent = false
            return false
        }
        for r32 in dualChanged.members {
            let r = Int(r32)
            if isTight[r], reducedCostSign(row: r, positive: true) < 0 || reducedCostSign(row: r, positive: false) < 0 {
                return false
            }
            for k in rowStart[r]..<rowStart[r + 1] {
                let v = Int(termVariable[k])
                if !isBasic[v], reducedCostSign(unknown: v) != 0 { return false }
            }
        }
        return true
    }

    /// The dual row `r` has as a loose row whose basic own column is as now.
    @inline(__always) func looseDual(_ r: Int) -> Double {
        let costs = positiveBasic[r] ? kind[r] != .lessThanOrEqual : kind[r] != .greaterThanOrEqual
        guard costs else { return 0 }
        return positiveBasic[r] ? 1 : -1
    }

    /// Applies the dual change of row `r`'s flip (already done) at its level.
    /// Returns false if the update is not the cheap kind (too much of the factor
    /// upstream); the duals are then left half-updated.
    func updateDuals(flippedRow r: Int) -> Bool {
        let now = looseDual(r)
        positiveBasic[r].toggle()
        let old = looseDual(r)
        positiveBasic[r].toggle()
        let delta = now - old
        guard delta != 0 else { return true }
        let l = Int(level[r])
        if !activeLevels.contains(Int32(l)) {
            // An inactive level's duals are all zero, so it starts from there.
            let at = activeLevels.firstIndex { $0 > Int32(l) } ?? activeLevels.count
            activeLevels.insert(Int32(l), at: at)
        }
        trackingDualChanges = true
        defer { trackingDualChanges = false }
        seedTransposed(level: l, row: r, dual: delta)
        return transposedSolve(level: l, budget: factor.pivots.count / 8 + 64)
    }
}
