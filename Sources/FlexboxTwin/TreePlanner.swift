import LayoutModel

/// One child to place in a flexbox container: a view, or a row the twin adds to hold a grid's
/// cells (`key` is then its first cell's view, which is what sibling rules name).
struct PlanItem {
    var key: Int
    var isWrapper = false
    var members: [PlanItem] = []
    /// rules[axis]
    var rules: [AxisRules]
}

/// Turns the rules into a tree of flexbox nodes: per container, the children that follow one
/// another along an axis flow (margins, fixed sizes, grow factors), children placed from the
/// parent's edges alone are absolute (insets), and a grid's cells are grouped into rows.
struct TreePlanner {
    let scene: CompiledScene
    let rules: ConstraintRules
    var nodes: [FlexNode] = []
    /// Constraints whose constants the twin folds into its structure: no op may change them.
    var frozen: [Int: String] = [:]
    var children: [[Int]]
    /// The constraints' constants before the first frame.
    let parameters: [Double]

    init(scene: CompiledScene, rules: ConstraintRules) {
        self.scene = scene
        self.rules = rules
        parameters = scene.constraints.map(\.constant)
        children = Array(repeating: [], count: scene.viewCount)
        for (v, p) in rules.parents.enumerated() where p >= 0 { children[p].append(v) }
    }

    func viewName(_ key: Int) -> String { "'\(scene.viewIDs[key])'" }
    func ruleName(_ h: Int) -> String { h < 0 ? "a grid row" : rules.name(h, scene) }

    mutating func plan() throws(TwinDecline) {
        let roots = rules.parents.indices.filter { rules.parents[$0] < 0 }
        guard roots.count == 1, let root = roots.first else {
            throw TwinDecline("flexbox lays out one tree; the scene has \(roots.count) views without a parent")
        }
        var node = FlexNode(parent: -1, view: root)
        for axis in [Axis.horizontal, .vertical] {
            let r = rules.rules[root][axis.rawValue]
            guard let p = r.positions.first, p.reference == .none, p.ownEdge == 0, p.offset.value(parameters) == 0,
                let s = r.sizes.first, s.isFixed
            else {
                throw TwinDecline("the root \(viewName(root)) must sit at 0 with a fixed \(axis == .horizontal ? "width" : "height")")
            }
            frozen[p.constraint] = "it places the root"
            node[.size(axis)] = s.offset
        }
        nodes.append(node)
        try planChildren(of: root, node: 0)
    }


    mutating func planChildren(of view: Int, node: Int) throws(TwinDecline) {
        let items = children[view].map { PlanItem(key: $0, rules: rules.rules[$0]) }
        if !items.isEmpty { try planContainer(node: node, items: items) }
    }

    /// Places `items` in container `node`, then their own children.
    mutating func planContainer(node: Int, items rawItems: [PlanItem]) throws(TwinDecline) {
        let sized = resolveSiblingRules(rawItems, positions: false)
        let vertical = chain(sized, .vertical), horizontal = chain(sized, .horizontal)
        var main: Axis = horizontal.count > vertical.count ? .horizontal : .vertical
        var flow = main == .vertical ? vertical : horizontal
        // A lone child centred on its parent along an axis flows along it, centred.
        if flow.isEmpty, sized.count == 1, let centred = [Axis.vertical, .horizontal].first(where: { axis in
            sized[0].rules[axis.rawValue].positions.contains(where: \.isCentredOnParent)
        }) {
            main = centred
            flow = [0]
            nodes[node].centresChildren = true
        }
        let items = resolveSiblingRules(sized, positions: true)
        let inFlow = Set(flow)
        let rest = items.indices.filter { !inFlow.contains($0) }
        let fromParent = { (i: Int) in
            items[i].rules.allSatisfy { axis in
                axis.positions.allSatisfy { $0.reference == .parent } && axis.sizes.allSatisfy { $0.isFixed || $0.reference == .parent }
            }
        }
        if let stray = rest.first(where: { !fromParent($0) }) {
            var rows = try gridRows(sized, main)
            if rows == nil { rows = try gridRows(sized, main.other) }
            if let rows { return try planContainer(node: node, items: rows) }
            let rule = items[stray].rules.flatMap(\.positions).first { $0.reference != .parent }
            throw TwinDecline(
                "\(rule.map { ruleName($0.constraint) } ?? "a size") places \(viewName(items[stray].key)) from a sibling "
                    + "outside the flow of its parent's children")
        }
        nodes[node].direction = main
        try placeFlow(items, flow: flow, node: node, main: main)
        for i in rest {
            let child = addNode(items[i], parent: node)
            nodes[child].isAbsolute = true
            for axis in [Axis.horizontal, .vertical] { try placeAbsolute(items[i], node: child, axis: axis) }
            try planInside(items[i], node: child)
        }
    }

    mutating func addNode(_ item: PlanItem, parent: Int) -> Int {
        nodes.append(FlexNode(parent: parent, view: item.isWrapper ? -1 : item.key))
        return nodes.count - 1
    }

    mutating func planInside(_ item: PlanItem, node: Int) throws(TwinDecline) {
        if item.isWrapper { try planContainer(node: node, items: item.members) } else { try planChildren(of: item.key, node: node) }
    }

    /// The indices of the items that follow one another along `axis` from the parent's start.
    func chain(_ items: [PlanItem], _ axis: Axis) -> [Int] {
        let starts = items.indices.filter { items[$0].rules[axis.rawValue].positions.contains(where: \.isStartFromParentStart) }
        guard starts.count == 1 else { return [] }
        // Who follows whom, found once: a stack of 100,000 rows is one long chain.
        var followers: [Int: [Int]] = [:]
        for i in items.indices {
            for p in items[i].rules[axis.rawValue].positions where p.ownEdge == 0 && p.referenceEdge == 1 {
                if case let .sibling(k) = p.reference { followers[k, default: []].append(i) }
            }
        }
        var order = [starts[0]]
        var seen: Set<Int> = [starts[0]]
        while let next = followers[items[order.last!].key], next.count == 1, !seen.contains(next[0]) {
            order.append(next[0])
            seen.insert(next[0])
        }
        return order
    }

    /// A size given as a sibling's becomes the sibling's own (fixed, or a share of the parent);
    /// a start aligned with a sibling pinned to the parent becomes a pin to the parent.
    func resolveSiblingRules(_ items: [PlanItem], positions: Bool) -> [PlanItem] {
        var out = items
        let index = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.key, $0) })
        for _ in 0..<items.count {
            var changed = false
            for i in out.indices {
                for a in 0..<2 {
                    for (s, size) in out[i].rules[a].sizes.enumerated() {
                        guard case let .sibling(k) = size.reference, let j = index[k] else { continue }
                        guard let theirs = out[j].rules[a].sizes.first, theirs.reference != .sibling(k) else { continue }
                        if case .sibling = theirs.reference { continue }
                        out[i].rules[a].sizes[s] = SizeRule(
                            multiplier: size.multiplier * theirs.multiplier, reference: theirs.reference,
                            offset: theirs.offset * size.multiplier + size.offset, constraint: size.constraint)
                        changed = true
                    }
                    for (p, position) in out[i].rules[a].positions.enumerated() where positions {
                        guard position.ownEdge == 0, position.referenceEdge == 0, case let .sibling(k) = position.reference,
                            let j = index[k], let theirs = out[j].rules[a].positions.first(where: \.isStartFromParentStart)
                        else { continue }
                        out[i].rules[a].positions[p] = PositionRule(
                            ownEdge: 0, reference: .parent, referenceEdge: 0, offset: position.offset + theirs.offset,
                            constraint: position.constraint)
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
        return out
    }
}
