// Frames in the superview's coordinates, as `UIView.frame` holds them. The scene's
// unknowns are in window coordinates; a view's frame in its parent's is its solved
// rectangle minus its parent's solved origin (a bounds origin moves both on screen
// alike, so it cancels: `frame.origin` does not change when the parent scrolls).

extension SceneSession {
    /// `[left, top, width, height]` per view in its parent's coordinates (a root's in the window's).
    public var relativeRects: [Double] {
        var out = rects
        for v in 0..<scene.viewCount { relativeRect(of: v, from: rects, into: &out) }
        return out
    }

    @inline(__always)
    private func relativeRect(of v: Int, from r: [Double], into out: inout [Double]) {
        let p = scene.parentIndex.isEmpty ? -1 : Int(scene.parentIndex[v])
        out[v * 4] = p < 0 ? r[v * 4] : r[v * 4] - r[p * 4]
        out[v * 4 + 1] = p < 0 ? r[v * 4 + 1] : r[v * 4 + 1] - r[p * 4 + 1]
        out[v * 4 + 2] = r[v * 4 + 2]
        out[v * 4 + 3] = r[v * 4 + 3]
    }

    /// Brings `relative` (a copy of `relativeRects` kept by the caller) up to date after
    /// a frame: the views the frame moved and their children, whose frames change when
    /// their parent moves even where they stay put in the window. What reading back
    /// `UIView.frame`s costs a frame; `children` lists each view's children.
    public func updateRelative(_ relative: inout [Double], children: [[Int32]]) {
        for view in changedViews {
            let v = Int(view)
            relativeRect(of: v, from: rects, into: &relative)
            for child in children[v] { relativeRect(of: Int(child), from: rects, into: &relative) }
        }
    }

    /// Each view's children, by index (for `updateRelative`).
    public var childLists: [[Int32]] {
        var out = [[Int32]](repeating: [], count: scene.viewCount)
        for (v, p) in scene.parentIndex.enumerated() where p >= 0 { out[Int(p)].append(Int32(v)) }
        return out
    }
}
