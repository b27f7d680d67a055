#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

// WWDC 2018 talk 220's five benchmark shapes. The talk draws them (a bar chart of
// iOS 11 against iOS 12) without stating their constraints; these are our reading of
// the names and pictures: every view is placed by required equalities relative to its
// superview or sibling, so one-way evaluation can run them all.

extension Builder {
    /// n views side by side in the root: `v.left == previous.right + 2`, 10 × 20, top 10.
    /// Every frame the first view's leading offset changes, so the whole row moves.
    mutating func longRow(views n: Int) {
        reserve(views: n + 1, constraints: 4 * n + 4)
        let r = root(width: max(375, 12 * Double(n) + 20), height: 667)
        var previous: String? = nil
        for i in 1...n {
            let v = view("v\(i)", parent: r)
            if let previous { add(v, .left, .equal, previous, .right, constant: 2) } else { add(v, .left, .equal, r, .left, constant: 8, id: "lead") }
            add(v, .top, .equal, r, .top, constant: 10)
            add(v, .width, constant: 10)
            add(v, .height, constant: 20)
            previous = v
        }
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "lead", value: 8 + Double(f % 16))]) }
    }

    /// n views, each inset 1 pt on every side in the one before (the root is 2n + 2 wide);
    /// every frame the root's width changes, so every view resizes.
    mutating func deepHierarchy(views n: Int) {
        reserve(views: n + 1, constraints: 4 * n + 4)
        let side = 2 * Double(n) + 20
        var parent = root(width: side, height: side)
        for i in 1...n {
            let v = view("d\(i)", parent: parent)
            add(v, .left, .equal, parent, .left, constant: 1)
            add(v, .top, .equal, parent, .top, constant: 1)
            add(v, .right, .equal, parent, .right, constant: -1)
            add(v, .bottom, .equal, parent, .bottom, constant: -1)
            parent = v
        }
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "root.width", value: side + Double(f % 10))]) }
    }

    /// Cells four to a row (each 80 × 100 at a fixed place in the root), each holding an
    /// image (80 × 80, at the cell's origin) and a label below it: 3 views per cell.
    /// Every frame one cell's label height changes (a local change).
    mutating func collectionView(views n: Int) {
        let cells = max(1, (n - 1) / 3)
        reserve(views: 3 * cells + 1, constraints: 12 * cells + 4)
        let r = root(width: 375, height: max(667, Double(cells / 4 + 1) * 110))
        for i in 0..<cells {
            let cell = view("cell\(i)", parent: r), image = view("image\(i)", parent: cell), label = view("label\(i)", parent: cell)
            add(cell, .left, .equal, r, .left, constant: 10 + Double(i % 4) * 90)
            add(cell, .top, .equal, r, .top, constant: 10 + Double(i / 4) * 110)
            add(cell, .width, constant: 80)
            add(cell, .bottom, .equal, label, .bottom)
            add(image, .left, .equal, cell, .left)
            add(image, .top, .equal, cell, .top)
            add(image, .width, constant: 80)
            add(image, .height, constant: 80)
            add(label, .left, .equal, cell, .left)
            add(label, .right, .equal, cell, .right)
            add(label, .top, .equal, image, .bottom)
            add(label, .height, constant: 20, id: "labelHeight\(i)")
        }
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "labelHeight\(f % cells)", value: 20 + Double(f % 3))]) }
    }

    /// A fanout-4 tree of n views, each placed relative to its parent; every frame the
    /// root's first child (and so its subtree) moves.
    mutating func movingTree(views n: Int) {
        relativeTree(views: n)
        for f in 0..<frameCount { frames.append([.setConstant(constraint: "placeX0", value: 4 + Double(f % 20))]) }
    }

    /// The same tree; every frame one of the root's children is detached (its two
    /// placing constraints deactivated and two that park it at -1000 activated), or put
    /// back if it was detached: a subtree leaving the hierarchy and coming back.
    mutating func hierarchyRemoval(views n: Int) {
        let tops = relativeTree(views: n)
        var detached = Set<Int>()
        for f in 0..<frameCount {
            let k = f % max(1, tops)
            let ops: [Op] = [.deactivate(constraint: "\(detached.contains(k) ? "park" : "place")X\(k)"),
                             .deactivate(constraint: "\(detached.contains(k) ? "park" : "place")Y\(k)"),
                             .activate(constraint: "\(detached.contains(k) ? "place" : "park")X\(k)"),
                             .activate(constraint: "\(detached.contains(k) ? "place" : "park")Y\(k)")]
            if detached.contains(k) { detached.remove(k) } else { detached.insert(k) }
            frames.append(ops)
        }
    }

    /// n views, breadth first, fanout 4: child j of a parent sits at
    /// `left == parent.left + 2 + 6j`, `top == parent.top + 6`, 4 × 4. The root's children's placements are `placeX/Y k` with
    /// inactive alternatives `parkX/Y k`. Returns how many children the root has.
    @discardableResult
    mutating func relativeTree(views n: Int) -> Int {
        reserve(views: n, constraints: 4 * n + 8)
        let r = root(width: 375, height: 667)
        return fanoutTree(views: max(0, n - 1), under: r, detachable: true)
    }

    /// `n` views `t1…tn` hanging off `top`, breadth first, fanout 4, each placed relative
    /// to its parent as in `relativeTree`; with `detachable`, `top`'s children also get
    /// their `placeX/Y k` ids and inactive `parkX/Y k` alternatives. Returns how many
    /// children `top` has.
    @discardableResult
    mutating func fanoutTree(views n: Int, under top: String, detachable: Bool) -> Int {
        var tops = 0
        for i in stride(from: 1, through: n, by: 1) {
            let parentIndex = (i - 1) / 4, j = (i - 1) % 4
            let parent = parentIndex == 0 ? top : "t\(parentIndex)"
            let v = view("t\(i)", parent: parent)
            if parentIndex == 0 && detachable {
                tops += 1
                add(v, .left, .equal, parent, .left, constant: 2 + 6 * Double(j), id: "placeX\(j)")
                add(v, .top, .equal, parent, .top, constant: 6, id: "placeY\(j)")
                add(v, .left, .equal, top, .left, constant: -1000, active: false, id: "parkX\(j)")
                add(v, .top, .equal, top, .top, constant: -1000, active: false, id: "parkY\(j)")
            } else {
                if parentIndex == 0 { tops += 1 }
                add(v, .left, .equal, parent, .left, constant: 2 + 6 * Double(j))
                add(v, .top, .equal, parent, .top, constant: 6)
            }
            add(v, .width, constant: 4)
            add(v, .height, constant: 4)
        }
        return tops
    }

    /// The `movingtree` family: a card that a finger drags around the window, holding a
    /// fanout-4 tree of `views - 2` views placed relative to their parents (see `Family`).
    mutating func movingTree(_ p: GeneratorParameters) {
        let n = max(3, p.views)
        reserve(views: n, constraints: 4 * n + 8)
        let r = root(width: 375, height: 667)
        let card = view("card", parent: r)
        let restX = vary.value(20, 0...40), restY = vary.value(100, 40...200)
        add(card, .left, .equal, r, .left, constant: restX, priority: 250, id: "card.restX")
        add(card, .top, .equal, r, .top, constant: restY, priority: 250, id: "card.restY")
        add(card, .width, constant: 335)
        add(card, .height, constant: 400)
        fanoutTree(views: n - 2, under: card, detachable: false)
        let x = AttributeRef(view: card, attribute: .left), y = AttributeRef(view: card, attribute: .top)
        edits.append(EditDeclaration(attribute: x, priority: .high))
        edits.append(EditDeclaration(attribute: y, priority: .high))
        let travel = vary.value(160, 80...240)
        for f in 0..<frameCount {
            // The finger: across and back along the slider path, down and up at another pace.
            let down = 0.5 - 0.5 * cos(Double(f + 1) * 0.07)
            frames.append([.suggest(attribute: x, value: restX + travel * slider(f + 1) - travel / 2),
                           .suggest(attribute: y, value: restY + travel * down)])
        }
    }
}
