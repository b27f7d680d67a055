/// Pricing that pays for what the costs reach, not for the layout's size. Each
/// level's duals come from a transposed solve seeded by that level's costed rows
/// (violated optional constraints, usually few): it visits only the tight rows
/// upstream of them (the bump blocks they reach, then the triangular part in
/// decreasing position). Only those rows have nonzero duals, so only they and the
/// unknowns they read can price as improving; every other column's reduced cost is
/// its own cost (never negative) or zero. A full scan costs levels × size: mixed
/// has hundreds of levels, clamp and toggle 100,000 views.
extension FactoredSolver {
    /// π = c_B B⁻¹ per level: a loose row's dual is its basic own column's cost (±1
    /// at its level), a tight row's comes from the transposed solve. Only the levels
    /// with a costed basic column (`activeLevels`, ascending) have nonzero duals.
    func computeDuals() {
        ensureFactor()
        pricings += 1
        prices.state.dualsComputed()
        prices.updatesSinceRefresh = 0
        prices.updatesThisFrame = 0
        prices.duals.removeAll()
        let m = rowCount
        // The costed basic own columns, listed by level (one pass over the rows).
        var active = prices.activeLevels
        prices.activeLevels = []
        active.removeAll(keepingCapacity: true)
        let inForce = self.basis.inForce, isTight = self.basis.isTight, level = self.settings.level
        let positiveBasic = self.basis.positiveBasic, kind = self.kind
        prices.levelHead.withUnsafeMutableBufferPointer { head in
        prices.nextInLevel.withUnsafeMutableBufferPointer { next in
            for r in stride(from: m - 1, through: 0, by: -1) where inForce[r] && !isTight[r] {
                let costs = positiveBasic[r] ? kind[r] != .lessThanOrEqual : kind[r] != .greaterThanOrEqual
                guard costs else { continue }
                let l = Int(level[r])
                if head[l] < 0 { active.append(Int32(l)) }
                next[r] = head[l]
                head[l] = Int32(r)
            }
        }}
        active.withUnsafeMutableBufferPointer { heapSort($0) }
        for l32 in active {
            let l = Int(l32)
            var r32 = prices.levelHead[l]
            prices.levelHead[l] = -1
            while r32 >= 0 {
                let r = Int(r32)
                seedTransposed(level: l, row: r, dual: positiveBasic[r] ? 1 : -1)
                r32 = prices.nextInLevel[r]
            }
            _ = transposedSolve(level: l, budget: Int.max)
        }
        prices.activeLevels = active
    }

    /// Where a transposed solve's result goes: the duals at level `l`, or for
    /// `l < 0` the scratch row of the inverse (`inverseRow`, DualSimplex.swift).
    @inline(__always) func emitTransposed(level l: Int, row r: Int, _ value: Double) {
        if l >= 0 {
            prices.duals.add(level: l, row: r, value)
        } else {
            if dualScratch.inverseRow[r] == 0 { dualScratch.inverseRowSupport.append(Int32(r)) }
            dualScratch.inverseRow[r] += value
            if dualScratch.inverseRow[r] == 0 { dualScratch.inverseRow[r] = .leastNonzeroMagnitude }  // stays listed once
        }
    }

    /// Row `r`'s dual at level `l` changes by `dual`: records it, and puts
    /// -dual · a_r on the basic unknowns for the transposed solve.
    func seedTransposed(level l: Int, row r: Int, dual: Double) {
        emitTransposed(level: l, row: r, dual)
        let termVariable = self.termVariable, termCoefficient = self.termCoefficient, isBasic = self.basis.isBasic
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            guard isBasic[v] else { continue }
            dualScratch.dualRhs[v] -= dual * termCoefficient[k]
            markTransposed(v)
        }
    }

    @inline(__always) func markTransposed(_ v: Int) {
        let p = Int(factor.columnPosition[v])
        if p >= 0 {
            framePath.pendingPositions[p >> 6] |= 1 << UInt64(p & 63)
            prices.transposedHighest = max(prices.transposedHighest, p)
            prices.transposedLowest = min(prices.transposedLowest, p)
        } else {
            factor.markBlock(ofRow: Int(factor.bumpRows[Int(factor.bumpIndex[v])]))
        }
    }

    /// Solves A_T^T Δy = dualRhs for the marked positions and blocks at level `l`,
    /// adding Δy into the duals. The bump comes first (triangular rows read no bump
    /// column), then positions in decreasing order. Returns false, with the
    /// scratch cleared and the duals partly updated, if more than `budget`
    /// positions would be visited.
    func transposedSolve(level l: Int, budget: Int) -> Bool {
        transposedSolveMarkedBlocks(level: l)
        defer {
            prices.transposedHighest = -1
            prices.transposedLowest = Int.max
        }
        guard prices.transposedHighest >= 0 else { return true }
        // Local lets and raw buffers: class-property access per element costs an exclusivity check.
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let isBasic = self.basis.isBasic, columnPosition = factor.columnPosition, pivots = factor.pivots
        var visited = 0
        var completed = true
        var lowest = prices.transposedLowest
        var word = prices.transposedHighest >> 6
        framePath.pendingPositions.withUnsafeMutableBufferPointer { bits in
        dualScratch.dualRhs.withUnsafeMutableBufferPointer { rhs in
            while word >= lowest >> 6 {
                let pending = bits[word]
                if pending == 0 {
                    word = previousMarkedWord(bits, from: word - 1, downTo: lowest >> 6)
                    continue
                }
                let bit = 63 - pending.leadingZeroBitCount
                bits[word] = pending & ~(1 << UInt64(bit))
                guard completed else { continue }  // only clearing the remaining bits
                let p = word << 6 | bit
                visited += 1
                if visited > budget {
                    completed = false
                    continue
                }
                let pivot = pivots[p]
                let row = Int(pivot.row)
                let column = Int(pivot.column)
                let value = rhs[column] / pivot.coefficient
                rhs[column] = 0
                guard value != 0 else { continue }
                emitTransposed(level: l, row: row, value)
                for k in rowStart[row]..<rowStart[row + 1] {
                    let v = Int(termVariable[k])
                    guard v != column, isBasic[v] else { continue }
                    rhs[v] -= termCoefficient[k] * value
                    // Always an earlier position: a triangular row reads no bump column.
                    let q = Int(columnPosition[v])
                    bits[q >> 6] |= 1 << UInt64(q & 63)
                    lowest = min(lowest, q)
                }
            }
        }}
        if !completed {
            for v in 0..<variableCount { dualScratch.dualRhs[v] = 0 }
        }
        return completed
    }
}

/// Sorts ascending in place without allocating.
func heapSort<T: Comparable>(_ a: UnsafeMutableBufferPointer<T>) {
    let n = a.count
    guard n > 1 else { return }
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 * root + 1
            guard child < end else { return }
            if child + 1 < end, a[child + 1] > a[child] { child += 1 }
            guard a[child] > a[root] else { return }
            a.swapAt(root, child)
            root = child
        }
    }
    for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
    for end in stride(from: n - 1, to: 0, by: -1) {
        a.swapAt(0, end)
        siftDown(0, end)
    }
}
