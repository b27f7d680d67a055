import LayoutModel

/// Counts bytes the current thread allocates (the CLI supplies jemalloc's counters).
public protocol AllocationCounter {
    /// Bytes allocated by this thread so far (monotonic).
    func allocatedBytes() -> UInt64
    /// Allocations made by this thread so far, when the allocator can tell.
    func allocationCount() -> UInt64?
}

/// One scene to measure: compiled, with what to call it in reports.
public struct BenchScene: Sendable {
    public var name: String
    public var family: String?
    public var scene: CompiledScene
    public init(name: String, family: String?, scene: CompiledScene) {
        self.name = name
        self.family = family
        self.scene = scene
    }
}

public struct BenchSettings: Sendable {
    public var repetitions = 1
    /// Frames played untimed on a separate load first (warms caches and code paths).
    public var warmupFrames = 10
    public var options = BackendOptions()
    /// Keep each frame's time of the first repetition (for the time-series plot).
    public var keepSeries = true
    /// Stop timing a back end on a scene once its frames have taken this long (seconds), so
    /// that a slow back end in a sweep reports the frames it managed instead of stalling it.
    public var timeLimitSeconds: Double?
    /// The display rate transitions are counted at: their budget (one display frame) and
    /// the frames they interpolate (`--display-rate`, 60 or 120).
    public var displayRate = 120
    /// Read frames back in each parent's coordinates (`UIView.frame`, `--read relative`)
    /// within each frame's time: on top of the window-coordinate read-back, or instead
    /// of it from a back end that holds them (`SceneSession.readRelativeFrames()`).
    public var readRelative = false
    public init() {}
}

/// Everything measured for one back end on one scene, or why it did not run.
public struct BenchResult: Sendable {
    public var backend: String
    public var scene: String
    public var family: String?
    public var views: Int
    public var constraints: Int
    public var frames: Int
    /// The scene's ops over its frames (`layout` and bounds-origin changes included).
    public var opsPerFrame: Double?
    public var repetitions: Int
    /// Measured out of process by an external driver (`kiwi`, `exec:…`), which timed its own build
    /// and frames; no allocation or work counts. Reports mark it †; the results JSON, `out_of_process`.
    public var outOfProcess = false
    /// Frames timed, over all repetitions (fewer than frames × repetitions when the time limit stopped the run).
    public var framesMeasured = 0
    /// Why the back end declined the scene before running it (`assess`).
    public var declined: String?
    /// Why a run that started failed (an error thrown while building or solving).
    public var failed: String?
    /// Why nothing was measured, either way, as `declined: …` or `failed: …`.
    public var notRun: String? { declined.map { "declined: " + $0 } ?? failed.map { "failed: " + $0 } }
    /// What `pivotsPerFrame` counts for this back end (`LayoutBackend.workUnit`).
    public var workUnit = "pivots"
    /// Median of the repetitions' build times (load + initial solve).
    public var buildSeconds = 0.0
    public var frameTimes = FrameTimes()
    public var misses120 = 0
    public var misses60 = 0
    /// The back end's main work counter per frame, in `workUnit`s.
    public var pivotsPerFrame = 0.0
    public var rowsTouchedPerFrame = 0.0
    public var bytesPerFrame: Double?
    public var allocationsPerFrame: Double?
    /// Timed frames during which the thread allocated at all (steady state should be 0 or nearly).
    public var allocatingFrames: Int?
    public var peakResidentBytes = 0
    /// The most resident memory while this back end ran on this scene (its warm-up, builds and
    /// frames), counted from a high-water mark reset before it; nil where the platform cannot reset it.
    public var backendPeakResidentBytes: Int?
    /// Resident memory just before this back end started (the scene and the harness), freed pages returned.
    public var residentBeforeBytes: Int?
    /// The thread's CPU time during the build (median of repetitions): the build's own cost where
    /// other processes share the machine and the wall clock counts their time too.
    public var buildCPUSeconds: Double?
    /// Times the thread was preempted (involuntary context switches) while it played the frames
    /// (the timed frames and the harness's bookkeeping between them), over all repetitions.
    public var preemptionsDuringFrames: Int?
    /// Rectangles changed per interactive frame, on average (`ChangedRectCounter`).
    public var changedRectsPerFrame: Double?
    /// Median over interactive frames of the frame's time over the rectangles it changed, in ns.
    public var nanosecondsPerChangedRect: Double?
    public var refusedOps = 0
    public var series: [Double] = []
    /// Interactive frames timed (`frameTimes` and the budget misses count only these).
    public var interactiveFrames = 0
    /// Solves over the frames timed (`layout` ops may put several in one frame, a
    /// bounds-origin change none).
    public var solvesMeasured = 0
    /// The scene's transitions, when it has any (`nil` otherwise).
    public var transitions: TransitionMeasure?
    /// Frame 0 of the first repetition, its ops and its solve timed apart (in process, when
    /// frame 0 has no `layout` markers); its whole time is `series[0]`.
    public var firstFramePhases: FirstFramePhases?
}

/// A frame's two halves: applying its ops (adding an edit, changing constants), then the
/// solve and reading back. Where the work falls between them is the back end's choice:
/// one that solves as it applies an op (Cassowary inserting an edit row) spends it in the ops.
public struct FirstFramePhases: Sendable, Equatable {
    public var opsSeconds: Double
    public var solveSeconds: Double
    public init(opsSeconds: Double, solveSeconds: Double) {
        self.opsSeconds = opsSeconds
        self.solveSeconds = solveSeconds
    }
}

public enum Harness {
    /// Measures `backend` on `bench`: build (timed), then every frame (ops + solve +
    /// reading back the changed rectangles, timed together) on each repetition.
    public static func run(
        _ bench: BenchScene, backend: any LayoutBackend.Type, settings: BenchSettings,
        counter: AllocationCounter? = nil, progress: (Int, Int) -> Void = { _, _ in }
    ) -> BenchResult {
        let scene = bench.scene
        var result = BenchResult(
            backend: backend.name, scene: bench.name, family: bench.family, views: scene.viewCount,
            constraints: scene.initialConstraintCount, frames: scene.frameCount, repetitions: settings.repetitions)
        result.workUnit = backend.workUnit
        if scene.frameCount > 0 {
            let ops = scene.frames.reduce(0) { $0 + $1.count } + scene.frameMarkers.values.reduce(0) { $0 + $1.count }
            result.opsPerFrame = Double(ops) / Double(scene.frameCount)
        }
        // Before `assess`: a back end may find out whether it can run a scene by loading it.
        let memory = ResidentMemoryWatch()
        result.residentBeforeBytes = memory.startBytes
        if let reason = backend.assess(scene, options: settings.options).declineReason {
            result.declined = reason
            return result
        }
        var currentFrame = 0
        do {
            try warmUp(scene, backend: backend, settings: settings)
            if settings.keepSeries { result.series.reserveCapacity(scene.frameCount) }
            let total = scene.frameCount * settings.repetitions
            var totals = RunTotals(frames: total, countsAllocations: counter?.allocationCount() != nil, relative: settings.readRelative)
            repetitions: for repetition in 0..<settings.repetitions {
                currentFrame = 0
                let buildUsage = ThreadUsage.now()
                let start = monotonicSeconds()
                // Assessed once above: a build's time is the load and frame 0, not the question.
                let session = try SceneSession(scene: scene, unassessedBackend: backend, options: settings.options)
                totals.builds.append(monotonicSeconds() - start)
                totals.buildCPU.append(ThreadUsage.now().cpuSeconds - buildUsage.cpuSeconds)
                let framesUsage = ThreadUsage.now()
                defer { totals.preemptions += ThreadUsage.now().involuntarySwitches - framesUsage.involuntarySwitches }
                totals.changes.restart(session)
                if settings.readRelative { session.readRelativeFrames() }
                let before = session.backend.statistics
                for f in 0..<scene.frameCount {
                    currentFrame = f + 1
                    let bytes0 = counter?.allocatedBytes() ?? 0
                    let count0 = totals.countsAllocations ? counter?.allocationCount() ?? 0 : 0
                    let t0 = monotonicSeconds()
                    let refused = f == 0 && repetition == 0 ? try runFirstFrame(session, startedAt: t0, into: &result) : try session.runFrame(f)
                    let elapsed = monotonicSeconds() - t0
                    if let counter {
                        let frameBytes = counter.allocatedBytes() &- bytes0
                        totals.bytes &+= frameBytes
                        if frameBytes > 0 { totals.allocatingFrames += 1 }
                        if totals.countsAllocations, let c = counter.allocationCount() {
                            totals.allocations &+= c &- count0
                        } else {
                            totals.countsAllocations = false
                        }
                    }
                    totals.framesMeasured += 1
                    let presentation = scene.presentation(ofFrame: f)
                    totals.tally.add(elapsed, presentation: presentation, session: session, displayRate: settings.displayRate)
                    totals.changes.add(elapsed, presentation: presentation, session: session)
                    totals.timeSpent += elapsed
                    result.refusedOps += refused.count
                    if repetition == 0, settings.keepSeries { result.series.append(elapsed) }
                    if f & 7 == 0 { progress(repetition * scene.frameCount + f, total) }
                    if let limit = settings.timeLimitSeconds, totals.timeSpent > limit {
                        totals.addWork(of: session, since: before)
                        break repetitions
                    }
                }
                totals.addWork(of: session, since: before)
            }
            totals.write(into: &result, settings: settings, counted: counter != nil)
            // Read in this order from the same mark, the process's peak is never below the back end's.
            result.backendPeakResidentBytes = memory.peakBytes()
            result.peakResidentBytes = peakResidentBytes()
        } catch {
            result.failed = currentFrame > 0 ? "stopped at frame \(currentFrame): \(error)" : "\(error)"
        }
        return result
    }

    /// Runs up to `settings.warmupFrames` frames on a session of its own, untimed, so
    /// that caches, branch predictors and the allocator are warm for the timed one
    /// (`run` has assessed the scene).
    static func warmUp(_ scene: CompiledScene, backend: any LayoutBackend.Type, settings: BenchSettings) throws(LayoutError) {
        guard settings.warmupFrames > 0 else { return }
        let warm = try SceneSession(scene: scene, unassessedBackend: backend, options: settings.options)
        if settings.readRelative { warm.readRelativeFrames() }
        let warmStart = monotonicSeconds()
        for f in 0..<min(settings.warmupFrames, scene.frameCount) {
            _ = try warm.runFrame(f)
            if let limit = settings.timeLimitSeconds, monotonicSeconds() - warmStart > limit / 4 { break }
        }
    }

    /// Frame 0 with its ops and its solve timed apart (the Cassowary paper's "add edit
    /// constraint" and "initial solution"), unless `layout` markers interleave them.
    static func runFirstFrame(_ session: SceneSession, startedAt t0: Double, into result: inout BenchResult) throws(LayoutError) -> [String] {
        guard !session.hasMarkers(0) else { return try session.runFrame(0) }
        var t1 = 0.0
        let refused = try session.runFrame(0, between: { t1 = monotonicSeconds() })
        result.firstFramePhases = FirstFramePhases(opsSeconds: t1 - t0, solveSeconds: monotonicSeconds() - t1)
        return refused
    }
}
