// Every rule of scene-format.md, checked as Auto Layout would, all problems listed.
//
// `compile()` is the one place a scene is checked on its way to a back end: it
// runs `structuralProblems()` once, and lowers each op once (`OpRules.swift`:
// an op wrong on its own is compiled as `.invalid` and refused when its frame
// runs). What depends on which earlier ops a back end refused is the session's
// to decide at run time (`OpState`). `validate()` adds a static reading of the
// ops with the same rules, for the `validate` command.

extension Scene {
    /// All problems in the scene, each naming its culprit; empty when valid.
    public func validate() -> [Diagnostic] {
        structuralProblems() + opProblems()
    }

    /// The problems that make the scene unusable: its views, constraints and edits.
    public func structuralProblems() -> [Diagnostic] { structuralCheck().problems }

    /// The ids the structural check indexes, kept for `compile()` (a million views
    /// and four million constraints are not hashed twice).
    struct IDIndexes {
        /// View id → index in `views` (the first, where an id repeats).
        var views: [String: Int] = [:]
        var viewIDs: Set<String> = []
        /// Constraint id → index in `constraints` (the first, where an id repeats).
        var constraints: [String: Int] = [:]
    }

    /// `structuralProblems()`, and the indexes it built.
    func structuralCheck() -> (problems: [Diagnostic], indexes: IDIndexes) {
        var out: [Diagnostic] = []
        func fail(_ path: String, _ message: String) { out.append(Diagnostic(path: path, message: message)) }

        // Views: unique ids without '.', parents that exist, no cycles.
        if views.isEmpty { fail("$.views", "a scene needs at least one view") }
        var viewIndex: [String: Int] = [:]
        viewIndex.reserveCapacity(views.count)
        for (i, view) in views.enumerated() {
            // Built only for a message: a million views would build a million paths.
            func path() -> String { "$.views[\(i)] (id \"\(view.id)\")" }
            if view.id.isEmpty { fail("$.views[\(i)].id", "a view id must not be empty") }
            if view.id.utf8.contains(UInt8(ascii: ".")) { fail(path() + ".id", "a view id must not contain '.'") }
            if viewIndex[view.id] != nil {
                fail(path() + ".id", "duplicate view id \"\(view.id)\"")
            } else {
                viewIndex[view.id] = i
            }
        }
        var parentIndex = [Int](repeating: -1, count: views.count)
        for (i, view) in views.enumerated() {
            guard let parent = view.parent else { continue }
            if let p = viewIndex[parent] {
                parentIndex[i] = p
            } else {
                fail("$.views[\(i)] (id \"\(view.id)\").parent", "unknown parent view \"\(parent)\"")
            }
        }
        // A parent chain longer than the view count is a cycle; colour to report each cycle once.
        var state = [UInt8](repeating: 0, count: views.count)  // 0 new, 1 on the current path, 2 done
        var path: [Int] = []
        for start in views.indices where state[start] == 0 {
            path.removeAll(keepingCapacity: true)
            var v = start
            while v >= 0, state[v] == 0 {
                state[v] = 1
                path.append(v)
                v = parentIndex[v]
            }
            if v >= 0, state[v] == 1 {
                let cycle = path[path.firstIndex(of: v)!...].map { views[$0].id }
                fail("$.views", "parent cycle: " + (cycle + [views[v].id]).joined(separator: " → "))
            }
            for p in path { state[p] = 2 }
        }
        let viewIDs = Set(viewIndex.keys)

        // Constraints.
        var constraintIndex: [String: Int] = [:]
        constraintIndex.reserveCapacity(constraints.count)
        for (i, c) in constraints.enumerated() {
            func path() -> String { "$.constraints[\(i)] (id \"\(c.id)\")" }
            for message in validateConstraint(c, path: "", viewIDs: viewIDs) { out.append(Diagnostic(path: path(), message: message)) }
            if constraintIndex[c.id] != nil {
                fail(path() + ".id", "duplicate constraint id \"\(c.id)\"")
            } else {
                constraintIndex[c.id] = i
            }
        }

        // Edits.
        var declared = Set<AttributeRef>()
        for (i, e) in edits.enumerated() {
            let path = "$.edits[\(i)] (\(e.attribute))"
            if viewIndex[e.attribute.view] == nil { fail(path + ".attribute", "unknown view \"\(e.attribute.view)\"") }
            if let message = editPriorityProblem(e.priority.rawValue, e.attribute) { fail(path + ".priority", message) }
            if !declared.insert(e.attribute).inserted { fail(path, "'\(e.attribute)' is declared as an edit twice") }
        }
        return (out, IDIndexes(views: viewIndex, viewIDs: viewIDs, constraints: constraintIndex))
    }

    /// The problems of the ops, read statically with the rules `solve` applies
    /// (`OpRules.swift`): each op lowered as `compile()` lowers it, then checked
    /// against the state earlier ops leave, as if every earlier op succeeded.
    public func opProblems() -> [Diagnostic] {
        let (compiled, fields) = lowered()
        var state = OpState(compiled)
        for (edit, _) in compiled.initialEdits { state.record(.addEdit(edit, priority: 0, heldValue: 0)) }
        var out: [Diagnostic] = []
        for (f, frame) in frames.enumerated() {
            let markers = Set(compiled.frameMarkers[f]?.map(\.sourceIndex) ?? [])
            var position = 0
            for (j, op) in frame.enumerated() where !markers.contains(j) {
                let compiledOp = compiled.frames[f][position]
                defer { position += 1 }
                if case .malformed = op { continue }  // the reader reported it, with its field
                // The output line of this frame is `frame f + 1` (the initial solve is frame 0).
                let path = "$.frames[\(f)][\(j)] (frame \(f + 1) op \(j), \(op.name))"
                if case let .invalid(refusal) = compiledOp {
                    let message = compiled.refusal(refusal).error.description
                    out.append(Diagnostic(path: path + (fields[f][position] ?? ""), message: message, isOpLevel: true))
                } else {
                    var admitted = compiledOp
                    do {
                        try state.admit(&admitted, in: compiled)
                        state.record(admitted)
                    } catch {
                        out.append(Diagnostic(path: path, message: error.description, isOpLevel: true))
                    }
                }
            }
        }
        return out
    }
}

/// Why a value read from a scene is outside `LayoutLimits.maxMagnitude`, if it is.
func magnitudeProblem(_ v: Double) -> String? {
    if !v.isFinite { return "value must be a finite number, got \(v)" }
    if abs(v) > LayoutLimits.maxMagnitude {
        return "value \(formatNumber(v)) is outside the supported range ±1e9"
    }
    return nil
}

func editPriorityProblem(_ p: Double, _ a: AttributeRef) -> String? {
    if p == LayoutLimits.requiredPriority {
        return "edit '\(a)' has priority 1000: an edit variable must be optional (below 1000)"
    }
    if !LayoutLimits.optionalPriorityRange.contains(p) {
        return "priority \(formatNumber(p)) for edit '\(a)' is out of range 1...999"
    }
    return nil
}

/// The rules one constraint must satisfy on its own, as messages.
public func validateConstraint(_ c: Constraint, path: String, viewIDs: Set<String>) -> [String] {
    var out: [String] = []
    if c.id.isEmpty { out.append("a constraint id must not be empty") }
    if !viewIDs.contains(c.first.view) { out.append("first: unknown view \"\(c.first.view)\" in \"\(c.first)\"") }
    if let second = c.second {
        if !viewIDs.contains(second.view) { out.append("second: unknown view \"\(second.view)\" in \"\(second)\"") }
        if !c.first.attribute.canRelate(to: second.attribute) {
            out.append(axisMessage(c.first.attribute, second.attribute, c))
        }
        if !c.multiplier.isFinite { out.append("multiplier \(c.multiplier) is not a finite number") }
        else if c.multiplier == 0 { out.append("multiplier must not be zero") }
        else if !LayoutLimits.isValidMultiplier(c.multiplier) {
            out.append("multiplier \(formatNumber(c.multiplier)) is outside the supported magnitudes 1e-6...1e6")
        }
    } else if c.multiplier != 1 {
        out.append("a multiplier is only allowed with \"second\"")
    }
    if !c.constant.isFinite { out.append("constant \(c.constant) is not a finite number") }
    else if abs(c.constant) > LayoutLimits.maxMagnitude {
        out.append("constant \(formatNumber(c.constant)) is outside the supported range ±1e9")
    }
    let p = c.priority.rawValue
    if !LayoutLimits.isValidConstraintPriority(p) {
        out.append("priority \(formatNumber(p)) is out of range (1...999 optional, 1000 required)")
    }
    return out
}

private func axisMessage(_ a: Attribute, _ b: Attribute, _ c: Constraint) -> String {
    func kind(_ x: Attribute) -> String {
        switch x.locationAxis {
        case .horizontal?: return "a horizontal location"
        case .vertical?: return "a vertical location"
        case nil: return "a size"
        }
    }
    return "\"\(c.first)\" is \(kind(a)) and \"\(c.second!)\" is \(kind(b)): Auto Layout relates location attributes only to location attributes of the same axis, and sizes only to sizes"
}
