import LayoutModel

/// A row's relation, as the solver sees it.
enum RowKind: UInt8 {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// The problem, fixed at load: one row for every constraint handle, then one for
/// every edit; the constraint matrix stored by rows (`rowStart`, `termVariable`,
/// `termCoefficient`) and by columns (`columnStart`, `columnRow`,
/// `columnCoefficient`), each row's relation and name. Which rows are in force,
/// their constants and priority levels are state, kept by the solver.
struct Problem {
    let variableCount: Int
    let rowCount: Int
    let rowStart: [Int]
    let termVariable: [Int32]
    let termCoefficient: [Double]
    let columnStart: [Int]
    let columnRow: [Int32]
    let columnCoefficient: [Double]
    let kind: [RowKind]
    let names: [String]

    init(variableCount: Int, rows: [(terms: [LinearTerm], kind: RowKind, name: String)]) {
        self.variableCount = variableCount
        rowCount = rows.count
        var counts = [Int](repeating: 0, count: variableCount + 1)
        var rowStart = [0], termVariable: [Int32] = [], termCoefficient: [Double] = []
        var kind: [RowKind] = [], names: [String] = []
        rowStart.reserveCapacity(rows.count + 1)
        for row in rows {
            for t in row.terms {
                termVariable.append(t.variable)
                termCoefficient.append(t.coefficient)
                counts[Int(t.variable) + 1] += 1
            }
            rowStart.append(termVariable.count)
            kind.append(row.kind)
            names.append(row.name)
        }
        // The columns: counts turned into starts, then each term placed in its column.
        for v in 0..<variableCount { counts[v + 1] += counts[v] }
        var columnRow = [Int32](repeating: 0, count: termVariable.count)
        var columnCoefficient = [Double](repeating: 0, count: termVariable.count)
        var fill = counts
        for r in 0..<rows.count {
            for k in rowStart[r]..<rowStart[r + 1] {
                let v = Int(termVariable[k])
                columnRow[fill[v]] = Int32(r)
                columnCoefficient[fill[v]] = termCoefficient[k]
                fill[v] += 1
            }
        }
        self.rowStart = rowStart
        self.termVariable = termVariable
        self.termCoefficient = termCoefficient
        self.columnStart = counts
        self.columnRow = columnRow
        self.columnCoefficient = columnCoefficient
        self.kind = kind
        self.names = names
    }
}

/// The problem's parts by their names, so the algorithm reads `rowStart[r]`. Read
/// accessors lend the stored array rather than return a copy (the CI guard's
/// instruction counts are the same as with the arrays stored in the solver).
extension FactoredSolver {
    var variableCount: Int { _read { yield problem.variableCount } }
    var rowCount: Int { _read { yield problem.rowCount } }
    var rowStart: [Int] { _read { yield problem.rowStart } }
    var termVariable: [Int32] { _read { yield problem.termVariable } }
    var termCoefficient: [Double] { _read { yield problem.termCoefficient } }
    var columnStart: [Int] { _read { yield problem.columnStart } }
    var columnRow: [Int32] { _read { yield problem.columnRow } }
    var columnCoefficient: [Double] { _read { yield problem.columnCoefficient } }
    var kind: [RowKind] { _read { yield problem.kind } }
    var names: [String] { _read { yield problem.names } }
}
