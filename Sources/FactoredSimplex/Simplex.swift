import LayoutModel

/// What enters the basis in a primal step.
enum Entering {
    /// Non-basic unknown `variable` moves by `sign` (±1) per unit step.
    case unknown(variable: Int, sign: Double)
    /// Tight row `row` loosens: its `pos` (a·x falls below b) or `neg` column becomes basic.
    case loosen(row: Int, positive: Bool)
}

extension FactoredSolver {
    static let dualTolerance = 1e-9

    /// π = c_B B⁻¹ per level: a non-tight row's dual is its basic column's cost
    /// (±1 at its level), a tight row's comes from one transposed solve per level.
    /// Only the levels with a costed basic column (`activeLevels`, ascending) have
    /// nonzero duals: with hundreds of priorities most levels are empty, and neither
    /// their transposed solves nor their pricing are paid for.
    func computeDuals() {
        ensureFactor()
        pricings += 1
        let m = rowCount
        // Local lets: a class property read per element costs an exclusivity check.
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let inForce = self.inForce, isTight = self.isTight, level = self.level, isBasic = self.isBasic
        let positiveBasic = self.positiveBasic, kind = self.kind
        let hasTight = !tightRows.isEmpty
        var active = activeLevels
        activeLevels = []
        duals.withUnsafeMutableBufferPointer { d in
        variableScratch.withUnsafeMutableBufferPointer { scratch in
        levelHead.withUnsafeMutableBufferPointer { head in
        nextInLevel.withUnsafeMutableBufferPointer { next in
            for l32 in active {
                let l = Int(l32)
                for i in (l * m)..<((l + 1) * m) { d[i] = 0 }
            }
            active.removeAll(keepingCapacity: true)
            // The costed basic own columns, listed by level.
            for r in stride(from: m - 1, through: 0, by: -1) where inForce[r] && !isTight[r] {
                let costs = positiveBasic[r] ? kind[r] != .lessThanOrEqual : kind[r] != .greaterThanOrEqual
                guard costs else { continue }
                let l = Int(level[r])
                if head[l] < 0 { active.append(Int32(l)) }
                next[r] = head[l]
                head[l] = Int32(r)
            }
            active.sort()
            for l32 in active {
                let l = Int(l32)
                for v in 0..<scratch.count { scratch[v] = 0 }
                var r32 = head[l]
                head[l] = -1
                while r32 >= 0 {
                    let r = Int(r32)
                    let pi: Double = positiveBasic[r] ? 1 : -1
                    d[l * m + r] = pi
                    for k in rowStart[r]..<rowStart[r + 1] where isBasic[Int(termVariable[k])] {
                        scratch[Int(termVariable[k])] -= pi * termCoefficient[k]
                    }
                    r32 = next[r]
                }
                guard hasTight else { continue }
                let slice = UnsafeMutableBufferPointer(rebasing: d[(l * m)..<((l + 1) * m)])
                factor.solveTransposed(self, rhs: scratch, y: slice, basic: isBasic)
            }
        }}}}
        activeLevels = active
    }

    /// The lexicographic sign of unknown `v`'s reduced cost (only active levels can be nonzero).
    func reducedCostSign(unknown v: Int) -> Int {
        let m = rowCount
        for l32 in activeLevels {
            let l = Int(l32)
            var s = 0.0
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = Int(columnRow[k])
                if inForce[r] { s -= duals[l * m + r] * columnCoefficient[k] }
            }
            if s < -Self.dualTolerance { return -1 }
            if s > Self.dualTolerance { return 1 }
        }
        return 0
    }

    /// The lexicographic sign of the reduced cost of row `r`'s `pos` or `neg` column:
    /// its own cost (1 at its level, if it has one) minus or plus the row's duals.
    func reducedCostSign(row r: Int, positive: Bool) -> Int {
        let m = rowCount
        let lr = Int(level[r])
        var costPending = positive ? positiveCosts(r) : negativeCosts(r)
        for l32 in activeLevels {
            let l = Int(l32)
            if costPending, lr < l { return 1 }  // the own cost comes first, at a level with no duals
            let c: Double = (costPending && l == lr) ? 1 : 0
            if l == lr { costPending = false }
            let value = positive ? c - duals[l * m + r] : c + duals[l * m + r]
            if value < -Self.dualTolerance { return -1 }
            if value > Self.dualTolerance { return 1 }
        }
        return costPending ? 1 : 0
    }

    /// The change of the basic unknowns per unit step of `entering` (into `direction`).
    func computeDirection(_ entering: Entering) {
        for v in 0..<variableCount { direction[v] = 0 }
        for r in tightRows { rowScratch[Int(r)] = 0 }
        switch entering {
        case let .unknown(v, sign):
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = Int(columnRow[k])
                if inForce[r], isTight[r] { rowScratch[r] = -sign * columnCoefficient[k] }
            }
            direction[v] = sign
        case let .loosen(r, positive):
            rowScratch[r] = positive ? -1 : 1
        }
        rowScratch.withUnsafeMutableBufferPointer { b in
            direction.withUnsafeMutableBufferPointer { d in factor.solve(self, rhs: b, x: d, basic: isBasic) }
        }
    }

    /// Re-solves: values for the new right-hand side, then (only if some basic column
    /// went negative or the costs changed) primal simplex from the repaired basis.
    func solve() throws(LayoutError) {
        let valuesCurrent = factorValid && basisOptimal
        if sparseSolve() {
            lastSolveWasSparse = true
            return
        }
        lastSolveWasSparse = false
        if valuesCurrent {
            // The propagation brought every value up to date; only the rows it left
            // negative need their other own column, and often no pivot follows.
            if flipKeepsOptimal() {
                lastSolveWasSparse = true
                return
            }
            basisOptimal = false
        } else {
            computeValues()
            for r in 0..<rowCount where inForce[r] && !isTight[r] && ownValue[r] < -feasibilityTolerance(r) {
                positiveBasic[r].toggle()
                ownValue[r] = -ownValue[r]
                basisOptimal = false
            }
        }
        if !basisOptimal {
            try primalSimplex()
            basisOptimal = true
        }
    }

    /// Required rows the infeasibility certificate uses: violated ones and tight ones with a level-0 dual.
    func conflictRows() -> [Int] {
        computeDuals()
        var out: [Int] = []
        for r in 0..<rowCount where inForce[r] && level[r] == 0 {
            if isTight[r] {
                if abs(duals[r]) > Self.dualTolerance { out.append(r) }
            } else {
                let costs = positiveBasic[r] ? positiveCosts(r) : negativeCosts(r)
                if costs, ownValue[r] > feasibilityTolerance(r) { out.append(r) }
            }
        }
        return out
    }

    /// Unknowns some zero-cost move of the optimum changes (step lengths not checked).
    func unfixedVariables() -> [Bool] {
        var out = isBasic.map { !$0 }
        computeDuals()
        for r in tightRows.map(Int.init) {
            for positive in [true, false] where reducedCostSign(row: r, positive: positive) == 0 {
                computeDirection(.loosen(row: r, positive: positive))
                for v in 0..<variableCount where abs(direction[v]) > 1e-9 { out[v] = true }
            }
        }
        return out
    }
}
