// Plays a compiled scene on a back end: refuses the ops that earlier ops make
// wrong (`OpState`, the state rules of `OpRules.swift`: an `add` the back end
// refused never existed), computes the value a new edit holds, and collects the
// rectangles after each solve. Malformed ops were found when the scene compiled.

public final class SceneSession {
    /// Where a constraint handle is in its life.
    public typealias Presence = OpState.Presence

    public let scene: CompiledScene
    public let backend: any LayoutBackend

    // The properties `apply` reads and writes on every op are unchecked for exclusivity:
    // nothing reaches them re-entrantly, and the checks cost instructions on every op.
    /// What the op rules read: which constraints are present and active, which edits declared.
    @exclusivity(unchecked) public private(set) var opState: OpState
    public var presence: [Presence] { opState.presence }
    public var isActive: [Bool] { opState.isActive }
    public var editDeclared: [Bool] { opState.editDeclared }
    /// The constants, priorities and edit values the ops set.
    @exclusivity(unchecked) public private(set) var opValues: OpValues
    public var constants: [Double] { opValues.constants }
    public var priorities: [Double] { opValues.priorities }
    public var editPriority: [Double] { opValues.editPriority }
    /// The suggested value, or the value held since the edit was declared.
    public var editValue: [Double] { opValues.editValue }
    /// `[left, top, width, height]` per view after the last solve, in the window's
    /// coordinates. While reading relative frames from a back end that holds them
    /// (`readRelativeFrames()`), read from the back end on first use after a solve.
    public var rects: [Double] {
        if windowRectsStale { refreshWindowRects() }
        return windowRects
    }
    var windowRects: [Double]
    var windowRectsStale = false
    /// Views whose rectangle changed in the last solve (as the back end reports them;
    /// their frames in the parent's coordinates while reading those from the back end).
    public internal(set) var changedViews: [Int32] = []
    /// Frames in each parent's coordinates, kept up to date by every solve once
    /// `readRelativeFrames()` has been called (empty before).
    var relativeFrames: [Double] = []
    var readsRelative = false
    /// The back end, when it hands relative frames over itself (`RelativeFrameReading`).
    var relativeReader: (any RelativeFrameReading)?
    /// The scene's view hierarchy, built on first use (relative frames, screen rectangles).
    public private(set) lazy var hierarchy = HierarchyIndex(scene)
    /// Indices (within the frame) of the ops refused in the last frame.
    public internal(set) var refusedOps: [Int] = []
    /// Solves the last frame ran (`layout` ops may add some; see `FramePresentation`).
    public internal(set) var solvesInLastFrame = 0
    /// Views the last frame's solves moved, counted once per solve that moved them.
    public internal(set) var viewsMovedInLastFrame = 0
    /// `[x, y]` per view: its bounds origin (all zero, and empty, until a frame sets one).
    public internal(set) var boundsOrigins: [Double] = []
    /// The layout new edits hold their values at: the session's own last layout
    /// when nil. Where a layout is ambiguous, back ends may each pick another optimal
    /// one, and edits declared then would hold different values, so that from there
    /// on they solve different problems; compared side by side, they hold at one.
    public var editsHoldAt: [Double]?

    /// Loads the scene on a back end of type `backendType` and solves frame 0,
    /// after asking the back end whether it supports the scene.
    /// `initialEditsHoldAt`: the layout the scene's edits hold at (`editsHoldAt`).
    public convenience init(
        scene: CompiledScene, backend backendType: any LayoutBackend.Type, options: BackendOptions = BackendOptions(),
        initialEditsHoldAt: [Double]? = nil
    ) throws(LayoutError) {
        if let reason = backendType.assess(scene, options: options).declineReason {
            throw .unsupported(reason)
        }
        try self.init(scene: scene, unassessedBackend: backendType, options: options, initialEditsHoldAt: initialEditsHoldAt)
    }

    /// Loads the scene without asking first: for a back end's own `assess`, which
    /// finds out by trying.
    public init(
        scene: CompiledScene, unassessedBackend backendType: any LayoutBackend.Type, options: BackendOptions,
        initialEditsHoldAt: [Double]? = nil
    ) throws(LayoutError) {
        let backend = try backendType.init(scene: scene, options: options)
        self.scene = scene
        self.backend = backend
        opState = OpState(scene)
        opValues = OpValues(scene)
        windowRects = [Double](repeating: 0, count: scene.variableCount)
        windowRects.withUnsafeMutableBufferPointer { backend.readRects(into: $0) }
        // Room for every view, written once: reserved room is only address space until
        // written, and the first frame that moves most views took its page faults
        // (toggle-100000's first swap: 65).
        changedViews = [Int32](repeating: 0, count: scene.variableCount / 4)
        changedViews.removeAll(keepingCapacity: true)
        // The scene's edits hold the initial solution, which they do not influence.
        if !scene.initialEdits.isEmpty {
            editsHoldAt = initialEditsHoldAt
            defer { editsHoldAt = nil }
            for (edit, priority) in scene.initialEdits {
                _ = try apply(.addEdit(edit, priority: priority, heldValue: 0))
            }
            try backend.solve()
            windowRects.withUnsafeMutableBufferPointer { backend.readRects(into: $0) }
        }
        try checkFinite(views: nil)
    }

    /// The id a message uses for a constraint handle.
    public func id(of handle: ConstraintHandle) -> String { scene.constraints[Int(handle)].id }

    /// The value of `edit`'s attribute at the last solve: what a new edit holds.
    /// The one place this is computed; back ends receive it in `.addEdit`.
    @inline(__always)
    func heldValue(of edit: EditHandle) -> Double {
        var value = 0.0
        if windowRectsStale { refreshWindowRects() }
        let layout = editsHoldAt ?? windowRects
        for term in scene.edits[Int(edit)].terms { value += term.coefficient * layout[Int(term.variable)] }
        return value
    }

    /// Applies one op; returns the refusal, if any. Fatal back-end errors throw.
    /// The op rules are checked here, once (`OpState`), so the back end never checks them.
    public func apply(_ requested: CompiledOp) throws(LayoutError) -> LayoutError? {
        // The op is passed on as it came unless the rules point it elsewhere. It is
        // trivially copyable (a refused op's error and label wait in `scene.refusals`),
        // so passing it on is a bit copy, with no reference counting per op.
        let redirected: CompiledOp?
        do {
            redirected = try opState.admitted(requested, in: scene)
        } catch {
            return error
        }
        if let redirected { return try applyAdmitted(redirected) }
        return try applyAdmitted(requested)
    }

    /// `apply` of an op the rules admitted.
    @inline(__always)
    private func applyAdmitted(_ admitted: CompiledOp) throws(LayoutError) -> LayoutError? {
        if opState.changesNothing(admitted) { return nil }
        if case let .addEdit(edit, priority, _) = admitted {
            return try send(.addEdit(edit, priority: priority, heldValue: heldValue(of: edit)))
        }
        return try send(admitted)
    }

    /// Hands an admitted op to the back end and records it, unless the back end refuses it.
    @inline(__always)
    private func send(_ op: CompiledOp) throws(LayoutError) -> LayoutError? {
        do {
            try backend.apply(op)
        } catch {
            if error.isFatal { throw error }
            return error
        }
        opState.record(op)
        opValues.record(op)
        return nil
    }

    /// Words the refusal of op `i` of frame `index` and lists the op as refused.
    private func noteRefusal(frame index: Int, op i: Int, _ op: CompiledOp, _ error: LayoutError, _ errors: inout [String]) {
        // An op refused for its own values already names itself in the message.
        if case .invalidOp = error {
            errors.append("frame \(index + 1) op \(i): \(error)")
        } else {
            errors.append("frame \(index + 1) op \(i) (\(describe(op))): \(error)")
        }
        refusedOps.append(i)
    }

    /// Hands a run of value ops the rules admit as they stand (`OpState.valueRunEnd`)
    /// to the back end in one call, and records those it applied.
    private func applyValueOps(_ run: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal? {
        let refusal = try backend.applyValueOps(run)
        opValues.recordValueRun(UnsafeBufferPointer(rebasing: run[0..<(refusal?.index ?? run.count)]))
        return refusal
    }

    /// Throws when the solved rectangle of one of `views` (all views when nil) holds
    /// a value that is not finite. Reads through buffers: no allocation per frame.
    private func checkFinite(views: [Int32]?) throws(LayoutError) {
        let bad: Int = windowRects.withUnsafeBufferPointer { r in
            if let views {
                return views.withUnsafeBufferPointer { v in
                    // x - x is 0 for a finite x and NaN otherwise: one branch-free sum per frame
                    // (this check runs on every changed view of every frame), the search only on failure.
                    var poison = 0.0
                    for view in v {
                        let base = Int(view) &* 4
                        poison += (r[base] - r[base]) + (r[base + 1] - r[base + 1])
                            + (r[base + 2] - r[base + 2]) + (r[base + 3] - r[base + 3])
                    }
                    if poison == 0 { return -1 }
                    for view in v {
                        let base = Int(view) &* 4
                        for k in base..<(base + 4) where !r[k].isFinite { return k }
                    }
                    return -1
                }
            }
            for k in r.indices where !r[k].isFinite { return k }
            return -1
        }
        guard bad >= 0 else { return }
        throw .nonFiniteResult(
            view: scene.viewIDs[bad >> 2], attribute: ["left", "top", "width", "height"][bad & 3], value: windowRects[bad])
    }

    /// Runs frame `index` (0-based in `scene.frames`): its ops, one solve, the
    /// rectangles. Returns one message per refused op.
    @discardableResult
    public func runFrame(_ index: Int) throws(LayoutError) -> [String] {
        if !scene.frameMarkers.isEmpty, let markers = scene.frameMarkers[index] {
            return try runFrame(index, markers: markers)
        }
        let errors = try applyOps(ofFrame: index)
        try completeFrame()
        return errors
    }

    /// `runFrame` of a frame without markers, calling `between` after its ops and before its
    /// solve (the harness reads its clock there to time the two apart). Named `runFrame` so
    /// that what counts a frame's work inside `runFrame*` counts this one's too.
    public func runFrame(_ index: Int, between: () -> Void) throws(LayoutError) -> [String] {
        let errors = try applyOps(ofFrame: index)
        between()
        try completeFrame()
        return errors
    }

    /// Whether frame `index` has `layout` or bounds-origin markers (then its ops and
    /// solves interleave, and it cannot be split into `applyOps` and `completeFrame`).
    public func hasMarkers(_ index: Int) -> Bool {
        !scene.frameMarkers.isEmpty && scene.frameMarkers[index] != nil
    }

    /// The first half of a frame without markers: its ops, no solve. Returns one message
    /// per refused op. `runFrame` is this and `completeFrame()`; the harness calls them
    /// apart to time a frame's ops (say, adding an edit) and its solve separately.
    public func applyOps(ofFrame index: Int) throws(LayoutError) -> [String] {
        var errors: [String] = []
        refusedOps.removeAll(keepingCapacity: true)
        // Read in place: iterating the array copied each op out (a call per op, 50
        // instructions; toggle-100000's swap frame has 100,000 ops).
        try scene.frames[index].withUnsafeBufferPointer { (ops) throws(LayoutError) in
            var i = 0
            while i < ops.count {
                let end = opState.valueRunEnd(ops, from: i)
                // One op alone takes the direct path: a run's call costs more than it saves.
                if end > i + 1 {
                    let refusal = try applyValueOps(UnsafeBufferPointer(rebasing: ops[i..<end]))
                    guard let refusal else {
                        i = end
                        continue
                    }
                    i += refusal.index
                    noteRefusal(frame: index, op: i, ops[i], refusal.error, &errors)
                } else if let error = try apply(ops[i]) {
                    noteRefusal(frame: index, op: i, ops[i], error, &errors)
                }
                i += 1
            }
        }
        return errors
    }

    /// The second half of a frame without markers: one solve and the rectangles.
    public func completeFrame() throws(LayoutError) {
        try solveAndReadBack()
        solvesInLastFrame = 1
        viewsMovedInLastFrame = changedViews.count
    }

    /// Solves after a frame's ops and reads back the rectangles that changed (the
    /// held value of a later `addEdit` comes from these).
    public func solveAndReadBack() throws(LayoutError) {
        try backend.solve()
        changedViews.removeAll(keepingCapacity: true)
        if readsRelative { return try readBackRelative() }
        try readBackWindow()
    }

    /// Reads back the window's rectangles that changed, and checks them.
    @inline(__always)
    func readBackWindow() throws(LayoutError) {
        windowRects.withUnsafeMutableBufferPointer { backend.readChangedRects(into: $0, changedViews: &changedViews) }
        try checkFinite(views: changedViews)
    }

    /// `op constraint-or-attribute`, for messages.
    public func describe(_ op: CompiledOp) -> String { scene.describe(op) }

    /// The constraints in force now, edits included (as `attribute == value`), with
    /// their current constants and priorities: what a solution is judged against.
    public func activeConstraints() -> [LinearConstraint] {
        var out: [LinearConstraint] = []
        for h in scene.constraints.indices where opState.presence[h] == .present && opState.isActive[h] {
            var c = scene.constraints[h]
            c.constant = constants[h]
            c.priority = priorities[h]
            c.isActive = true
            out.append(c)
        }
        for e in scene.edits.indices where opState.editDeclared[e] {
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
