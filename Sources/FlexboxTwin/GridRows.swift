import LayoutModel

// A grid's cells are siblings that align with one another on both axes. Flexbox expresses
// that as rows (or columns) of cells: the twin groups the cells by the cell they align with,
// gives each group a node of its own, and lays every group out like the group whose cells
// follow one another (the first row), cell for cell.

extension TreePlanner {
    /// `items` as groups aligned along `axis` (rows when vertical), or nil when they are not a grid.
    mutating func gridRows(_ items: [PlanItem], _ axis: Axis) throws(TwinDecline) -> [PlanItem]? {
        let a = axis.rawValue, b = axis.other.rawValue
        let index = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.key, $0) })
        func alignedTo(_ i: Int, _ axis: Int) -> Int? {
            let positions = items[i].rules[axis].positions
            guard positions.count == 1, let p = positions.first, p.ownEdge == 0, p.referenceEdge == 0,
                case let .sibling(k) = p.reference, p.offset.value(parameters) == 0 else { return nil }
            return index[k]
        }
        var head = Array(items.indices)
        for i in items.indices {
            var h = i, steps = 0
            while let next = alignedTo(h, a), steps < items.count { h = next; steps += 1 }
            head[i] = h
        }
        let heads = items.indices.filter { head[$0] == $0 }
        guard heads.count < items.count else { return nil }
        let groupOfHead = Dictionary(uniqueKeysWithValues: heads.enumerated().map { ($1, $0) })
        var groupOf = [Int](repeating: 0, count: items.count)
        var groups: [[Int]] = heads.map { _ in [] }
        for i in items.indices {
            groupOf[i] = groupOfHead[head[i]]!
            groups[groupOf[i]].append(i)
        }
        // A group whose cells are placed from its own cells or the parent is a template; the
        // others must align with one template cell for cell.
        var rows: [PlanItem] = []
        for (g, group) in groups.enumerated() {
            var members: [PlanItem] = []
            let targets = group.map { alignedTo($0, b) }
            let mirrored = targets.allSatisfy { $0 != nil && groupOf[$0!] != g }
            var byTemplate: [Int: Int] = [:]
            if mirrored {
                for (m, t) in zip(group, targets) { byTemplate[items[t!].key] = items[m].key }
            }
            for (m, t) in zip(group, targets) {
                var cell = items[m]
                if let a0 = cell.rules[a].positions.first, a0.constraint >= 0, m != head[m] { frozen[a0.constraint] = "it aligns a grid's cells" }
                guard let size = cell.rules[a].sizes.first, size.isFixed else { return nil }
                cell.rules[a].positions = [PositionRule(ownEdge: 0, reference: .parent, referenceEdge: 0, offset: Affine(), constraint: -1)]
                if mirrored, let t {
                    let template = items[t]
                    guard let mine = cell.rules[b].sizes.first, let theirs = template.rules[b].sizes.first,
                        mine.reference == theirs.reference, mine.multiplier == theirs.multiplier,
                        mine.offset.isClose(to: theirs.offset, at: parameters)
                    else { return nil }
                    for h in mine.offset.terms.keys { frozen[Int(h)] = "it sizes a grid's cell like the first row's" }
                    for h in theirs.offset.terms.keys { frozen[Int(h)] = "it sizes a grid's cell like the first row's" }
                    frozen[cell.rules[b].positions[0].constraint] = "it aligns a grid's cells"
                    var positions: [PositionRule] = []
                    for var p in template.rules[b].positions {
                        if case let .sibling(k) = p.reference {
                            guard let mapped = byTemplate[k] else { return nil }
                            p.reference = .sibling(mapped)
                        }
                        positions.append(p)
                    }
                    cell.rules[b].positions = positions
                }
                members.append(cell)
            }
            let first = items[heads[g]]
            guard let headSize = first.rules[a].sizes.first, headSize.isFixed else { return nil }
            var rowRules = [AxisRules(), AxisRules()]
            rowRules[a] = AxisRules(positions: first.rules[a].positions, sizes: [headSize])
            rowRules[b] = AxisRules(
                positions: [PositionRule(ownEdge: 0, reference: .parent, referenceEdge: 0, offset: Affine(), constraint: -1)],
                sizes: [SizeRule(multiplier: 1, reference: .parent, offset: Affine(), constraint: -1)])
            rows.append(PlanItem(key: first.key, isWrapper: true, members: members, rules: rowRules))
        }
        return rows
    }
}
