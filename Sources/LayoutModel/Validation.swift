// Every rule of scene-format.md, checked as Auto Layout would, all problems listed.

extension Scene {
    /// All problems in the scene, each naming its culprit; empty when valid.
    public func validate() -> [Diagnostic] {
        var out: [Diagnostic] = []
        func fail(_ path: String, _ message: String, op: Bool = false) {
            out.append(Diagnostic(path: path, message: message, isOpLevel: op))
        }

        // Views: unique ids without '.', parents that exist, no cycles.
        if views.isEmpty { fail("$.views", "a scene needs at least one view") }
        var viewIndex: [String: Int] = [:]
        viewIndex.reserveCapacity(views.count)
        for (i, view) in views.enumerated() {
            let path = "$.views[\(i)] (id \"\(view.id)\")"
            if view.id.isEmpty { fail("$.views[\(i)].id", "a view id must not be empty") }
            if view.id.contains(".") { fail(path + ".id", "a view id must not contain '.'") }
            if viewIndex[view.id] != nil {
                fail(path + ".id", "duplicate view id \"\(view.id)\"")
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
        for start in views.indices where state[start] == 0 {
            var path: [Int] = []
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
        var priorityOf: [String: Double] = [:]
        constraintIndex.reserveCapacity(constraints.count)
        for (i, c) in constraints.enumerated() {
            let path = "$.constraints[\(i)] (id \"\(c.id)\")"
            for message in validateConstraint(c, path: path, viewIDs: viewIDs) { out.append(Diagnostic(path: path, message: message)) }
            if constraintIndex[c.id] != nil {
                fail(path + ".id", "duplicate constraint id \"\(c.id)\"")
            } else {
                constraintIndex[c.id] = i
                priorityOf[c.id] = c.priority.rawValue
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

        // Frames: ops are checked against what is present when they run (as if every earlier op succeeded).
        var removed = Set<String>()
        var addedInFrames = Set<String>()
        for (f, frame) in frames.enumerated() {
            for (j, op) in frame.enumerated() {
                let path = "$.frames[\(f)][\(j)] (\(op.name))"
                func known(_ id: String) -> Bool {
                    if removed.contains(id) {
                        fail(path, "constraint \"\(id)\" was removed earlier", op: true)
                        return false
                    }
                    if priorityOf[id] == nil {
                        fail(path, "unknown constraint \"\(id)\"", op: true)
                        return false
                    }
                    return true
                }
                switch op {
                case let .suggest(a, v):
                    if !declared.contains(a) { fail(path, "'\(a)' is not a declared edit variable", op: true) }
                    if !v.isFinite { fail(path + ".value", "not a finite number", op: true) }
                case let .setConstant(id, v):
                    _ = known(id)
                    if !v.isFinite { fail(path + ".value", "not a finite number", op: true) }
                case let .setPriority(id, v):
                    if known(id) {
                        if priorityOf[id]! >= 1000 {
                            fail(path, "constraint \"\(id)\" is required; its priority cannot change (Auto Layout forbids changing to or from 1000)", op: true)
                        } else if v >= 1000 {
                            fail(path + ".value", "priority \(formatNumber(v)) for \"\(id)\": changing a priority to required (1000) is not allowed", op: true)
                        } else if !(v >= 1 && v < 1000) {
                            fail(path + ".value", "priority \(formatNumber(v)) for \"\(id)\" is out of range 1...999", op: true)
                        } else {
                            priorityOf[id] = v
                        }
                    }
                case let .activate(id), let .deactivate(id):
                    _ = known(id)
                case let .remove(id):
                    if known(id) {
                        removed.insert(id)
                        priorityOf[id] = nil
                    }
                case let .add(c):
                    let label = "\(path) (id \"\(c.id)\")"
                    for message in validateConstraint(c, path: label, viewIDs: viewIDs) {
                        fail(label, message, op: true)
                    }
                    if removed.contains(c.id) {
                        fail(label, "constraint id \"\(c.id)\" was removed earlier and cannot be reused", op: true)
                    } else if priorityOf[c.id] != nil {
                        let origin = addedInFrames.contains(c.id) ? "an earlier add" : "the scene's constraints"
                        fail(label, "duplicate constraint id \"\(c.id)\" (already used by \(origin))", op: true)
                    } else {
                        priorityOf[c.id] = c.priority.rawValue
                        addedInFrames.insert(c.id)
                    }
                case let .addEdit(a, p):
                    if viewIndex[a.view] == nil { fail(path + ".attribute", "unknown view \"\(a.view)\"", op: true) }
                    if let message = editPriorityProblem(p.rawValue, a) { fail(path + ".priority", message, op: true) }
                    if !declared.insert(a).inserted { fail(path, "'\(a)' is already an edit variable", op: true) }
                case let .removeEdit(a):
                    if declared.remove(a) == nil { fail(path, "'\(a)' is not a declared edit variable", op: true) }
                case let .malformed(reason):
                    _ = reason  // reported by the reader already
                }
            }
        }
        return out
    }
}

private func editPriorityProblem(_ p: Double, _ a: AttributeRef) -> String? {
    if !p.isFinite || p < 1 || p > 1000 { return "priority \(formatNumber(p)) for edit '\(a)' is out of range 1...999" }
    if p >= 1000 { return "edit '\(a)' has priority 1000: an edit variable must be optional (below 1000)" }
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
    } else if c.multiplier != 1 {
        out.append("a multiplier is only allowed with \"second\"")
    }
    if !c.constant.isFinite { out.append("constant \(c.constant) is not a finite number") }
    let p = c.priority.rawValue
    if !p.isFinite || p < 1 || p > 1000 { out.append("priority \(formatNumber(p)) is out of range 1...1000") }
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
