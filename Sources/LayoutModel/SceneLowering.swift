// Lowering a scene to a `CompiledScene`: ids become handles, constraints linear
// rows, and each op is checked on its own, once (`OpRules.swift`).

extension Scene {
    /// Checks and lowers the scene: the one place a scene is checked on its way
    /// to a back end. Structural problems throw; a malformed op (see `OpRules.swift`)
    /// becomes `.invalid`, refused when its frame runs. Every other op a back end
    /// receives has handles that exist and values within `LayoutLimits`.
    public func compile() throws(LayoutError) -> CompiledScene {
        let (problems, indexes) = structuralCheck()
        if !problems.isEmpty { throw .invalidScene(problems.map(\.description)) }
        return lowered(reusing: indexes).scene
    }

    /// The scene lowered, with, per frame and compiled op that is `.invalid`, the JSON
    /// path suffix of its culprit. A scene with structural problems lowers too (a
    /// reference to an unknown view contributes no terms), for `validate`'s reading
    /// of its ops; `compile()` never hands such a scene on.
    /// `indexes`, from the structural check of a valid scene, spares hashing every id twice.
    func lowered(reusing indexes: IDIndexes? = nil) -> (scene: CompiledScene, invalidFields: [[Int: String]]) {
        var lowering = SceneLowering(self, indexes: indexes)
        var compiledFrames: [[CompiledOp]] = []
        compiledFrames.reserveCapacity(frames.count)
        var fields: [[Int: String]] = []
        var markers: [Int: [FrameMarker]] = [:]
        var refusals: [OpRefusal] = []
        for (f, frame) in frames.enumerated() {
            var ops: [CompiledOp] = []
            ops.reserveCapacity(frame.count)
            var frameFields: [Int: String] = [:]
            for (j, op) in frame.enumerated() {
                do {
                    switch try lowering.lower(op) {
                    case let .op(compiled): ops.append(compiled)
                    case let .marker(action):
                        markers[f, default: []].append(FrameMarker(action, sourceIndex: j, position: ops.count))
                    }
                } catch {
                    frameFields[ops.count] = error.field
                    ops.append(.invalid(refusal: Int32(refusals.count)))
                    refusals.append(OpRefusal(error: error.error, label: op.label))
                }
            }
            compiledFrames.append(ops)
            fields.append(frameFields)
        }
        var out = CompiledScene(
            name: name, viewIDs: views.map(\.id), constraints: lowering.constraints,
            initialConstraintCount: lowering.initialCount, previousHandleWithSameID: lowering.previous,
            edits: lowering.edits, initialEdits: lowering.initialEdits, frames: compiledFrames)
        out.presentations = presentations
        out.parentIndex = views.map { $0.parent.flatMap { lowering.viewIndex[$0].map(Int32.init) } ?? -1 }
        out.frameMarkers = markers
        out.refusals = refusals
        return (out, fields)
    }
}

/// Why an op was lowered to `.invalid`: the error, and the JSON path suffix of its culprit.
struct LoweringRefusal: Error {
    var field: String
    var error: LayoutError
}

/// What an op of the scene becomes: an op for the back ends, or a frame marker for the session.
enum LoweredOp {
    case op(CompiledOp)
    case marker(FrameMarker.Action)
}

/// The handles and rows of a scene being lowered; `lower` defines new ones as ops add them.
struct SceneLowering {
    let viewIndex: [String: Int]
    let viewIDs: Set<String>
    private(set) var constraints: [LinearConstraint] = []
    private(set) var previous: [ConstraintHandle] = []
    private(set) var initialCount = 0
    private(set) var edits: [CompiledEdit] = []
    private(set) var initialEdits: [(edit: EditHandle, priority: Double)] = []
    private var handleByID: [String: ConstraintHandle] = [:]
    private var editByAttribute: [AttributeRef: EditHandle] = [:]

    /// `indexes` (a valid scene's, whose ids are unique) are taken as they are;
    /// without them the ids are indexed here, a repeated id naming its last use.
    init(_ scene: Scene, indexes: Scene.IDIndexes? = nil) {
        if let indexes {
            viewIndex = indexes.views
            viewIDs = indexes.viewIDs
            handleByID = indexes.constraints.mapValues { ConstraintHandle($0) }
        } else {
            var viewIndex: [String: Int] = [:]
            viewIndex.reserveCapacity(scene.views.count)
            for (i, view) in scene.views.enumerated() { viewIndex[view.id] = i }
            self.viewIndex = viewIndex
            viewIDs = Set(viewIndex.keys)
            handleByID.reserveCapacity(scene.constraints.count)
            for (i, c) in scene.constraints.enumerated() { handleByID[c.id] = ConstraintHandle(i) }
        }
        constraints.reserveCapacity(scene.constraints.count)
        for c in scene.constraints { constraints.append(row(c)) }
        previous = [ConstraintHandle](repeating: -1, count: scene.constraints.count)
        initialCount = constraints.count
        for e in scene.edits { initialEdits.append((editHandle(e.attribute), e.priority.rawValue)) }
    }

    /// `ref`'s unknowns times `scale`; none for an unknown view (a structural problem).
    private func terms(_ ref: AttributeRef, scale: Double, into out: inout [LinearTerm]) {
        guard let v = viewIndex[ref.view] else { return }
        for (unknown, coefficient) in ref.attribute.unknownTerms {
            out.append(LinearTerm(variable: Int32(v) * 4 + Int32(unknown), coefficient: coefficient * scale))
        }
    }

    private func row(_ c: Constraint) -> LinearConstraint {
        var raw: [LinearTerm] = []
        raw.reserveCapacity(4)
        terms(c.first, scale: 1, into: &raw)
        if let second = c.second { terms(second, scale: -c.multiplier, into: &raw) }
        return LinearConstraint(
            id: c.id, terms: mergeTerms(raw), relation: c.relation, constant: c.constant,
            priority: c.priority.rawValue, isActive: c.isActive)
    }

    /// The edit handle of `ref`, defined on first use.
    private mutating func editHandle(_ ref: AttributeRef) -> EditHandle {
        if let h = editByAttribute[ref] { return h }
        var t: [LinearTerm] = []
        terms(ref, scale: 1, into: &t)
        let h = EditHandle(edits.count)
        edits.append(CompiledEdit(attribute: ref, terms: mergeTerms(t)))
        editByAttribute[ref] = h
        return h
    }

    private func constraint(_ id: String) throws(LoweringRefusal) -> ConstraintHandle {
        guard let h = handleByID[id] else { throw LoweringRefusal(field: ".constraint", error: .unknownConstraint(id)) }
        return h
    }

    private func edit(_ attribute: AttributeRef) throws(LoweringRefusal) -> EditHandle {
        guard let h = editByAttribute[attribute] else {
            throw LoweringRefusal(field: ".attribute", error: .unknownEdit(attribute.description))
        }
        return h
    }

    /// The view `id` names, for an op (`what`, its message prefix) at `field`.
    private func view(_ id: String, _ what: String, field: String) throws(LoweringRefusal) -> Int32 {
        guard let v = viewIndex[id] else { throw LoweringRefusal(field: field, error: .invalidOp("\(what): unknown view \"\(id)\"")) }
        return Int32(v)
    }

    /// `op` checked on its own (`opProblem`) and its names resolved; a malformed op throws.
    /// An `add` defines a new handle even for an id in use: whether the id is free when
    /// it runs is a state rule (`OpState.admit`).
    mutating func lower(_ op: Op) throws(LoweringRefusal) -> LoweredOp {
        if let problem = opProblem(op, viewIDs: viewIDs) {
            throw LoweringRefusal(field: problem.field, error: .invalidOp(problem.message))
        }
        switch op {
        case let .suggest(attribute, value): return .op(.suggest(try edit(attribute), value: value))
        case let .setConstant(id, value): return .op(.setConstant(try constraint(id), value: value))
        case let .setPriority(id, value): return .op(.setPriority(try constraint(id), value: value))
        case let .activate(id): return .op(.activate(try constraint(id)))
        case let .deactivate(id): return .op(.deactivate(try constraint(id)))
        case let .remove(id): return .op(.remove(try constraint(id)))
        case let .add(c):
            let h = ConstraintHandle(constraints.count)
            constraints.append(row(c))
            previous.append(handleByID[c.id] ?? -1)
            handleByID[c.id] = h
            return .op(.add(h))
        case let .addEdit(attribute, priority):
            _ = try view(attribute.view, "addEdit \(attribute)", field: ".attribute")
            return .op(.addEdit(editHandle(attribute), priority: priority.rawValue, heldValue: 0))
        case let .removeEdit(attribute): return .op(.removeEdit(try edit(attribute)))
        case .layout: return .marker(.layout)
        case let .setBoundsOrigin(id, x, y): return .marker(.setBoundsOrigin(view: try view(id, "setBoundsOrigin", field: ".view"), x: x, y: y))
        case let .malformed(reason): throw LoweringRefusal(field: "", error: .invalidOp(reason))
        }
    }
}
