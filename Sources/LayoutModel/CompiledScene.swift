// A scene lowered to integer handles and linear rows over the unknowns, so that
// back ends never look up a string or decode anything while a frame is timed.

/// One term `coefficient * x[variable]`. Variable `4 * view + k` is the view's
/// unknown k: 0 left, 1 top, 2 width, 3 height.
public struct LinearTerm: Hashable, Sendable {
    public var variable: Int32
    public var coefficient: Double
    public init(variable: Int32, coefficient: Double) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `Σ terms RELATION constant`: `first - multiplier * second` on the left, the
/// scene's constant on the right, so `setConstant` replaces `constant` as is.
public struct LinearConstraint: Hashable, Sendable {
    public var id: String
    /// Sorted by variable, merged, without zero coefficients.
    public var terms: [LinearTerm]
    public var relation: Relation
    public var constant: Double
    public var priority: Double
    public var isActive: Bool

    public var isRequired: Bool { priority >= 1000 }

    public init(id: String, terms: [LinearTerm], relation: Relation, constant: Double, priority: Double, isActive: Bool) {
        self.id = id
        self.terms = terms
        self.relation = relation
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
    }

    /// `Σ terms - constant` at `values`: zero when an equality holds.
    @inlinable
    public func residual(_ values: UnsafeBufferPointer<Double>) -> Double {
        var sum = -constant
        for term in terms { sum += term.coefficient * values[Int(term.variable)] }
        return sum
    }

    /// How much the constraint fails at `values` (0 when it holds).
    @inlinable
    public func violation(_ values: UnsafeBufferPointer<Double>) -> Double {
        let r = residual(values)
        switch relation {
        case .equal: return abs(r)
        case .lessThanOrEqual: return max(0, r)
        case .greaterThanOrEqual: return max(0, -r)
        }
    }

    /// The scale that "relative" tolerances use: max(1, |first|, |multiplier*second|, |constant|),
    /// approximated by the largest term magnitude.
    @inlinable
    public func magnitude(_ values: UnsafeBufferPointer<Double>) -> Double {
        var scale = max(1, abs(constant))
        var positive = 0.0
        var negative = 0.0
        for term in terms {
            let v = term.coefficient * values[Int(term.variable)]
            if v > 0 { positive += v } else { negative -= v }
        }
        scale = max(scale, positive, negative)
        return scale
    }
}

/// An attribute that some op drives as an edit variable.
public struct CompiledEdit: Hashable, Sendable {
    public var attribute: AttributeRef
    public var terms: [LinearTerm]
}

public typealias ConstraintHandle = Int32
public typealias EditHandle = Int32

/// An op with its ids resolved. Handles index `CompiledScene.constraints` and `.edits`.
public enum CompiledOp: Hashable, Sendable {
    case suggest(EditHandle, value: Double)
    case setConstant(ConstraintHandle, value: Double)
    case setPriority(ConstraintHandle, value: Double)
    case activate(ConstraintHandle)
    case deactivate(ConstraintHandle)
    case add(ConstraintHandle)
    case remove(ConstraintHandle)
    /// `heldValue` is what the edit holds until its first `suggest`: its attribute's
    /// value at the last solve. The compiler cannot know it and writes 0;
    /// `SceneSession` computes it (the one place) and passes the op on with it.
    case addEdit(EditHandle, priority: Double, heldValue: Double)
    case removeEdit(EditHandle)
    /// Refused before reaching a back end (an unknown id, a bad value); `op` names
    /// the source op by kind and target (`Op.label`) for messages.
    case invalid(LayoutError, op: String)
}

public struct CompiledScene: Sendable {
    public var name: String
    public var viewIDs: [String]
    /// Handles `0..<initialConstraintCount` are the scene's constraints; each
    /// `add` op in the frames defines one more, in order.
    public var constraints: [LinearConstraint]
    public var initialConstraintCount: Int
    /// For handle h, the handle defined earlier with the same id, or -1.
    public var previousHandleWithSameID: [ConstraintHandle]
    public var edits: [CompiledEdit]
    public var initialEdits: [(edit: EditHandle, priority: Double)]
    public var frames: [[CompiledOp]]
    /// How each frame reaches the screen (`Scene.presentations`); beyond the end, interactive.
    public var presentations: [FramePresentation] = []
    /// Per view, its parent's index, or -1 for a root (empty when built without `compile()`).
    public var parentIndex: [Int32] = []
    /// The `layout` and `setBoundsOrigin` ops of the frames that have any, by frame
    /// index: they never reach a back end, and `frames` holds the other ops.
    public var frameMarkers: [Int: [FrameMarker]] = [:]

    /// How frame `index` reaches the screen.
    public func presentation(ofFrame index: Int) -> FramePresentation {
        index < presentations.count ? presentations[index] : .interactive
    }

    public var viewCount: Int { viewIDs.count }
    public var variableCount: Int { viewIDs.count * 4 }
    public var frameCount: Int { frames.count }

    /// Whether any constraint the scene ever holds is an inequality.
    public var hasInequalities: Bool { constraints.contains { $0.relation != .equal } }

    public init(
        name: String, viewIDs: [String], constraints: [LinearConstraint], initialConstraintCount: Int,
        previousHandleWithSameID: [ConstraintHandle], edits: [CompiledEdit],
        initialEdits: [(edit: EditHandle, priority: Double)], frames: [[CompiledOp]]
    ) {
        self.name = name
        self.viewIDs = viewIDs
        self.constraints = constraints
        self.initialConstraintCount = initialConstraintCount
        self.previousHandleWithSameID = previousHandleWithSameID
        self.edits = edits
        self.initialEdits = initialEdits
        self.frames = frames
    }
}

extension Scene {
    /// Checks and lowers the scene: the one place a scene is checked on its way
    /// to a back end. Structural problems throw; an op that is wrong on its own
    /// (`opProblem`) becomes `.invalid`, refused when its frame runs. Every op a
    /// back end receives has handles that exist and values within `LayoutLimits`.
    public func compile() throws(LayoutError) -> CompiledScene {
        let (problems, indexes) = structuralCheck()
        if !problems.isEmpty { throw .invalidScene(problems.map(\.description)) }
        let viewIndex = indexes.views

        func terms(_ ref: AttributeRef, scale: Double, into out: inout [LinearTerm]) -> Bool {
            guard let v = viewIndex[ref.view] else { return false }
            for (unknown, coefficient) in ref.attribute.unknownTerms {
                out.append(LinearTerm(variable: Int32(v) * 4 + Int32(unknown), coefficient: coefficient * scale))
            }
            return true
        }
        func lower(_ c: Constraint) -> LinearConstraint? {
            var raw: [LinearTerm] = []
            raw.reserveCapacity(4)
            guard terms(c.first, scale: 1, into: &raw) else { return nil }
            if let second = c.second, !terms(second, scale: -c.multiplier, into: &raw) { return nil }
            return LinearConstraint(
                id: c.id, terms: mergeTerms(raw), relation: c.relation, constant: c.constant,
                priority: c.priority.rawValue, isActive: c.isActive)
        }

        var compiled: [LinearConstraint] = []
        compiled.reserveCapacity(constraints.count)
        // The structural check indexed the ids (unique in a valid scene): constraint i is handle i.
        var handleByID = indexes.constraints
        var previous = [ConstraintHandle](repeating: -1, count: constraints.count)
        for c in constraints {
            compiled.append(lower(c)!)  // validated above
        }
        let initialCount = compiled.count

        var edits: [CompiledEdit] = []
        var editByAttribute: [AttributeRef: EditHandle] = [:]
        func editHandle(_ ref: AttributeRef) -> EditHandle? {
            if let h = editByAttribute[ref] { return h }
            var t: [LinearTerm] = []
            guard terms(ref, scale: 1, into: &t) else { return nil }
            let h = EditHandle(edits.count)
            edits.append(CompiledEdit(attribute: ref, terms: mergeTerms(t)))
            editByAttribute[ref] = h
            return h
        }
        var initialEdits: [(edit: EditHandle, priority: Double)] = []
        for e in self.edits {
            initialEdits.append((editHandle(e.attribute)!, e.priority.rawValue))
        }

        func constraintHandle(_ id: String) -> Result<ConstraintHandle, LayoutError> {
            guard let h = handleByID[id] else { return .failure(.unknownConstraint(id)) }
            return .success(ConstraintHandle(h))
        }
        let viewIDSet = indexes.viewIDs
        func compileOp(_ op: Op) -> CompiledOp {
            let compiledOp = compileValidOp(op)  // once: an `add` defines a handle
            if case let .invalid(error, _) = compiledOp { return .invalid(error, op: op.label) }
            return compiledOp
        }
        func compileValidOp(_ op: Op) -> CompiledOp {
            if let problem = opProblem(op, viewIDs: viewIDSet) { return .invalid(.invalidOp(problem.message), op: "") }
            switch op {
            case let .suggest(attribute, value):
                guard let h = editByAttribute[attribute] else { return .invalid(.unknownEdit(attribute.description), op: "") }
                return .suggest(h, value: value)
            case let .setConstant(id, value):
                switch constraintHandle(id) {
                case let .success(h): return .setConstant(h, value: value)
                case let .failure(e): return .invalid(e, op: "")
                }
            case let .setPriority(id, value):
                switch constraintHandle(id) {
                case let .success(h):
                    if compiled[Int(h)].isRequired { return .invalid(.requiredPriorityChange(constraint: id), op: "") }
                    return .setPriority(h, value: value)
                case let .failure(e): return .invalid(e, op: "")
                }
            case let .activate(id):
                switch constraintHandle(id) {
                case let .success(h): return .activate(h)
                case let .failure(e): return .invalid(e, op: "")
                }
            case let .deactivate(id):
                switch constraintHandle(id) {
                case let .success(h): return .deactivate(h)
                case let .failure(e): return .invalid(e, op: "")
                }
            case let .remove(id):
                switch constraintHandle(id) {
                case let .success(h): return .remove(h)
                case let .failure(e): return .invalid(e, op: "")
                }
            case let .add(c):
                if let existing = handleByID[c.id], existing < initialCount {
                    return .invalid(.duplicateConstraint(c.id), op: "")
                }
                let h = ConstraintHandle(compiled.count)
                compiled.append(lower(c)!)
                previous.append(handleByID[c.id].map(ConstraintHandle.init) ?? -1)
                handleByID[c.id] = Int(h)
                return .add(h)
            case let .addEdit(attribute, priority):
                return .addEdit(editHandle(attribute)!, priority: priority.rawValue, heldValue: 0)  // view checked above
            case .malformed:
                fatalError("opProblem refuses every malformed op")
            case .layout, .setBoundsOrigin:
                fatalError("a valid layout or setBoundsOrigin op is a frame marker, never compiled")
            case let .removeEdit(attribute):
                guard let h = editByAttribute[attribute] else { return .invalid(.unknownEdit(attribute.description), op: "") }
                return .removeEdit(h)
            }
        }

        var compiledFrames: [[CompiledOp]] = []
        compiledFrames.reserveCapacity(frames.count)
        var markers: [Int: [FrameMarker]] = [:]
        for (f, frame) in frames.enumerated() {
            var ops: [CompiledOp] = []
            ops.reserveCapacity(frame.count)
            for (j, op) in frame.enumerated() {
                if let marker = FrameMarker(op, sourceIndex: j, position: ops.count, viewIndex: viewIndex) {
                    markers[f, default: []].append(marker)
                } else {
                    ops.append(compileOp(op))
                }
            }
            compiledFrames.append(ops)
        }

        var out = CompiledScene(
            name: name, viewIDs: views.map(\.id), constraints: compiled, initialConstraintCount: initialCount,
            previousHandleWithSameID: previous, edits: edits, initialEdits: initialEdits, frames: compiledFrames)
        out.presentations = presentations
        out.parentIndex = views.map { $0.parent.flatMap { viewIndex[$0].map(Int32.init) } ?? -1 }
        out.frameMarkers = markers
        return out
    }
}

/// Sorts by variable and merges repeated variables, dropping exact zeros.
public func mergeTerms(_ raw: [LinearTerm]) -> [LinearTerm] {
    var sorted = raw.sorted { $0.variable < $1.variable }
    var out: [LinearTerm] = []
    out.reserveCapacity(sorted.count)
    var i = 0
    while i < sorted.count {
        var term = sorted[i]
        i += 1
        while i < sorted.count, sorted[i].variable == term.variable {
            term.coefficient += sorted[i].coefficient
            i += 1
        }
        if term.coefficient != 0 { out.append(term) }
    }
    sorted.removeAll()
    return out
}
