import LayoutModel

// LayoutFrameworkBenchmark's news-feed cell (layoutBox/LayoutFrameworkBenchmark, the Auto
// Layout variant), and the "flat vs nested" contrast.
//
// The feed cell: five sections stacked in a cell (top bar, mini profile, mini content,
// social actions, comment), 15 leaves. Text measurement becomes fixed intrinsic sizes
// (a label is 20 tall, the headline 40); the source's `>=` gaps and its 749 tie-break are
// taken at the sizes they settle at, as equalities; margins are 8 pt.

extension Builder {
    /// `count` cells stacked in the root (each cell's top at the one before's bottom);
    /// every frame the root's width changes (a rotation-like resize of every cell).
    mutating func feedCells(count: Int) {
        reserve(views: 21 * count + 1, constraints: 62 * count + 4)
        let r = root(width: 375, height: 667)
        var above: (String, Attribute) = (r, .top)
        for i in 0..<count {
            let cell = view("cell\(i)", parent: r)
            add(cell, .top, .equal, above.0, above.1)
            add(cell, .left, .equal, r, .left)
            add(cell, .width, .equal, r, .width)
            feedCellContents(cell, "c\(i)_")
            above = (cell, .bottom)
        }
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "root.width", value: 375 + Double(f % 2) * 292)]) }
    }

    /// A section of `cell` under `above` (or at the cell's top), full width.
    private mutating func section(_ id: String, in cell: String, below above: String?) -> String {
        let s = view(id, parent: cell)
        if let above { add(s, .top, .equal, above, .bottom) } else { add(s, .top, .equal, cell, .top) }
        add(s, .left, .equal, cell, .left)
        add(s, .width, .equal, cell, .width)
        return s
    }

    /// A leaf at a fixed intrinsic size (nil: width from other constraints).
    private mutating func leaf(_ id: String, in parent: String, width: Double?, height: Double) -> String {
        let v = view(id, parent: parent)
        if let width { add(v, .width, constant: width) }
        add(v, .height, constant: height)
        return v
    }

    private mutating func feedCellContents(_ cell: String, _ p: String) {
        let top = section(p + "topBar", in: cell, below: nil)
        let action = leaf(p + "action", in: top, width: nil, height: 20), options = leaf(p + "options", in: top, width: 20, height: 20)
        add(action, .left, .equal, top, .left); add(action, .top, .equal, top, .top); add(action, .right, .equal, options, .left)
        add(options, .top, .equal, top, .top); add(options, .right, .equal, top, .right)
        add(top, .bottom, .equal, action, .bottom)
        let profile = section(p + "profile", in: cell, below: top)
        let poster = leaf(p + "posterImage", in: profile, width: 50, height: 50)
        add(poster, .left, .equal, profile, .left); add(poster, .top, .equal, profile, .top)
        var previous: (String, Double) = (profile, 1)
        for (name, height) in [("posterName", 20.0), ("posterHeadline", 40), ("posterTime", 20)] {
            let l = leaf(p + name, in: profile, width: nil, height: height)
            add(l, .left, .equal, poster, .right, constant: 2); add(l, .right, .equal, profile, .right, constant: -4)
            add(l, .top, .equal, previous.0, previous.0 == profile ? .top : .bottom, constant: previous.1)
            previous = (l, 1)
        }
        let comment = leaf(p + "posterComment", in: profile, width: nil, height: 20)
        add(comment, .left, .equal, profile, .left); add(comment, .right, .equal, profile, .right)
        add(comment, .top, .equal, previous.0, .bottom, constant: 3); add(profile, .bottom, .equal, comment, .bottom)
        let content = section(p + "content", in: cell, below: profile)
        var last = content
        for (name, height) in [("contentImage", 200.0), ("contentTitle", 20), ("contentDomain", 20)] {
            let l = leaf(p + name, in: content, width: nil, height: height)
            add(l, .left, .equal, content, .left); add(l, .right, .equal, content, .right)
            add(l, .top, .equal, last, last == content ? .top : .bottom)
            last = l
        }
        add(content, .bottom, .equal, last, .bottom)
        let actions = section(p + "actions", in: cell, below: content)
        let like = leaf(p + "like", in: actions, width: 40, height: 20), commentLabel = leaf(p + "comment", in: actions, width: 70, height: 20)
        let share = leaf(p + "share", in: actions, width: 50, height: 20)
        add(like, .left, .equal, actions, .left, constant: 8); add(commentLabel, .centerX, .equal, actions, .centerX)
        add(share, .right, .equal, actions, .right, constant: -8)
        for l in [like, commentLabel, share] { add(l, .top, .equal, actions, .top) }
        add(actions, .bottom, .equal, like, .bottom)
        let bottom = section(p + "commentBar", in: cell, below: actions)
        let actor = leaf(p + "actorImage", in: bottom, width: 50, height: 50), actorComment = leaf(p + "actorComment", in: bottom, width: nil, height: 20)
        add(actor, .left, .equal, bottom, .left); add(actor, .top, .equal, bottom, .top)
        add(actorComment, .left, .equal, actor, .right); add(actorComment, .right, .equal, bottom, .right)
        add(actorComment, .top, .equal, bottom, .top); add(bottom, .bottom, .equal, actor, .bottom)
        add(cell, .bottom, .equal, bottom, .bottom)
    }

    /// n views in a fanout-4 hierarchy (breadth first), 4 × 4 each, child j of a parent
    /// 6 pt below it and `2 + 6j` right of it. Flat: every view's left and top constrained
    /// to the root's at its absolute offset; nested: to its superview's at the relative one.
    /// Every frame the root moves (its left), so every view moves.
    mutating func flatOrNested(views n: Int, nested: Bool) {
        reserve(views: n, constraints: 4 * n + 4)
        let r = root(width: 375, height: 667)
        var offset = [(0.0, 0.0)]
        offset.reserveCapacity(n)
        for i in 1..<max(1, n) {
            let parentIndex = (i - 1) / 4, j = Double((i - 1) % 4)
            let parent = parentIndex == 0 ? r : "f\(parentIndex)"
            let v = view("f\(i)", parent: parent)
            let relative = (2 + 6 * j, 6.0)
            offset.append((offset[parentIndex].0 + relative.0, offset[parentIndex].1 + relative.1))
            let (target, dx, dy) = nested ? (parent, relative.0, relative.1) : (r, offset[i].0, offset[i].1)
            add(v, .left, .equal, target, .left, constant: dx)
            add(v, .top, .equal, target, .top, constant: dy)
            add(v, .width, constant: 4)
            add(v, .height, constant: 4)
        }
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "root.left", value: Double(f % 10))]) }
    }
}
