import LayoutModel

/// How a flexbox engine's rectangles differ from Cassowary's: the first view that differs, and
/// why, when the reason is one flexbox has by design. Flexbox sizes never go below zero (where
/// the constraints make a view's width or height negative, the engine stops at 0), and Yoga and
/// Taffy compute in 32-bit floats (a rectangle far from the origin carries their rounding).
enum FlexboxVerdict {
    /// Relative difference that 32-bit arithmetic explains: a few float ulps (2⁻²³ ≈ 1.2e-7)
    /// accumulated over a chain of additions (a long stack adds each row's offset to the last).
    static let float32Tolerance = 1e-5

    struct Difference {
        var detail: String
        /// A reason of flexbox's own (negative size, float rounding): information, not a failure.
        var explained: Bool
    }

    /// The first view whose rectangle differs (nil when all agree to the contract's tolerance).
    static func firstDifference(peer: String, frame: Int, ours: [Double], theirs: [Double], scene: CompiledScene) -> Difference? {
        guard let i = ours.indices.first(where: { $0 < theirs.count && !Tolerance.approximatelyEqual(ours[$0], theirs[$0]) }) else {
            return nil
        }
        let view = i / 4, names = ["left", "top", "width", "height"]
        let a = ours[i], b = theirs[i]
        var detail =
            "frame \(frame): first differing view '\(scene.viewIDs[view])' \(names[i % 4]): cassowary \(formatNumber(a)), \(peer) \(formatNumber(b))"
        if let negative = negativeSize(ours, scene: scene) {
            detail += " (cassowary gives \(negative) a negative size; flexbox sizes stop at 0)"
            return Difference(detail: detail, explained: true)
        }
        let worst = zip(ours, theirs).map { abs($0 - $1) / max(1, abs($0), abs($1)) }.max() ?? 0
        if worst <= float32Tolerance {
            detail += " (32-bit float rounding: at most \(formatNumber(worst)) relative)"
            return Difference(detail: detail, explained: true)
        }
        return Difference(detail: detail, explained: false)
    }

    /// The first view Cassowary gives a negative width or height, named with the value.
    static func negativeSize(_ values: [Double], scene: CompiledScene) -> String? {
        for view in 0..<scene.viewCount {
            for k in 2...3 where values[4 * view + k] < -Tolerance.contract {
                return "'\(scene.viewIDs[view])' (\(k == 2 ? "width" : "height") \(formatNumber(values[4 * view + k])))"
            }
        }
        return nil
    }
}
