// The rules an op obeys, in one place each.
//
// An op is *malformed* when it is wrong whatever ran before it: a value out of
// range (`opProblem`), a constraint id, edit attribute or view the scene never
// names. `compile()` checks that once per op and lowers a malformed op to
// `.invalid`, which the session refuses when its frame runs.
//
// An op is *refused by state* when it is wrong given what earlier ops did at run
// time: a removed or never-added constraint, an undeclared edit, an id in use
// (an `add` a back end refused never existed), a priority change of a required
// constraint. `OpState.admit(_:in:)` checks
// that, once, in the session; `validate` reads the ops with the same rules, as if
// every earlier op succeeded.
//
// Back ends receive only ops that passed both and never check them again.

/// What is wrong with an op's values on its own (its numbers, the constraint it
/// adds), whatever ran before it: `field` is the JSON path suffix of the culprit.
/// Names the op resolves (constraint ids, edits, views) are the compiler's to check.
public func opProblem(_ op: Op, viewIDs: Set<String>) -> (field: String, message: String)? {
    switch op {
    case let .suggest(a, v):
        if let m = magnitudeProblem(v) { return (".value", "suggest \(a): \(m)") }
    case let .setConstant(id, v):
        if let m = magnitudeProblem(v) { return (".value", "setConstant \"\(id)\": \(m)") }
    case let .setPriority(id, v):
        if v == LayoutLimits.requiredPriority {
            return (".value", "setPriority \"\(id)\": changing a priority to required (1000) is not allowed")
        }
        if !LayoutLimits.optionalPriorityRange.contains(v) {
            return (".value", "setPriority \"\(id)\": priority \(formatNumber(v)) is out of range 1...999")
        }
    case let .add(c):
        if let first = validateConstraint(c, path: "", viewIDs: viewIDs).first { return ("", "add \"\(c.id)\": \(first)") }
    case let .addEdit(a, p):
        if let m = editPriorityProblem(p.rawValue, a) { return (".priority", "addEdit \(a): \(m)") }
    case let .setBoundsOrigin(view, x, y):
        if let m = magnitudeProblem(x) { return (".x", "setBoundsOrigin \(view): \(m)") }
        if let m = magnitudeProblem(y) { return (".y", "setBoundsOrigin \(view): \(m)") }
    case .layout, .activate, .deactivate, .remove, .removeEdit, .malformed:
        break
    }
    return nil
}

/// The state the op rules read, per constraint handle and edit: whether the
/// constraint exists and is active, whether the edit is declared.
public struct OpState: Sendable {
    /// Where a constraint handle is in its life.
    public enum Presence: UInt8, Sendable {
        /// Defined by an `add` that has not run (or was refused).
        case notYetAdded
        /// In the solver (active or not).
        case present
        case removed
    }

    public private(set) var presence: [Presence]
    public private(set) var isActive: [Bool]
    public private(set) var editDeclared: [Bool]
    /// Whether each constraint is required, which no op changes. Read here rather than
    /// from the scene's constraints: a byte per handle stays in cache where the
    /// constraint's whole record does not (toggle-100000's swap frame: 66,666 priority
    /// changes, most of the ops' time went in missing the cache on that read).
    public let isRequired: [Bool]

    /// The state before frame 0: the scene's constraints present, no edit declared
    /// (the scene's edits arrive as `addEdit` ops).
    public init(_ scene: CompiledScene) {
        presence = [Presence](repeating: .notYetAdded, count: scene.constraints.count)
        for h in 0..<scene.initialConstraintCount { presence[h] = .present }
        isActive = scene.constraints.map(\.isActive)
        editDeclared = [Bool](repeating: false, count: scene.edits.count)
        isRequired = scene.constraints.map(\.isRequired)
    }

    /// Throws why `op` must be refused given what earlier ops did (a malformed op's own
    /// refusal included). Several `add`s may define one id, of which at most one runs:
    /// an op on the id is pointed at the handle present now.
    @inline(__always)
    public mutating func admit(_ op: inout CompiledOp, in scene: CompiledScene) throws(LayoutError) {
        if let redirected = try admitted(op, in: scene) { op = redirected }
    }

    /// `admit` without writing the op back on the hot path: throws why `op` must be
    /// refused, or returns it pointed at the handle present now, or nil when it stands
    /// as it is (the usual case). `mutating` though it changes nothing: a session calls
    /// it on its stored state, which a non-mutating call copies (a retain and a release
    /// of each of its three arrays, per op).
    @inline(__always)
    public mutating func admitted(_ op: CompiledOp, in scene: CompiledScene) throws(LayoutError) -> CompiledOp? {
        switch op {
        case let .invalid(refusal):
            throw scene.refusal(refusal).error
        case let .suggest(e, _), let .removeEdit(e):
            if !editDeclared[Int(e)] { throw .unknownEdit(scene.edits[Int(e)].attribute.description) }
        case let .addEdit(e, _, _):
            if editDeclared[Int(e)] { throw .duplicateEdit(scene.edits[Int(e)].attribute.description) }
        case let .setConstant(h, value):
            if presence[Int(h)] != .present { return .setConstant(try present(h, in: scene), value: value) }
        case let .setPriority(h, value):
            let target = presence[Int(h)] == .present ? h : try present(h, in: scene)
            // Required stays required: no op can make a priority 1000.
            if isRequired[Int(target)] { throw .requiredPriorityChange(constraint: scene.constraints[Int(h)].id) }
            if target != h { return .setPriority(target, value: value) }
        case let .activate(h):
            if presence[Int(h)] != .present { return .activate(try present(h, in: scene)) }
        case let .deactivate(h):
            if presence[Int(h)] != .present { return .deactivate(try present(h, in: scene)) }
        case let .remove(h):
            if presence[Int(h)] != .present { return .remove(try present(h, in: scene)) }
        case let .add(h):
            // An id names one constraint at a time, and never again once removed.
            if presence[Int(h)] != .notYetAdded { throw .duplicateConstraint(scene.constraints[Int(h)].id) }
            var earlier = scene.previousHandleWithSameID[Int(h)]
            while earlier >= 0 {
                switch presence[Int(earlier)] {
                case .present: throw .duplicateConstraint(scene.constraints[Int(h)].id)
                case .removed: throw .removedConstraint(scene.constraints[Int(h)].id)
                case .notYetAdded: earlier = scene.previousHandleWithSameID[Int(earlier)]
                }
            }
        }
        return nil
    }

    /// Where the run of value ops from `start` ends: ops that `admitted` would pass as
    /// they stand and `record` would not record (`suggest` of a declared edit,
    /// `setConstant` of a present constraint, `setPriority` of a present optional one).
    /// Such a run goes to a back end in one call (`LayoutBackend.applyValueOps`); every
    /// other op, and any op to be refused or redirected, ends it.
    @inline(__always)
    public mutating func valueRunEnd(_ ops: UnsafeBufferPointer<CompiledOp>, from start: Int) -> Int {
        // Subscripts for a few ops (most frames have one or a few, where taking three
        // buffers cost more than the bounds checks); buffers for a long run
        // (toggle-100000's swap frame: 100,000 ops).
        guard ops.count - start > 64 else {
            return Self.valueRunEnd(ops, from: start, editDeclared: editDeclared, presence: presence, isRequired: isRequired)
        }
        return editDeclared.withUnsafeBufferPointer { editDeclared in
            presence.withUnsafeBufferPointer { presence in
                isRequired.withUnsafeBufferPointer { isRequired in
                    Self.valueRunEnd(ops, from: start, editDeclared: editDeclared, presence: presence, isRequired: isRequired)
                }
            }
        }
    }

    @inline(__always)
    private static func valueRunEnd<Flags: RandomAccessCollection<Bool>, Presences: RandomAccessCollection<Presence>>(
        _ ops: UnsafeBufferPointer<CompiledOp>, from start: Int, editDeclared: Flags, presence: Presences, isRequired: Flags
    ) -> Int where Flags.Index == Int, Presences.Index == Int {
        var end = start
        while end < ops.count {
            switch ops[end] {
            case let .suggest(e, _):
                guard editDeclared[Int(e)] else { return end }
            case let .setConstant(h, _):
                guard presence[Int(h)] == .present else { return end }
            case let .setPriority(h, _):
                guard presence[Int(h)] == .present, !isRequired[Int(h)] else { return end }
            default:
                return end
            }
            end &+= 1
        }
        return end
    }

    /// The handle of `h`'s id that is present now (the latest `add` of an id may have been
    /// refused, an earlier one not), or why there is none.
    private func present(_ h: ConstraintHandle, in scene: CompiledScene) throws(LayoutError) -> ConstraintHandle {
        var candidate = h
        while candidate >= 0 {
            switch presence[Int(candidate)] {
            case .present: return candidate
            case .removed: throw .removedConstraint(scene.constraints[Int(h)].id)
            case .notYetAdded: candidate = scene.previousHandleWithSameID[Int(candidate)]
            }
        }
        throw .unknownConstraint(scene.constraints[Int(h)].id)
    }

    /// Whether `op`, which is not refused, would change nothing (activating an
    /// active constraint): it need not reach a back end. `mutating` for the reason `admit` is.
    @inline(__always)
    public mutating func changesNothing(_ op: CompiledOp) -> Bool {
        switch op {
        case let .activate(h): return isActive[Int(h)]
        case let .deactivate(h): return !isActive[Int(h)]
        default: return false
        }
    }

    /// Records `op`, which was not refused (and which the back end accepted).
    @inline(__always)
    public mutating func record(_ op: CompiledOp) {
        switch op {
        case let .activate(h): isActive[Int(h)] = true
        case let .deactivate(h): isActive[Int(h)] = false
        case let .add(h): presence[Int(h)] = .present
        case let .remove(h): presence[Int(h)] = .removed
        case let .addEdit(e, _, _): editDeclared[Int(e)] = true
        case let .removeEdit(e): editDeclared[Int(e)] = false
        case .suggest, .setConstant, .setPriority, .invalid: break
        }
    }
}
