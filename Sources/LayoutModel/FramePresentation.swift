// How a frame's layout reaches the screen, as UIKit runs it.
//
// An interactive change (a drag, a slider, a scroll offset, a window resize) is
// solved in every display frame it lasts. An animation block
// (`UIView.animate { c.constant = x; view.layoutIfNeeded() }`) is solved once, to
// its end state, and Core Animation interpolates the display frames in between
// without the layout engine: what matters there is the latency of that one solve.

/// How one frame of a scene reaches the screen.
public enum FramePresentation: Hashable, Sendable {
    /// One display frame and the solve in it (the meaning of a frame written as a
    /// plain array of ops).
    case interactive
    /// An animation block: the frame's solve, then `duration` seconds of interpolation
    /// at the display rate, with no solve.
    case transition(duration: Double)

    public var isTransition: Bool { if case .transition = self { return true } else { return false } }

    /// `interactive` or `transition`, as reports and the format name it.
    public var kindName: String { isTransition ? "transition" : "interactive" }

    /// Seconds the transition interpolates over; 0 for an interactive frame.
    public var duration: Double {
        if case let .transition(d) = self { return d }
        return 0
    }

    /// The display frames Core Animation draws for this frame at `displayRate` Hz
    /// without the engine (a transition's interpolated frames; none when interactive).
    public func interpolatedFrames(displayRate: Int) -> Int {
        guard case let .transition(d) = self else { return 0 }
        return max(1, Int((d * Double(displayRate)).rounded()))
    }

    /// The longest transition a scene may declare, in seconds.
    public static let maxDuration = 60.0

    /// Why `duration` cannot be a transition's duration, if it cannot.
    public static func durationProblem(_ duration: Double) -> String? {
        if !duration.isFinite || duration <= 0 || duration > maxDuration {
            return "a transition's duration must be a number of seconds in (0, \(formatNumber(maxDuration))], got \(formatNumber(duration))"
        }
        return nil
    }
}

extension Scene {
    /// Whether any frame is a transition.
    public var hasTransitions: Bool { presentations.contains { $0.isTransition } }

    /// Marks frames `indices` as transitions of `duration` seconds (the others keep theirs).
    public mutating func markTransitions(_ indices: some Sequence<Int>, duration: Double) {
        for index in indices where index < frames.count {
            if presentations.count < frames.count {
                presentations += Array(repeating: .interactive, count: frames.count - presentations.count)
            }
            presentations[index] = .transition(duration: duration)
        }
    }
}

/// A `layout` or valid `setBoundsOrigin` op, kept beside a frame's compiled ops:
/// the session acts on it between them, and no back end ever sees it.
public struct FrameMarker: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Solve now if an op changed anything since the last solve.
        case layout
        case setBoundsOrigin(view: Int32, x: Double, y: Double)
    }
    public var action: Action
    /// How many of the frame's compiled ops run before it.
    public var position: Int
    /// Its index among the frame's ops as written (for messages).
    public var sourceIndex: Int

    /// The marker for `op`; nil for any other op, and for a bounds-origin change
    /// that is wrong on its own (compiled as an op the session refuses).
    init?(_ op: Op, sourceIndex: Int, position: Int, viewIndex: [String: Int]) {
        switch op {
        case .layout: action = .layout
        case let .setBoundsOrigin(view, x, y):
            guard let v = viewIndex[view], magnitudeProblem(x) == nil, magnitudeProblem(y) == nil else { return nil }
            action = .setBoundsOrigin(view: Int32(v), x: x, y: y)
        default: return nil
        }
        self.position = position
        self.sourceIndex = sourceIndex
    }
}
