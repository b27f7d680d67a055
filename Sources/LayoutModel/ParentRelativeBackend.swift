// Any back end, solving over parent-relative positions (`CompiledScene.parentRelative`):
// moving a container changes its own unknowns only, so the solve costs what the
// container's own constraints cost. Frames in each parent's coordinates are the
// unknowns themselves; frames in the window's are sums along the ancestors, which a
// moved container's whole subtree needs.

/// A back end that holds frames in each parent's coordinates (`UIView.frame`) and
/// can hand them over without computing the window's.
public protocol RelativeFrameReading: LayoutBackend {
    /// Writes `[left, top, width, height]` in the parent's coordinates for every view.
    func readRelativeRects(into buffer: UnsafeMutableBufferPointer<Double>)
    /// Writes the relative frames that changed since the previous call of either
    /// relative read (at their places in `buffer`) and appends their views.
    func readChangedRelativeRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32])
}

/// `Inner` run on the parent-relative form of every scene it is given; it reports
/// window rectangles like any back end, and relative ones through `RelativeFrameReading`.
public final class ParentRelativeBackend<Inner: LayoutBackend>: LayoutBackend, RelativeFrameReading {
    public static var name: String { Inner.name + "-relative" }
    public static var summary: String { Inner.summary + "; unknowns relative to the superview" }
    public static var isExact: Bool { Inner.isExact }
    public static var workUnit: String { Inner.workUnit }

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        Inner.assess(scene.parentRelative(), options: options)
    }

    public let inner: Inner
    let hierarchy: HierarchyIndex
    /// The inner back end's rectangles (relative frames) as last read from it.
    var relative: [Double]
    /// Window rectangles as last reported by `readRects`/`readChangedRects`.
    var window: [Double]
    /// Set by the first relative read: from then on the views the inner back end reports
    /// wait in `relativePending` for the next one, and window reads go over every view
    /// (they are then rare: `SceneSession` reads the window's rectangles on demand).
    var readsRelative = false
    var relativePending: PendingViews
    /// Scratch: what one read from the inner back end returned, and the walk down a subtree.
    var pulled: [Int32] = []
    var stack: [Int32] = []
    var reported: [Bool]

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        hierarchy = HierarchyIndex(scene)
        inner = try Inner(scene: scene.parentRelative(), options: options)
        relative = [Double](repeating: 0, count: scene.variableCount)
        window = relative
        relativePending = PendingViews(viewCount: scene.viewCount)
        reported = [Bool](repeating: false, count: scene.viewCount)
        pulled.reserveCapacity(scene.viewCount)
        stack.reserveCapacity(scene.viewCount)
        relative.withUnsafeMutableBufferPointer { inner.readRects(into: $0) }
        recomputeWindow()
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    public func applyValueOps(_ ops: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal? {
        try inner.applyValueOps(ops)
    }
    public func solve() throws(LayoutError) { try inner.solve() }
    public var statistics: SolveStatistics { inner.statistics }
    public func checkInvariants() -> String? { inner.checkInvariants() }

    /// Takes what changed from the inner back end into `pulled` (and, once relative
    /// frames are read, into `relativePending`).
    private func pull() {
        pulled.removeAll(keepingCapacity: true)
        relative.withUnsafeMutableBufferPointer { inner.readChangedRects(into: $0, changedViews: &pulled) }
        if readsRelative { for view in pulled { relativePending.add(view) } }
    }

    /// Every window rectangle from the relative ones, parents first; appends to
    /// `changed` the views whose rectangle this changed.
    private func recomputeWindow(changed: UnsafeMutablePointer<[Int32]>? = nil) {
        for v32 in hierarchy.topDown {
            let v = Int(v32), p = Int(hierarchy.parent[v]), b = v * 4
            let rect = (relative[b] + (p >= 0 ? window[p * 4] : 0), relative[b + 1] + (p >= 0 ? window[p * 4 + 1] : 0),
                        relative[b + 2], relative[b + 3])
            if let changed, rect != (window[b], window[b + 1], window[b + 2], window[b + 3]) { changed.pointee.append(v32) }
            (window[b], window[b + 1], window[b + 2], window[b + 3]) = rect
        }
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        pull()
        recomputeWindow()
        for i in 0..<min(window.count, buffer.count) { buffer[i] = window[i] }
    }

    /// The views whose window rectangle changed: those the inner back end moved, and
    /// below each whose position moved, its subtree (the cost of window coordinates).
    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        pull()
        let start = out.count
        if readsRelative {
            recomputeWindow(changed: &out)
            for i in start..<out.count {
                let b = Int(out[i]) &* 4
                for k in b..<(b + 4) { buffer[k] = window[k] }
            }
            return
        }
        var stack = self.stack  // taken out, so that pushing copies nothing
        self.stack = []
        window.withUnsafeMutableBufferPointer { win in
        relative.withUnsafeBufferPointer { rel in
        reported.withUnsafeMutableBufferPointer { seen in
        hierarchy.parent.withUnsafeBufferPointer { parent in
        hierarchy.childStart.withUnsafeBufferPointer { childStart in
        hierarchy.children.withUnsafeBufferPointer { children in
            // In any order: a view refreshed before an ancestor is refreshed again when the
            // ancestor's move reaches it; only a view whose position moved is descended from.
            for view in pulled {
                stack.append(view)
                while let v32 = stack.popLast() {
                    let v = Int(v32), p = Int(parent[v]), b = v &* 4
                    let x = rel[b] + (p >= 0 ? win[p &* 4] : 0)
                    let y = rel[b + 1] + (p >= 0 ? win[p &* 4 + 1] : 0)
                    let moved = x != win[b] || y != win[b + 1]
                    guard moved || rel[b + 2] != win[b + 2] || rel[b + 3] != win[b + 3] else { continue }
                    win[b] = x
                    win[b + 1] = y
                    win[b + 2] = rel[b + 2]
                    win[b + 3] = rel[b + 3]
                    if !seen[v] {
                        seen[v] = true
                        out.append(v32)
                    }
                    guard moved else { continue }
                    for k in Int(childStart[v])..<Int(childStart[v + 1]) { stack.append(children[k]) }
                }
            }
            for i in start..<out.count {
                let b = Int(out[i]) &* 4
                buffer[b] = win[b]
                buffer[b + 1] = win[b + 1]
                buffer[b + 2] = win[b + 2]
                buffer[b + 3] = win[b + 3]
                seen[Int(out[i])] = false
            }
        }}}}}}
        self.stack = stack
    }

    public func readRelativeRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        readsRelative = true
        pull()
        relativePending.clear()
        for i in 0..<min(relative.count, buffer.count) { buffer[i] = relative[i] }
    }

    public func readChangedRelativeRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        guard readsRelative else {
            // The first relative read: every view, as no earlier one set them.
            readRelativeRects(into: buffer)
            for view in 0..<hierarchy.parent.count { out.append(Int32(view)) }
            return
        }
        pull()
        for view in relativePending.views {
            let base = Int(view) * 4
            buffer[base] = relative[base]
            buffer[base + 1] = relative[base + 1]
            buffer[base + 2] = relative[base + 2]
            buffer[base + 3] = relative[base + 3]
        }
        out.append(contentsOf: relativePending.views)
        relativePending.clear()
    }

    /// The views the inner back end leaves free, and below each, its subtree: a
    /// container that may move takes its subviews along on screen.
    public func ambiguousViews() -> [Int32]? {
        guard let free = inner.ambiguousViews() else { return nil }
        var marked = [Bool](repeating: false, count: hierarchy.parent.count)
        for view in free { marked[Int(view)] = true }
        for v in hierarchy.topDown where hierarchy.parent[Int(v)] >= 0 && marked[Int(hierarchy.parent[Int(v)])] {
            marked[Int(v)] = true
        }
        return marked.indices.filter { marked[$0] }.map { Int32($0) }
    }
}

/// Views noted since the last `clear`, each once.
struct PendingViews {
    private(set) var views: [Int32] = []
    private var isPending: [Bool]

    init(viewCount: Int) {
        isPending = [Bool](repeating: false, count: viewCount)
        views.reserveCapacity(viewCount)
    }

    @inline(__always) mutating func add(_ view: Int32) {
        guard !isPending[Int(view)] else { return }
        isPending[Int(view)] = true
        views.append(view)
    }

    mutating func clear() {
        for view in views { isPending[Int(view)] = false }
        views.removeAll(keepingCapacity: true)
    }
}
