import LayoutModel

/// An incremental Cassowary solver over `Double` variables with exact
/// (lexicographic) priorities, usable on its own, without scenes.
///
/// Variables are integer ids `0..<variableCount`. A constraint is
/// `Σ coefficient·x[variable] RELATION constant` at a priority: 1000 (or more) is
/// required, anything lower is optional. Optional constraints are compared
/// lexicographically by priority, as Auto Layout documents them: a higher
/// priority beats any amount of lower-priority violation (there is one objective
/// row per distinct priority present, not a weighted sum). An edit variable is an
/// optional equality `Σ terms == value` whose value `suggestValue` changes in place.
///
/// Every change re-solves incrementally (primal simplex after adds and priority
/// changes, dual simplex after constant changes and suggestions); `values` is
/// brought up to date lazily by `updateValues`, which visits only the rows that
/// changed. Errors are `LayoutError`s naming the constraint (its `name`, or `#id`)
/// and, for a conflict, the required constraints it contradicts; a refused change
/// leaves the solver exactly as it was.
///
///     let solver = CassowarySolver(variableCount: 2)
///     let c = try solver.addConstraint([LinearTerm(variable: 0, coefficient: 1)], .equal, 10)
///     try solver.setConstant(c, 20)     // in place: dual simplex, no remove-and-re-add
///     solver.value(of: 0)               // 20
///
/// See `SolverTolerance` for the numerical policy. The tableau itself is `SolverCore`.
public final class CassowarySolver {
    // Stored properties unchecked for exclusivity, as in the factored back end (single-threaded, no overlapping access): the run-time check costs ~80 instructions per access.
    public typealias ConstraintID = Int32
    /// An edit variable is identified by the id of its edit constraint.
    public typealias EditID = Int32

    @exclusivity(unchecked) var core: SolverCore
    /// What a constraint id stands for now (one array: one exclusivity check per lookup).
    enum Entry: UInt8 { case none, constraint, edit }

    /// Per constraint id: its name (for messages), and whether it is a live constraint or edit.
    @exclusivity(unchecked) var names: [String?] = []
    @exclusivity(unchecked) var entries: [Entry] = []
    /// Live named constraints, for `duplicateConstraint`.
    @exclusivity(unchecked) var nameIndex: [String: ConstraintID] = [:]
    /// Live edits by their terms, for `duplicateEdit`.
    @exclusivity(unchecked) var editIndex: [[LinearTerm]: EditID] = [:]

    public init(variableCount: Int) { core = SolverCore(variableCount: variableCount) }

    /// Takes `other`'s tableau and names (a rebuild keeps the object its users hold).
    func takeContents(of other: CassowarySolver) {
        core = other.core
        names = other.names
        entries = other.entries
        nameIndex = other.nameIndex
        editIndex = other.editIndex
    }

    public var variableCount: Int { core.externalCount }

    /// The name a message uses for a constraint.
    public func name(of id: ConstraintID) -> String {
        Int(id) < names.count ? (names[Int(id)] ?? "#\(id)") : "#\(id)"
    }

    func track(_ id: ConstraintID, name: String?, edit: Bool) {
        while names.count <= Int(id) {
            names.append(nil)
            entries.append(.none)
        }
        names[Int(id)] = name
        entries[Int(id)] = edit ? .edit : .constraint
    }

    func untrack(_ id: ConstraintID) {
        entries[Int(id)] = .none
        if let n = names[Int(id)], nameIndex[n] == id { nameIndex[n] = nil }
        names[Int(id)] = nil
    }

    /// Whether `id` names a live constraint (edits included).
    public func contains(_ id: ConstraintID) -> Bool { entry(id) != .none }

    @inline(__always) func entry(_ id: ConstraintID) -> Entry {
        id >= 0 && Int(id) < entries.count ? entries[Int(id)] : .none
    }

    func checkConstraint(_ id: ConstraintID) throws(LayoutError) {
        guard entry(id) == .constraint else { throw .unknownConstraint(name(of: id)) }
    }

    func checkTerms(_ terms: [LinearTerm], _ constant: Double, _ what: String) throws(LayoutError) {
        guard constant.isFinite else { throw .invalidValue(what: what, value: constant) }
        for t in terms {
            guard t.variable >= 0, Int(t.variable) < core.externalCount else {
                throw .invalidScene(["\(what): variable \(t.variable) is not in 0..<\(core.externalCount)"])
            }
            guard t.coefficient.isFinite else { throw .invalidValue(what: "\(what) coefficient", value: t.coefficient) }
        }
    }

    /// Registers a constraint without putting it into the tableau (an inactive
    /// constraint); `setActive(id, true)` adds it. `isStatic` promises that a required
    /// equality is never removed, deactivated or given a new constant: it then needs
    /// no marker symbol, which keeps rows short (a conflict it takes part in is still
    /// named, by replaying the required constraints). `checkingDuplicates: false` is for
    /// a caller whose names are unique already (a compiled scene): the name is kept for
    /// messages but not indexed.
    public func register(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double = 1000,
        name: String? = nil, isStatic: Bool = false, checkingDuplicates: Bool = true
    ) throws(LayoutError) -> ConstraintID {
        let label = name ?? "constraint"
        try checkTerms(terms, constant, label)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: label, value: priority) }
        let indexed = checkingDuplicates ? name : nil
        if let indexed, let existing = nameIndex[indexed], contains(existing) { throw .duplicateConstraint(indexed) }
        let id = registerUnchecked(terms, relation, constant, priority: priority, name: name, isStatic: isStatic)
        if let indexed { nameIndex[indexed] = id }
        return id
    }

    /// `register` for a caller whose arguments obey its rules already (the back end:
    /// a compiled scene's rows and ids were checked when it compiled). Not indexed by name.
    func registerUnchecked(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double, name: String?, isStatic: Bool
    ) -> ConstraintID {
        let id = core.register(mergeTerms(terms), relation, constant, priority: priority, isStatic: isStatic)
        track(id, name: name, edit: false)
        return id
    }

    /// Adds an active constraint `Σ terms RELATION constant` at `priority` (1000:
    /// required). A required constraint that contradicts the required ones present
    /// is refused with `.unsatisfiable` naming it and a conflicting set; nothing changes.
    @discardableResult
    public func addConstraint(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double = 1000, name: String? = nil
    ) throws(LayoutError) -> ConstraintID {
        let id = try register(terms, relation, constant, priority: priority, name: name)
        do {
            try core.setActive(id, true)
        } catch {
            let culprit = self.name(of: id)
            let conflicts = explain(id, constant: constant)
            core.removeConstraint(id)
            untrack(id)
            throw .unsatisfiable(constraint: culprit, conflicts: conflicts)
        }
        try checkStall("adding \(self.name(of: id))")
        return id
    }

    /// Throws `.pivotBudgetExceeded` naming `operation` if a simplex run of the last core
    /// call stopped at its pivot budget (the solver stays consistent; the next operation
    /// resumes the optimisation).
    @inline(__always) public func checkStall(_ operation: @autoclosure () -> String) throws(LayoutError) {
        guard let stall = core.stalled else { return }
        core.stalled = nil
        throw .pivotBudgetExceeded(backend: "cassowary", operation: operation(), pivots: stall.budget)
    }

    /// Names the required constraints that constraint `id` (at `constant`) contradicts.
    func explain(_ id: ConstraintID, constant: Double) -> [String] {
        let r = core.records[Int(id)]
        return core.explainConflict(r.terms, r.relation, constant, excluding: id).map { name(of: $0) }
    }

    /// Removes a constraint for good, freeing all its symbols and rows.
    public func removeConstraint(_ id: ConstraintID) throws(LayoutError) {
        try checkConstraint(id)
        try removeConstraintUnchecked(id)
    }

    /// `removeConstraint` of a live constraint.
    func removeConstraintUnchecked(_ id: ConstraintID) throws(LayoutError) {
        core.removeConstraint(id)
        let label = name(of: id)
        untrack(id)
        try checkStall("removing \(label)")
    }

    /// Changes a constant in place (marker column, then dual simplex), on any
    /// constraint, active or not. A change that makes the required constraints
    /// unsatisfiable is undone and refused with `.unsatisfiable`.
    public func setConstant(_ id: ConstraintID, _ value: Double) throws(LayoutError) {
        try checkConstraint(id)
        guard value.isFinite else { throw .invalidValue(what: "setConstant \(name(of: id))", value: value) }
        guard !core.records[Int(id)].isStatic else {
            throw .unsupported("\(name(of: id)) was registered static: its constant cannot change")
        }
        try setConstantUnchecked(id, value)
    }

    /// `setConstant` of a live, non-static constraint to a finite value.
    func setConstantUnchecked(_ id: ConstraintID, _ value: Double) throws(LayoutError) {
        do {
            try core.setConstant(id, value)
        } catch {
            throw .unsatisfiable(constraint: name(of: id), conflicts: explain(id, constant: value))
        }
        try checkStall("setting the constant of \(name(of: id))")
    }

    /// Changes an optional constraint's priority in place (its error symbols move
    /// to the new level) and re-optimises. To or from required (1000) is refused.
    public func setPriority(_ id: ConstraintID, _ priority: Double) throws(LayoutError) {
        try checkConstraint(id)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: name(of: id), value: priority) }
        guard priority < 1000, core.records[Int(id)].priority < 1000 else {
            throw .requiredPriorityChange(constraint: name(of: id))
        }
        setPriorityUnchecked(id, priority)
    }

    /// `setPriority` of a live optional constraint to an optional priority.
    func setPriorityUnchecked(_ id: ConstraintID, _ priority: Double) { core.setPriority(id, priority) }

    public func isActive(_ id: ConstraintID) -> Bool { contains(id) && core.records[Int(id)].inTableau }

    /// Puts a registered constraint into the tableau or takes it out, keeping its
    /// identity (a no-op if it already is). Activation that makes the required
    /// constraints unsatisfiable is refused, changing nothing.
    public func setActive(_ id: ConstraintID, _ active: Bool) throws(LayoutError) {
        try checkConstraint(id)
        if !active && core.records[Int(id)].isStatic {
            throw .unsupported("\(name(of: id)) was registered static: it cannot be deactivated")
        }
        try setActiveUnchecked(id, active)
    }

    /// `setActive` of a live constraint (not static, when deactivated).
    func setActiveUnchecked(_ id: ConstraintID, _ active: Bool) throws(LayoutError) {
        do {
            try core.setActive(id, active)
        } catch {
            throw .unsatisfiable(constraint: name(of: id), conflicts: explain(id, constant: core.records[Int(id)].constant))
        }
        try checkStall("\(active ? "activating" : "deactivating") \(name(of: id))")
    }

    /// The constraint's current constant and priority.
    public func constant(of id: ConstraintID) -> Double { core.records[Int(id)].constant }
    public func priority(of id: ConstraintID) -> Double { core.records[Int(id)].priority }

    public var statistics: SolveStatistics { core.statistics }
    /// Live symbols (the variables included) and rows: what memory scales with.
    public var symbolCount: Int { core.symbolCount }
    public var rowCount: Int { core.rowCount }
    /// Distinct optional priorities present: the objective's levels.
    public var priorityLevelCount: Int { core.objective.levelCount }
}
