// Builds one scene from one IB view hierarchy: the views, then every constraint
// Auto Layout would install for them (see the rule files for each kind).

import LayoutModel

/// What an import produced for one hierarchy.
public struct IBImportedScene {
    public var name: String
    public var scene: Scene
    /// The IB views (in scene order: the scene's first `views.count` views are these; guides follow).
    public var views: [IBView]
    /// Guide views added to the scene: scene id → what it stands for.
    public var guides: [(id: String, kind: String, owner: String)]
    /// Generated constraint id → the rule that made it.
    public var origins: [(id: String, origin: String)]
    /// Notes about approximations made for this hierarchy.
    public var notes: [String]
    /// Outlet name → constraint id, for the constraints of this hierarchy that outlets point at.
    public var outlets: [String: String]
    /// The device of the file (the table's entry).
    public var device: IBDevice
    /// Constraints broken because the required ones conflict, each with the constraints it
    /// conflicted with (filled by the caller that resolved the conflicts).
    public var dropped: [String] = []
    /// Elements and attributes of the file the import does not model, each with its line.
    public var unsupportedEntries: [IBUnsupportedEntry] = []
    /// View id → what the import knows it does not model about that view (likely causes).
    public var causes: [String: [IBUnsupportedReason]] = [:]
    /// The file's constraints between baselines that the import approximates.
    public var baselinesApproximated: Set<String> = []
    /// The constraints that make a fill-aligned stack view's visible arranged views span it
    /// across its axis (UIStackView's own rule: stored frames that break it are stale).
    public var stackFillEdges: Set<String> = []
    /// The environment the guides were given (see `IBEnvironmentUsed`).
    public var environment: IBEnvironmentUsed?

    /// `unsupportedEntries` as `--check` prints them and `x-ib.unsupported` keeps them.
    public var unsupported: [String] { unsupportedEntries.map(\.text) }
}

/// When the runtime installs a constraint, which decides the one a conflict breaks (the one
/// being added when the required constraints stop being satisfiable; see `IBCheck`).
enum IBInstallPhase: Int {
    /// The view's surroundings, fixed before the file's constraints arrive: the root's frame
    /// (set by its window or superview), autoresizing masks, cells' content views, layout guides.
    case environment = 0
    /// Intrinsic content sizes: a view's own, present as soon as it exists.
    case contentSize = 1
    /// What UIKit makes itself for the views it arranges: stack views' arrangement constraints.
    /// Before the file's: where an arranged view's own required size fights the stack's
    /// alignment, Xcode stores the stack's span and breaks the file's constraint.
    case generated = 2
    /// The file's own `<constraint>`s, in document order (as the nib installs them).
    case file = 3
    /// Stack views collapsing their hidden arranged views: last, so a hidden view that its own
    /// required constraints size keeps that size (Xcode draws it so, and stores that frame).
    case hiding = 4
}

final class IBSceneBuilder {
    let document: IBDocument
    let root: IBHierarchyRoot
    let options: IBImportOptions
    let toolsVersion: Double
    /// The file's `<device>` element, if any, and the table's device for it.
    let deviceElement: IBElement?
    let device: IBDevice

    var views: [IBView] = []
    var index: [String: Int] = [:]
    var constraints: [Constraint] = []
    var constraintIDs: Set<String> = []
    var origins: [(id: String, origin: String)] = []
    var notes: [String] = []
    var unsupportedList: [IBUnsupportedEntry] = []
    var baselinesApproximated: Set<String> = []
    var stackFillEdges: Set<String> = []
    var environmentUsed: IBEnvironmentUsed?
    /// Keyboard guides declared with `usesBottomSafeArea="NO"`.
    var keyboardOverSafeArea: Set<String> = []
    var causes: [String: [IBUnsupportedReason]] = [:]
    /// Symbol image view id → which axes' alignment insets the file's constraints determined.
    var symbolInsetsRead: [String: (horizontal: Bool, vertical: Bool)] = [:]
    /// The install phase of the constraints `add` makes now, and of every constraint so far.
    var phase: IBInstallPhase = .environment
    var phases: [String: IBInstallPhase] = [:]
    /// Guide id (IB's own id or a made-up one) → guide.
    var guides: [String: IBGuide] = [:]
    var guideOrder: [String] = []
    /// IB constraints kept, with the element they came from (for environment inference).
    var ibConstraints: [(constraint: Constraint, element: IBElement)] = []
    /// The size classes chosen.
    var traits: [String: String]
    /// Every `id` in the file (to tell a dangling reference from one into another hierarchy).
    lazy var allDocumentIDs: Set<String> = Set(document.root.descendants().compactMap(\.id))

    init(document: IBDocument, root: IBHierarchyRoot, options: IBImportOptions) {
        self.document = document
        self.root = root
        self.options = options
        toolsVersion = Double(document.root["toolsVersion"]?.split(separator: ".").first ?? "0") ?? 0
        deviceElement = document.root.children.first { $0.name == "device" }
        device = IBDeviceTable.device(id: deviceElement?["id"])
        var t = options.traits
        if t["widthClass"] == nil { t["widthClass"] = device.isPad ? "regular" : "compact" }
        if t["heightClass"] == nil { t["heightClass"] = "regular" }
        traits = t
    }

    func fail(_ element: IBElement, _ message: String) -> IBImportError {
        IBImportError(file: document.path, line: element.line, message: "\(element.described): \(message)")
    }

    // MARK: Views

    func readRect(_ element: IBElement) throws(IBImportError) -> IBRect {
        guard let r = element.child("rect", key: "frame") else { throw fail(element, "has no <rect key=\"frame\">") }
        return IBRect(
            x: try r.number("x") ?? 0, y: try r.number("y") ?? 0,
            width: try r.number("width") ?? 0, height: try r.number("height") ?? 0)
    }

    /// The child views of a view element: its `<subviews>` and keyed views such as a cell's
    /// content view or a table's header; cells are left out (they are hierarchies of their own).
    func childViews(_ element: IBElement) -> [IBElement] {
        var out: [IBElement] = []
        for c in element.children {
            if c.name == "subviews" {
                out += c.children.filter { $0.child("rect", key: "frame") != nil && !IBClassNames.cells.contains($0.name) }
            } else if c.key != nil, c.child("rect", key: "frame") != nil, !IBClassNames.cells.contains(c.name),
                      c.name != "variation",  // Xcode 6's frame for a size class, not a view
                      c.name != "navigationBar" || element.name != "navigationController"
            {
                out.append(c)
            }
        }
        return out
    }

    /// Views excluded from the chosen size class by `<variation><mask key="subviews">`.
    func excludedReferences(in element: IBElement, mask: String) -> Set<String> {
        var excluded: Set<String> = []
        var included: Set<String> = []
        for v in element.children where v.name == "variation" {
            guard let key = v.key else { continue }
            for m in v.children where m.name == "mask" && m.key == mask {
                for r in m.children {
                    guard let ref = r["reference"] else { continue }
                    if key == "default", r.name == "exclude" { excluded.insert(ref) }
                    if key != "default", r.name == "include", variationMatches(key) { included.insert(ref) }
                    if key != "default", r.name == "exclude", variationMatches(key) { excluded.insert(ref) }
                }
            }
        }
        return excluded.subtracting(included)
    }

    /// Whether `heightClass=compact-widthClass=regular` describes the chosen traits.
    func variationMatches(_ key: String) -> Bool {
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=").map(String.init)
            guard kv.count == 2, traits[kv[0]] == kv[1] else { return false }
        }
        return true
    }

    func collectViews() throws(IBImportError) {
        var stack: [(IBElement, Int?, IBRect, String?)] = [(root.element, nil, IBRect(x: 0, y: 0, width: 0, height: 0), nil)]
        while let (element, parent, parentWindow, parentFlag) = stack.popLast() {
            // Old collection cells' content views have no id: they are named after their cell.
            let madeID = element.key == "contentView" ? parent.map { views[$0].id + "~contentView" } : nil
            guard let id = element.id ?? madeID else { throw fail(element, "a view without an id") }
            if index[id] != nil { throw fail(element, "duplicate id \"\(id)\" (each object id must be unique)") }
            let frame = try readRect(element)
            let window = parent == nil
                ? IBRect(x: 0, y: 0, width: frame.width, height: frame.height)
                : IBRect(x: parentWindow.x + frame.x, y: parentWindow.y + frame.y, width: frame.width, height: frame.height)
            var flag = parentFlag
            if element.flag("misplaced") { flag = "misplaced" }
            if element.flag("ambiguous") { flag = "ambiguous" }
            let role: IBLayoutRole
            if parent == nil {
                role = .root
            } else if element.key == "contentView" {
                role = .contentView
            } else if let p = parent, views[p].element.name == "stackView",
                      element.parent?.name == "subviews"
            {
                role = .arranged
            } else if cellAccessories.contains(id) {
                role = .autoresizing  // the cell places its accessory view itself, at the frame it was given
            } else if element["translatesAutoresizingMaskIntoConstraints"] == "NO" && !element.flag("fixedFrame") {
                role = .constraints
            } else {
                role = .autoresizing
            }
            index[id] = views.count
            // The root is placed by its frame (`pinRoot`), whatever its class's alignment insets:
            // a switch or segmented control stored on its own is compared by its frame.
            views.append(IBView(
                element: element, id: id, className: element["customClass"] ?? IBClassNames.uiKitClass(element.name),
                userLabel: element["userLabel"], parent: parent, frame: frame, window: window,
                alignmentInsets: role == .root ? .zero : IBClassNames.alignmentInsets(element.name), role: role, flagged: flag))
            let me = views.count - 1
            let excluded = excludedReferences(in: element, mask: "subviews")
            for child in childViews(element).reversed() where !excluded.contains(child.id ?? "") {
                stack.append((child, me, window, flag))
            }
        }
    }

    /// Views that a cell's `accessoryView` or `editingAccessoryView` outlet names: UITableViewCell
    /// lays them out itself (not with Auto Layout), so their constraints, if any, do not place them.
    lazy var cellAccessories: Set<String> = {
        var out: Set<String> = []
        for e in document.root.descendants() where e.name == "outlet" {
            guard ["accessoryView", "editingAccessoryView"].contains(e["property"] ?? ""),
                  let cell = e.parent?.parent, IBClassNames.cells.contains(cell.name), let d = e["destination"] else { continue }
            out.insert(d)
        }
        return out
    }()

    /// Outlets (`<outlet property=… destination=…>`) anywhere in the file that point at this hierarchy's constraints.
    func constraintOutlets() -> [String: String] {
        var out: [String: String] = [:]
        for e in document.root.descendants() where e.name == "outlet" {
            if let p = e["property"], let d = e["destination"], constraintIDs.contains(d), !d.contains("~") { out[p] = d }
        }
        return out
    }

    // MARK: Constraints

    /// Adds a generated constraint with a unique id made from `base`.
    /// Adds a constraint under `base`, or `base-2`, `base-3`, ... when taken; returns the id given.
    @discardableResult
    func add(
        _ base: String, _ first: AttributeRef, _ relation: Relation, _ second: AttributeRef? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, origin: String
    ) -> String {
        var id = base
        var n = 2
        while constraintIDs.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        constraintIDs.insert(id)
        phases[id] = phase
        constraints.append(Constraint(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier,
            constant: constant, priority: Priority(priority)))
        origins.append((id, origin))
        return id
    }

    func ref(_ view: String, _ attribute: Attribute) -> AttributeRef { AttributeRef(view: view, attribute: attribute) }

    /// Rule (root): the hierarchy's root is placed at the origin with its IB size.
    func pinRoot() {
        let r = views[0]
        add("\(r.id)~root-left", ref(r.id, .left), .equal, constant: 0, origin: "root: at the window's origin")
        add("\(r.id)~root-top", ref(r.id, .top), .equal, constant: 0, origin: "root: at the window's origin")
        add("\(r.id)~root-width", ref(r.id, .width), .equal, constant: r.frame.width, origin: "root: IB width")
        add("\(r.id)~root-height", ref(r.id, .height), .equal, constant: r.frame.height, origin: "root: IB height")
    }

    func build() throws(IBImportError) -> IBImportedScene {
        try collectViews()
        try readSymbolInsets()
        pinRoot()
        for i in views.indices.dropFirst() {
            phase = .environment
            switch views[i].role {
            case .autoresizing: try addAutoresizing(i)
            case .contentView: addContentView(i)
            case .constraints, .arranged, .root: break
            }
            phase = .contentSize
            if views[i].role == .constraints || views[i].role == .arranged { try addIntrinsicSize(i) }
        }
        try declareGuides()
        phase = .file
        for i in views.indices { try addIBConstraints(of: i) }
        phase = .generated
        for i in views.indices where views[i].element.name == "stackView" { try expandStackView(i) }
        phase = .environment
        try addGuideConstraints()
        listUnsupported()
        // The order the runtime installs them in, which decides the constraint a conflict breaks.
        let rank = constraints.map { (phases[$0.id] ?? .file).rawValue }
        constraints = constraints.indices.sorted { (rank[$0], $0) < (rank[$1], $1) }.map { constraints[$0] }
        var sceneViews = views.map { View(id: $0.id, parent: $0.parent.map { views[$0].id }) }
        for g in guideOrder { sceneViews.append(View(id: g, parent: guides[g]!.ownerID)) }
        let scene = Scene(name: root.name, views: sceneViews, constraints: constraints)
        return IBImportedScene(
            name: root.name, scene: scene, views: views,
            guides: guideOrder.map { ($0, guides[$0]!.kind.rawValue, guides[$0]!.ownerID) },
            origins: origins, notes: notes, outlets: constraintOutlets(), device: device,
            unsupportedEntries: unsupportedList, causes: causes, baselinesApproximated: baselinesApproximated,
            stackFillEdges: stackFillEdges, environment: environmentUsed)
    }
}
