import LayoutModel

// Edit variables (optional equalities whose value changes every frame) and reading
// the solution.

extension CassowarySolver {
    func checkEdit(_ id: EditID) throws(LayoutError) {
        guard entry(id) == .edit else { throw .unknownEdit(name(of: id)) }
    }

    /// Declares an edit variable on one variable, held at its current value until
    /// the first `suggestValue`. `priority` must be optional (below 1000).
    @discardableResult
    public func addEditVariable(_ variable: Int, priority: Double, name: String? = nil) throws(LayoutError) -> EditID {
        try addEditVariable(terms: [LinearTerm(variable: Int32(variable), coefficient: 1)], priority: priority, name: name)
    }

    /// Declares an edit on the linear expression `Σ terms`, held at its current value.
    /// `checkingDuplicates: false` lets a caller declare two edits on the same expression
    /// (a scene's `left` and `leading` are different attributes with the same terms).
    @discardableResult
    public func addEditVariable(
        terms: [LinearTerm], priority: Double, name: String? = nil, checkingDuplicates: Bool = true
    ) throws(LayoutError) -> EditID {
        let key = mergeTerms(terms)
        let label = name ?? key.map { "\($0.coefficient == 1 ? "" : "\($0.coefficient)*")x\($0.variable)" }.joined(separator: "+")
        try checkTerms(key, 0, label)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: label, value: priority) }
        guard priority < 1000 else { throw .requiredEdit(label) }
        if checkingDuplicates, let existing = editIndex[key], contains(existing) { throw .duplicateEdit(label) }
        let id = try addEditUnchecked(key, priority: priority, label: label)
        if checkingDuplicates { editIndex[key] = id }
        return id
    }

    /// `addEditVariable` on merged, checked `key` at an optional priority, not indexed
    /// (the back end: a compiled scene's edits were checked when it compiled).
    func addEditUnchecked(_ key: [LinearTerm], priority: Double, label: String) throws(LayoutError) -> EditID {
        var value = 0.0
        for t in key { value += t.coefficient * core.value(of: Int(t.variable)) }
        let id = core.register(key, .equal, value, priority: priority)
        track(id, name: label, edit: true)
        // An optional equality never conflicts with the required constraints.
        try? core.setActive(id, true)
        try checkStall("declaring the edit \(label)")
        return id
    }

    /// Suggests a value for an edit (its constant, changed in place; dual simplex).
    public func suggestValue(_ edit: EditID, _ value: Double) throws(LayoutError) {
        try checkEdit(edit)
        guard value.isFinite else { throw .invalidValue(what: "suggest \(name(of: edit))", value: value) }
        try suggestValueUnchecked(edit, value)
    }

    /// `suggestValue` for a live edit and a finite value.
    @inline(__always)
    func suggestValueUnchecked(_ edit: EditID, _ value: Double) throws(LayoutError) {
        // An edit is optional: its error symbols absorb any value, so this cannot be refused.
        try? core.setConstant(edit, value)
        try checkStall("suggesting \(formatNumber(value)) for \(name(of: edit))")
    }

    public func removeEditVariable(_ edit: EditID) throws(LayoutError) {
        try checkEdit(edit)
        try removeEditUnchecked(edit)
    }

    /// `removeEditVariable` of a live edit.
    func removeEditUnchecked(_ edit: EditID) throws(LayoutError) {
        let key = core.records[Int(edit)].terms
        if editIndex[key] == edit { editIndex[key] = nil }
        core.removeConstraint(edit)
        let label = name(of: edit)
        untrack(edit)
        try checkStall("removing the edit \(label)")
    }

    public func hasEditVariable(_ edit: EditID) -> Bool { entry(edit) == .edit }

    // MARK: Values

    /// Brings `values` up to date with the tableau, visiting only rows changed since
    /// the last call; `changed` receives each variable whose value moved.
    public func updateValues(_ changed: (Int) -> Void = { _ in }) {
        refreshValues()
        for v in core.changedVariables { changed(Int(v)) }
        clearChangedVariables()
    }

    /// Brings `values` up to date like `updateValues`, but keeps the variables that
    /// moved in `changedVariables` (accumulating) until `clearChangedVariables()`.
    public func refreshValues() { core.updateValues() }

    /// The variables that moved in `refreshValues` calls since `clearChangedVariables()`
    /// (a variable may appear more than once).
    public var changedVariables: [Int32] { core.changedVariables }

    public func clearChangedVariables() { core.changedVariables.removeAll(keepingCapacity: true) }

    /// Sizes the lists a frame uses for the current tableau, so that frames of the
    /// same size allocate nothing. Call once the system is built.
    public func reserveFrameCapacity() { core.reserveFrameBuffers() }

    /// Variable values as of the last `updateValues`.
    public var values: [Double] { core.values }

    /// A variable's current value, straight from the tableau.
    public func value(of variable: Int) -> Double { core.value(of: variable) }

    /// Variables that can move without changing any constraint's violation (like
    /// `hasAmbiguousLayout` and `exerciseAmbiguityInLayout`): non-basic externals and
    /// basic ones whose row holds a zero-cost symbol that is free to move.
    /// Walks the whole tableau: meant for tests and small systems.
    public func ambiguousVariables() -> [Int] { core.ambiguousVariables() }

    public var hasAmbiguousLayout: Bool { !core.ambiguousVariables().isEmpty }
}
