import LayoutModel

/// What `Harness.run` gathers over a back end's repetitions, outside every frame's
/// time, and writes into its `BenchResult` at the end.
struct RunTotals {
    var builds: [Double] = []
    var buildCPU: [Double] = []
    var preemptions = 0
    var framesMeasured = 0
    var tally: FrameTally
    var changes: ChangedRectCounter
    var bytes: UInt64 = 0
    var allocatingFrames = 0
    var allocations: UInt64 = 0
    /// Whether the allocator counts allocations (jemalloc); bytes are counted regardless.
    var countsAllocations: Bool
    var work = SolveStatistics()
    var timeSpent = 0.0

    init(frames: Int, countsAllocations: Bool, relative: Bool) {
        tally = FrameTally(capacity: frames)
        changes = ChangedRectCounter(capacity: frames, relative: relative)
        self.countsAllocations = countsAllocations
    }

    /// The work counters a repetition's session added since `before`.
    mutating func addWork(of session: SceneSession, since before: SolveStatistics) {
        let delta = session.backend.statistics - before
        work.pivots += delta.pivots
        work.rowsTouched += delta.rowsTouched
    }

    /// The medians, percentiles and per-frame figures, into `result`.
    func write(into result: inout BenchResult, settings: BenchSettings, counted: Bool) {
        result.framesMeasured = framesMeasured
        result.buildSeconds = builds.sorted()[builds.count / 2]
        result.buildCPUSeconds = buildCPU.sorted()[buildCPU.count / 2]
        result.preemptionsDuringFrames = preemptions
        // Interactive frames by their per-frame cost; transitions by their latency.
        result.frameTimes = FrameTimes(samples: tally.interactive)
        result.misses120 = Budget.misses(tally.interactive, budget: Budget.hz120)
        result.misses60 = Budget.misses(tally.interactive, budget: Budget.hz60)
        result.interactiveFrames = tally.interactive.count
        result.solvesMeasured = tally.solves
        result.transitions = tally.measure(displayRate: settings.displayRate)
        let frames = Double(max(1, framesMeasured))
        result.pivotsPerFrame = Double(work.pivots) / frames
        result.rowsTouchedPerFrame = Double(work.rowsTouched) / frames
        if counted {
            result.bytesPerFrame = Double(bytes) / frames
            result.allocatingFrames = allocatingFrames
            if countsAllocations { result.allocationsPerFrame = Double(allocations) / frames }
        }
        result.changedRectsPerFrame = changes.changedPerFrame
        result.nanosecondsPerChangedRect = changes.nanosecondsPerChange
    }
}
