/// Which unknowns the solved program fixes. The optimal set is the face where every
/// frozen column is zero; an unknown is fixed when it takes one value on all of it.
extension ExactProgram {
    /// For each unknown, whether some other optimal layout gives it another value.
    /// Decided exactly: by reading the tableau where it can, else by minimising and
    /// maximising the unknown over the optimal face.
    func freeUnknowns(budget: Int) -> [Bool] {
        var free = [Bool](repeating: true, count: variableCount)
        for r in tableau.rows.indices where isFreeRow[r] {
            let unknown = Int(tableau.basis[r])
            free[unknown] = varies(row: r, budget: budget)
        }
        return free
    }

    /// Whether row `r`'s basic unknown, `rhs - Σ t·y` over its non-basic columns,
    /// varies over the optimal face. A non-basic unknown in it is unconstrained;
    /// frozen columns stay zero; the others may move where the face lets them.
    private func varies(row r: Int, budget: Int) -> Bool {
        let row = tableau.rows[r]
        var cost = [Rational](repeating: .zero, count: kinds.count)
        var movable = false
        for (k, c) in row.columns.enumerated() where c != tableau.basis[r] {
            let column = Int(c)
            if column < variableCount { return true }
            if frozen[column] { continue }
            cost[column] = row.values[k]
            movable = true
        }
        guard movable else { return false }
        // The unknown is rhs - g(y) with g zero at this vertex: fixed iff g's
        // minimum and maximum over the face are both zero.
        for sign in [Rational.one, -Rational.one] {
            var copy = tableau
            var reduced = cost.map { $0 * sign }
            switch copy.minimise(reducedCosts: &reduced, lpRows: lpRows, frozen: frozen, budget: budget) {
            case .unbounded: return true
            case .stalled: return true  // cannot tell: call it free, which only skips a comparison
            case .optimal:
                var g = Rational.zero
                for lp in lpRows { g += cost[Int(copy.basis[lp])] * sign * copy.rhs[lp] }
                if g.signum != 0 { return true }
            }
        }
        return false
    }
}
