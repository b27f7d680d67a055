/// The primal simplex of one bump block on its own (BlockReoptimisation.swift says
/// when it is exact). The block's problem: its unknowns, its tight rows and the loose
/// rows that read them, each row by its coefficients on the block's unknowns (the
/// pinned ones stay as they are). Pricing, the choice of the entering column and the
/// ratio test are the global simplex's (ReducedCosts.swift, PivotRound.swift), on
/// dense copies a few entries long: the duals at each level a loose costed row
/// gives, from the block's transposed solve; the reduced costs of loosening each
/// tight row; the direction from the block's solve; the step from the loose rows'
/// own values. Each pivot swaps the leaving row into the block in place.
struct BlockLocalScratch {
    static let pinned: UInt8 = 1
    static let notPinned: UInt8 = 2
    /// Loose rows one block may read: more sends the frame to the global simplex.
    static let looseRowLimit = 64

    /// The blocks a frame's cost changes reach.
    var blocks: MarkedIndices
    /// `isPinned`'s memo per unknown (0: not known yet), what it decided, and its stack.
    var pinState: [UInt8]
    var pinVisited: [Int32] = []
    var pinStack: [Int32] = []
    /// One block's rows (its tight rows first, in slots 0..<n, then the loose ones)
    /// and their coefficients on its unknowns (slot × n + index in the block).
    var rows: [Int32]
    var coefficients: [Double]
    /// The tight rows' LU and its row order, the duals (level slot × n + tight slot),
    /// the levels with a costed loose row, a direction, the rows' rates along it.
    var lu: [Double]
    var permutation: [Int]
    var duals: [Double]
    var levels: [Int32]
    var direction: [Double]
    var work: [Double]
    var rates: [Double]

    init(rowCount: Int, variableCount: Int) {
        blocks = MarkedIndices(count: rowCount + BasisFactor.localRoom(rowCount) + 1)
        pinState = [UInt8](repeating: 0, count: variableCount)
        pinVisited.reserveCapacity(variableCount)
        pinStack.reserveCapacity(variableCount)
        let n = FactoredSolver.inPlaceBlockLimit, slots = n + Self.looseRowLimit
        rows = [Int32](repeating: 0, count: slots)
        coefficients = [Double](repeating: 0, count: slots * n)
        lu = [Double](repeating: 0, count: n * n)
        permutation = [Int](repeating: 0, count: n)
        duals = [Double](repeating: 0, count: Self.looseRowLimit * n)
        levels = [Int32](repeating: 0, count: Self.looseRowLimit)
        direction = [Double](repeating: 0, count: n)
        work = [Double](repeating: 0, count: n)
        rates = [Double](repeating: 0, count: slots)
    }
}

extension FactoredSolver {
    /// Re-optimises block `b` (`blockIsLocal` holds). Returns false when its local
    /// simplex fails: a trial swap is singular, a direction is unbounded, or it takes
    /// more pivots than a small block should (rounding cycling). The pivots made stay.
    func reoptimiseBlock(_ b: Int) -> Bool {
        let start = factor.blockStart[b]
        let n = factor.blockStart[b + 1] - start
        guard let slots = gatherBlockRows(b, start: start, n: n) else { return false }
        var blandOnly = false
        for _ in 0..<(8 + 2 * slots) {
            guard factorLocalBlock(n) else { return false }
            let levelCount = localDuals(n: n, slots: slots)
            guard let (slot, positive) = localEnteringRow(n: n, levels: levelCount, blandOnly: blandOnly) else { return true }
            localDirection(n: n, slot: slot, positive: positive)
            guard let (leaving, step) = localRatioTest(n: n, slots: slots) else { return false }
            let t = Int(blockLocal.rows[slot]), r = Int(blockLocal.rows[leaving])
            let pivot = RoundPivot(entering: .loosen(row: t, positive: positive), leaving: Int32(r), step: step)
            guard replacesInPlace(pivot) else { return false }
            for s in n..<slots where s != leaving {
                let row = Int(blockLocal.rows[s])
                basis.ownValue[row] = max(0, basis.ownValue[row] + step * blockLocal.rates[s])
            }
            replaceInPlace(pivot)
            basis.ownValue[t] = step
            statistics.pivots += 1
            swapLocalSlots(slot, leaving, n: n)
            blandOnly = step <= Tolerance.positiveStep
        }
        return false
    }

    /// Lists block `b`'s tight rows, then the loose rows in force that read its
    /// unknowns, with their coefficients on them. Returns the number of slots, or nil
    /// past `looseRowLimit` loose rows.
    private func gatherBlockRows(_ b: Int, start: Int, n: Int) -> Int? {
        var slots = 0
        for i in start..<(start + n) {
            blockLocal.rows[slots] = factor.bumpRows[i]
            slots += 1
        }
        for i in start..<(start + n) {
            let v = Int(factor.bumpColumns[i])
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = columnRow[k]
                guard basis.inForce[Int(r)], !basis.isTight[Int(r)] else { continue }
                var listed = false
                for s in n..<slots where blockLocal.rows[s] == r { listed = true }
                guard !listed else { continue }
                guard slots < n + BlockLocalScratch.looseRowLimit else { return nil }
                blockLocal.rows[slots] = r
                slots += 1
            }
        }
        for s in 0..<slots {
            for j in 0..<n { blockLocal.coefficients[s * n + j] = 0 }
            let r = Int(blockLocal.rows[s])
            for k in rowStart[r]..<rowStart[r + 1] {
                let j = Int(factor.bumpIndex[Int(termVariable[k])]) - start
                if j >= 0, j < n { blockLocal.coefficients[s * n + j] += termCoefficient[k] }
            }
        }
        return slots
    }

    /// The LU of the tight slots' coefficients (the block's matrix), as `factorBlock`
    /// makes it. False when singular.
    private func factorLocalBlock(_ n: Int) -> Bool {
        for i in 0..<(n * n) { blockLocal.lu[i] = blockLocal.coefficients[i] }
        for i in 0..<n { blockLocal.permutation[i] = i }
        return blockLocal.lu.withUnsafeMutableBufferPointer { lu in
            blockLocal.permutation.withUnsafeMutableBufferPointer { permutation in
                eliminateInPlace(lu, base: 0, n: n, permutation: permutation, permutationStart: 0)
            }
        }
    }

    /// The tight slots' duals at each level a loose costed row of the block has
    /// (`levels`, ascending): at level l, A_T^T y = -Σ (the rows' costs at l) a_r on the
    /// block's unknowns. Returns how many levels.
    private func localDuals(n: Int, slots: Int) -> Int {
        var levelCount = 0
        for s in n..<slots {
            let r = Int(blockLocal.rows[s])
            guard looseDual(r) != 0 else { continue }
            let l = settings.level[r]
            var i = 0
            while i < levelCount, blockLocal.levels[i] < l { i += 1 }
            guard i == levelCount || blockLocal.levels[i] != l else { continue }
            var j = levelCount
            while j > i {
                blockLocal.levels[j] = blockLocal.levels[j - 1]
                j -= 1
            }
            blockLocal.levels[i] = l
            levelCount += 1
        }
        for li in 0..<levelCount {
            for j in 0..<n { blockLocal.work[j] = 0 }
            for s in n..<slots {
                let r = Int(blockLocal.rows[s])
                guard settings.level[r] == blockLocal.levels[li] else { continue }
                let cost = looseDual(r)
                for j in 0..<n { blockLocal.work[j] -= cost * blockLocal.coefficients[s * n + j] }
            }
            solveLocalTransposed(n: n, into: li * n)
        }
        return levelCount
    }

    /// Solves A_T^T y = `work` with the local LU (P A = L U: U^T z = r, L^T w = z,
    /// y = P^T w), into `duals` from `offset`, by tight slot.
    private func solveLocalTransposed(n: Int, into offset: Int) {
        for i in 0..<n {
            var s = blockLocal.work[i]
            for j in 0..<i { s -= blockLocal.lu[j * n + i] * blockLocal.work[j] }
            blockLocal.work[i] = s / blockLocal.lu[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = blockLocal.work[i]
            for j in (i + 1)..<n { s -= blockLocal.lu[j * n + i] * blockLocal.work[j] }
            blockLocal.work[i] = s
        }
        for i in 0..<n { blockLocal.duals[offset + blockLocal.permutation[i]] = blockLocal.work[i] }
    }

    /// The tight slot whose loosening enters, and in which direction: the most
    /// important improving one, as a round orders its candidates, or the lowest row
    /// (Bland's rule) after a step of zero. Nil when none improves: the block is optimal.
    private func localEnteringRow(n: Int, levels levelCount: Int, blandOnly: Bool) -> (slot: Int, positive: Bool)? {
        var best: (slot: Int, positive: Bool, candidate: Candidate)?
        for i in 0..<n {
            let t = Int(blockLocal.rows[i])
            var positive = true
            var cost = localReducedCost(slot: i, row: t, positive: true, n: n, levels: levelCount)
            if cost.sign >= 0 {
                positive = false
                cost = localReducedCost(slot: i, row: t, positive: false, n: n, levels: levelCount)
            }
            guard cost.sign < 0 else { continue }
            let candidate = Candidate(
                level: cost.level, value: cost.value, blandIndex: Int32(variableCount + t), entering: .loosen(row: t, positive: positive))
            if let current = best?.candidate {
                let better = blandOnly ? candidate.blandIndex < current.blandIndex : candidate < current
                guard better else { continue }
            }
            best = (i, positive, candidate)
        }
        return best.map { ($0.slot, $0.positive) }
    }

    /// `reducedCost(row:positive:)` with the block's duals.
    private func localReducedCost(slot i: Int, row r: Int, positive: Bool, n: Int, levels levelCount: Int) -> LeadingCost {
        let costs = positive ? positiveCosts(r) : negativeCosts(r)
        let own = settings.level[r]
        var best = LeadingCost.zero
        var dualAtOwn = 0.0
        for li in 0..<levelCount {
            let y = blockLocal.duals[li * n + i]
            guard y != 0 else { continue }
            let l = blockLocal.levels[li]
            let value = positive ? -y : y
            if costs, l == own {
                dualAtOwn = value
                continue
            }
            if l < best.level, abs(value) > Tolerance.dual { best = LeadingCost(level: l, value: value) }
        }
        if costs, own < best.level {
            let total = 1 + dualAtOwn
            if abs(total) > Tolerance.dual { return LeadingCost(level: own, value: total) }
        }
        return best
    }

    /// The block's unknowns' change per unit step of loosening tight slot `slot`
    /// (`pos` entering when `positive`), into `direction`: A_T d = ∓e_slot.
    private func localDirection(n: Int, slot: Int, positive: Bool) {
        for i in 0..<n {
            var s = blockLocal.permutation[i] == slot ? (positive ? -1.0 : 1.0) : 0
            for j in 0..<i { s -= blockLocal.lu[i * n + j] * blockLocal.work[j] }
            blockLocal.work[i] = s
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = blockLocal.work[i]
            for j in (i + 1)..<n { s -= blockLocal.lu[i * n + j] * blockLocal.work[j] }
            blockLocal.work[i] = s / blockLocal.lu[i * n + i]
        }
        for j in 0..<n { blockLocal.direction[j] = blockLocal.work[j] }
    }

    /// `roundPivot`'s ratio test over the loose slots: their rates along the direction
    /// (kept in `rates`), and the slot that leaves with the step. Nil when none limits it.
    private func localRatioTest(n: Int, slots: Int) -> (slot: Int, step: Double)? {
        var leaving = -1
        var best = Double.infinity
        for s in n..<slots {
            let r = Int(blockLocal.rows[s])
            var change = 0.0
            for j in 0..<n { change += blockLocal.coefficients[s * n + j] * blockLocal.direction[j] }
            let rate = basis.positiveBasic[r] ? -change : change
            blockLocal.rates[s] = rate
            guard rate < -Tolerance.nonzeroRate else { continue }
            let ratio = max(basis.ownValue[r], 0) / -rate
            let tolerance = Tolerance.ratioTie * max(1, best)
            if leaving < 0 || ratio < best - tolerance || (ratio <= best + tolerance && r < Int(blockLocal.rows[leaving])) {
                if ratio < best { best = ratio }
                leaving = s
            }
        }
        return leaving < 0 ? nil : (leaving, best)
    }

    /// Swaps tight slot `a` with loose slot `b` (rows and coefficients): the pivot
    /// made `b`'s row tight in `a`'s row's place.
    private func swapLocalSlots(_ a: Int, _ b: Int, n: Int) {
        blockLocal.rows.swapAt(a, b)
        for j in 0..<n { blockLocal.coefficients.swapAt(a * n + j, b * n + j) }
    }
}
