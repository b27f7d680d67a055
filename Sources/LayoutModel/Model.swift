// The scene model: views, attributes, constraints, edits and the ops of a frame,
// exactly as `scene-format.md` (version 1) defines them.

/// The ten attributes of a view. Four are unknowns (`left`, `top`, `width`,
/// `height`); the others are fixed linear combinations of them.
public enum Attribute: String, CaseIterable, Sendable, Hashable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

    public enum Axis: Sendable { case horizontal, vertical }

    /// The axis of a location attribute; `nil` for a size attribute.
    public var locationAxis: Axis? {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: return .horizontal
        case .top, .bottom, .centerY: return .vertical
        case .width, .height: return nil
        }
    }

    public var isSize: Bool { locationAxis == nil }

    /// The attribute as `coefficient * unknown` terms over the view's four
    /// unknowns (0 left, 1 top, 2 width, 3 height), left-to-right layout.
    public var unknownTerms: [(unknown: Int, coefficient: Double)] {
        switch self {
        case .left, .leading: return [(0, 1)]
        case .top: return [(1, 1)]
        case .width: return [(2, 1)]
        case .height: return [(3, 1)]
        case .right, .trailing: return [(0, 1), (2, 1)]
        case .bottom: return [(1, 1), (3, 1)]
        case .centerX: return [(0, 1), (2, 0.5)]
        case .centerY: return [(1, 1), (3, 0.5)]
        }
    }

    /// Whether Auto Layout lets `self` be related to `other`.
    public func canRelate(to other: Attribute) -> Bool {
        if isSize || other.isSize { return isSize && other.isSize }
        return locationAxis == other.locationAxis
    }
}

/// `"VIEW.ATTRIBUTE"`, for example `red.bottom`.
public struct AttributeRef: Hashable, Sendable, CustomStringConvertible {
    public var view: String
    public var attribute: Attribute

    public init(view: String, attribute: Attribute) {
        self.view = view
        self.attribute = attribute
    }

    /// Parses `"view.attribute"`; `nil` when the text has no `.` or the attribute is unknown.
    public init?(_ text: String) {
        // By bytes: '.' is ASCII, and a scene of a million views reads millions of these.
        let bytes = text.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")),
              let attribute = Attribute(rawValue: String(Substring(bytes[bytes.index(after: dot)...])))
        else { return nil }
        self.view = String(Substring(bytes[..<dot]))
        self.attribute = attribute
    }

    public var description: String { "\(view).\(attribute.rawValue)" }
}

public enum Relation: String, Sendable, Hashable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A constraint priority in [1, 1000]; 1000 is required. Named levels follow `UILayoutPriority`.
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(_ value: Double) { self.rawValue = value }
    public init(floatLiteral value: Double) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Double(value) }

    public static let required = Priority(1000)
    public static let high = Priority(750)
    public static let low = Priority(250)
    public static let fittingSize = Priority(50)

    public var isRequired: Bool { rawValue >= 1000 }
    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    public var description: String { formatNumber(rawValue) }
}

/// `first RELATION multiplier * second + constant`, the form of `NSLayoutConstraint`.
public struct Constraint: Hashable, Sendable {
    public var id: String
    public var first: AttributeRef
    public var relation: Relation
    public var second: AttributeRef?
    public var multiplier: Double
    public var constant: Double
    public var priority: Priority
    public var isActive: Bool

    public init(
        id: String, first: AttributeRef, relation: Relation, second: AttributeRef? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: Priority = .required, isActive: Bool = true
    ) {
        self.id = id
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
    }
}

public struct View: Hashable, Sendable {
    public var id: String
    public var parent: String?
    public init(id: String, parent: String? = nil) {
        self.id = id
        self.parent = parent
    }
}

/// An attribute that frames drive with `suggest`, at an optional priority.
public struct EditDeclaration: Hashable, Sendable {
    public var attribute: AttributeRef
    public var priority: Priority
    public init(attribute: AttributeRef, priority: Priority) {
        self.attribute = attribute
        self.priority = priority
    }
}

/// One edit of a frame.
public enum Op: Hashable, Sendable {
    case suggest(attribute: AttributeRef, value: Double)
    case setConstant(constraint: String, value: Double)
    case setPriority(constraint: String, value: Double)
    case activate(constraint: String)
    case deactivate(constraint: String)
    case add(Constraint)
    case remove(constraint: String)
    case addEdit(attribute: AttributeRef, priority: Priority)
    case removeEdit(attribute: AttributeRef)
    /// `layoutIfNeeded()`: solve now, within the frame (see `FramePresentation`).
    case layout
    /// `view.bounds.origin = (x, y)`: the view's descendants move on screen by
    /// `-(x, y)` from where the solve puts them; nothing is solved.
    case setBoundsOrigin(view: String, x: Double, y: Double)
    /// An op the reader could not understand; it is refused when its frame runs.
    case malformed(reason: String)

    public var name: String {
        switch self {
        case .suggest: return "suggest"
        case .setConstant: return "setConstant"
        case .setPriority: return "setPriority"
        case .activate: return "activate"
        case .deactivate: return "deactivate"
        case .add: return "add"
        case .remove: return "remove"
        case .addEdit: return "addEdit"
        case .removeEdit: return "removeEdit"
        case .layout: return "layout"
        case .setBoundsOrigin: return "setBoundsOrigin"
        case .malformed: return "malformed"
        }
    }

    /// Kind and target, e.g. `setConstant c4` or `suggest root.width`: how messages
    /// name an op. A malformed op is named by what its reason starts with (the reader
    /// writes `kind target: …`).
    public var label: String {
        switch self {
        case let .suggest(a, _), let .addEdit(a, _), let .removeEdit(a): return "\(name) \(a)"
        case let .setConstant(id, _), let .setPriority(id, _), let .activate(id), let .deactivate(id), let .remove(id):
            return "\(name) \(shortenedForMessage(id))"
        case let .add(c): return "add \(shortenedForMessage(c.id))"
        case .layout: return "layout"
        case let .setBoundsOrigin(view, _, _): return "setBoundsOrigin \(shortenedForMessage(view))"
        case let .malformed(reason):
            let characters = Array(reason)
            guard let colon = characters.indices.first(where: { characters[$0] == ":" }), colon > 0 else { return "malformed op" }
            return String(characters[..<colon])
        }
    }
}

public typealias Frame = [Op]

/// A layout problem plus the animation that plays on it.
public struct Scene: Hashable, Sendable {
    public static let formatName = "layoutbench-scene"
    public static let formatVersion = 1

    public var name: String
    public var views: [View]
    public var constraints: [Constraint]
    public var edits: [EditDeclaration]
    public var frames: [Frame]
    /// How each frame reaches the screen, by index in `frames`; a frame beyond the
    /// end (every frame of a scene that says nothing) is interactive.
    public var presentations: [FramePresentation]

    public init(
        name: String, views: [View], constraints: [Constraint], edits: [EditDeclaration] = [], frames: [Frame] = [],
        presentations: [FramePresentation] = []
    ) {
        self.name = name
        self.views = views
        self.constraints = constraints
        self.edits = edits
        self.frames = frames
        self.presentations = presentations
    }

    /// How frame `index` (0-based in `frames`) reaches the screen.
    public func presentation(ofFrame index: Int) -> FramePresentation {
        index < presentations.count ? presentations[index] : .interactive
    }
}

/// A view's rectangle in the window's coordinate space.
public struct Rect: Hashable, Sendable {
    public var left, top, width, height: Double
    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// Shortest text that reads back as the same Double; integers without `.0`.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        if value == 0 { return "0" }
        return String(Int64(value))
    }
    return "\(value)"
}

/// A whole number with its digits in groups of three: `1234567` → `1,234,567`.
public func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (value < 0 ? "-" : "") + out
}
