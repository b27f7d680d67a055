import LayoutModel

/// One equation of the program: a constraint in force or a declared edit.
struct ProgramRow {
    var terms: [(variable: Int32, coefficient: Rational)]
    var relation: Relation
    var constant: Rational
    /// 1000 for required.
    var priority: Double
    /// The constraint's id, or `edit VIEW.ATTRIBUTE`.
    var owner: String
}

/// The reference semantics solved exactly, from scratch: the unknowns (free) are
/// eliminated first, phase one finds a point where every required constraint holds,
/// then one phase per optional priority, highest first, minimises that level's total
/// violation; a column whose reduced cost ends positive at a finished level is fixed
/// at zero from then on, so no later level can make an earlier one worse.
struct ExactProgram {
    enum Outcome {
        case solved
        /// The required constraints cannot all hold: the rows phase one could not satisfy.
        case infeasible(owners: [String])
        /// The pivot budget ran out (a bug: Bland's rule terminates).
        case stalled(pivots: Int)
    }

    enum ColumnKind { case unknown, slack, error(level: Int), artificial }

    let variableCount: Int
    var tableau = SparseTableau()
    var kinds: [ColumnKind] = []
    var frozen: [Bool] = []
    var isFreeRow: [Bool] = []
    var lpRows: [Int] = []
    var owners: [String] = []
    /// Optional priorities present, highest first; `ColumnKind.error(level:)` indexes it.
    var levels: [Double] = []

    init(variableCount: Int, rows: [ProgramRow]) {
        self.variableCount = variableCount
        levels = Set(rows.map(\.priority).filter { $0 < LayoutLimits.requiredPriority }).sorted(by: >)
        kinds = [ColumnKind](repeating: .unknown, count: variableCount)
        for row in rows { append(row) }
        // One artificial per row, added once the other columns are known.
        tableau.columnCount = kinds.count + rows.count
        kinds += [ColumnKind](repeating: .artificial, count: rows.count)
        frozen = [Bool](repeating: false, count: kinds.count)
    }

    private mutating func newColumn(_ kind: ColumnKind) -> Int32 {
        kinds.append(kind)
        return Int32(kinds.count - 1)
    }

    /// `Σ terms + (slack and error columns) = constant`.
    private mutating func append(_ row: ProgramRow) {
        var sparse = SparseRow()
        for t in row.terms { sparse.add(t.coefficient, at: t.variable) }
        let optional = row.priority < LayoutLimits.requiredPriority
        let level = optional ? levels.firstIndex(of: row.priority)! : -1
        switch row.relation {
        case .equal:
            if optional {
                sparse.add(.one, at: newColumn(.error(level: level)))  // the left side under the constant
                sparse.add(-.one, at: newColumn(.error(level: level)))  // over it
            }
        case .lessThanOrEqual:
            sparse.add(.one, at: newColumn(.slack))
            if optional { sparse.add(-.one, at: newColumn(.error(level: level))) }
        case .greaterThanOrEqual:
            sparse.add(-.one, at: newColumn(.slack))
            if optional { sparse.add(.one, at: newColumn(.error(level: level))) }
        }
        tableau.appendRow(sparse, rhs: row.constant)
        owners.append(row.owner)
    }

    /// Solves every phase. `budget` bounds the pivots of each phase.
    mutating func solve(budget: Int) -> Outcome {
        eliminateUnknowns()
        let first = phaseOne(budget: budget)
        guard case .solved = first else { return first }
        for level in levels.indices {
            var cost = [Rational](repeating: .zero, count: kinds.count)
            for (j, kind) in kinds.enumerated() { if case .error(level) = kind { cost[j] = .one } }
            var reduced = tableau.reducedCosts(of: cost, lpRows: lpRows)
            // A total of violations is bounded below by zero, so it cannot be unbounded.
            guard tableau.minimise(reducedCosts: &reduced, lpRows: lpRows, frozen: frozen, budget: budget) == .optimal
            else { return .stalled(pivots: tableau.pivots) }
            for j in reduced.indices where reduced[j].signum > 0 { frozen[j] = true }
        }
        return .solved
    }

    /// Only whether the required constraints can all hold (the optional rows are
    /// always satisfiable through their error columns, so they are left out).
    mutating func feasibility(budget: Int) -> Outcome {
        eliminateUnknowns()
        return phaseOne(budget: budget)
    }

    /// Makes each unknown basic in some row that has it (Gauss–Jordan); those rows
    /// then only say what the unknown is, and never limit a simplex step.
    private mutating func eliminateUnknowns() {
        isFreeRow = [Bool](repeating: false, count: tableau.rows.count)
        for j in 0..<variableCount {
            let column = Int32(j)
            // The shortest row keeps the tableau sparse.
            var best = -1
            for r in tableau.rows.indices where !isFreeRow[r] && tableau.rows[r].index(of: column) != nil {
                if best < 0 || tableau.rows[r].columns.count < tableau.rows[best].columns.count { best = r }
            }
            guard best >= 0 else { continue }
            tableau.pivot(row: best, column: column)
            isFreeRow[best] = true
        }
        for j in 0..<variableCount { frozen[j] = true }
    }

    /// Phase one: an artificial per remaining row, their sum minimised.
    private mutating func phaseOne(budget: Int) -> Outcome {
        let artificialStart = kinds.count - tableau.rows.count
        lpRows = tableau.rows.indices.filter { !isFreeRow[$0] }
        var cost = [Rational](repeating: .zero, count: kinds.count)
        for r in lpRows {
            if tableau.rhs[r].signum < 0 {
                for k in tableau.rows[r].values.indices { tableau.rows[r].values[k] = -tableau.rows[r].values[k] }
                tableau.rhs[r] = -tableau.rhs[r]
            }
            let artificial = Int32(artificialStart + r)
            tableau.rows[r].add(.one, at: artificial)
            tableau.basis[r] = artificial
            cost[Int(artificial)] = .one
        }
        var reduced = tableau.reducedCosts(of: cost, lpRows: lpRows)
        guard tableau.minimise(reducedCosts: &reduced, lpRows: lpRows, frozen: frozen, budget: budget) == .optimal
        else { return .stalled(pivots: tableau.pivots) }
        let unsatisfied = lpRows.filter { Int(tableau.basis[$0]) >= artificialStart && tableau.rhs[$0].signum > 0 }
        if !unsatisfied.isEmpty { return .infeasible(owners: unsatisfied.map { owners[$0] }) }
        for j in artificialStart..<kinds.count { frozen[j] = true }
        // An artificial still basic (at zero) leaves for any real column its row has.
        for r in lpRows where Int(tableau.basis[r]) >= artificialStart {
            if let c = tableau.rows[r].columns.first(where: { !frozen[Int($0)] }) { tableau.pivot(row: r, column: c) }
        }
        return .solved
    }

    /// The unknowns at the vertex found: basic ones from their rows, the rest 0.
    func values() -> [Rational] {
        var out = [Rational](repeating: .zero, count: variableCount)
        for r in tableau.rows.indices where isFreeRow[r] { out[Int(tableau.basis[r])] = tableau.rhs[r] }
        return out
    }

    /// The total violation at each optional level, in `levels`' order.
    func levelTotals() -> [Rational] {
        var totals = [Rational](repeating: .zero, count: levels.count)
        for r in lpRows {
            if case let .error(level) = kinds[Int(tableau.basis[r])] { totals[level] += tableau.rhs[r] }
        }
        return totals
    }
}
