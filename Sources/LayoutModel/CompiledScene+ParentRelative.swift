// The change of variables to parent-relative positions. A view's window left is its
// own unknown plus the unknowns of all its ancestors, `L(v) = x(v) + Σ x(a)` (tops
// alike; widths and heights stay as they are). Substituted into every row, a
// constraint between siblings or between a child and its parent no longer mentions
// the parent's position: the ancestors' terms cancel. The map is linear and
// invertible (unit triangular), so every constraint's error, every priority's
// optimum and the uniqueness of a layout are the same in both coordinates.

/// A scene's view hierarchy, as the substitution and the read-back walk it.
public struct HierarchyIndex: Sendable {
    /// Per view, its parent's index, or -1 for a root.
    public let parent: [Int32]
    /// Per view, its distance from its root (0 for a root).
    public let depth: [Int32]
    /// Every view after its parent (roots first, then breadth first).
    public let topDown: [Int32]
    /// The children of view v are `children[childStart[v]..<childStart[v + 1]]`.
    public let childStart: [Int32]
    public let children: [Int32]

    public init(parentIndex: [Int32], viewCount: Int) {
        let parent = parentIndex.isEmpty ? [Int32](repeating: -1, count: viewCount) : parentIndex
        var start = [Int32](repeating: 0, count: viewCount + 1)
        for p in parent where p >= 0 { start[Int(p) + 1] += 1 }
        for v in 0..<viewCount { start[v + 1] += start[v] }
        var fill = start
        var children = [Int32](repeating: 0, count: Int(start[viewCount]))
        for (v, p) in parent.enumerated() where p >= 0 {
            children[Int(fill[Int(p)])] = Int32(v)
            fill[Int(p)] += 1
        }
        var depth = [Int32](repeating: 0, count: viewCount)
        var order: [Int32] = []
        order.reserveCapacity(viewCount)
        for v in 0..<viewCount where parent[v] < 0 { order.append(Int32(v)) }
        var next = 0
        while next < order.count {
            let v = Int(order[next])
            next += 1
            for k in Int(start[v])..<Int(start[v + 1]) {
                depth[Int(children[k])] = depth[v] + 1
                order.append(children[k])
            }
        }
        self.parent = parent
        self.depth = depth
        self.topDown = order
        self.childStart = start
        self.children = children
    }

    /// The hierarchy of `scene`'s views.
    public init(_ scene: CompiledScene) { self.init(parentIndex: scene.parentIndex, viewCount: scene.viewCount) }
}

extension CompiledScene {
    /// The same scene over parent-relative unknowns: variable `4v + k` is view v's left
    /// or top in its parent's coordinates (k = 0, 1; a root's in the window's) and its
    /// width or height (k = 2, 3). Handles, constants, priorities and ops are unchanged,
    /// and so are edit values: an edit on a position becomes an edit on the sum of the
    /// view's and its ancestors' unknowns, which takes the same value.
    public func parentRelative() -> CompiledScene {
        let hierarchy = HierarchyIndex(self)
        var substitution = AncestorSubstitution(hierarchy)
        var out = self
        for h in out.constraints.indices {
            out.constraints[h].terms = substitution.apply(to: constraints[h].terms)
        }
        for e in out.edits.indices {
            out.edits[e].terms = substitution.apply(to: edits[e].terms)
        }
        return out
    }
}

/// Rewrites rows from window unknowns to parent-relative ones. Each position term
/// `c · L(v)` spreads `c` to v and every ancestor; the spreading walks up from the
/// deepest view first, merging at common ancestors, and stops where the merged
/// coefficient is exactly zero (a sibling or child-to-parent row stops at once), so a
/// row costs its views' distance to where they meet, not the hierarchy's depth.
struct AncestorSubstitution {
    let hierarchy: HierarchyIndex
    /// Pending (view, coefficient) per position axis, deepest last: a short list, no hashing.
    private var pending: [(view: Int32, coefficient: Double)] = []

    init(_ hierarchy: HierarchyIndex) { self.hierarchy = hierarchy }

    mutating func apply(to terms: [LinearTerm]) -> [LinearTerm] {
        var out: [LinearTerm] = []
        out.reserveCapacity(terms.count)
        for term in terms where term.variable & 3 >= 2 { out.append(term) }
        for axis: Int32 in 0...1 {
            pending.removeAll(keepingCapacity: true)
            for term in terms where term.variable & 3 == axis { merge(term.variable >> 2, term.coefficient) }
            while let (view, coefficient) = pending.popLast() {
                out.append(LinearTerm(variable: view * 4 + axis, coefficient: coefficient))
                let p = hierarchy.parent[Int(view)]
                if p >= 0 { merge(p, coefficient) }
            }
        }
        return mergeTerms(out)
    }

    /// Adds `coefficient` to `view`'s pending entry (kept sorted by depth, deepest
    /// last), dropping the entry when the sum is exactly zero.
    private mutating func merge(_ view: Int32, _ coefficient: Double) {
        if let i = pending.firstIndex(where: { $0.view == view }) {
            let sum = pending[i].coefficient + coefficient
            if sum == 0 { pending.remove(at: i) } else { pending[i].coefficient = sum }
            return
        }
        let d = hierarchy.depth[Int(view)]
        var i = pending.count
        while i > 0, hierarchy.depth[Int(pending[i - 1].view)] > d { i -= 1 }
        pending.insert((view, coefficient), at: i)
    }
}
