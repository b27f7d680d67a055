/// Bound crossings by the dual simplex, as Cassowary handles them. When a frame's
/// propagation leaves a loose row's basic own column negative (a clamp reached, a
/// minimum size hit), that column leaves the basis, and the column to enter is the
/// one whose reduced cost, per unit of repair, is lexicographically smallest: the
/// row's own other column (its error takes the violation), loosening a tight row
/// upstream of it (the finger's edit lets go), or a free unknown. The basis stays
/// optimal throughout, so no pricing runs; the candidates are read off one row of
/// the inverse, a transposed solve over the tight rows upstream of the row. In a
/// layout the chosen row usually swaps with the leaving one in place (PivotRound's
/// `replaceInPlace`): then the pivot costs those rows, the program patch and the
/// dual update, not the layout. Anything else falls back to the primal simplex.
extension FactoredSolver {
    /// Dual pivots one frame may take before falling back to the primal simplex.
    static let dualSimplexLimit = 64

    /// What enters when a negative own column leaves.
    enum DualEntering {
        /// The row's other own column: the row stays loose, its error (or slack) takes over.
        case flip
        case loosen(row: Int, positive: Bool)
        case unknown(variable: Int, sign: Double)
    }

    /// Repairs the rows in `infeasibleRows` (and any a repair leaves negative) by dual
    /// pivots. Returns true when the basis is optimal again. False leaves a consistent
    /// state, with the loose rows still negative in `infeasibleRows`, for the
    /// flip-and-primal path.
    func dualSimplex(limit: Int = dualSimplexLimit) -> Bool {
        dualScratch.dualWork.removeAll(keepingCapacity: true)
        dualScratch.dualWork.append(contentsOf: framePath.infeasibleRows)
        var steps = 0
        var next = 0
        while next < dualScratch.dualWork.count {
            let r = Int(dualScratch.dualWork[next])
            next += 1
            // The quick test, stricter than `ownColumnIsNegative`: a row negative only by
            // round-off at large magnitudes takes a harmless dual pivot, and
            // `stillInfeasible` applies the full test before any row is called infeasible.
            guard basis.inForce[r], !basis.isTight[r], basis.ownValue[r] < -constantTolerance(r) else { continue }
            if !mayUpdateDuals(1) { computeDuals() }
            guard steps < limit, let entering = dualRatioTest(leaving: r) else {
                return stillInfeasible(from: next - 1)
            }
            switch entering {
            case .flip:
                if !flipOwnColumn(r, seeding: true) { prices.state.forgetDuals() }
            case let .loosen(t, positive):
                let pivot = RoundPivot(entering: .loosen(row: t, positive: positive), leaving: Int32(r), step: 0)
                guard replacesInPlace(pivot) else { return stillInfeasible(from: next - 1) }
                replaceInPlace(pivot)
                statistics.pivots += 1
                if !seedDualTarget(of: t, toLoose: true) { prices.state.forgetDuals() }
                _ = propagateChanges()
                dualScratch.dualWork.append(contentsOf: framePath.infeasibleRows)
            case .unknown:
                return stillInfeasible(from: next - 1)
            }
            steps += 1
            countDualUpdates(1)
            if dualsCurrent, !applyDualSeeds() { prices.state.forgetDuals() }
            prices.dualSeeds.removeAll(keepingCapacity: true)
            prices.duals.clearChanged()
        }
        prices.state.candidatesUsed()
        return true
    }

    /// Lists in `infeasibleRows` the rows of the work list from `start` on that are
    /// still loose and negative, once each. Returns false.
    func stillInfeasible(from start: Int) -> Bool {
        framePath.infeasibleRows.removeAll(keepingCapacity: true)
        for r32 in dualScratch.dualWork[start...] {
            let r = Int(r32)
            guard basis.inForce[r], !basis.isTight[r], ownColumnIsNegative(r), !roundScratch.claimedRows.contains(r) else { continue }
            roundScratch.claimedRows.insert(r)
            framePath.infeasibleRows.append(r32)
        }
        roundScratch.claimedRows.removeAll()
        prices.dualSeeds.removeAll(keepingCapacity: true)
        return false
    }

    /// The entering column for loose row `r`'s negative own column: among the
    /// columns that raise it, the one with the lexicographically smallest reduced
    /// cost per unit of rate (ties to the lowest index). Nil when the row of the
    /// inverse would visit too much of the factor.
    func dualRatioTest(leaving r: Int) -> DualEntering? {
        // w: Σ_t w_t a_t = a_r over the basic unknowns (w_r = -1), from one transposed solve.
        seedTransposed(level: -1, row: r, dual: -1)
        guard transposedSolve(level: -1, budget: factor.pivots.count / 8 + 64) else {
            clearInverseRow()
            return nil
        }
        defer { clearInverseRow() }
        let sign = basis.positiveBasic[r] ? 1.0 : -1.0
        // The flip: rate 1.
        var best = DualEntering.flip
        var bestIndex = Int32(variableCount + r)
        costVector(row: r, positive: !basis.positiveBasic[r], into: &dualScratch.bestLevels, &dualScratch.bestValues)
        for u32 in dualScratch.inverseRowSupport {
            let u = Int(u32)
            for k in rowStart[u]..<rowStart[u + 1] where !basis.isBasic[Int(termVariable[k])] {
                dualScratch.ratioUnknowns.insert(Int(termVariable[k]))
            }
            guard u != r, basis.inForce[u], basis.isTight[u] else { continue }
            let w = dualScratch.inverseRow[u]
            guard abs(w) > Tolerance.nonzeroRate else { continue }
            // Loosening u moves a_r·x by -w (pos) or +w (neg); the own column by -sign times that.
            let positive = sign * w > 0
            costVector(row: u, positive: positive, into: &dualScratch.costLevels, &dualScratch.costValues)
            if takesOver(rate: abs(w), index: Int32(variableCount + u), from: &bestIndex) {
                best = .loosen(row: u, positive: positive)
            }
        }
        for v32 in dualScratch.ratioUnknowns.members {
            let v = Int(v32)
            var g = 0.0
            for k in columnStart[v]..<columnStart[v + 1] where basis.inForce[Int(columnRow[k])] {
                g -= dualScratch.inverseRow[Int(columnRow[k])] * columnCoefficient[k]
            }
            guard abs(g) > Tolerance.nonzeroRate else { continue }
            let step = sign * g > 0 ? -1.0 : 1.0
            costVector(unknown: v, sign: step, into: &dualScratch.costLevels, &dualScratch.costValues)
            if takesOver(rate: abs(g), index: Int32(v), from: &bestIndex) { best = .unknown(variable: v, sign: step) }
        }
        dualScratch.ratioUnknowns.removeAll()
        return best
    }

    /// Whether the candidate's cost vector (`costLevels`/`costValues`), per unit of
    /// `rate`, beats the best so far; if so it becomes the best (index included).
    func takesOver(rate: Double, index: Int32, from bestIndex: inout Int32) -> Bool {
        for i in dualScratch.costValues.indices { dualScratch.costValues[i] /= rate }
        let order = compareCostVectors()
        guard order < 0 || (order == 0 && index < bestIndex) else { return false }
        bestIndex = index
        swap(&dualScratch.bestLevels, &dualScratch.costLevels)
        swap(&dualScratch.bestValues, &dualScratch.costValues)
        return true
    }

    func clearInverseRow() {
        for r in dualScratch.inverseRowSupport { dualScratch.inverseRow[Int(r)] = 0 }
        dualScratch.inverseRowSupport.removeAll(keepingCapacity: true)
    }

    /// The full reduced cost, level by level, of row `u`'s `pos` or `neg` column.
    func costVector(row u: Int, positive: Bool, into levels: inout [Int32], _ values: inout [Double]) {
        var e = Int(prices.duals.head[u])
        while e >= 0 {
            costTerm(level: prices.duals.level[e], positive ? -prices.duals.value[e] : prices.duals.value[e])
            e = Int(prices.duals.next[e])
        }
        if positive ? positiveCosts(u) : negativeCosts(u) { costTerm(level: settings.level[u], 1) }
        sumTermsByLevel(into: &levels, &values)
    }

    /// The full reduced cost of unknown `v` moving by `sign` per unit.
    func costVector(unknown v: Int, sign: Double, into levels: inout [Int32], _ values: inout [Double]) {
        gatherColumnDuals(v, times: sign)
        sumTermsByLevel(into: &levels, &values)
    }

    /// -1, 0 or 1 as the candidate vector (`costLevels`/`costValues`) is
    /// lexicographically below, equal to or above the best (`bestLevels`/`bestValues`).
    func compareCostVectors() -> Int {
        var i = 0
        var j = 0
        while i < dualScratch.costLevels.count || j < dualScratch.bestLevels.count {
            let a = i < dualScratch.costLevels.count ? dualScratch.costLevels[i] : .max
            let b = j < dualScratch.bestLevels.count ? dualScratch.bestLevels[j] : .max
            var difference = 0.0
            if a < b {
                difference = dualScratch.costValues[i]
                i += 1
            } else if b < a {
                difference = -dualScratch.bestValues[j]
                j += 1
            } else {
                difference = dualScratch.costValues[i] - dualScratch.bestValues[j]
                i += 1
                j += 1
            }
            if difference < -Tolerance.dual { return -1 }
            if difference > Tolerance.dual { return 1 }
        }
        return 0
    }
}
