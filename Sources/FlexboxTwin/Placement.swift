import LayoutModel

// How one child's rules become its node's style: in the flow of its parent (margins along the
// main axis, a fixed size or a grow factor, alignment across), or absolute (insets).

extension TreePlanner {
    /// The flow's children along `main`: each one's margin from the previous one (or the parent's
    /// start), a fixed size or a grow factor; shares of the parent leave a trailing margin so that
    /// grow factors give each share exactly.
    mutating func placeFlow(_ items: [PlanItem], flow: [Int], node: Int, main: Axis) throws(TwinDecline) {
        var used = Affine()
        var shares: [(node: Int, rule: SizeRule)] = []
        var filler: Int? = nil
        var endAnchor: (rule: PositionRule, size: Affine?)? = nil
        var last = -1
        for (n, i) in flow.enumerated() {
            let item = items[i]
            let child = addNode(item, parent: node)
            last = child
            let r = item.rules[main.rawValue]
            let position =
                nodes[node].centresChildren ? r.positions.first(where: \.isCentredOnParent)!
                : n == 0 ? r.positions.first(where: \.isStartFromParentStart)! : r.positions.first { $0.follows(items[flow[n - 1]].key) }!
            nodes[child][.margin(main, end: false)] = position.offset
            // Centred: equal and opposite margins move the centre by the offset.
            if position.isCentredOnParent { nodes[child][.margin(main, end: true)] = -position.offset }
            used = used + position.offset
            // Besides its link in the chain, the last child may be placed from the parent's end.
            let others = r.positions.filter { $0.constraint != position.constraint }
            if let other = others.first {
                guard others.count == 1, n == flow.count - 1, other.reference == .parent, other.referenceEdge == 1 else {
                    throw TwinDecline(
                        "\(ruleName(other.constraint)) pins \(viewName(item.key)) from a second edge; flexbox places a child of a flow "
                            + "from the one before it, and only the last one from the parent's end")
                }
                endAnchor = (other, r.sizes.first?.offset)
            }
            switch r.sizes.first.map({ ($0, $0.reference) }) {
            case nil:
                guard filler == nil else { throw TwinDecline("\(viewName(item.key)) and another child both fill what is left of their parent") }
                filler = child
                nodes[child][.grow] = Affine(1)
            case let (size, .none)?:
                nodes[child][.size(main)] = size.offset
                used = used + size.offset
            case let (size, .parent)? where size.multiplier > 0:
                nodes[child][.grow] = Affine(size.multiplier)
                shares.append((child, size))
            case let (size, _)?:
                throw TwinDecline("\(ruleName(size.constraint)) sizes \(viewName(item.key)) in a way flexbox cannot along its flow")
            }
            try placeCrossAxis(item, node: child, axis: main.other)
            try planInside(item, node: child)
        }
        if let endAnchor {
            // own edge e = parent end + offset: the gap left after the last child is −offset − (1 − e) × size.
            guard filler != nil, shares.isEmpty else {
                throw TwinDecline("\(ruleName(endAnchor.rule.constraint)) pins the far end of a flow whose sizes are all set")
            }
            var trailing = -endAnchor.rule.offset
            if endAnchor.rule.ownEdge != 1, let size = endAnchor.size { trailing = trailing - size * (1 - endAnchor.rule.ownEdge) }
            nodes[last][.margin(main, end: true)] = trailing
            return
        }
        guard let first = shares.first else { return }
        // Each share is m × parent + k; grow factors m give m × (parent − used − trailing), so all
        // k/m must agree, the m sum to 1, and trailing = −k/m − used.
        let total = shares.reduce(0) { $0 + $1.rule.multiplier }
        guard abs(total - 1) <= 1e-9 else {
            throw TwinDecline(
                "the shares of the parent along its flow sum to \(formatNumber(total)), not 1 (\(ruleName(first.rule.constraint)) among them)")
        }
        let perShare = first.rule.offset * (1 / first.rule.multiplier)
        for share in shares {
            guard (share.rule.offset * (1 / share.rule.multiplier)).isClose(to: perShare, at: parameters) else {
                throw TwinDecline("\(ruleName(share.rule.constraint)) takes an unequal cut of what its parent shares out")
            }
            frozen[share.rule.constraint] = "it sets a share that a grow factor stands for"
        }
        nodes[last][.margin(main, end: true)] = -perShare - used
    }

    /// Across the flow: from the parent's start with a fixed size, stretched between two edges or
    /// to the parent's size, or from the parent's end with a fixed size.
    mutating func placeCrossAxis(_ item: PlanItem, node: Int, axis: Axis) throws(TwinDecline) {
        let r = item.rules[axis.rawValue]
        let start = r.positions.first(where: \.isStartFromParentStart), end = r.positions.first(where: \.isEndFromParentEnd)
        let size = r.sizes.first
        if let start, let size, size.isFixed {
            nodes[node].alignSelf = .start
            nodes[node][.margin(axis, end: false)] = start.offset
            nodes[node][.size(axis)] = size.offset
        } else if let start, let end {
            nodes[node].alignSelf = .stretch
            nodes[node][.margin(axis, end: false)] = start.offset
            nodes[node][.margin(axis, end: true)] = -end.offset
        } else if let start, let size, size.reference == .parent, size.multiplier == 1 {
            nodes[node].alignSelf = .stretch
            nodes[node][.margin(axis, end: false)] = start.offset
            nodes[node][.margin(axis, end: true)] = -(start.offset + size.offset)
        } else if let centre = r.positions.first(where: \.isCentredOnParent), let size, size.isFixed {
            nodes[node].alignSelf = .center
            nodes[node][.margin(axis, end: false)] = centre.offset
            nodes[node][.margin(axis, end: true)] = -centre.offset
            nodes[node][.size(axis)] = size.offset
        } else if let end, let size, size.isFixed {
            nodes[node].alignSelf = .end
            nodes[node][.margin(axis, end: true)] = -end.offset
            nodes[node][.size(axis)] = size.offset
        } else {
            let h = r.positions.first?.constraint ?? r.sizes.first?.constraint ?? -1
            throw TwinDecline("\(ruleName(h)) places \(viewName(item.key)) \(axis.name)ly in a way flexbox alignment cannot")
        }
    }

    /// Out of the flow: insets from the parent's edges and a fixed size, or the parent's size.
    mutating func placeAbsolute(_ item: PlanItem, node: Int, axis: Axis) throws(TwinDecline) {
        let r = item.rules[axis.rawValue]
        let start = r.positions.first(where: \.isStartFromParentStart), end = r.positions.first(where: \.isEndFromParentEnd)
        if let start { nodes[node][.inset(axis, end: false)] = start.offset }
        if let end { nodes[node][.inset(axis, end: true)] = -end.offset }
        if start != nil && end != nil { return }
        guard start != nil || end != nil, let size = r.sizes.first else {
            let h = r.positions.first?.constraint ?? -1
            throw TwinDecline("\(ruleName(h)) places \(viewName(item.key)) from its centre or a sibling; flexbox insets take edges")
        }
        if size.isFixed {
            nodes[node][.size(axis)] = size.offset
        } else if size.reference == .parent, size.multiplier == 1 {
            // The parent's size plus k: the other inset follows from the pinned one.
            if let start { nodes[node][.inset(axis, end: true)] = -(start.offset + size.offset) }
            if let end { nodes[node][.inset(axis, end: false)] = end.offset - size.offset }
        } else {
            throw TwinDecline("\(ruleName(size.constraint)) scales \(viewName(item.key)) by the parent, which flexbox insets cannot")
        }
    }
}

extension PositionRule: Equatable {
    static func == (a: PositionRule, b: PositionRule) -> Bool { a.constraint == b.constraint && a.ownEdge == b.ownEdge }
}
