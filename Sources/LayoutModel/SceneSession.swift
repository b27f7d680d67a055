// Plays a compiled scene on a back end: refuses malformed ops (the same way for
// every back end), tracks what each constraint and edit currently is, and
// collects the rectangles after each solve.

public final class SceneSession {
    public enum Status: UInt8, Sendable { case pending, live, removed }

    public let scene: CompiledScene
    public let backend: any LayoutBackend

    public private(set) var status: [Status]
    public private(set) var isActive: [Bool]
    public private(set) var constants: [Double]
    public private(set) var priorities: [Double]
    public private(set) var editDeclared: [Bool]
    public private(set) var editPriority: [Double]
    /// The suggested value, or the value held since the edit was declared.
    public private(set) var editValue: [Double]
    /// `[left, top, width, height]` per view after the last solve.
    public private(set) var rects: [Double]
    /// Views whose rectangle changed in the last solve (as the back end reports them).
    public private(set) var changedViews: [Int32] = []
    /// Indices (within the frame) of the ops refused in the last frame.
    public private(set) var refusedOps: [Int] = []

    /// Loads the scene on a back end of type `backendType` and solves frame 0.
    public init(
        scene: CompiledScene, backend backendType: any LayoutBackend.Type, options: BackendOptions = BackendOptions()
    ) throws(LayoutError) {
        if let reason = backendType.assess(scene, options: options).declineReason {
            throw .unsupported(reason)
        }
        let backend = try backendType.init(scene: scene, options: options)
        self.scene = scene
        self.backend = backend
        let n = scene.constraints.count
        status = [Status](repeating: .pending, count: n)
        isActive = scene.constraints.map(\.isActive)
        constants = scene.constraints.map(\.constant)
        priorities = scene.constraints.map(\.priority)
        for h in 0..<scene.initialConstraintCount { status[h] = .live }
        editDeclared = [Bool](repeating: false, count: scene.edits.count)
        editPriority = [Double](repeating: 0, count: scene.edits.count)
        editValue = [Double](repeating: 0, count: scene.edits.count)
        rects = [Double](repeating: 0, count: scene.variableCount)
        rects.withUnsafeMutableBufferPointer { backend.readRects(into: $0) }
        changedViews.reserveCapacity(scene.variableCount / 4)  // so that no frame allocates it
        for (edit, priority) in scene.initialEdits {
            declareEdit(edit, priority: priority)
        }
    }

    /// The id a message uses for a constraint handle.
    public func id(of handle: ConstraintHandle) -> String { scene.constraints[Int(handle)].id }

    private func declareEdit(_ edit: EditHandle, priority: Double) {
        let e = Int(edit)
        editDeclared[e] = true
        editPriority[e] = priority
        var value = 0.0
        for term in scene.edits[e].terms { value += term.coefficient * rects[Int(term.variable)] }
        editValue[e] = value
    }

    /// Why `op` must be refused before it reaches the back end, if it must.
    /// Returns `.success(false)` for an op that is a no-op (activating an active constraint).
    private func gate(_ op: CompiledOp) -> Result<Bool, LayoutError> {
        func live(_ h: ConstraintHandle) -> LayoutError? {
            switch status[Int(h)] {
            case .live: return nil
            case .removed: return .removedConstraint(id(of: h))
            case .pending: return .unknownConstraint(id(of: h))
            }
        }
        switch op {
        case let .invalid(error):
            return .failure(error)
        case let .suggest(edit, _):
            return editDeclared[Int(edit)] ? .success(true) : .failure(.unknownEdit(scene.edits[Int(edit)].attribute.description))
        case let .setConstant(h, _):
            if let e = live(h) { return .failure(e) }
            return .success(true)
        case let .setPriority(h, _):
            if let e = live(h) { return .failure(e) }
            if priorities[Int(h)] >= 1000 { return .failure(.requiredPriorityChange(constraint: id(of: h))) }
            return .success(true)
        case let .activate(h):
            if let e = live(h) { return .failure(e) }
            return .success(!isActive[Int(h)])
        case let .deactivate(h):
            if let e = live(h) { return .failure(e) }
            return .success(isActive[Int(h)])
        case let .remove(h):
            if let e = live(h) { return .failure(e) }
            return .success(true)
        case let .add(h):
            var earlier = scene.previousHandleWithSameID[Int(h)]
            while earlier >= 0 {
                switch status[Int(earlier)] {
                case .live: return .failure(.duplicateConstraint(id(of: h)))
                case .removed: return .failure(.removedConstraint(id(of: h)))
                case .pending: earlier = scene.previousHandleWithSameID[Int(earlier)]
                }
            }
            return status[Int(h)] == .pending ? .success(true) : .failure(.duplicateConstraint(id(of: h)))
        case let .addEdit(edit, _):
            return editDeclared[Int(edit)] ? .failure(.duplicateEdit(scene.edits[Int(edit)].attribute.description)) : .success(true)
        case let .removeEdit(edit):
            return editDeclared[Int(edit)] ? .success(true) : .failure(.unknownEdit(scene.edits[Int(edit)].attribute.description))
        }
    }

    /// Applies one op; returns the refusal, if any. Fatal back-end errors throw.
    public func apply(_ op: CompiledOp) throws(LayoutError) -> LayoutError? {
        switch gate(op) {
        case let .failure(error): return error
        case .success(false): return nil
        case .success(true): break
        }
        do {
            try backend.apply(op)
        } catch {
            if error.isFatal { throw error }
            return error
        }
        switch op {
        case let .suggest(edit, value): editValue[Int(edit)] = value
        case let .setConstant(h, value): constants[Int(h)] = value
        case let .setPriority(h, value): priorities[Int(h)] = value
        case let .activate(h): isActive[Int(h)] = true
        case let .deactivate(h): isActive[Int(h)] = false
        case let .add(h): status[Int(h)] = .live
        case let .remove(h): status[Int(h)] = .removed
        case let .addEdit(edit, priority): declareEdit(edit, priority: priority)
        case let .removeEdit(edit): editDeclared[Int(edit)] = false
        case .invalid: break
        }
        return nil
    }

    /// Runs frame `index` (0-based in `scene.frames`): its ops, one solve, the
    /// rectangles. Returns one message per refused op.
    @discardableResult
    public func runFrame(_ index: Int) throws(LayoutError) -> [String] {
        var errors: [String] = []
        refusedOps.removeAll(keepingCapacity: true)
        for (i, op) in scene.frames[index].enumerated() {
            if let error = try apply(op) {
                errors.append("frame \(index + 1) op \(i) (\(describe(op))): \(error)")
                refusedOps.append(i)
            }
        }
        try backend.solve()
        changedViews.removeAll(keepingCapacity: true)
        rects.withUnsafeMutableBufferPointer { backend.readChangedRects(into: $0, changedViews: &changedViews) }
        return errors
    }

    /// `op constraint-or-attribute`, for messages.
    public func describe(_ op: CompiledOp) -> String {
        switch op {
        case let .suggest(e, _): return "suggest \(scene.edits[Int(e)].attribute)"
        case let .setConstant(h, _): return "setConstant \(id(of: h))"
        case let .setPriority(h, _): return "setPriority \(id(of: h))"
        case let .activate(h): return "activate \(id(of: h))"
        case let .deactivate(h): return "deactivate \(id(of: h))"
        case let .add(h): return "add \(id(of: h))"
        case let .remove(h): return "remove \(id(of: h))"
        case let .addEdit(e, _): return "addEdit \(scene.edits[Int(e)].attribute)"
        case let .removeEdit(e): return "removeEdit \(scene.edits[Int(e)].attribute)"
        case .invalid: return "invalid op"
        }
    }

    /// The constraints in force now, edits included (as `attribute == value`), with
    /// their current constants and priorities: what a solution is judged against.
    public func activeConstraints() -> [LinearConstraint] {
        var out: [LinearConstraint] = []
        for h in scene.constraints.indices where status[h] == .live && isActive[h] {
            var c = scene.constraints[h]
            c.constant = constants[h]
            c.priority = priorities[h]
            c.isActive = true
            out.append(c)
        }
        for e in scene.edits.indices where editDeclared[e] {
            out.append(
                LinearConstraint(
                    id: "edit \(scene.edits[e].attribute)", terms: scene.edits[e].terms, relation: .equal,
                    constant: editValue[e], priority: editPriority[e], isActive: true))
        }
        return out
    }

    /// Judges `rects` (by default the last solve) by the spec's reference semantics.
    public func evaluate(_ candidate: [Double]? = nil) -> Evaluation {
        Evaluation(constraints: activeConstraints(), rects: candidate ?? rects)
    }
}

/// How well a set of rectangles satisfies a set of constraints: rule 1 (required
/// constraints hold) and the violation total at each optional priority.
public struct Evaluation: Sendable {
    /// Required constraints that fail by more than 1e-6 relative, with the amount.
    public var brokenRequired: [(id: String, violation: Double)] = []
    /// Optional priority → (total violation, largest single term).
    public var violations: [Double: (total: Double, largestTerm: Double)] = [:]

    public var satisfiesRequired: Bool { brokenRequired.isEmpty }

    public init(constraints: [LinearConstraint], rects: [Double]) {
        rects.withUnsafeBufferPointer { values in
            for c in constraints {
                let v = c.violation(values)
                if c.isRequired {
                    if v > Tolerance.contract * c.magnitude(values) { brokenRequired.append((c.id, v)) }
                } else {
                    var entry = violations[c.priority] ?? (0, 0)
                    entry.total += v
                    entry.largestTerm = max(entry.largestTerm, c.magnitude(values))
                    violations[c.priority] = entry
                }
            }
        }
    }

    /// Priorities whose totals differ by more than 1e-6 relative between two evaluations.
    public func disagreements(with other: Evaluation) -> [(priority: Double, mine: Double, theirs: Double)] {
        var out: [(Double, Double, Double)] = []
        for priority in Set(violations.keys).union(other.violations.keys).sorted(by: >) {
            let a = violations[priority] ?? (0, 0)
            let b = other.violations[priority] ?? (0, 0)
            let scale = max(1, a.total, b.total, a.largestTerm, b.largestTerm)
            if abs(a.total - b.total) > Tolerance.contract * scale { out.append((priority, a.total, b.total)) }
        }
        return out
    }
}
