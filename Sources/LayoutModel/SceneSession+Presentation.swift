// Frames with `layout` and `setBoundsOrigin` ops, and the rectangles as they
// appear on screen once bounds origins have moved the views under them.

extension SceneSession {
    /// Runs a frame whose ops include `layout` or `setBoundsOrigin` (its `markers`):
    /// each `layout` solves if an op ran since the last solve (as `layoutIfNeeded`
    /// does nothing otherwise), and the frame ends with a solve if one did after the
    /// last `layout`. A bounds-origin change solves nothing.
    func runFrame(_ index: Int, markers: [FrameMarker]) throws(LayoutError) -> [String] {
        var errors: [String] = []
        refusedOps.removeAll(keepingCapacity: true)
        solvesInLastFrame = 0
        viewsMovedInLastFrame = 0
        let ops = scene.frames[index]
        var pending = false
        var nextMarker = 0
        func solveIfPending() throws(LayoutError) {
            guard pending else { return }
            try solveAndReadBack()
            solvesInLastFrame += 1
            viewsMovedInLastFrame += changedViews.count
            pending = false
        }
        func act(_ marker: FrameMarker) throws(LayoutError) {
            switch marker.action {
            case .layout: try solveIfPending()
            case let .setBoundsOrigin(view, x, y): setBoundsOrigin(of: Int(view), x: x, y: y)
            }
        }
        for (i, op) in ops.enumerated() {
            while nextMarker < markers.count, markers[nextMarker].position == i {
                try act(markers[nextMarker])
                nextMarker += 1
            }
            // The op's index as written: the markers before it count.
            let written = i + nextMarker
            pending = true
            if let error = try apply(op) {
                if case .invalidOp = error {
                    errors.append("frame \(index + 1) op \(written): \(error)")
                } else {
                    errors.append("frame \(index + 1) op \(written) (\(describe(op))): \(error)")
                }
                refusedOps.append(written)
            }
        }
        while nextMarker < markers.count {
            try act(markers[nextMarker])
            nextMarker += 1
        }
        try solveIfPending()
        return errors
    }

    private func setBoundsOrigin(of view: Int, x: Double, y: Double) {
        if boundsOrigins.isEmpty { boundsOrigins = [Double](repeating: 0, count: scene.viewCount * 2) }
        boundsOrigins[view * 2] = x
        boundsOrigins[view * 2 + 1] = y
    }

    /// `[left, top, width, height]` per view on screen: the solved rectangles, each
    /// moved by minus the bounds origins of its ancestors (as UIKit draws a subview
    /// relative to its superview's bounds).
    public var screenRects: [Double] {
        guard boundsOrigins.contains(where: { $0 != 0 }), !scene.parentIndex.isEmpty else { return rects }
        // Per view, the sum of its ancestors' bounds origins, parents first.
        let h = hierarchy
        var shift = [Double](repeating: 0, count: scene.viewCount * 2)
        for w32 in h.topDown {
            let w = Int(w32), p = Int(h.parent[w])
            guard p >= 0 else { continue }
            shift[w * 2] = shift[p * 2] + boundsOrigins[p * 2]
            shift[w * 2 + 1] = shift[p * 2 + 1] + boundsOrigins[p * 2 + 1]
        }
        var out = rects
        for v in 0..<scene.viewCount {
            out[v * 4] -= shift[v * 2]
            out[v * 4 + 1] -= shift[v * 2 + 1]
        }
        return out
    }
}
