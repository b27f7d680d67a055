/// One row of the tableau: `Σ values[k] · x[columns[k]] = rhs`, columns sorted.
struct SparseRow {
    var columns: [Int32] = []
    var values: [Rational] = []

    /// The coefficient of `column` (zero when absent).
    func coefficient(_ column: Int32) -> Rational {
        if let k = index(of: column) { return values[k] }
        return .zero
    }

    func index(of column: Int32) -> Int? {
        var lo = 0
        var hi = columns.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if columns[mid] < column { lo = mid + 1 } else { hi = mid }
        }
        return lo < columns.count && columns[lo] == column ? lo : nil
    }

    /// Adds `factor · column`, keeping the row sorted and free of zeros.
    mutating func add(_ factor: Rational, at column: Int32) {
        if factor.isZero { return }
        if let k = index(of: column) {
            let sum = values[k] + factor
            if sum.isZero {
                columns.remove(at: k)
                values.remove(at: k)
            } else {
                values[k] = sum
            }
            return
        }
        let position = columns.firstIndex { $0 > column } ?? columns.count
        columns.insert(column, at: position)
        values.insert(factor, at: position)
    }

    /// `self - factor · other`, merged in one pass over both sorted rows.
    func subtracting(_ factor: Rational, times other: SparseRow) -> SparseRow {
        var out = SparseRow()
        out.columns.reserveCapacity(columns.count + other.columns.count)
        out.values.reserveCapacity(columns.count + other.columns.count)
        var i = 0
        var j = 0
        while i < columns.count || j < other.columns.count {
            let a = i < columns.count ? columns[i] : .max
            let b = j < other.columns.count ? other.columns[j] : .max
            let value: Rational
            let column: Int32
            if a < b {
                (column, value) = (a, values[i])
                i += 1
            } else if b < a {
                (column, value) = (b, -(factor * other.values[j]))
                j += 1
            } else {
                (column, value) = (a, values[i] - factor * other.values[j])
                i += 1
                j += 1
            }
            if !value.isZero {
                out.columns.append(column)
                out.values.append(value)
            }
        }
        return out
    }
}

/// A simplex tableau in canonical form: each row has one basic column, with
/// coefficient 1 there and 0 in every other row. Rows are sparse (layouts are).
struct SparseTableau {
    var rows: [SparseRow] = []
    var rhs: [Rational] = []
    /// The basic column of each row.
    var basis: [Int32] = []
    var columnCount = 0
    /// Pivots made since the tableau was built.
    var pivots = 0

    mutating func appendRow(_ row: SparseRow, rhs value: Rational) {
        rows.append(row)
        rhs.append(value)
        basis.append(-1)
    }

    /// Makes `column` basic in row `r`: row `r` divided by its coefficient there,
    /// and the column cleared from every other row (and from `reducedCosts`, a
    /// dense row of the objective being minimised, when given).
    mutating func pivot(row r: Int, column: Int32, reducedCosts: inout [Rational]) {
        pivots += 1
        let p = rows[r].coefficient(column)
        precondition(!p.isZero, "pivot on a zero coefficient")
        if p != .one {
            let inverse = p.reciprocal
            for k in rows[r].values.indices { rows[r].values[k] = rows[r].values[k] * inverse }
            rhs[r] = rhs[r] * inverse
        }
        let pivotRow = rows[r]
        for i in rows.indices where i != r {
            let f = rows[i].coefficient(column)
            if f.isZero { continue }
            rows[i] = rows[i].subtracting(f, times: pivotRow)
            rhs[i] = rhs[i] - f * rhs[r]
        }
        let f = reducedCosts.isEmpty ? .zero : reducedCosts[Int(column)]
        if !f.isZero {
            for (k, c) in pivotRow.columns.enumerated() {
                reducedCosts[Int(c)] = reducedCosts[Int(c)] - f * pivotRow.values[k]
            }
        }
        basis[r] = column
    }

    mutating func pivot(row r: Int, column: Int32) {
        var none: [Rational] = []
        pivot(row: r, column: column, reducedCosts: &none)
    }

    /// The reduced costs of `cost` against the current basis over `lpRows`.
    func reducedCosts(of cost: [Rational], lpRows: [Int]) -> [Rational] {
        var reduced = cost
        for r in lpRows {
            let cb = cost[Int(basis[r])]
            if cb.isZero { continue }
            for (k, c) in rows[r].columns.enumerated() { reduced[Int(c)] = reduced[Int(c)] - cb * rows[r].values[k] }
        }
        return reduced
    }

    /// Primal simplex with Bland's rule (smallest entering column with a negative
    /// reduced cost; ties in the ratio test to the smallest basic column), which
    /// cannot cycle. Only `lpRows` limit a step (the other rows hold free unknowns);
    /// `frozen` columns never enter. Stops at `budget` pivots and says so.
    enum Result { case optimal, unbounded, stalled }

    mutating func minimise(
        reducedCosts reduced: inout [Rational], lpRows: [Int], frozen: [Bool], budget: Int
    ) -> Result {
        var made = 0
        while let entering = (0..<columnCount).first(where: { !frozen[$0] && reduced[$0].signum < 0 }) {
            let column = Int32(entering)
            var leaving = -1
            var best = Rational.zero
            for r in lpRows {
                let a = rows[r].coefficient(column)
                guard a.signum > 0 else { continue }
                let ratio = rhs[r] / a
                if leaving < 0 || ratio < best || (ratio == best && basis[r] < basis[leaving]) {
                    best = ratio
                    leaving = r
                }
            }
            if leaving < 0 { return .unbounded }
            pivot(row: leaving, column: column, reducedCosts: &reduced)
            made += 1
            if made > budget { return .stalled }
        }
        return .optimal
    }
}
