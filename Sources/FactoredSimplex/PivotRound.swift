import LayoutModel

/// A pivot chosen in a round: its entering column, leaving row and step length.
struct RoundPivot {
    var entering: Entering
    var leaving: Int32
    var step: Double
}

/// Pivots in rounds. One pricing (the duals of every level) lists every improving
/// column, most important first (ReducedCosts.swift); the round then takes them in
/// that order, with directions from the factor of the round's start. A later
/// column's direction, reduced cost and ratio test are unchanged by the round's
/// earlier pivots as long as its direction does not move a row an earlier pivot
/// made tight (that row's own column left the basis) and the column did not enter
/// already: the product-form update of the basis is then the identity on it. Such a
/// column is pivoted on at once, its ratio test reading the own values the earlier
/// steps brought up to date; any other waits for the next round. So a round of k
/// pivots costs one pricing and at most one factor change instead of k, and the
/// independent or merely chained parts of a layout (a table's cells, toggle's rows)
/// share them. When every pivot of a round swaps rows in place, the factor is
/// patched; otherwise it is updated where the pivots landed (LocalFactorUpdate.swift),
/// and only a round that reaches too much of the layout re-factors. Either way the
/// next round's candidates come from the dual update (DualUpdate.swift) instead of a
/// pricing, unless the update would visit too much. After a round whose steps were all
/// zero, rounds hold Bland's pivot alone (the lowest index) until a step is
/// positive, so a degenerate cycle cannot form.
extension FactoredSolver {
    /// Primal simplex from a primal feasible basis to a lexicographic optimum, in rounds.
    func primalSimplex() throws(LayoutError) {
        var blandOnly = false
        while true {
            if prices.state != .candidatesListed {
                computeDuals()
                collectImprovingColumns()
            }
            prices.state.candidatesUsed()
            guard !prices.candidates.isEmpty else { return }
            roundScratch.roundPivots.removeAll(keepingCapacity: true)
            var progressed = false
            if blandOnly {
                // Bland's rule alone (the lowest index), until a step is positive.
                var first = prices.candidates[0]
                for c in prices.candidates where c.blandIndex < first.blandIndex { first = c }
                var work = 0
                if let pivot = try roundPivot(first.entering, work: &work) { roundScratch.roundPivots.append(pivot) }
            } else {
                // A round stops once its rejected candidates cost about one pricing.
                var budget = 2 * (termVariable.count + rowCount + variableCount)
                for candidate in prices.candidates {
                    guard budget > 0 else { break }
                    var work = 0
                    if let pivot = try roundPivot(candidate.entering, work: &work) {
                        roundScratch.roundPivots.append(pivot)
                    } else {
                        // Only rejected candidates are charged: an accepted pivot is work a later round would do.
                        budget -= work
                    }
                }
            }
            precondition(!roundScratch.roundPivots.isEmpty, "factored simplex: a round without a pivot")
            for pivot in roundScratch.roundPivots where pivot.step > Tolerance.positiveStep { progressed = true }
            statistics.pivots += roundScratch.roundPivots.count
            var updatedInPart = true
            if factorValidity.isValid, roundSwapsInPlace() {
                for pivot in roundScratch.roundPivots { replaceInPlace(pivot) }
            } else {
                for pivot in roundScratch.roundPivots { applyPivot(pivot) }
                localScratch.basisChange.record(roundScratch.roundPivots)
                updatedInPart = updateFactorLocally()
                if updatedInPart {
                    for pivot in roundScratch.roundPivots {
                        if case let .loosen(t, _) = pivot.entering { markChanged(t) }
                    }
                }
            }
            if updatedInPart {
                // Only the part of the layout the pivots reached is solved and priced
                // again. The own values stepped during the round were marked changed,
                // so they are recomputed exactly too.
                _ = propagateChanges()
                if dualsCurrent {
                    noteLeftoverCandidates()
                    _ = updateDualsAfterRound()
                }
            } else {
                factorValidity.isValid = false
                prices.state.forgetDuals()
                computeValues()
            }
            roundScratch.claimedVariables.removeAll()
            roundScratch.claimedRows.removeAll()
            blandOnly = !progressed
            try checkPivotBudget()
        }
    }

    /// Notes for pricing the candidates the round did not take: their reduced costs
    /// move only if their duals did, but they must be listed again either way.
    func noteLeftoverCandidates() {
        for candidate in prices.candidates {
            switch candidate.entering {
            case let .unknown(v, _): if !roundScratch.claimedVariables.contains(v) { prices.pricedUnknowns.insert(v) }
            case let .loosen(r, _): if !roundScratch.claimedRows.contains(r) { prices.pricedRows.insert(r) }
            }
        }
    }

    func applyPivot(_ pivot: RoundPivot) {
        noteStructureChange()
        basis.isTight[Int(pivot.leaving)] = true
        switch pivot.entering {
        case let .unknown(v, _): basis.isBasic[v] = true
        case let .loosen(r, positive):
            basis.isTight[r] = false
            basis.positiveBasic[r] = positive
        }
    }

    /// Whether the pivot only swaps which row determines one unknown of the
    /// triangular factor: a tight row `t` loosens, the leaving row `r` takes over
    /// the unknown `t` determined, and `r`'s other basic unknowns are determined
    /// earlier. Then `r` takes `t`'s place in the factor and no refactorisation is needed
    /// (the layout's usual bound crossing: a clamp or a minimum size taking over).
    func replacesInPlace(_ pivot: RoundPivot) -> Bool {
        guard case let .loosen(t, _) = pivot.entering else { return false }
        let p = Int(factor.position[t])
        guard p >= 0 else { return replacesInBlock(t, with: Int(pivot.leaving)) }
        let column = Int(factor.pivots[p].column)
        let r = Int(pivot.leaving)
        var coefficient = 0.0
        var largest = 0.0
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            largest = max(largest, abs(termCoefficient[k]))
            if v == column {
                coefficient = termCoefficient[k]
            } else if basis.isBasic[v] {
                let q = Int(factor.columnPosition[v])
                guard q >= 0, q < p else { return false }
            }
        }
        return abs(coefficient) > Tolerance.relativePivot * largest
    }

    /// Applies a pivot `replacesInPlace` accepted, and marks its rows for the propagation.
    func replaceInPlace(_ pivot: RoundPivot) {
        guard case let .loosen(t, positive) = pivot.entering else { return }
        let r = Int(pivot.leaving)
        let p = Int(factor.position[t])
        if p < 0 {
            swapBlockRow(from: t, to: r)
        } else {
            let column = Int(factor.pivots[p].column)
            var coefficient = 0.0
            for k in rowStart[r]..<rowStart[r + 1] where Int(termVariable[k]) == column { coefficient = termCoefficient[k] }
            swapTightRow(at: p, from: t, to: r, coefficient: coefficient)
        }
        basis.isTight[t] = false
        basis.positiveBasic[t] = positive
        basis.isTight[r] = true
        if settings.level[t] == 0 { basis.requiredLoose = true }
        markChanged(r)
        markChanged(t)
    }

    /// Puts row `r` at position `p` of the factor in tight row `t`'s place, determining
    /// the same unknown with pivot `coefficient` (`r`'s other basic unknowns are at
    /// earlier positions): the factor's entry, the frame program (patched, or rebuilt
    /// at the next frame) and the tight-row list. The callers set the rows' states.
    func swapTightRow(at p: Int, from t: Int, to r: Int, coefficient: Double) {
        let column = Int(factor.pivots[p].column)
        let patched = program.patch(position: p, oldRow: t, newRow: r, coefficient: coefficient, self)
        factor.pivots[p] = TriangularPivot(row: Int32(r), column: Int32(column), coefficient: coefficient)
        factor.position[r] = Int32(p)
        factor.position[t] = -1
        factorValidity.generation += 1
        noteStructureChange()
        if patched { program.builtGeneration = factorValidity.generation }
        let slot = Int(basis.tightSlot[t])
        basis.tightRows[slot] = Int32(r)
        basis.tightSlot[r] = Int32(slot)
        basis.tightSlot[t] = -1
    }

    /// The pivot for `entering` if it is still exactly a simplex pivot after the
    /// round's earlier ones, else nil. Its direction comes from the factor of the
    /// round's start; it stays valid, and so does its reduced cost, as long as it does
    /// not move any row an earlier pivot made tight (that row's own column left the
    /// basis) and its column did not enter already. The ratio test reads the own
    /// values the earlier pivots of the round brought up to date. `work` is charged
    /// what was visited.
    func roundPivot(_ entering: Entering, work: inout Int) throws(LayoutError) -> RoundPivot? {
        switch entering {
        case let .unknown(v, _): if roundScratch.claimedVariables.contains(v) { return nil }
        case let .loosen(r, _): if roundScratch.claimedRows.contains(r) { return nil }
        }
        defer { clearDirection() }
        sparseDirection(entering, work: &work)
        // The rows whose basic own column moves, and the ratio test over them.
        for v32 in roundScratch.support {
            let v = Int(v32)
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = Int(columnRow[k])
                guard basis.inForce[r], !basis.isTight[r], !framePath.isTouched[r] else { continue }
                framePath.isTouched[r] = true
                roundScratch.rateRows.append(Int32(r))
            }
        }
        work += roundScratch.rateRows.count
        var leaving = -1
        var best = Double.infinity
        for r32 in roundScratch.rateRows {
            let r = Int(r32)
            var change = 0.0
            for k in rowStart[r]..<rowStart[r + 1] { change += termCoefficient[k] * roundScratch.direction[Int(termVariable[k])] }
            work += rowStart[r + 1] - rowStart[r]
            if roundScratch.claimedRows.contains(r) {
                // A row made tight earlier in the round: moving it needs the new basis.
                if change != 0 { return nil }
                roundScratch.rowRate[r] = 0
                continue
            }
            let rate = basis.positiveBasic[r] ? -change : change
            roundScratch.rowRate[r] = rate
            guard rate < -Tolerance.nonzeroRate else { continue }
            let ratio = max(basis.ownValue[r], 0) / -rate
            let tolerance = Tolerance.ratioTie * max(1, best)
            if leaving < 0 || ratio < best - tolerance || (ratio <= best + tolerance && r < leaving) {
                if ratio < best { best = ratio }
                leaving = r
            }
        }
        guard leaving >= 0 else {
            throw .unsupported("factored simplex: unbounded direction (numerical trouble)")
        }
        // The step, for the own values the next candidates' ratio tests read (the
        // unknowns themselves are recomputed through the factor when the round ends).
        for r32 in roundScratch.rateRows where !roundScratch.claimedRows.contains(Int(r32)) {
            let r = Int(r32)
            basis.ownValue[r] += best * roundScratch.rowRate[r]
            if basis.ownValue[r] < 0 { basis.ownValue[r] = 0 }
            markChanged(r)  // recomputed exactly when the round ends
        }
        basis.ownValue[leaving] = 0
        roundScratch.claimedRows.insert(leaving)
        switch entering {
        case let .unknown(v, _): roundScratch.claimedVariables.insert(v)
        case let .loosen(r, _): roundScratch.claimedRows.insert(r)
        }
        return RoundPivot(entering: entering, leaving: Int32(leaving), step: best)
    }

    /// Leaves `direction`, the touched flags and the lists clean for the next candidate.
    func clearDirection() {
        for v in roundScratch.support { roundScratch.direction[Int(v)] = 0 }
        roundScratch.support.removeAll(keepingCapacity: true)
        for r in roundScratch.rateRows { framePath.isTouched[Int(r)] = false }
        roundScratch.rateRows.removeAll(keepingCapacity: true)
        for r in roundScratch.seededRows { roundScratch.sparseRhs[Int(r)] = 0 }
        roundScratch.seededRows.removeAll(keepingCapacity: true)
    }

    /// The change of the basic unknowns per unit step of `entering`, into `direction`
    /// (its nonzeros listed in `support`; `direction` is zero everywhere else, and
    /// `clearDirection` makes it zero again), visiting only the tight rows downstream of
    /// the entering column, in increasing position through the bit set the frame path
    /// uses, and the bump blocks reached. `work` is charged the entries visited.
    func sparseDirection(_ entering: Entering, work: inout Int) {
        var bump = false
        var lowest = Int.max
        var highest = -1
        /// Tight row `r` must be re-solved: its position is marked, or its bump block.
        func seed(_ r: Int) {
            let p = Int(factor.position[r])
            if p < 0 {
                factor.markBlock(ofRow: r)
                bump = true
                return
            }
            framePath.pendingPositions[p >> 6] |= 1 << UInt64(p & 63)
            lowest = min(lowest, p)
            highest = max(highest, p)
        }
        switch entering {
        case let .unknown(v, sign):
            roundScratch.direction[v] = sign
            roundScratch.support.append(Int32(v))
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = Int(columnRow[k])
                guard basis.inForce[r], basis.isTight[r] else { continue }
                roundScratch.sparseRhs[r] -= sign * columnCoefficient[k]
                roundScratch.seededRows.append(Int32(r))
                seed(r)
            }
        case let .loosen(r, positive):
            roundScratch.sparseRhs[r] = positive ? -1 : 1
            roundScratch.seededRows.append(Int32(r))
            seed(r)
        }
        var word = lowest >> 6
        while highest >= 0, word <= highest >> 6 {
            let pending = framePath.pendingPositions[word]
            if pending == 0 {
                let limit = highest >> 6
                word = framePath.pendingPositions.withUnsafeMutableBufferPointer { nextMarkedWord($0, from: word + 1, through: limit) }
                continue
            }
            let p = word << 6 | pending.trailingZeroBitCount
            framePath.pendingPositions[word] = pending & (pending - 1)
            let pivot = factor.pivots[p]
            let r = Int(pivot.row)
            let column = Int(pivot.column)
            var sum = roundScratch.sparseRhs[r]
            for k in rowStart[r]..<rowStart[r + 1] {
                let v = Int(termVariable[k])
                if v != column, basis.isBasic[v] { sum -= termCoefficient[k] * roundScratch.direction[v] }
            }
            work += rowStart[r + 1] - rowStart[r]
            guard sum != 0 else { continue }
            roundScratch.direction[column] = sum / pivot.coefficient
            roundScratch.support.append(Int32(column))
            for k in columnStart[column]..<columnStart[column + 1] {
                let other = Int(columnRow[k])
                // Rows reading this unknown come later in the order (or in the bump), except its own.
                if other != r, basis.inForce[other], basis.isTight[other] { seed(other) }
            }
        }
        if bump { bumpDirection(work: &work) }
    }

    /// The bump's part of a sparse direction: the blocks the direction reached.
    func bumpDirection(work: inout Int) {
        // The block solve subtracts the triangular part's contribution itself.
        roundScratch.sparseRhs.withUnsafeBufferPointer { rhs in
            roundScratch.direction.withUnsafeMutableBufferPointer { d in
                solveMarkedBlocks(rowValue: rhs, x: d, foldNonbasic: false, before: nil)
            }
        }
        let bumpColumns = factor.bumpColumns, blockStart = factor.blockStart
        for b32 in factor.markedBlocks {
            let b = Int(b32)
            work += (blockStart[b + 1] - blockStart[b]) * (blockStart[b + 1] - blockStart[b])
            for i in blockStart[b]..<blockStart[b + 1] where roundScratch.direction[Int(bumpColumns[i])] != 0 {
                roundScratch.support.append(bumpColumns[i])
            }
        }
        factor.markedBlocks.removeAll(keepingCapacity: true)
    }
}
