import LayoutModel

// A flexbox twin of a scene: the same views as a tree of flexbox nodes (direction, fixed and
// flexible sizes, margins, alignment, absolute insets) and each frame's ops as style changes.
// Flexbox engines (Yoga, Taffy) lay the twin out; their rectangles are compared with the
// constraint solvers'. The twin is derived from the scene's constraints on demand; a scene
// flexbox cannot express is declined with a reason naming the constraint or op.

/// A style value that follows the scene's constants: `constant + Σ coefficient × value(param)`,
/// a parameter being a constraint handle whose constant `setConstant` (or an edit's `suggest`) changes.
public struct Affine: Equatable, Sendable {
    public var constant: Double
    public var terms: [Int32: Double]

    public init(_ constant: Double = 0, terms: [Int32: Double] = [:]) {
        self.constant = constant
        self.terms = terms
    }

    /// The constant of constraint `handle`, times `coefficient`.
    static func parameter(_ handle: Int, _ coefficient: Double = 1) -> Affine {
        Affine(0, terms: [Int32(handle): coefficient])
    }

    static func + (a: Affine, b: Affine) -> Affine {
        var sum = a
        sum.constant += b.constant
        for (p, c) in b.terms { sum.terms[p, default: 0] += c }
        sum.terms = sum.terms.filter { $0.value != 0 }
        return sum
    }
    static prefix func - (a: Affine) -> Affine { a * -1 }
    static func - (a: Affine, b: Affine) -> Affine { a + (-b) }
    static func * (a: Affine, k: Double) -> Affine {
        Affine(a.constant * k, terms: a.terms.mapValues { $0 * k }.filter { $0.value != 0 })
    }

    func value(_ parameters: [Double]) -> Double {
        var v = constant
        for (p, c) in terms { v += c * parameters[Int(p)] }
        return v
    }

    /// Equal at `parameters`, up to rounding (the constants the twin freezes make it hold at every frame).
    func isClose(to other: Affine, at parameters: [Double]) -> Bool {
        let a = value(parameters), b = other.value(parameters)
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
}

/// What a node's style can hold; the twin's JSON names them by index (see `FlexboxTwin.propertyNames`).
public enum FlexProperty: Int, CaseIterable, Sendable {
    case width, height, grow, marginLeft, marginTop, marginRight, marginBottom, insetLeft, insetTop, insetRight, insetBottom

    static func margin(_ axis: Axis, end: Bool) -> FlexProperty {
        switch (axis, end) {
        case (.horizontal, false): return .marginLeft
        case (.horizontal, true): return .marginRight
        case (.vertical, false): return .marginTop
        case (.vertical, true): return .marginBottom
        }
    }
    static func inset(_ axis: Axis, end: Bool) -> FlexProperty {
        switch (axis, end) {
        case (.horizontal, false): return .insetLeft
        case (.horizontal, true): return .insetRight
        case (.vertical, false): return .insetTop
        case (.vertical, true): return .insetBottom
        }
    }
    static func size(_ axis: Axis) -> FlexProperty { axis == .horizontal ? .width : .height }
}

public enum Axis: Int, Sendable {
    case horizontal = 0, vertical = 1
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
    var name: String { self == .horizontal ? "horizontal" : "vertical" }
}

public enum AlignSelf: Int, Sendable { case start = 0, end = 1, stretch = 2, center = 3 }

/// One flexbox node: a view, or a row the twin adds to hold a grid's row of cells.
public struct FlexNode: Sendable {
    /// Index in `FlexboxTwin.nodes` of the parent node (-1 for the root); parents come first.
    public var parent: Int
    /// The scene view the node lays out, or -1 for a node the twin added.
    public var view: Int
    /// The direction of its children's flow: row (horizontal) or column (vertical).
    public var direction: Axis = .vertical
    public var isAbsolute = false
    public var alignSelf: AlignSelf = .start
    /// justify-content: its one child centred along the flow, or children from the start.
    public var centresChildren = false
    /// Style values by `FlexProperty`; nil = unset (auto size, zero margin, no inset).
    public var properties = [Affine?](repeating: nil, count: FlexProperty.allCases.count)

    subscript(_ p: FlexProperty) -> Affine? {
        get { properties[p.rawValue] }
        set { properties[p.rawValue] = newValue }
    }
}

/// One style change of a frame: node, property, new value.
public struct StyleChange: Equatable, Sendable {
    public init(node: Int, property: FlexProperty, value: Double) {
        self.node = node
        self.property = property
        self.value = value
    }
    public var node: Int
    public var property: FlexProperty
    public var value: Double
}

/// Why a scene has no flexbox twin, naming the constraint, view or op.
public struct TwinDecline: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { "no flexbox twin: \(reason)" }
}

public struct FlexboxTwin: Sendable {
    public static let formatName = "layoutbench-flexbox"
    public static let formatVersion = 1
    public static var propertyNames: [String] { FlexProperty.allCases.map { "\($0)" } }

    public var sceneName: String
    public var viewCount: Int
    public var nodes: [FlexNode]
    /// The constants of the constraints the styles follow, before the first frame.
    public var initialParameters: [Double]
    /// Per frame (index 0 = frame 1): the style changes its ops make.
    public var frames: [[StyleChange]]

    /// The twin of `scene`, or why flexbox cannot express it.
    public static func derive(_ scene: CompiledScene) throws(TwinDecline) -> FlexboxTwin {
        let rules = try ConstraintRules(scene)
        var planner = TreePlanner(scene: scene, rules: rules)
        try planner.plan()
        let frames = try FramePlayer.styleChanges(scene: scene, rules: rules, nodes: planner.nodes, frozen: planner.frozen)
        return FlexboxTwin(
            sceneName: scene.name, viewCount: scene.viewCount, nodes: planner.nodes,
            initialParameters: scene.constraints.map(\.constant), frames: frames)
    }

    /// A node's style value before the first frame.
    public func initialValue(_ node: Int, _ property: FlexProperty) -> Double? {
        nodes[node][property]?.value(initialParameters)
    }
}
