/// The cheap check after a bound crossing. When a frame's propagation leaves a
/// loose row's basic own column negative, the row swaps it for its other own
/// column (a slack for an error, or back), which changes that row's dual at its
/// level and nothing else in the costs. Rather than price the whole problem again,
/// the duals are updated by one transposed solve whose right-hand side is that
/// row's terms: it visits only the tight rows upstream of the row (a path to the
/// root in a tree), and only the columns of the rows whose dual moved can have
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
        dualChangedRows.removeAll(keepingCapacity: true)
        defer {
            for r32 in dualChangedRows { dualChangedFlag[Int(r32)] = false }
        }
        for r32 in infeasibleRows where !updateDuals(flippedRow: Int(r32)) {
            dualsCurrent = false
            return false
        }
        for r32 in dualChangedRows {
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
    /// Returns false if the update is not the cheap kind (a bump column, or too
    /// much of the factor upstream); the duals are then left half-updated.
    func updateDuals(flippedRow r: Int) -> Bool {
        let now = looseDual(r)
        positiveBasic[r].toggle()
        let old = looseDual(r)
        positiveBasic[r].toggle()
        let delta = now - old
        guard delta != 0 else { return true }
        let l = Int(level[r])
        let m = rowCount
        if !activeLevels.contains(Int32(l)) {
            // An inactive level's duals are all zero, so it starts from there.
            let at = activeLevels.firstIndex { $0 > Int32(l) } ?? activeLevels.count
            activeLevels.insert(Int32(l), at: at)
        }
        duals[l * m + r] += delta
        noteDualChanged(r)
        // A_T^T Δy = -Δ a_r over the basic unknowns, in decreasing position order.
        var highest = -1
        var lowest = Int.max
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            guard isBasic[v] else { continue }
            let p = Int(factor.columnPosition[v])
            if p < 0 { return false }  // a bump column: its transposed solve is dense
            dualRhs[v] -= delta * termCoefficient[k]
            pendingPositions[p >> 6] |= 1 << UInt64(p & 63)
            highest = max(highest, p)
            lowest = min(lowest, p)
        }
        guard highest >= 0 else { return true }
        let budget = factor.pivots.count / 8 + 64
        var visited = 0
        var completed = true
        var word = highest >> 6
        while word >= lowest >> 6 {
            let pending = pendingPositions[word]
            if pending == 0 {
                word -= 1
                continue
            }
            let bit = 63 - pending.leadingZeroBitCount
            pendingPositions[word] = pending & ~(1 << UInt64(bit))
            guard completed else { continue }  // clearing the remaining bits only
            let p = word << 6 | bit
            visited += 1
            if visited > budget {
                completed = false
                continue
            }
            let pivot = factor.pivots[p]
            let row = Int(pivot.row)
            let column = Int(pivot.column)
            let value = dualRhs[column] / pivot.coefficient
            dualRhs[column] = 0
            guard value != 0 else { continue }
            duals[l * m + row] += value
            noteDualChanged(row)
            for k in rowStart[row]..<rowStart[row + 1] {
                let v = Int(termVariable[k])
                guard v != column, isBasic[v] else { continue }
                let q = Int(factor.columnPosition[v])
                guard q >= 0 else { continue }  // never: a triangular row reads no bump column
                dualRhs[v] -= termCoefficient[k] * value
                pendingPositions[q >> 6] |= 1 << UInt64(q & 63)
                lowest = min(lowest, q)
            }
        }
        if !completed {
            for v in 0..<variableCount { dualRhs[v] = 0 }
        }
        return completed
    }

    @inline(__always) func noteDualChanged(_ r: Int) {
        guard !dualChangedFlag[r] else { return }
        dualChangedFlag[r] = true
        dualChangedRows.append(Int32(r))
    }
}
