import LayoutModel

/// The views of a scene as a picture needs them: ids, parents, nesting depth, and
/// which view is the window (the first view without a parent).
public struct ViewHierarchy: Sendable {
    public var ids: [String]
    /// Index of each view's parent, or -1.
    public var parents: [Int32]
    /// 0 for views without a parent, 1 for their children, …
    public var depths: [Int]
    public var window: Int

    public var count: Int { ids.count }

    public init(scene: Scene) {
        var index: [String: Int32] = [:]
        index.reserveCapacity(scene.views.count)
        for (i, v) in scene.views.enumerated() { index[v.id] = Int32(i) }
        self.init(ids: scene.views.map(\.id), parents: scene.views.map { v in v.parent.flatMap { index[$0] } ?? -1 })
    }

    /// Without parents (a compiled scene keeps none): every view at depth 0, view 0 the window.
    public init(flat ids: [String]) {
        self.init(ids: ids, parents: [Int32](repeating: -1, count: ids.count))
    }

    public init(ids: [String], parents: [Int32]) {
        self.ids = ids
        self.parents = parents
        var depths = [Int](repeating: -1, count: ids.count)
        var chain: [Int] = []
        for start in ids.indices where depths[start] < 0 {
            // Walk up to a view whose depth is known (or a root), then assign on the way down.
            var v = start
            chain.removeAll(keepingCapacity: true)
            while v >= 0, depths[v] < 0, chain.count <= ids.count {
                chain.append(v)
                v = Int(parents[v])
            }
            var depth = v >= 0 && depths[v] >= 0 ? depths[v] : -1
            for u in chain.reversed() {
                depth += 1
                depths[u] = depth
            }
        }
        self.depths = depths
        window = parents.firstIndex(of: -1) ?? 0
    }

    /// View indices ordered parents before children (by depth, then scene order).
    public func drawingOrder() -> [Int32] {
        let maxDepth = depths.max() ?? 0
        var buckets = [Int](repeating: 0, count: maxDepth + 2)
        for d in depths { buckets[d + 1] += 1 }
        for i in 1..<buckets.count { buckets[i] += buckets[i - 1] }
        var order = [Int32](repeating: 0, count: ids.count)
        for (v, d) in depths.enumerated() {
            order[buckets[d]] = Int32(v)
            buckets[d] += 1
        }
        return order
    }
}
