// Building scenes in code, in the spirit of Auto Layout anchors and SnapKit:
//
//     let b = SceneBuilder(name: "demo")
//     let root = b.view("root"), red = b.view("red", parent: root)
//     b.add(red.top == root.top + 20)
//     b.add(red.height >= 44 ~ .high, id: "minHeight")
//     b.add(a.width == 2 * b.height)

/// One attribute of one view; the left-hand side of a constraint.
public struct LayoutAnchor: Sendable {
    public let ref: AttributeRef
    public init(_ ref: AttributeRef) { self.ref = ref }
}

/// `multiplier * anchor + constant`, or a constant alone.
public struct AnchorExpression: Sendable {
    public var anchor: LayoutAnchor?
    public var multiplier: Double
    public var constant: Double
}

/// A constraint waiting for its id (a `SceneBuilder` gives one when none is set).
public struct ConstraintSpec: Sendable {
    public var first: AttributeRef
    public var relation: Relation
    public var second: AttributeRef?
    public var multiplier: Double
    public var constant: Double
    public var priority: Priority = .required
    public var isActive = true

    public func priority(_ priority: Priority) -> ConstraintSpec {
        var copy = self
        copy.priority = priority
        return copy
    }

    public func inactive() -> ConstraintSpec {
        var copy = self
        copy.isActive = false
        return copy
    }

    public func constraint(id: String) -> Constraint {
        Constraint(
            id: id, first: first, relation: relation, second: second, multiplier: second == nil ? 1 : multiplier,
            constant: constant, priority: priority, isActive: isActive)
    }
}

/// A view handle for the DSL: `red.top`, `red.width`, …
public struct ViewRef: Sendable {
    public let id: String
    public init(_ id: String) { self.id = id }
    public subscript(_ attribute: Attribute) -> LayoutAnchor { LayoutAnchor(AttributeRef(view: id, attribute: attribute)) }
    public var left: LayoutAnchor { self[.left] }
    public var right: LayoutAnchor { self[.right] }
    public var top: LayoutAnchor { self[.top] }
    public var bottom: LayoutAnchor { self[.bottom] }
    public var leading: LayoutAnchor { self[.leading] }
    public var trailing: LayoutAnchor { self[.trailing] }
    public var width: LayoutAnchor { self[.width] }
    public var height: LayoutAnchor { self[.height] }
    public var centerX: LayoutAnchor { self[.centerX] }
    public var centerY: LayoutAnchor { self[.centerY] }
}

precedencegroup LayoutPriorityPrecedence {
    lowerThan: ComparisonPrecedence
    associativity: left
}
infix operator ~ : LayoutPriorityPrecedence

extension LayoutAnchor {
    public static func + (a: LayoutAnchor, c: Double) -> AnchorExpression { AnchorExpression(anchor: a, multiplier: 1, constant: c) }
    public static func - (a: LayoutAnchor, c: Double) -> AnchorExpression { AnchorExpression(anchor: a, multiplier: 1, constant: -c) }
    public static func * (m: Double, a: LayoutAnchor) -> AnchorExpression { AnchorExpression(anchor: a, multiplier: m, constant: 0) }
    public static func * (a: LayoutAnchor, m: Double) -> AnchorExpression { AnchorExpression(anchor: a, multiplier: m, constant: 0) }

    fileprivate func relate(_ relation: Relation, _ rhs: AnchorExpression) -> ConstraintSpec {
        ConstraintSpec(
            first: ref, relation: relation, second: rhs.anchor?.ref, multiplier: rhs.multiplier, constant: rhs.constant)
    }

    public static func == (a: LayoutAnchor, b: AnchorExpression) -> ConstraintSpec { a.relate(.equal, b) }
    public static func <= (a: LayoutAnchor, b: AnchorExpression) -> ConstraintSpec { a.relate(.lessThanOrEqual, b) }
    public static func >= (a: LayoutAnchor, b: AnchorExpression) -> ConstraintSpec { a.relate(.greaterThanOrEqual, b) }
    public static func == (a: LayoutAnchor, b: LayoutAnchor) -> ConstraintSpec { a.relate(.equal, b + 0) }
    public static func <= (a: LayoutAnchor, b: LayoutAnchor) -> ConstraintSpec { a.relate(.lessThanOrEqual, b + 0) }
    public static func >= (a: LayoutAnchor, b: LayoutAnchor) -> ConstraintSpec { a.relate(.greaterThanOrEqual, b + 0) }
    public static func == (a: LayoutAnchor, c: Double) -> ConstraintSpec { a.relate(.equal, .init(anchor: nil, multiplier: 1, constant: c)) }
    public static func <= (a: LayoutAnchor, c: Double) -> ConstraintSpec {
        a.relate(.lessThanOrEqual, .init(anchor: nil, multiplier: 1, constant: c))
    }
    public static func >= (a: LayoutAnchor, c: Double) -> ConstraintSpec {
        a.relate(.greaterThanOrEqual, .init(anchor: nil, multiplier: 1, constant: c))
    }
}

extension AnchorExpression {
    public static func + (e: AnchorExpression, c: Double) -> AnchorExpression {
        AnchorExpression(anchor: e.anchor, multiplier: e.multiplier, constant: e.constant + c)
    }
    public static func - (e: AnchorExpression, c: Double) -> AnchorExpression {
        AnchorExpression(anchor: e.anchor, multiplier: e.multiplier, constant: e.constant - c)
    }
}

extension ConstraintSpec {
    public static func ~ (spec: ConstraintSpec, priority: Priority) -> ConstraintSpec { spec.priority(priority) }
}

/// Collects views, constraints, edits and frames into a `Scene`.
public final class SceneBuilder {
    public var name: String
    public private(set) var views: [View] = []
    public private(set) var constraints: [Constraint] = []
    public private(set) var edits: [EditDeclaration] = []
    public var frames: [Frame] = []
    private var nextID = 0

    public init(name: String) { self.name = name }

    @discardableResult
    public func view(_ id: String, parent: ViewRef? = nil) -> ViewRef {
        views.append(View(id: id, parent: parent?.id))
        return ViewRef(id)
    }

    /// Adds a constraint; without an id it gets `c1`, `c2`, … (skipping ids in use is the caller's care).
    @discardableResult
    public func add(_ spec: ConstraintSpec, id: String? = nil) -> String {
        let id = id ?? freshID()
        constraints.append(spec.constraint(id: id))
        return id
    }

    public func freshID() -> String {
        nextID += 1
        return "c\(nextID)"
    }

    public func edit(_ anchor: LayoutAnchor, priority: Priority) {
        edits.append(EditDeclaration(attribute: anchor.ref, priority: priority))
    }

    public func frame(_ ops: [Op]) { frames.append(ops) }

    public func build() -> Scene {
        Scene(name: name, views: views, constraints: constraints, edits: edits, frames: frames)
    }
}
