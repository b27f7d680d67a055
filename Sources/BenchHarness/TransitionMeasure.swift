import LayoutModel

/// What a scene's transitions (animation blocks) measured: each is one solve to the
/// end state, whose latency delays the animation's first display frame, and then
/// display frames Core Animation interpolates without the engine.
public struct TransitionMeasure: Sendable {
    /// Transitions timed, over all repetitions.
    public var count = 0
    /// The time of each transition's frame (its ops and every solve in it).
    public var latency = FrameTimes()
    /// The display rate the budget and the interpolated frames are counted at (Hz).
    public var displayRate = 120
    /// Transitions whose solve took longer than one display frame at `displayRate`
    /// (the animation's first frame is late).
    public var overBudget = 0
    /// Views the solve moved, per transition (what Core Animation then animates); nil when
    /// not known (a driver measured out of process reports times only).
    public var viewsMovedPerTransition: Double? = 0
    /// Display frames drawn by interpolation, per transition, with no solve.
    public var interpolatedFramesPerTransition = 0.0

    public var budget: Double { 1 / Double(displayRate) }
    public init() {}
}

/// Collects a run's frames by how they reach the screen: interactive frames as
/// samples of per-frame cost, transitions as latencies.
struct FrameTally {
    var interactive: [Double] = []
    var transitions: [Double] = []
    /// Nil once a frame came from a driver out of process, which does not say what moved.
    var viewsMoved: Int? = 0
    var interpolated = 0
    var solves = 0

    init(capacity: Int) { interactive.reserveCapacity(capacity) }

    mutating func add(_ elapsed: Double, presentation: FramePresentation, session: SceneSession, displayRate: Int) {
        solves += session.solvesInLastFrame
        sort(elapsed, presentation: presentation, displayRate: displayRate, viewsMoved: session.viewsMovedInLastFrame)
    }

    /// A frame an external driver timed: sorted by the scene's presentation of it, like a
    /// built-in back end's, so a peer's transitions are latencies beside ours, not frames.
    mutating func addTimedOutOfProcess(_ elapsed: Double, presentation: FramePresentation, displayRate: Int) {
        sort(elapsed, presentation: presentation, displayRate: displayRate, viewsMoved: nil)
    }

    /// One frame into interactive frames or transitions; `viewsMoved` nil when not known.
    private mutating func sort(_ elapsed: Double, presentation: FramePresentation, displayRate: Int, viewsMoved moved: Int?) {
        guard presentation.isTransition else { return interactive.append(elapsed) }
        transitions.append(elapsed)
        viewsMoved = moved.flatMap { m in viewsMoved.map { $0 + m } }
        interpolated += presentation.interpolatedFrames(displayRate: displayRate)
    }

    func measure(displayRate: Int) -> TransitionMeasure? {
        guard !transitions.isEmpty else { return nil }
        var m = TransitionMeasure()
        m.count = transitions.count
        m.latency = FrameTimes(samples: transitions)
        m.displayRate = displayRate
        m.overBudget = Budget.misses(transitions, budget: m.budget)
        m.viewsMovedPerTransition = viewsMoved.map { Double($0) / Double(transitions.count) }
        m.interpolatedFramesPerTransition = Double(interpolated) / Double(transitions.count)
        return m
    }
}
