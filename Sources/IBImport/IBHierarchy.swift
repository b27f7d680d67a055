// Finding the view hierarchies of an IB file and the facts about each view the
// rules need: its frame, its class, how it is laid out.

/// A rectangle as IB stores it.
public struct IBRect: Hashable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var right: Double { x + width }
    public var bottom: Double { y + height }

    func inset(by i: IBInsets) -> IBRect {
        IBRect(x: x + i.left, y: y + i.top, width: width - i.left - i.right, height: height - i.top - i.bottom)
    }

    func value(_ attribute: Attribute) -> Double {
        switch attribute {
        case .left, .leading: return x
        case .right, .trailing: return right
        case .top: return y
        case .bottom: return bottom
        case .width: return width
        case .height: return height
        case .centerX: return x + width / 2
        case .centerY: return y + height / 2
        }
    }
}

import LayoutModel

/// How a view's position and size are decided.
public enum IBLayoutRole: String, Sendable {
    /// The hierarchy's root: pinned to its IB size at the origin.
    case root
    /// Laid out by its autoresizing mask (`translatesAutoresizingMaskIntoConstraints`, `fixedFrame`).
    case autoresizing
    /// Laid out by Auto Layout constraints only.
    case constraints
    /// An arranged subview of a stack view.
    case arranged
    /// A cell's content view: fills the cell (less its accessory), as UIKit sizes it.
    case contentView
}

/// One view of a hierarchy with what the file says about it.
public struct IBView {
    public let element: IBElement
    public let id: String
    /// The custom class if any, else the UIKit class the element stands for.
    public let className: String
    public let userLabel: String?
    public let parent: Int?
    /// IB's stored frame, relative to the superview.
    public let frame: IBRect
    /// IB's stored frame in the root's coordinates.
    public let window: IBRect
    /// Frame minus alignment rectangle (what Auto Layout positions is the alignment rectangle).
    public internal(set) var alignmentInsets: IBInsets
    public var role: IBLayoutRole
    /// IB marked the view (or an ancestor) misplaced or ambiguous.
    public let flagged: String?

    /// The alignment rectangle in root coordinates: what the solver's rectangle should equal.
    public var alignmentWindow: IBRect { window.inset(by: alignmentInsets) }
}

/// Element names of the UIKit classes, for messages and metadata.
enum IBClassNames {
    static func uiKitClass(_ element: String) -> String {
        switch element {
        case "tableViewCellContentView": return "UITableViewCellContentView"
        case "collectionViewCellContentView": return "UICollectionViewCellContentView"
        case "activityIndicatorView": return "UIActivityIndicatorView"
        default: return "UI" + element.prefix(1).uppercased() + element.dropFirst()
        }
    }

    /// Elements that are cells: each becomes its own hierarchy.
    static let cells: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]

    /// Frame minus alignment rectangle, as UIKit's controls report them.
    static func alignmentInsets(_ element: String) -> IBInsets {
        switch element {
        case "slider": return IBInsets(top: 0, left: 2, bottom: 1, right: 2)
        case "switch": return IBInsets(top: 0, left: 0, bottom: 0, right: 2)
        case "segmentedControl": return IBInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: return .zero
        }
    }
}

/// A top-level view hierarchy: a storyboard scene's root view, a xib's top-level view or a cell.
public struct IBHierarchyRoot {
    public let element: IBElement
    /// The view controller owning the root view, if any.
    public let controller: IBElement?
    public let name: String
}

extension IBDocument {
    /// Every hierarchy of the file in document order.
    public func hierarchies() -> [IBHierarchyRoot] {
        var out: [IBHierarchyRoot] = []
        var usedNames: [String: Int] = [:]
        func add(_ element: IBElement, controller: IBElement?, base: String) {
            var name = base.isEmpty ? element.name : base
            name = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
            usedNames[name, default: 0] += 1
            if usedNames[name]! > 1 { name += "-\(usedNames[name]!)" }
            out.append(IBHierarchyRoot(element: element, controller: controller, name: name))
        }
        func label(_ e: IBElement) -> String {
            e["userLabel"] ?? e["customClass"] ?? e["reuseIdentifier"] ?? e["storyboardIdentifier"] ?? ""
        }
        func scanCells(in view: IBElement) {
            for e in view.descendants() where IBClassNames.cells.contains(e.name) && e.child("rect", key: "frame") != nil {
                add(e, controller: nil, base: label(e).isEmpty ? e.name + "-" + (e.id ?? "") : label(e))
            }
        }
        guard let objects = root.descendants().first(where: { $0.name == "objects" }) else { return [] }
        let objectLists = isStoryboard ? root.descendants().filter { $0.name == "objects" } : [objects]
        for list in objectLists {
            for object in list.children {
                if object.child("rect", key: "frame") != nil {
                    add(object, controller: nil, base: label(object))
                    scanCells(in: object)
                } else if let view = object.children.first(where: { $0.key == "view" && $0.child("rect", key: "frame") != nil }) {
                    var base = label(object)
                    if base.isEmpty { base = object.name + "-" + (object.id ?? "") }
                    add(view, controller: object, base: base)
                    scanCells(in: view)
                }
            }
        }
        return out
    }
}
