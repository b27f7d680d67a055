import LayoutModel

/// The primal simplex of one bump block on its own (BlockReoptimisation.swift says
/// when it is exact). The block's problem: its unknowns, its tight rows and the loose
/// rows that read them, each row by its coefficients on the block's unknowns and its
/// constant less its pinned terms (the pinned unknowns stay as they are). Pricing,
/// the choice of the entering column and the ratio test are the global simplex's
/// (ReducedCosts.swift, PivotRound.swift), on dense copies a few entries long: the
/// duals at each level a loose costed row gives, from the block's transposed solve;
/// the reduced costs of loosening each tight row; the direction from the block's
/// solve; the step from the loose rows' own values. A pivot swaps the leaving row
/// into the entering row's place, as `swapBlockRow` does; the block's LU is the one
/// `factorBlock` would make (the same matrix, the same elimination), so a trial
/// that fails is the in-place swap's refusal. The block's values are its own to
/// solve: the propagation skips a block listed before it (BlockReoptimisation.swift),
/// so the simplex starts from the block's values solved from its factored LU and its
/// loose rows' own columns recomputed from them (a negative one flipped). Only when
/// the block is optimal is anything written: its rows, LU and tight-list slots, the
/// rows' states, and the values, solved as the frame path's `solveBump` solves them.
extension BlockWorkspace {
    /// Re-optimises block `b` and writes it back (values
    /// included, whether or not it pivoted). False, with nothing written, when its
    /// local simplex does not apply or fails: a loose required row's cost (a dual at
    /// level 0), a swap's LU singular, a direction unbounded, or more pivots than a
    /// small block should take (rounding cycling).
    func reoptimiseBlock(_ b: Int, _ t: LocalBlockTables, _ tally: inout LocalBlockTally) -> Bool {
        let start = t.blockStart[b], n = t.blockStart[b + 1] - start
        let loose = collectLooseRows(b, t)
        // Blocks of three unknowns take copies unrolled over them; toggle's, with one loose
        // row, one unrolled over the slots and levels too (`specialisesSizes` off: neither).
        if n == 3, t.specialisesSizes {
            tally.sizeCopies &+= 1
            if loose == 1 { return runLocalSimplex(b, start: start, size: ThreeUnknownsOneLoose(), t, &tally) }
            return runLocalSimplex(b, start: start, size: ThreeUnknowns(loose: loose), t, &tally)
        }
        return runLocalSimplex(b, start: start, size: AnyBlockSize(n: n, loose: loose), t, &tally)
    }

    /// `reoptimiseBlock` for block `b` of `size` (its unknowns and loose rows) from bump place `start`.
    private func runLocalSimplex<S: LocalBlockSize>(
        _ b: Int, start: Int, size: S, _ t: LocalBlockTables, _ tally: inout LocalBlockTally
    ) -> Bool {
        let n = size.n
        let p = self
        let slots = size.slots
        gatherBlock(start: start, size: size, t)
        copyFactoredBlock(b, start: start, size: size, t)
        solveLocalValues(size: size)
        // The loose rows' own columns at the block's values; a negative one flips (`flipOwnColumn`).
        for s in n..<slots {
            let r = Int(p.rows[s])
            var own = localOwnValue(r, positive: p.positive[s], start: start, size: size, t)
            if own < -Tolerance.feasibility * max(1, abs(t.rhs[r])) {
                p.positive[s].toggle()
                own = -own
            }
            p.own[s] = own
            p.cost[s] = localLooseCost(s, t)
            if p.cost[s] != 0, p.level[s] == 0 { return false }
        }
        var pivots = 0
        var blandOnly = false
        for _ in 0..<(8 + 2 * slots) {
            // Before any pivot, the slots are the factor's block: its LU is the one to make.
            // The values the write-back needs are solved here, after each re-factoring,
            // so that the duals' solve, which does not wait on them, can run beside them.
            if pivots > 0 {
                guard factorLocalBlock(size) else { return false }
                solveLocalValues(size: size)
            }
            let levelCount = localDuals(size: size)
            guard let (slot, positive) = localEnteringRow(
                size: size, levels: levelCount, blandOnly: blandOnly, kind: t.kind, variableCount: t.variableCount
            ) else {
                writeBackBlock(b, start: start, size: size, pivots: pivots, t, &tally)
                return true
            }
            localDirection(size: size, slot: slot, positive: positive)
            guard let (leaving, step) = localRatioTest(size: size) else { return false }
            for s in n..<slots where s != leaving { p.own[s] = max(0, p.own[s] + step * p.rates[s]) }
            swapLocalSlots(slot, leaving, size: size)
            p.positive[leaving] = positive
            p.own[leaving] = step
            p.cost[leaving] = localLooseCost(leaving, t)
            pivots += 1
            blandOnly = step <= Tolerance.positiveStep
        }
        return false
    }

    /// Block `b`'s values as the basis stands (no pivot), written back with its loose
    /// rows' own columns, the negative ones listed: the propagation's work on a block
    /// it skipped, when the block is not re-optimised after all.
    func solveBlockValuesOnly(_ b: Int, _ t: LocalBlockTables, _ tally: inout LocalBlockTally) {
        let start = t.blockStart[b], n = t.blockStart[b + 1] - start
        let size = AnyBlockSize(n: n, loose: collectLooseRows(b, t))
        gatherBlock(start: start, size: size, t)
        copyFactoredBlock(b, start: start, size: size, t)
        solveLocalValues(size: size)
        writeBackBlock(b, start: start, size: size, pivots: 0, t, &tally)
    }

    /// Block `b`'s loose rows into `looseRows`, in the order its listing keeps them (its
    /// kept rows not tight now, BlockListings.swift); returns how many. Read here, by the
    /// pass's threads, not listed before the pass by the calling thread: they are the
    /// block's own rows and those reading its unknowns alone, which no other block writes.
    @inline(__always) private func collectLooseRows(_ b: Int, _ t: LocalBlockTables) -> Int {
        let kept = t.keptRows + Int(t.keptRowsStart[b])
        var count = 0
        for i in 0..<Int(t.keptRowsCount[b]) where !t.isTight[Int(kept[i])] {
            // The listing admitted at most the limit, and a block's pass keeps its number of tight rows.
            precondition(count < LocalBlockBuffers.looseRowLimit, "block \(b) has more loose rows than its listing admitted")
            looseRows[count] = kept[i]
            count += 1
        }
        return count
    }

    /// Fills the slots: the block's tight rows (from `start`, `size.n` of them), then the `size.loose` collected.
    @inline(__always) private func gatherBlock<S: LocalBlockSize>(start: Int, size: S, _ t: LocalBlockTables) {
        let n = size.n
        let p = self
        for s in 0..<size.slots {
            let r = s < n ? Int(t.bumpRows[start + s]) : Int(p.looseRows[s - n])
            p.rows[s] = Int32(r)
            p.level[s] = t.level[r]
            let row = p.coefficients + s * n
            for j in 0..<n { row[j] = 0 }
            // The constant less the other terms, in term order, as the block solves fold them.
            var residual = t.rhs[r]
            for k in t.rowStart[r]..<t.rowStart[r + 1] {
                let v = Int(t.termVariable[k])
                let j = Int(t.bumpIndex[v]) &- start
                if j >= 0, j < n {
                    row[j] += t.termCoefficient[k]
                } else {
                    residual -= t.termCoefficient[k] * t.x[v]
                }
            }
            p.residual[s] = residual
            if s >= n { p.positive[s] = t.positiveBasic[r] }
        }
    }

    /// The factor's LU of block `b` (made by `factorBlock` from the same rows in the same
    /// order, so the one `factorLocalBlock` would make).
    @inline(__always) private func copyFactoredBlock<S: LocalBlockSize>(_ b: Int, start: Int, size: S, _ t: LocalBlockTables) {
        let n = size.n
        let p = self
        let offset = t.blockOffset[b]
        // Whole copies: element by element took five instructions an entry.
        p.lu.update(from: t.bumpLU.baseAddress! + offset, count: n * n)
        p.permutation.update(from: t.bumpPermutation.baseAddress! + start, count: n)
    }

    /// The LU of the tight slots' coefficients, as `factorBlock` makes it. False when singular.
    @inline(__always) private func factorLocalBlock<S: LocalBlockSize>(_ size: S) -> Bool {
        let n = size.n
        let p = self
        // Toggle's blocks: the same elimination in locals (LocalBlockOfThree.swift).
        if n == 3 { return eliminateThreeByThree(from: p.coefficients, into: p.lu, permutation: p.permutation) }
        p.lu.update(from: p.coefficients, count: n * n)
        for i in 0..<n { p.permutation[i] = i }
        return eliminateInPlace(
            UnsafeMutableBufferPointer(start: p.lu, count: n * n), base: 0, n: n,
            permutation: UnsafeMutableBufferPointer(start: p.permutation, count: n), permutationStart: 0)
    }

    /// The block's unknowns into `values` from its LU and its tight slots' residuals
    /// (`solveBlockLU`'s steps, so the values the frame path's `solveBump` finds).
    @inline(__always) func solveLocalValues<S: LocalBlockSize>(size: S) {
        let p = self
        solveLocalLU(size: size, into: p.values) { p.residual[$0] }
    }

    /// Solves P A x = L U x = P b for the tight slots' LU into `x`, `b` read by slot
    /// (`rhs`): L y = P b forward, then U x = y backward, in `solveBlockLU`'s order.
    @inline(__always) private func solveLocalLU<S: LocalBlockSize>(
        size: S, into x: UnsafeMutablePointer<Double>, rhs: (Int) -> Double
    ) {
        let n = size.n
        let p = self
        if n == 3 { return solveThreeByThree(lu: p.lu, permutation: p.permutation, into: x, rhs: rhs) }
        for i in 0..<n {
            var sum = rhs(p.permutation[i])
            for j in 0..<i { sum -= p.lu[i * n + j] * x[j] }
            x[i] = sum
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = x[i]
            for j in (i + 1)..<n { sum -= p.lu[i * n + j] * x[j] }
            x[i] = sum / p.lu[i * n + i]
        }
    }

    /// Loose row `r`'s own column at the block's `values` and the other unknowns' `x`,
    /// summed in term order as `recomputeTouchedOwnColumns` sums it.
    @inline(__always) func localOwnValue<S: LocalBlockSize>(_ r: Int, positive: Bool, start: Int, size: S, _ t: LocalBlockTables) -> Double {
        let n = size.n
        let p = self
        var activity = 0.0
        for k in t.rowStart[r]..<t.rowStart[r + 1] {
            let v = Int(t.termVariable[k])
            let j = Int(t.bumpIndex[v]) &- start
            activity += t.termCoefficient[k] * (j >= 0 && j < n ? p.values[j] : t.x[v])
        }
        let residual = t.rhs[r] - activity
        return positive ? residual : -residual
    }

    /// A loose slot's dual: its basic own column's cost (`looseDual` on the slot's state).
    @inline(__always) private func localLooseCost(_ s: Int, _ t: LocalBlockTables) -> Double {
        let p = self
        let positive = p.positive[s]
        let kind = t.kind[Int(p.rows[s])]
        guard positive ? kind != .lessThanOrEqual : kind != .greaterThanOrEqual else { return 0 }
        return positive ? 1 : -1
    }

    /// The tight slots' duals at each level a loose costed slot has (`levels`,
    /// ascending): at level l, A_T^T y = -Σ (the slots' costs at l) a_r on the block's
    /// unknowns. Returns how many levels.
    @inline(__always) private func localDuals<S: LocalBlockSize>(size: S) -> Int {
        let n = size.n, slots = size.slots
        let p = self
        var levelCount = 0
        for s in n..<slots where p.cost[s] != 0 {
            let l = p.level[s]
            var i = 0
            while i < levelCount, p.levels[i] < l { i += 1 }
            guard i == levelCount || p.levels[i] != l else { continue }
            var j = levelCount
            while j > i {
                p.levels[j] = p.levels[j - 1]
                j -= 1
            }
            p.levels[i] = l
            levelCount += 1
        }
        if n == 3 {
            localDualsOfThree(slots: slots, levels: levelCount)
            return levelCount
        }
        for li in 0..<levelCount {
            for j in 0..<n { p.work[j] = 0 }
            for s in n..<slots where p.cost[s] != 0 && p.level[s] == p.levels[li] {
                let cost = p.cost[s]
                for j in 0..<n { p.work[j] -= cost * p.coefficients[s &* n &+ j] }
            }
            // P A = L U: U^T z = r, L^T w = z, y = P^T w.
            for i in 0..<n {
                var sum = p.work[i]
                for j in 0..<i { sum -= p.lu[j * n + i] * p.work[j] }
                p.work[i] = sum / p.lu[i * n + i]
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                var sum = p.work[i]
                for j in (i + 1)..<n { sum -= p.lu[j * n + i] * p.work[j] }
                p.work[i] = sum
            }
            for i in 0..<n { p.duals[li * n + p.permutation[i]] = p.work[i] }
        }
        return levelCount
    }

    /// The tight slot whose loosening enters, and in which direction: the most
    /// important improving one, as a round orders its candidates, or the lowest row
    /// (Bland's rule) after a step of zero. Nil when none improves: the block is optimal.
    private func localEnteringRow<S: LocalBlockSize>(
        size: S, levels levelCount: Int, blandOnly: Bool, kind: UnsafeBufferPointer<RowKind>, variableCount: Int32
    ) -> (slot: Int, positive: Bool)? {
        let n = size.n
        let p = self
        // The best so far, compared as `Candidate`s are: level, then value, then Bland's index.
        var bestSlot = -1, bestPositive = true
        var bestLevel = Int32.max, bestValue = 0.0, bestIndex = Int32.max
        // A tight required equality's own columns cost 1 at level 0 in both directions,
        // offset only by a dual at level 0: with none, it cannot improve (toggle's
        // blocks: two of three slots), and its reduced costs need not be read.
        let requiredLevelIdle = levelCount == 0 || p.levels[0] != 0
        for i in 0..<n {
            if requiredLevelIdle, p.level[i] == 0, kind[Int(p.rows[i])] == .equal { continue }
            let duals = localSlotDuals(slot: i, size: size, levels: levelCount)
            var positive = true
            var cost = localReducedCost(slot: i, positive: true, duals, kind)
            if cost.sign >= 0 {
                positive = false
                cost = localReducedCost(slot: i, positive: false, duals, kind)
            }
            guard cost.sign < 0 else { continue }
            let index = variableCount + p.rows[i]
            if bestSlot >= 0 {
                let better = blandOnly
                    ? index < bestIndex
                    : cost.level != bestLevel ? cost.level < bestLevel : cost.value != bestValue ? cost.value < bestValue : index < bestIndex
                guard better else { continue }
            }
            (bestSlot, bestPositive, bestLevel, bestValue, bestIndex) = (i, positive, cost.level, cost.value, index)
        }
        return bestSlot < 0 ? nil : (bestSlot, bestPositive)
    }

    /// What the reduced costs of loosening tight slot `i` read of its duals, in one
    /// pass for both directions: its dual at its own level, and the first (most
    /// important) level whose dual passes the tolerance, other than its own level
    /// and at all.
    @inline(__always) private func localSlotDuals<S: LocalBlockSize>(slot i: Int, size: S, levels levelCount: Int) -> LocalSlotDuals {
        let n = size.n
        let p = self
        let own = p.level[i]
        var d = LocalSlotDuals(atOwn: 0, otherLevel: .max, other: 0, firstLevel: .max, first: 0)
        // A level per costed loose slot at most: the bound a size known at compile time unrolls.
        for li in 0..<min(levelCount, size.loose) {
            let y = p.duals[li &* n &+ i]
            guard y != 0 else { continue }  // a dual the transposed solve does not emit
            let l = p.levels[li]
            if l == own { d.atOwn = y }
            guard abs(y) > Tolerance.dual else { continue }
            if d.firstLevel == .max { (d.firstLevel, d.first) = (l, y) }
            if l != own, d.otherLevel == .max { (d.otherLevel, d.other) = (l, y) }
        }
        return d
    }

    /// `reducedCost(row:positive:)` of tight slot `i`, from its duals (`localSlotDuals`):
    /// loosening it costs 1 at its own level if that own column costs, offset by its
    /// dual there, else the leading dual leads (negated for `pos`).
    @inline(__always) private func localReducedCost(slot i: Int, positive: Bool, _ d: LocalSlotDuals, _ kinds: UnsafeBufferPointer<RowKind>) -> LeadingCost {
        let p = self
        let kind = kinds[Int(p.rows[i])]
        let costs = positive ? kind != .lessThanOrEqual : kind != .greaterThanOrEqual
        let sign = positive ? -1.0 : 1.0
        let (level, y) = costs ? (d.otherLevel, d.other) : (d.firstLevel, d.first)
        let best = level == .max ? LeadingCost(level: .max, value: 0) : LeadingCost(level: level, value: sign * y)
        let own = p.level[i]
        if costs, own < best.level {
            let total = 1 + sign * d.atOwn
            if abs(total) > Tolerance.dual { return LeadingCost(level: own, value: total) }
        }
        return best
    }

    /// The block's unknowns' change per unit step of loosening tight slot `slot` (`pos`
    /// entering when `positive`), into `direction`: A_T d = ∓e_slot (L y = P b, U d = y).
    @inline(__always) private func localDirection<S: LocalBlockSize>(size: S, slot: Int, positive: Bool) {
        let unit = positive ? -1.0 : 1.0
        solveLocalLU(size: size, into: direction) { $0 == slot ? unit : 0 }
    }

    /// `roundPivot`'s ratio test over the loose slots: their rates along the direction
    /// (kept in `rates`), and the slot that leaves with the step. Nil when none limits it.
    @inline(__always) private func localRatioTest<S: LocalBlockSize>(size: S) -> (slot: Int, step: Double)? {
        let n = size.n, slots = size.slots
        let p = self
        var leaving = -1
        var best = Double.infinity
        for s in n..<slots {
            var change = 0.0
            for j in 0..<n { change += p.coefficients[s &* n &+ j] * p.direction[j] }
            let rate = p.positive[s] ? -change : change
            p.rates[s] = rate
            guard rate < -Tolerance.nonzeroRate else { continue }
            let ratio = max(p.own[s], 0) / -rate
            let tolerance = Tolerance.ratioTie * max(1, best)
            if leaving < 0 || ratio < best - tolerance || (ratio <= best + tolerance && p.rows[s] < p.rows[leaving]) {
                if ratio < best { best = ratio }
                leaving = s
            }
        }
        return leaving < 0 ? nil : (leaving, best)
    }

    /// Swaps tight slot `a` with loose slot `b`: the pivot made `b`'s row tight in
    /// `a`'s row's place.
    @inline(__always) private func swapLocalSlots<S: LocalBlockSize>(_ a: Int, _ b: Int, size: S) {
        let n = size.n
        let p = self
        swap(&p.rows[a], &p.rows[b])
        swap(&p.level[a], &p.level[b])
        swap(&p.residual[a], &p.residual[b])
        for j in 0..<n { swap(&p.coefficients[a * n + j], &p.coefficients[b * n + j]) }
    }
}
