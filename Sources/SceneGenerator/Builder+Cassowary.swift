#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

// The Cassowary paper's chain and tree benchmarks (Badros, Borning & Stuckey, 2001).
// A variable becomes one attribute of a view; the view's other three attributes are
// pinned by required constants (the paper's variables have no geometry).

extension Builder {
    /// `v1.left == v2.left == … == vn.left`, a weak stay `vn.left == 0`; frame 0 adds a
    /// strong edit on `v1.left`, later frames suggest `100 + 50 sin(f / 10)`.
    mutating func cassowaryChain(length n: Int) {
        reserve(views: n + 1, constraints: 4 * n + 4)
        let r = root(width: 375, height: max(667, Double(n) * 2))
        var previous: String? = nil
        for i in 1...n {
            let v = view("x\(i)", parent: r)
            if let previous { add(previous, .left, .equal, v, .left, id: "chain\(i - 1)") }
            add(v, .top, constant: Double(i - 1) * 2)
            add(v, .width, constant: 40)
            add(v, .height, constant: 2)
            previous = v
        }
        add("x\(n)", .left, constant: 0, priority: 1, id: "stay")
        suggestAfterAddingEdit(AttributeRef(view: "x1", attribute: .left)) { f in 100 + 50 * sin(Double(f) / 10) }
    }

    /// A binary tree of depth d: node k's children 2k and 2k+1 split its width
    /// (`c1.left == k.left`, `c2.left == c1.right`, `c2.right == k.right`, so
    /// `k.width == c1.width + c2.width`); each leaf's width has a stay at 10 (priority 2,
    /// the last leaf's at 1 so that exactly one leaf absorbs a change: the paper's
    /// stays are all equally weak, which leaves the solution open). Every node sits 24 pt
    /// below its parent, 20 tall. Frame 0 adds a strong edit on the root's width.
    mutating func cassowaryTree(depth d: Int) {
        let count = (1 << d) - 1
        let firstLeaf = 1 << (d - 1)
        reserve(views: count, constraints: 6 * count)
        _ = view("n1", parent: nil)
        add("n1", .left, id: "root.left")
        add("n1", .top, id: "root.top")
        add("n1", .height, constant: 20, id: "root.height")
        for k in 1..<firstLeaf {
            let node = "n\(k)", first = "n\(2 * k)", second = "n\(2 * k + 1)"
            for child in [first, second] {
                _ = view(child, parent: node)
                add(child, .top, .equal, node, .top, constant: 24)
                add(child, .height, constant: 20)
            }
            add(first, .left, .equal, node, .left)
            add(second, .left, .equal, first, .right)
            add(second, .right, .equal, node, .right)
        }
        for leaf in firstLeaf...count {
            add("n\(leaf)", .width, constant: 10, priority: leaf == count ? 1 : 2, id: "stay\(leaf)")
        }
        let width = 10 * Double(firstLeaf)
        suggestAfterAddingEdit(AttributeRef(view: "n1", attribute: .width)) { f in width + 40 * sin(Double(f) / 10) }
    }

    /// Frame 0: `addEdit` at strong (750); frames 1…: one `suggest` of `value(f)`.
    mutating func suggestAfterAddingEdit(_ target: AttributeRef, value: (Int) -> Double) {
        for f in 0..<frameCount {
            frames.append(f == 0 ? [.addEdit(attribute: target, priority: .high)] : [.suggest(attribute: target, value: value(f))])
        }
    }
}
