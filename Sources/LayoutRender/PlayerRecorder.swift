import LayoutModel

/// Rectangles of successive frames as the player stores them: frame 0 in full, then per
/// frame only the views that moved, each as a gap from the previous view index, a mask
/// of the coordinates that changed (1 left, 2 top, 4 width, 8 height; negative, followed by
/// a count, for a run of views that moved alike) and their changes,
/// all in whole hundredths of a point (so the rounding to 0.01 never accumulates).
struct DeltaStream {
    private var previous: [Int]
    private(set) var base = ByteBuffer()
    private(set) var frames = ByteBuffer()
    private(set) var frameCount = 0

    init(rects: [Double]) {
        previous = rects.map { ByteBuffer.centi($0) }
        base = ByteBuffer(capacity: previous.count * 6 + 16)
        base.append("[")
        for (i, c) in previous.enumerated() {
            if i > 0 { base.append(",") }
            base.append(int: c)
        }
        base.append("]")
        frames = ByteBuffer(capacity: 1 << 20)
    }

    /// Appends one frame; `candidates` are the views that may have moved (nil: all).
    /// Consecutive views that moved alike (same mask, same changes: a stack sliding down)
    /// are written once as a run: `gap, -mask, count, changes…`.
    mutating func append(rects: [Double], candidates: [Int32]?) {
        frames.append(frameCount == 0 ? "\n[" : ",\n[")
        frameCount += 1
        var run = Run(last: -1)
        if let candidates {
            for v in candidates { visit(Int(v), rects, &run) }
        } else {
            for v in 0..<(previous.count / 4) { visit(v, rects, &run) }
        }
        flush(&run)
        frames.append("]")
    }

    private struct Run {
        var last: Int
        var start = -1
        var count = 0
        var mask = 0
        var changes = (0, 0, 0, 0)
        var first = true
    }

    private mutating func visit(_ v: Int, _ rects: [Double], _ run: inout Run) {
        var mask = 0
        var changes = (0, 0, 0, 0)
        for k in 0..<4 {
            let c = ByteBuffer.centi(rects[4 * v + k])
            let d = c - previous[4 * v + k]
            guard d != 0 else { continue }
            mask |= 1 << k
            previous[4 * v + k] = c
            switch k {
            case 0: changes.0 = d
            case 1: changes.1 = d
            case 2: changes.2 = d
            default: changes.3 = d
            }
        }
        guard mask != 0 else { return }
        if run.count > 0, v == run.start + run.count, mask == run.mask, changes == run.changes {
            run.count += 1
            return
        }
        flush(&run)
        run.start = v
        run.count = 1
        run.mask = mask
        run.changes = changes
    }

    private mutating func flush(_ run: inout Run) {
        guard run.count > 0 else { return }
        if !run.first { frames.append(",") }
        run.first = false
        frames.append(int: run.start - run.last)
        frames.append(",")
        if run.count == 1 {
            frames.append(int: run.mask)
        } else {
            frames.append(int: -run.mask)
            frames.append(",")
            frames.append(int: run.count)
        }
        let m = run.mask
        if m & 1 != 0 { frames.append(","); frames.append(int: run.changes.0) }
        if m & 2 != 0 { frames.append(","); frames.append(int: run.changes.1) }
        if m & 4 != 0 { frames.append(","); frames.append(int: run.changes.2) }
        if m & 8 != 0 { frames.append(","); frames.append(int: run.changes.3) }
        run.last = run.start + run.count - 1
        run.count = 0
    }
}

/// Plays a scene on a back end (and optionally a second one) and writes the HTML player.
public enum PlayerRecorder {
    public struct Limits: Sendable {
        /// Stop storing frames once the stored rectangles and ops take this many bytes.
        public var maxDataBytes: Int
        public init(maxDataBytes: Int = 48 << 20) { self.maxDataBytes = maxDataBytes }
    }

    /// The page, self-contained. Throws when the scene cannot be loaded on `backend`;
    /// a back end that fails later, or the size budget, ends the stored frames early, with a notice.
    public static func page(
        sceneName: String, hierarchy: ViewHierarchy, scene: CompiledScene, backend: any LayoutBackend.Type,
        overlay: (any LayoutBackend.Type)? = nil, options: BackendOptions = BackendOptions(), limits: Limits = Limits()
    ) throws(LayoutError) -> ByteBuffer {
        let session = try SceneSession(scene: scene, backend: backend, options: options)
        var other: SceneSession? = nil
        var notices: [String] = []
        if let overlay {
            do { other = try SceneSession(scene: scene, backend: overlay, options: options) } catch {
                notices.append("overlay \(overlay.name) could not load the scene: \(error)")
            }
        }
        var primary = DeltaStream(rects: session.rects)
        var second = other.map { DeltaStream(rects: $0.rects) }
        var ops = ByteBuffer(capacity: 1 << 16)
        var diffs = ByteBuffer(capacity: 1 << 12)
        ops.append("[[]")
        func appendDiff(_ views: [Int]) {
            diffs.append(diffs.count == 0 ? "[" : ",\n[")
            for (i, v) in views.enumerated() {
                if i > 0 { diffs.append(",") }
                diffs.append(int: v)
            }
            diffs.append("]")
        }
        if let other { appendDiff(RectDifference.views(session.rects, other.rects)) }
        var stored = 0
        for f in 0..<scene.frameCount {
            let used = primary.frames.count + (second?.frames.count ?? 0) + ops.count + diffs.count
            if used > limits.maxDataBytes {
                notices.append("frames \(f + 1)–\(scene.frameCount) are not stored: the page's size budget of \(limits.maxDataBytes >> 20) MB was reached (render --max-megabytes raises it)")
                break
            }
            let errors: [String]
            do { errors = try session.runFrame(f) } catch {
                notices.append("\(backend.name) stopped at frame \(f + 1): \(error)")
                break
            }
            var otherErrors: [String] = []
            if let o = other {
                do { otherErrors = try o.runFrame(f) } catch {
                    notices.append("overlay \(o.backend) stopped at frame \(f + 1): \(error); frames after it show no overlay")
                    other = nil
                }
            }
            primary.append(rects: session.rects, candidates: session.changedViews)
            if let o = other {
                second?.append(rects: o.rects, candidates: o.changedViews)
                appendDiff(RectDifference.views(session.rects, o.rects))
            } else if second != nil {
                second?.append(rects: session.rects, candidates: nil)
                appendDiff([])
            }
            ops.append(",\n[")
            var lines = OpText.lines(frame: f + 1, of: scene, limit: 200)
            lines += errors.map { "refused: \($0)" }
            if !otherErrors.isEmpty, otherErrors != errors { lines += otherErrors.map { "\(overlay?.name ?? "overlay") refused: \($0)" } }
            for (i, line) in lines.enumerated() {
                if i > 0 { ops.append(",") }
                ops.appendQuoted(line)
            }
            ops.append("]")
            stored += 1
        }
        ops.append("]")
        return PlayerPage.write(
            sceneName: sceneName, hierarchy: hierarchy, backend: backend.name, totalFrames: scene.frameCount,
            primary: primary, overlay: second.map { (overlay!.name, $0, diffs) }, ops: ops, notices: notices)
    }
}
