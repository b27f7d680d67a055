import LayoutModel

/// Counts the rectangles each frame changed, outside the frame's time, to express a
/// frame's cost per rectangle that moved: the physical floor of a frame is to write
/// each changed rectangle once.
///
/// A rectangle counts as changed when any of its four numbers moved by more than a
/// millionth of a point (`moved`). Not the contract's relative tolerance: at a
/// million views a stack's rows sit near y = 5·10^7, where one part in a million is
/// 50 points, so a row that moved a tenth of a point would not count. The absolute
/// floor is for a frame worked out by subtraction, as a parent-relative one is from
/// window rectangles: it differs in its last bits from frame to frame without moving,
/// by a few ulps of the window coordinates (under 10^-7 below 10^9 points). The count is the same on every back end that
/// solves the frame alike: a back end lists the views it wrote (`changedViews`, which
/// may include some that did not change), and only those are compared; after a frame
/// of several solves (`layout` ops), every view is. Reading frames in each parent's
/// coordinates (`--read relative`), the rectangles are those frames, as `UIView.frame`
/// holds them, and every view is compared: a container's move changes its own frame,
/// not its subviews', and back ends list different views in that mode.
struct ChangedRectCounter {
    private var previous: [Double]
    /// Whether the rectangles are frames in each parent's coordinates.
    private let relative: Bool
    /// Per interactive frame that changed at least one rectangle: its time over the count (seconds).
    private(set) var secondsPerChange: [Double] = []
    private(set) var changedInInteractiveFrames = 0
    private(set) var interactiveFrames = 0

    /// Counts nothing until `restart` gives it a session's rectangles.
    init(capacity: Int, relative: Bool) {
        previous = []
        self.relative = relative
        secondsPerChange.reserveCapacity(capacity)
    }

    /// Starts over from `session`'s rectangles (a new repetition's load), keeping the tallies.
    /// A copy of its own: sharing the session's storage would make the session's next
    /// write copy it, inside a timed frame.
    mutating func restart(_ session: SceneSession) {
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: relative ? session.relativeRects : session.rects)
    }

    /// Counts the rectangles the frame just run changed, and keeps its time per change.
    mutating func add(_ elapsed: Double, presentation: FramePresentation, session: SceneSession) {
        let changed = countChanges(session)
        guard !presentation.isTransition else { return }
        interactiveFrames += 1
        changedInInteractiveFrames += changed
        if changed > 0 { secondsPerChange.append(elapsed / Double(changed)) }
    }

    private mutating func countChanges(_ session: SceneSession) -> Int {
        let rects = relative ? session.relativeRects : session.rects
        var changed = 0
        previous.withUnsafeMutableBufferPointer { old in
            rects.withUnsafeBufferPointer { new in
                func compare(_ view: Int) {
                    let base = view &* 4
                    if Self.moved(old[base], new[base]) || Self.moved(old[base + 1], new[base + 1])
                        || Self.moved(old[base + 2], new[base + 2]) || Self.moved(old[base + 3], new[base + 3])
                    {
                        changed += 1
                        for k in base..<(base + 4) { old[k] = new[k] }
                    }
                }
                if relative, session.solvesInLastFrame > 0 {
                    for view in 0..<(new.count / 4) { compare(view) }
                } else if session.solvesInLastFrame == 1 {
                    for view in session.changedViews { compare(Int(view)) }
                } else if session.solvesInLastFrame > 1 {
                    for view in 0..<(new.count / 4) { compare(view) }
                }
            }
        }
        return changed
    }

    /// Whether a rectangle's number moved from `a` to `b`: by more than a millionth of a
    /// point, and by more than 16 ulps of the larger (which decides only past 5·10^8 points).
    static func moved(_ a: Double, _ b: Double) -> Bool {
        let change = abs(a - b)
        return change > 1e-6 && change > 16 * max(abs(a), abs(b)).ulp
    }

    /// Rectangles changed per interactive frame, on average; nil without interactive frames.
    var changedPerFrame: Double? {
        interactiveFrames > 0 ? Double(changedInInteractiveFrames) / Double(interactiveFrames) : nil
    }

    /// The median over interactive frames of the frame's time over the rectangles it
    /// changed, in nanoseconds; nil when no interactive frame changed one.
    var nanosecondsPerChange: Double? {
        guard !secondsPerChange.isEmpty else { return nil }
        return FrameTimes.percentile(secondsPerChange.sorted(), 50) * 1e9
    }
}
