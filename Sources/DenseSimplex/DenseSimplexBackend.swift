import LayoutModel

/// The `dense` back end: the textbook baseline. Every solve builds the whole
/// problem afresh in a dense tableau and solves it: the unknowns (free) are
/// eliminated Gauss–Jordan first, phase one finds a point satisfying the required
/// constraints, then one phase per optional priority, highest first, minimises that
/// level's total violation without worsening the levels above (a column with a
/// positive reduced cost at a finished level never enters again). Bland's rule
/// throughout, so no cycling. No incremental tricks; buffers are reused.
public final class DenseSimplexBackend: LayoutBackend {
    public static let name = "dense"
    public static let summary = "dense simplex re-solved from scratch every frame (lexicographic phases)"
    /// Lexicographic phases solve the reference semantics exactly. It cannot tell
    /// which views are free (`ambiguousViews()` stays nil): one vertex is all it finds.
    public static let isExact = true
    public static let workUnit = "pivots"

    /// Tableau bytes for the largest state the scene can reach.
    public static func estimateBytes(_ scene: CompiledScene) -> (bytes: Int, rows: Int, columns: Int) {
        let rows = scene.constraints.count + scene.edits.count
        var extra = 0
        for c in scene.constraints { extra += c.relation == .equal ? (c.isRequired ? 0 : 2) : (c.isRequired ? 1 : 2) }
        extra += 2 * scene.edits.count
        let columns = scene.variableCount + extra + rows + 1
        let (product, overflow) = rows.multipliedReportingOverflow(by: columns)
        return (overflow ? Int.max : product.multipliedReportingOverflow(by: 8).overflow ? Int.max : product * 8, rows, columns)
    }

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        let (bytes, rows, columns) = estimateBytes(scene)
        if bytes > options.memoryLimitBytes {
            return .declined(
                "dense tableau of \(rows) rows × \(columns) columns needs an estimated \(formatBytes(bytes)), over the limit of \(formatBytes(options.memoryLimitBytes))")
        }
        return .supported
    }

    let scene: CompiledScene
    var constants: [Double]
    var priorities: [Double]
    var inForce: [Bool]
    var editDeclared: [Bool]
    var editPriority: [Double]
    var editValue: [Double]
    var values: [Double]
    public private(set) var statistics = SolveStatistics()

    // The tableau, reused between solves.
    var tableau: [Double] = []
    var rhs: [Double] = []
    var width = 0
    var rowCount = 0
    var basis: [Int] = []
    var rowOwner: [Int32] = []  // constraint handle, or -1 - edit
    var columnLevel: [Double] = []  // priority of an error column, 0 otherwise
    var isFreeColumn: [Bool] = []
    var frozen: [Bool] = []
    var pivotRow: [Double] = []
    var pivotIndices: [Int] = []
    /// Per row, the largest constant it was combined from (at least 1): phase one's
    /// leftover in the row is rounding when it is small against it. Near the ±1e9 limit
    /// one unit in the last place is 1.2e-7, so an absolute threshold would call a
    /// consistent layout infeasible; a threshold of the whole tableau's largest constant
    /// would let a large constant anywhere hide a conflict elsewhere.
    var rowScale: [Double] = []
    /// Pivots of the current `solveAll`, and the most one may take (`simplexPivotBudget`,
    /// or `pivotBudgetOverride`: a test hook).
    var solvePivots = 0
    var pivotBudget = 0
    var pivotBudgetOverride: Int?

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        let (bytes, rows, columns) = DenseSimplexBackend.estimateBytes(scene)
        if bytes > options.memoryLimitBytes {
            throw .tooLarge(estimateBytes: bytes, limitBytes: options.memoryLimitBytes, detail: "dense tableau of \(rows) rows × \(columns) columns")
        }
        self.scene = scene
        constants = scene.constraints.map(\.constant)
        priorities = scene.constraints.map(\.priority)
        inForce = scene.constraints.indices.map { $0 < scene.initialConstraintCount && scene.constraints[$0].isActive }
        editDeclared = [Bool](repeating: false, count: scene.edits.count)
        editPriority = [Double](repeating: 0, count: scene.edits.count)
        editValue = [Double](repeating: 0, count: scene.edits.count)
        values = [Double](repeating: 0, count: scene.variableCount)
        if try solveAll() != nil {
            // Name a minimal conflicting set, as an op's refusal does.
            let conflict = try feasibilityConflict() ?? []
            throw .unsatisfiable(constraint: conflict.last ?? "?", conflicts: Array(conflict.dropLast()))
        }
    }

    @inline(__always) func at(_ r: Int, _ c: Int) -> Int { r * width + c }

    /// Builds the tableau for the current state: one row per equation in force.
    func build() {
        var sources: [Int32] = []
        for h in scene.constraints.indices where inForce[h] { sources.append(Int32(h)) }
        for e in scene.edits.indices where editDeclared[e] { sources.append(-1 - Int32(e)) }
        let n = scene.variableCount
        var extra = 0
        for s in sources {
            let (relation, priority) = shape(s)
            extra += relation == .equal ? (priority >= 1000 ? 0 : 2) : (priority >= 1000 ? 1 : 2)
        }
        rowCount = sources.count
        width = n + extra + rowCount  // the last rowCount columns are artificials
        let size = rowCount * width
        if tableau.count < size { tableau = [Double](repeating: 0, count: size) } else {
            tableau.withUnsafeMutableBufferPointer { t in for i in 0..<size { t[i] = 0 } }
        }
        rhs = [Double](repeating: 0, count: rowCount)
        // Refilled in place: a new array each solve would be one more allocation a frame.
        rowScale.removeAll(keepingCapacity: true)
        rowScale.append(contentsOf: repeatElement(1, count: rowCount))
        basis = [Int](repeating: -1, count: rowCount)
        rowOwner = sources
        columnLevel = [Double](repeating: 0, count: width)
        isFreeColumn = [Bool](repeating: false, count: width)
        for j in 0..<n { isFreeColumn[j] = true }
        frozen = [Bool](repeating: false, count: width)
        var next = n
        for (r, s) in sources.enumerated() {
            let terms = s >= 0 ? scene.constraints[Int(s)].terms : scene.edits[Int(-1 - s)].terms
            for t in terms { tableau[at(r, Int(t.variable))] += t.coefficient }
            rhs[r] = s >= 0 ? constants[Int(s)] : editValue[Int(-1 - s)]
            rowScale[r] = max(1, abs(rhs[r]))
            let (relation, priority) = shape(s)
            let optional = priority < 1000
            switch relation {
            case .equal:
                if optional {
                    tableau[at(r, next)] = 1  // under: Σ < c
                    tableau[at(r, next + 1)] = -1  // over
                    columnLevel[next] = priority
                    columnLevel[next + 1] = priority
                    next += 2
                }
            case .lessThanOrEqual:
                tableau[at(r, next)] = 1  // slack
                next += 1
                if optional {
                    tableau[at(r, next)] = -1  // excess
                    columnLevel[next] = priority
                    next += 1
                }
            case .greaterThanOrEqual:
                tableau[at(r, next)] = -1
                next += 1
                if optional {
                    tableau[at(r, next)] = 1
                    columnLevel[next] = priority
                    next += 1
                }
            }
        }
    }

    func shape(_ s: Int32) -> (Relation, Double) {
        s >= 0 ? (scene.constraints[Int(s)].relation, priorities[Int(s)]) : (.equal, editPriority[Int(-1 - s)])
    }

    func ownerName(_ s: Int32) -> String {
        s >= 0 ? scene.constraints[Int(s)].id : "edit \(scene.edits[Int(-1 - s)].attribute)"
    }

    /// Pivots on (r, c): row r divided by the pivot, column c cleared elsewhere.
    func pivot(_ r: Int, _ c: Int) {
        statistics.pivots += 1
        solvePivots += 1
        let w = width
        tableau.withUnsafeMutableBufferPointer { t in
            let p = t[r * w + c]
            pivotIndices.removeAll(keepingCapacity: true)
            for k in 0..<w where t[r * w + k] != 0 {
                t[r * w + k] /= p
                pivotIndices.append(k)
            }
            rhs[r] /= p
            rowScale[r] = max(1, rowScale[r] / abs(p))
            for i in 0..<rowCount where i != r {
                let f = t[i * w + c]
                if f == 0 { continue }
                statistics.rowsTouched += 1
                for k in pivotIndices {
                    var v = t[i * w + k] - f * t[r * w + k]
                    if abs(v) < 1e-12 { v = 0 }
                    t[i * w + k] = v
                }
                t[i * w + c] = 0
                rhs[i] -= f * rhs[r]
                rowScale[i] = max(rowScale[i], abs(f) * rowScale[r])
            }
        }
        basis[r] = c
    }

    /// Runs the whole solve; returns a conflict (culprit first) if the required constraints
    /// are infeasible. Throws `pivotBudgetExceeded` instead of looping.
    func solveAll() throws(LayoutError) -> [String]? {
        build()
        solvePivots = 0
        pivotBudget = pivotBudgetOverride ?? simplexPivotBudget(rows: rowCount, columns: width)
        let n = scene.variableCount
        // 1. Eliminate the free unknowns: each becomes basic in an equation row.
        var isFreeRow = [Bool](repeating: false, count: rowCount)
        for j in 0..<n {
            var best = -1
            var magnitude = 1e-9
            for r in 0..<rowCount where !isFreeRow[r] {
                let v = abs(tableau[at(r, j)])
                if v > magnitude {
                    magnitude = v
                    best = r
                }
            }
            if best >= 0 {
                pivot(best, j)
                isFreeRow[best] = true
            }
        }
        // 2. Phase one on the remaining rows, with one artificial each.
        let artificialStart = width - rowCount
        var lpRows: [Int] = []
        for r in 0..<rowCount where !isFreeRow[r] {
            if rhs[r] < 0 {
                for k in 0..<artificialStart { tableau[at(r, k)] = -tableau[at(r, k)] }
                rhs[r] = -rhs[r]
            }
            tableau[at(r, artificialStart + r)] = 1
            basis[r] = artificialStart + r
            lpRows.append(r)
        }
        for j in 0..<artificialStart where isFreeColumn[j] { frozen[j] = true }
        var cost = [Double](repeating: 0, count: width)
        for r in lpRows { cost[artificialStart + r] = 1 }
        try optimize(&cost, rows: lpRows)
        if lpRows.contains(where: { basis[$0] >= artificialStart && rhs[$0] > 1e-7 * rowScale[$0] }) {
            var names: [String] = []
            for r in lpRows where basis[r] >= artificialStart && rhs[r] > 1e-9 * rowScale[r] && rowOwner[r] >= 0 {
                names.append(ownerName(rowOwner[r]))
            }
            return names
        }
        // Artificials never enter again.
        for j in artificialStart..<width { frozen[j] = true }
        for r in lpRows where basis[r] >= artificialStart {
            if let c = (0..<artificialStart).first(where: { !isFreeColumn[$0] && abs(tableau[at(r, $0)]) > 1e-9 }) {
                pivot(r, c)
            }
        }
        // 3. One phase per priority level, highest first.
        let levels = Set(columnLevel.filter { $0 > 0 }).sorted(by: >)
        for level in levels {
            for j in 0..<width { cost[j] = columnLevel[j] == level ? 1 : 0 }
            try optimize(&cost, rows: lpRows)
        }
        // 4. Read the unknowns off the free rows (non-basic columns are 0).
        var y = [Double](repeating: 0, count: width)
        for r in lpRows where basis[r] >= 0 { y[basis[r]] = rhs[r] }
        for j in 0..<n { values[j] = 0 }
        for r in 0..<rowCount where isFreeRow[r] {
            var v = rhs[r]
            for k in n..<artificialStart where y[k] != 0 { v -= tableau[at(r, k)] * y[k] }
            values[basis[r]] = v
        }
        statistics.variablesUpdated += n
        return nil
    }

    /// Primal simplex minimising `cost` over `rows`; freezes columns whose reduced cost ends positive.
    func optimize(_ cost: inout [Double], rows: [Int]) throws(LayoutError) {
        // Reduced costs: cost minus the basic rows' combination.
        var reduced = cost
        for r in rows {
            let cb = cost[basis[r]]
            if cb == 0 { continue }
            for k in 0..<width where tableau[at(r, k)] != 0 { reduced[k] -= cb * tableau[at(r, k)] }
        }
        while true {
            guard let entering = (0..<width).first(where: { !frozen[$0] && reduced[$0] < -1e-9 }) else { break }
            var leaving = -1
            var bestRatio = Double.infinity
            for r in rows {
                let a = tableau[at(r, entering)]
                guard a > 1e-9 else { continue }
                let ratio = rhs[r] / a
                if ratio < bestRatio - 1e-12 || (abs(ratio - bestRatio) <= 1e-12 && basis[r] < basis[leaving]) {
                    bestRatio = ratio
                    leaving = r
                }
            }
            if leaving < 0 {
                frozen[entering] = true  // unbounded direction: cannot lower a violation total
                continue
            }
            guard solvePivots < pivotBudget else {
                throw .pivotBudgetExceeded(backend: Self.name, operation: "solving", pivots: solvePivots)
            }
            pivot(leaving, entering)
            let f = reduced[entering]
            for k in 0..<width where tableau[at(leaving, k)] != 0 { reduced[k] -= f * tableau[at(leaving, k)] }
            reduced[entering] = 0
        }
        for k in 0..<width where reduced[k] > 1e-9 { frozen[k] = true }
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            editValue[Int(e)] = value
        case let .setConstant(h, value):
            let old = constants[Int(h)]
            constants[Int(h)] = value
            if inForce[Int(h)], priorities[Int(h)] >= 1000, let conflict = try feasibilityConflict(culprit: Int(h)) {
                constants[Int(h)] = old
                throw .unsatisfiable(constraint: scene.constraints[Int(h)].id, conflicts: conflict.filter { $0 != scene.constraints[Int(h)].id })
            }
        case let .setPriority(h, value):
            priorities[Int(h)] = value
        case let .activate(h), let .add(h):
            if case .add = op, !scene.constraints[Int(h)].isActive { return }
            inForce[Int(h)] = true
            if priorities[Int(h)] >= 1000, let conflict = try feasibilityConflict(culprit: Int(h)) {
                inForce[Int(h)] = false
                throw .unsatisfiable(constraint: scene.constraints[Int(h)].id, conflicts: conflict.filter { $0 != scene.constraints[Int(h)].id })
            }
        case let .deactivate(h), let .remove(h):
            inForce[Int(h)] = false
        case let .addEdit(e, priority, held):
            editDeclared[Int(e)] = true
            editPriority[Int(e)] = priority
            editValue[Int(e)] = held
        case let .removeEdit(e):
            editDeclared[Int(e)] = false
        case .invalid:
            break
        }
    }

    /// Whether the required constraints in force are infeasible now: nil, or a
    /// minimal set of required constraints that cannot hold together (a deletion
    /// filter: drop each one whose absence leaves the rest still infeasible).
    /// With a `culprit` (the constraint just switched on or changed, which every
    /// conflicting set then contains), only the required constraints linked to it
    /// through shared unknowns are candidates. Values are kept as they were.
    func feasibilityConflict(culprit: Int? = nil) throws(LayoutError) -> [String]? {
        let saved = values
        defer { values = saved }
        guard try solveAll() != nil else { return nil }
        var required = scene.constraints.indices.filter { inForce[$0] && priorities[$0] >= 1000 }
        if let culprit {
            required = ConstraintReach.linked(
                to: culprit, among: required, constraintCount: scene.constraints.count, variableCount: scene.variableCount,
                unknowns: { scene.constraints[$0].terms.map(\.variable) })
        }
        guard required.count <= 2000 else { return ["(\(required.count) required constraints)"] }
        var kept: [String] = []
        for h in required {
            inForce[h] = false
            if try solveAll() == nil {
                inForce[h] = true
                kept.append(scene.constraints[h].id)
            }
        }
        for h in required { inForce[h] = true }
        return kept
    }

    public func solve() throws(LayoutError) {
        if let conflict = try solveAll() {
            throw .unsupported("the required constraints became unsatisfiable: \(conflict.joined(separator: ", "))")
        }
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<min(values.count, buffer.count) { buffer[i] = values[i] }
    }
}
