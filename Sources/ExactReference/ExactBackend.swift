import LayoutModel

/// The `exact` back end: the reference semantics in exact rational arithmetic.
/// Every solve builds the whole program from the scene's state and solves it from
/// scratch, one priority level at a time (`ExactProgram`), so nothing it answers
/// depends on a tolerance or on what an earlier frame did. It is slow by design and
/// declines scenes over `maxUnknowns`; `compare` and `fuzz` use it as the judge.
public final class ExactBackend: LayoutBackend {
    public static let name = "exact"
    public static let summary = "exact rational simplex, from scratch every frame: the reference (small scenes only)"
    public static let isExact = true
    public static let workUnit = "pivots"

    /// The largest scene it takes: a few hundred unknowns solve in milliseconds to
    /// seconds; beyond, exact arithmetic is too slow to judge a scene frame by frame.
    public static let maxUnknowns = 1_200
    public static let maxConstraints = 4_000

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        if scene.variableCount > maxUnknowns {
            return .declined(
                "too large for exact arithmetic: \(scene.variableCount) unknowns (\(scene.viewCount) views), over the limit of \(maxUnknowns) unknowns (\(maxUnknowns / 4) views)")
        }
        if scene.constraints.count > maxConstraints {
            return .declined(
                "too large for exact arithmetic: \(scene.constraints.count) constraints, over the limit of \(maxConstraints)")
        }
        return .supported
    }

    let scene: CompiledScene
    /// The scene's numbers as exact rationals, converted once.
    let coefficients: [[(variable: Int32, coefficient: Rational)]]
    let editTerms: [[(variable: Int32, coefficient: Rational)]]
    var constants: [Rational]
    var priorities: [Double]
    var inForce: [Bool]
    var editDeclared: [Bool]
    var editPriority: [Double]
    var editValue: [Rational]
    /// The exact solution of the last solve.
    public private(set) var exactValues: [Rational]
    var values: [Double]
    var solved: ExactProgram?
    public internal(set) var statistics = SolveStatistics()

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        if let reason = ExactBackend.assess(scene, options: options).declineReason { throw .unsupported(reason) }
        self.scene = scene
        func exact(_ terms: [LinearTerm]) -> [(variable: Int32, coefficient: Rational)] {
            terms.map { ($0.variable, Rational(decimal: $0.coefficient)) }
        }
        coefficients = scene.constraints.map { exact($0.terms) }
        editTerms = scene.edits.map { exact($0.terms) }
        constants = scene.constraints.map { Rational(decimal: $0.constant) }
        priorities = scene.constraints.map(\.priority)
        inForce = scene.constraints.indices.map { $0 < scene.initialConstraintCount && scene.constraints[$0].isActive }
        editDeclared = [Bool](repeating: false, count: scene.edits.count)
        editPriority = [Double](repeating: 0, count: scene.edits.count)
        editValue = [Rational](repeating: .zero, count: scene.edits.count)
        exactValues = [Rational](repeating: .zero, count: scene.variableCount)
        values = [Double](repeating: 0, count: scene.variableCount)
        if let conflict = requiredConflict() {
            throw .unsatisfiable(constraint: conflict.last ?? "?", conflicts: Array(conflict.dropLast()))
        }
        try solve()
    }

    /// A budget of pivots per phase that Bland's rule does not come near on a
    /// layout; reaching it means a bug, reported rather than looped on.
    var pivotBudget: Int { 50 * (scene.constraints.count + scene.edits.count + scene.variableCount) + 10_000 }

    /// The rows in force now; `requiredOnly` leaves out the optional ones.
    func programRows(requiredOnly: Bool) -> [ProgramRow] {
        var rows: [ProgramRow] = []
        for h in scene.constraints.indices where inForce[h] {
            let required = priorities[h] >= LayoutLimits.requiredPriority
            if requiredOnly && !required { continue }
            let c = scene.constraints[h]
            rows.append(ProgramRow(
                terms: coefficients[h], relation: c.relation, constant: constants[h], priority: priorities[h], owner: c.id))
        }
        if !requiredOnly {
            for e in scene.edits.indices where editDeclared[e] {
                rows.append(ProgramRow(
                    terms: editTerms[e], relation: .equal, constant: editValue[e], priority: editPriority[e],
                    owner: "edit \(scene.edits[e].attribute)"))
            }
        }
        return rows
    }

    public func solve() throws(LayoutError) {
        var program = ExactProgram(variableCount: scene.variableCount, rows: programRows(requiredOnly: false))
        let outcome = program.solve(budget: pivotBudget)
        statistics.pivots += program.tableau.pivots
        statistics.rowsTouched += program.tableau.rows.count
        switch outcome {
        case .solved: break
        case let .infeasible(owners):
            throw .unsupported("the required constraints became unsatisfiable: \(owners.joined(separator: ", "))")
        case let .stalled(pivots):
            throw .unsupported("the exact reference made \(pivots) pivots without finishing (a bug: Bland's rule terminates)")
        }
        exactValues = program.values()
        values = exactValues.map(\.doubleValue)
        statistics.variablesUpdated += scene.variableCount
        solved = program
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<min(values.count, buffer.count) { buffer[i] = values[i] }
    }

    /// Exactly the views that another optimal layout would place elsewhere.
    public func ambiguousViews() -> [Int32]? {
        guard let solved else { return nil }
        let free = solved.freeUnknowns(budget: pivotBudget)
        var views: [Int32] = []
        for view in 0..<scene.viewCount where free[4 * view..<4 * view + 4].contains(true) { views.append(Int32(view)) }
        return views
    }

    /// The optimal violation total at each optional priority, highest first.
    public func violationTotals() -> [(priority: Double, total: Rational)] {
        guard let solved else { return [] }
        return Array(zip(solved.levels, solved.levelTotals()))
    }
}
