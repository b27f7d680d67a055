#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

// The layout families: a settings list, a nested tree, a grid, a scroll view and
// constraint churn. Each draws its sizes and animation path from `Variation`.

extension Builder {
    mutating func stack(_ p: GeneratorParameters) {
        let root = root()
        let n = max(1, p.views - 1)
        reserve(views: n + 1, constraints: 4 * n + 4)
        let inset = vary.value(8, 0...24)
        let spacing = vary.value(8, 0...16)
        var previous: String? = nil
        for i in 0..<n {
            let v = view("v\(i)", parent: root)
            add(v, .left, .equal, root, .left, constant: inset)
            add(v, .right, .equal, root, .right, constant: -inset)
            if let previous { add(v, .top, .equal, previous, .bottom, constant: spacing) } else { add(v, .top, .equal, root, .top, constant: spacing) }
            add(v, .height, constant: vary.value(44, 32...72), priority: i == 0 ? 250 : 1000)
            previous = v
        }
        let slider = AttributeRef(view: "v0", attribute: .height)
        edits.append(EditDeclaration(attribute: slider, priority: .high))
        let travel = vary.value(200, 100...300)
        for f in 0..<frameCount { frames.append([.suggest(attribute: slider, value: 44 + travel * self.slider(f + 1))]) }
    }

    mutating func tree(_ p: GeneratorParameters) {
        let total = max(1, p.views)
        reserve(views: total, constraints: 4 * total + 4)
        let root = root(width: nil)
        add(root, .width, constant: 375, priority: 250, id: "root.width")
        let fanout = max(2, p.fanout)
        let inset = vary.value(4, 0...8)
        let spacing = vary.value(4, 0...8)
        // Breadth first: each view's depth, by index.
        var depth: [Int] = [0]
        depth.reserveCapacity(total)
        var parentIndex = 0
        while views.count < total {
            let parent = views[parentIndex].id
            // Seeds other than 1 jitter each parent's child count by one either way.
            let jittered = max(2, fanout + vary.count(0, -1...1))
            let children = min(jittered, total - views.count)
            let horizontal = depth[parentIndex] % 2 == 0
            let k = Double(children)
            let share = -(2 * inset + (k - 1) * spacing) / k
            var previous: String? = nil
            for _ in 0..<children {
                let child = view("v\(views.count)", parent: parent)
                depth.append(depth[parentIndex] + 1)
                if horizontal {
                    add(child, .width, .equal, parent, .width, multiplier: 1 / k, constant: share)
                    add(child, .top, .equal, parent, .top, constant: inset)
                    add(child, .bottom, .equal, parent, .bottom, constant: -inset)
                    if let previous { add(child, .left, .equal, previous, .right, constant: spacing) } else { add(child, .left, .equal, parent, .left, constant: inset) }
                } else {
                    add(child, .height, .equal, parent, .height, multiplier: 1 / k, constant: share)
                    add(child, .left, .equal, parent, .left, constant: inset)
                    add(child, .right, .equal, parent, .right, constant: -inset)
                    if let previous { add(child, .top, .equal, previous, .bottom, constant: spacing) } else { add(child, .top, .equal, parent, .top, constant: inset) }
                }
                previous = child
            }
            parentIndex += 1
        }
        let width = AttributeRef(view: root, attribute: .width)
        edits.append(EditDeclaration(attribute: width, priority: .high))
        let narrowest = vary.value(320, 280...360)
        for f in 0..<frameCount { frames.append([.suggest(attribute: width, value: narrowest + 400 * self.slider(f + 1))]) }
    }

    mutating func grid(_ p: GeneratorParameters) {
        let cells = max(1, p.views - 1)
        let columns = max(1, Int(Double(cells).squareRoot()))
        let rows = max(1, cells / columns)
        reserve(views: rows * columns + 1, constraints: 4 * rows * columns + 4)
        let root = root()
        let side = vary.value(40, 24...64)
        var spacingIDs: [String] = []
        spacingIDs.reserveCapacity(rows + columns)
        var firstRow: [String] = []
        var above: [String] = []
        var current: [String] = []
        for r in 0..<rows {
            current.removeAll(keepingCapacity: true)
            for c in 0..<columns {
                let cell = view("r\(r)c\(c)", parent: root)
                if r == 0, c == 0 {
                    add(cell, .width, constant: side)
                    add(cell, .height, constant: vary.value(40, 24...64))
                } else {
                    add(cell, .width, .equal, "r0c0", .width)
                    add(cell, .height, .equal, "r0c0", .height)
                }
                // Spacing constraints live in the first row (lefts) and the first column
                // (tops); every other cell aligns with its column's and its row's first cell.
                if r == 0 {
                    spacingIDs.append(
                        c == 0 ? add(cell, .left, .equal, root, .left, constant: 8)
                            : add(cell, .left, .equal, current[c - 1], .right, constant: 8))
                } else {
                    add(cell, .left, .equal, firstRow[c], .left)
                }
                if c == 0 {
                    spacingIDs.append(
                        r == 0 ? add(cell, .top, .equal, root, .top, constant: 8)
                            : add(cell, .top, .equal, above[0], .bottom, constant: 8))
                } else {
                    add(cell, .top, .equal, current[0], .top)
                }
                current.append(cell)
            }
            if r == 0 { firstRow = current }
            swap(&above, &current)
        }
        for f in 0..<frameCount {
            let spacing = 2 + 14 * self.slider(f + 1)
            frames.append(spacingIDs.map { .setConstant(constraint: $0, value: spacing) })
        }
    }

    mutating func scroll(_ p: GeneratorParameters) {
        let rows = max(0, p.views - 4)
        reserve(views: rows + 4, constraints: 4 * rows + 16)
        let root = root()
        let header = view("header", parent: root)
        let background = view("background", parent: header)
        let title = view("title", parent: header)
        add(header, .top, .equal, root, .top, id: "headerTop")
        add(header, .left, .equal, root, .left)
        add(header, .width, .equal, root, .width)
        add(header, .height, constant: vary.value(200, 120...260))
        add(background, .top, .equal, header, .top, id: "backgroundTop")
        add(background, .left, .equal, header, .left)
        add(background, .width, .equal, header, .width)
        add(background, .height, .equal, header, .height)
        add(title, .left, .equal, header, .left, constant: 16)
        add(title, .bottom, .equal, header, .bottom, constant: -16, id: "titleBottom")
        add(title, .width, constant: 200)
        add(title, .height, constant: 30)
        var previous = header
        for i in 0..<rows {
            let row = view("row\(i)", parent: root)
            add(row, .top, .equal, previous, .bottom)
            add(row, .left, .equal, root, .left)
            add(row, .width, .equal, root, .width)
            add(row, .height, constant: vary.value(44, 32...72))
            previous = row
        }
        for f in 0..<frameCount {
            let offset = 300 * self.slider(f + 1)
            frames.append([
                .setConstant(constraint: "headerTop", value: -offset),
                .setConstant(constraint: "backgroundTop", value: offset / 2),
                .setConstant(constraint: "titleBottom", value: -16 - offset / 4),
            ])
        }
    }

    mutating func churn(_ p: GeneratorParameters) {
        let n = max(1, p.views - 1)
        reserve(views: n + 1, constraints: 5 * n + 4)
        let root = root()
        var previous: String? = nil
        var tall: [String] = []
        var short: [String] = []
        tall.reserveCapacity(n)
        short.reserveCapacity(n)
        for i in 0..<n {
            let v = view("v\(i)", parent: root)
            add(v, .left, .equal, root, .left, constant: 8)
            add(v, .right, .equal, root, .right, constant: -8)
            if let previous { add(v, .top, .equal, previous, .bottom, constant: 4) } else { add(v, .top, .equal, root, .top, constant: 4) }
            let height = vary.value(44, 32...56)
            short.append(add(v, .height, constant: height, id: "short\(i)"))
            tall.append(add(v, .height, constant: height + vary.value(16, 8...40), active: false, id: "tall\(i)"))
            previous = v
        }
        var isTall = [Bool](repeating: false, count: n)
        var added: [String] = []
        // Visit the views in a scattered order that reaches every one: a stride coprime to n.
        var stride = vary.count(7, 3...31)
        while gcd(stride, n) != 1 { stride += 1 }
        let start = vary.count(0, 0...max(0, n - 1))
        for f in 0..<frameCount {
            let j = (start + f * stride) % n
            // Deactivate first: both alternatives are required and would conflict.
            var ops: [Op] = isTall[j]
                ? [.deactivate(constraint: tall[j]), .activate(constraint: short[j])]
                : [.deactivate(constraint: short[j]), .activate(constraint: tall[j])]
            isTall[j].toggle()
            if (f + 1) % 10 == 0 {
                let id = "extra\(f)"
                let v = "v\((f * stride * 3 + 1) % n)"
                // Implied by the view's left and right pins, so it never conflicts.
                ops.append(.add(Constraint(
                    id: id, first: AttributeRef(view: v, attribute: .width), relation: .equal,
                    second: AttributeRef(view: root, attribute: .width), constant: -16)))
                added.append(id)
                if added.count > 3 { ops.append(.remove(constraint: added.removeFirst())) }
            }
            frames.append(ops)
        }
    }

}
