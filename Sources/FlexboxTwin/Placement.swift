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
        var last = -1
        for (n, i) in flow.enumerated() {
            let item = items[i]
            let child = addNode(item, parent: node)
            last = child
            let r = item.rules[main.rawValue]
            let position = n == 0 ? r.positions.first(where: \.isStartFromParentStart)! : r.positions.first { $0.follows(items[flow[n - 1]].key) }!
            guard r.positions.count == 1, let size = r.sizes.first else {
                let extra = r.positions.first { $0.constraint != position.constraint }?.constraint ?? position.constraint
                throw TwinDecline(
                    "\(ruleName(extra)) pins the far edge of \(viewName(item.key)), which flows \(main.name)ly from its start")
            }
            nodes[child][.margin(main, end: false)] = position.offset
            used = used + position.offset
            switch size.reference {
            case .none:
                nodes[child][.size(main)] = size.offset
                used = used + size.offset
            case .parent where size.multiplier > 0:
                nodes[child][.grow] = Affine(size.multiplier)
                shares.append((child, size))
            default:
                throw TwinDecline("\(ruleName(size.constraint)) sizes \(viewName(item.key)) in a way flexbox cannot along its flow")
            }
            try placeCrossAxis(item, node: child, axis: main.other)
            try planInside(item, node: child)
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
