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
    func computeDuals() {
        ensureFactor()
        let m = rowCount
        // Local lets: a class property read per element costs an exclusivity check.
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let inForce = self.inForce, isTight = self.isTight, level = self.level, isBasic = self.isBasic
        let positiveBasic = self.positiveBasic, kind = self.kind
        let hasTight = !tightRows.isEmpty
        duals.withUnsafeMutableBufferPointer { d in
        variableScratch.withUnsafeMutableBufferPointer { scratch in
            for i in 0..<d.count { d[i] = 0 }
            for l in 0..<levelCount {
                var any = false
                for v in 0..<scratch.count { scratch[v] = 0 }
                for r in 0..<m where inForce[r] && !isTight[r] && level[r] == Int32(l) {
                    let pi: Double = positiveBasic[r]
                        ? (kind[r] != .lessThanOrEqual ? 1 : 0) : (kind[r] != .greaterThanOrEqual ? -1 : 0)
                    guard pi != 0 else { continue }
                    d[l * m + r] = pi
                    any = true
                    for k in rowStart[r]..<rowStart[r + 1] where isBasic[Int(termVariable[k])] {
                        scratch[Int(termVariable[k])] -= pi * termCoefficient[k]
                    }
                }
                guard any, hasTight else { continue }
                let slice = UnsafeMutableBufferPointer(rebasing: d[(l * m)..<((l + 1) * m)])
                factor.solveTransposed(self, rhs: scratch, y: slice, basic: isBasic)
            }
        }}
    }

    /// Sign of a lexicographic vector given level by level.
    @inline(__always) func lexSign(_ value: (Int) -> Double) -> Int {
        for l in 0..<levelCount {
            let v = value(l)
            if v < -Self.dualTolerance { return -1 }
            if v > Self.dualTolerance { return 1 }
        }
        return 0
    }

    func reducedCostSign(unknown v: Int) -> Int {
        let m = rowCount
        return lexSign { l in
            var s = 0.0
            for k in columnStart[v]..<columnStart[v + 1] {
                let r = Int(columnRow[k])
                if inForce[r] { s -= duals[l * m + r] * columnCoefficient[k] }
            }
            return s
        }
    }

    func reducedCostSign(row r: Int, positive: Bool) -> Int {
        let m = rowCount
        let lr = Int(level[r])
        let costs = positive ? positiveCosts(r) : negativeCosts(r)
        return lexSign { l in
            let c: Double = (costs && l == lr) ? 1 : 0
            return positive ? c - duals[l * m + r] : c + duals[l * m + r]
        }
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
            // negative need their other own column.
            for r32 in infeasibleRows {
                let r = Int(r32)
                positiveBasic[r].toggle()
                ownValue[r] = -ownValue[r]
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
