// Frames in the superview's coordinates, as `UIView.frame` holds them. The scene's
// unknowns are in window coordinates; a view's frame in its parent's is its solved
// rectangle minus its parent's solved origin (a bounds origin moves both on screen
// alike, so it cancels: `frame.origin` does not change when the parent scrolls).
// A back end that solves over relative unknowns (`ParentRelativeBackend`) hands
// them over as they are, and the window's rectangles wait until someone asks.

extension SceneSession {
    /// `[left, top, width, height]` per view in its parent's coordinates (a root's in the window's).
    public var relativeRects: [Double] {
        if readsRelative { return relativeFrames }
        let r = windowRects
        let parent = hierarchy.parent
        var out = r
        for v in 0..<scene.viewCount { relativeRect(of: v, parent: parent, from: r, into: &out) }
        return out
    }

    /// From now on, every solve also reads frames back in each parent's coordinates
    /// (`relativeRects`), as `UIView.frame` is read, within the frame's time. From a
    /// back end that holds them (`RelativeFrameReading`) they are read instead of the
    /// window's rectangles, which `rects` then reads on first use, and `changedViews`
    /// lists the views whose relative frame changed; from any other, they are worked
    /// out from the window's for the views that moved and their children.
    public func readRelativeFrames() {
        guard !readsRelative else { return }
        relativeReader = backend as? any RelativeFrameReading
        relativeFrames = relativeRects
        if let reader = relativeReader {
            relativeFrames.withUnsafeMutableBufferPointer { reader.readRelativeRects(into: $0) }
        } else {
            _ = hierarchy  // built now, not in the first frame's time
        }
        readsRelative = true
    }

    /// The read-back of a solve while reading relative frames.
    func readBackRelative() throws(LayoutError) {
        guard let reader = relativeReader else {
            try readBackWindow()
            updateRelative(&relativeFrames)
            return
        }
        relativeFrames.withUnsafeMutableBufferPointer { reader.readChangedRelativeRects(into: $0, changedViews: &changedViews) }
        windowRectsStale = true
        // Window rectangles are sums of relative ones: finite when these are (within LayoutLimits).
        for view in changedViews {
            for k in (Int(view) * 4)..<(Int(view) * 4 + 4) where !relativeFrames[k].isFinite {
                throw .nonFiniteResult(
                    view: scene.viewIDs[Int(view)], attribute: ["left", "top", "width", "height"][k & 3], value: relativeFrames[k])
            }
        }
    }

    /// Reads every window rectangle from the back end (after solves that read relative frames only).
    func refreshWindowRects() {
        windowRectsStale = false
        windowRects.withUnsafeMutableBufferPointer { backend.readRects(into: $0) }
    }

    @inline(__always)
    private func relativeRect(of v: Int, parent: [Int32], from r: [Double], into out: inout [Double]) {
        let p = Int(parent[v])
        out[v * 4] = p < 0 ? r[v * 4] : r[v * 4] - r[p * 4]
        out[v * 4 + 1] = p < 0 ? r[v * 4 + 1] : r[v * 4 + 1] - r[p * 4 + 1]
        out[v * 4 + 2] = r[v * 4 + 2]
        out[v * 4 + 3] = r[v * 4 + 3]
    }

    /// Brings `relative` (a copy of `relativeRects` kept by the caller) up to date after
    /// a frame: the views the frame moved and their children, whose frames change when
    /// their parent moves even where they stay put in the window. What reading back
    /// `UIView.frame`s costs a frame.
    public func updateRelative(_ relative: inout [Double]) {
        let r = windowRects
        let h = hierarchy
        for view in changedViews {
            let v = Int(view)
            relativeRect(of: v, parent: h.parent, from: r, into: &relative)
            for k in Int(h.childStart[v])..<Int(h.childStart[v + 1]) {
                relativeRect(of: Int(h.children[k]), parent: h.parent, from: r, into: &relative)
            }
        }
    }
}
