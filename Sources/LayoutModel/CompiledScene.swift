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
/// Every payload is a plain number, so the enum is trivially copyable: the session hands
/// each op to a back end as a bit copy (a test holds it so). Equal ops of one scene do
/// the same thing; a refused op is equal only to itself, its index being its own.
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
    /// Refused before reaching a back end (an unknown id, a bad value); why, and which
    /// source op, are `CompiledScene.refusals[refusal]` (kept apart: an error and a
    /// string would make every op's copy a reference-counted one).
    case invalid(refusal: Int32)
}

/// Why an op of a scene was lowered to `.invalid`, kept in `CompiledScene.refusals`.
public struct OpRefusal: Hashable, Sendable {
    public var error: LayoutError
    /// The source op by kind and target (`Op.label`), for messages.
    public var label: String

    public init(error: LayoutError, label: String) {
        self.error = error
        self.label = label
    }
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
    /// What each `.invalid(refusal:)` op of `frames` refuses, by its index.
    public var refusals: [OpRefusal] = []
    /// How each frame reaches the screen (`Scene.presentations`); beyond the end, interactive.
    public var presentations: [FramePresentation] = []
    /// Per view, its parent's index, or -1 for a root (empty when built without `compile()`).
    public var parentIndex: [Int32] = []
    /// The `layout` and `setBoundsOrigin` ops of the frames that have any, by frame
    /// index: they never reach a back end, and `frames` holds the other ops.
    public var frameMarkers: [Int: [FrameMarker]] = [:]

    /// The index as the scene writes it of compiled op `position` of frame `frame`: the frame's
    /// `layout` and `setBoundsOrigin` ops before it counted (what refusals and the solver trace
    /// name; `SceneSession` counts them as it plays the frame).
    public func writtenIndex(ofOp position: Int, inFrame frame: Int) -> Int {
        position + (frameMarkers[frame]?.count { $0.position <= position } ?? 0)
    }

    /// How frame `index` reaches the screen.
    public func presentation(ofFrame index: Int) -> FramePresentation {
        index < presentations.count ? presentations[index] : .interactive
    }

    /// Records a refused op and returns the `.invalid` op that stands for it.
    public mutating func refusedOp(_ error: LayoutError, label: String) -> CompiledOp {
        refusals.append(OpRefusal(error: error, label: label))
        return .invalid(refusal: Int32(refusals.count - 1))
    }

    /// What the `.invalid` op with index `refusal` refuses.
    public func refusal(_ refusal: Int32) -> OpRefusal { refusals[Int(refusal)] }

    /// The scene's first layout alone, without its frames: a back end then takes no
    /// constraint for one that may change (Cassowary gives such a required equality a
    /// marker, which in a chain every row below it carries).
    public func initialLayoutOnly() -> CompiledScene {
        var initial = self
        (initial.frames, initial.refusals, initial.presentations, initial.frameMarkers) = ([], [], [], [:])
        return initial
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
