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
    public init() {}
}

/// Everything measured for one back end on one scene, or why it declined.
public struct BenchResult: Sendable {
    public var backend: String
    public var scene: String
    public var family: String?
    public var views: Int
    public var constraints: Int
    public var frames: Int
    public var repetitions: Int
    public var declined: String?
    /// Median of the repetitions' build times (load + initial solve).
    public var buildSeconds = 0.0
    public var frameTimes = FrameTimes()
    public var misses120 = 0
    public var misses60 = 0
    public var pivotsPerFrame = 0.0
    public var rowsTouchedPerFrame = 0.0
    public var bytesPerFrame: Double?
    public var allocationsPerFrame: Double?
    public var peakResidentBytes = 0
    public var refusedOps = 0
    public var series: [Double] = []
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
        if let reason = backend.assess(scene, options: settings.options).declineReason {
            result.declined = reason
            return result
        }
        var currentFrame = 0
        do {
            if settings.warmupFrames > 0 {
                let warm = try SceneSession(scene: scene, backend: backend, options: settings.options)
                for f in 0..<min(settings.warmupFrames, scene.frameCount) { _ = try warm.runFrame(f) }
            }
            var builds: [Double] = []
            var samples: [Double] = []
            samples.reserveCapacity(scene.frameCount * settings.repetitions)
            var bytes: UInt64 = 0
            var allocations: UInt64 = 0
            var countsAllocations = counter?.allocationCount() != nil
            var work = SolveStatistics()
            let total = scene.frameCount * settings.repetitions
            for repetition in 0..<settings.repetitions {
                currentFrame = 0
                let start = monotonicSeconds()
                let session = try SceneSession(scene: scene, backend: backend, options: settings.options)
                builds.append(monotonicSeconds() - start)
                let before = session.backend.statistics
                for f in 0..<scene.frameCount {
                    currentFrame = f + 1
                    let bytes0 = counter?.allocatedBytes() ?? 0
                    let count0 = countsAllocations ? counter?.allocationCount() ?? 0 : 0
                    let t0 = monotonicSeconds()
                    let refused = try session.runFrame(f)
                    let elapsed = monotonicSeconds() - t0
                    if let counter {
                        bytes &+= counter.allocatedBytes() &- bytes0
                        if countsAllocations, let c = counter.allocationCount() { allocations &+= c &- count0 } else { countsAllocations = false }
                    }
                    samples.append(elapsed)
                    result.refusedOps += refused.count
                    if repetition == 0, settings.keepSeries { result.series.append(elapsed) }
                    if f & 7 == 0 { progress(repetition * scene.frameCount + f, total) }
                }
                let delta = session.backend.statistics - before
                work.pivots += delta.pivots
                work.rowsTouched += delta.rowsTouched
            }
            builds.sort()
            result.buildSeconds = builds[builds.count / 2]
            result.frameTimes = FrameTimes(samples: samples)
            result.misses120 = Budget.misses(samples, budget: Budget.hz120)
            result.misses60 = Budget.misses(samples, budget: Budget.hz60)
            let frames = Double(max(1, samples.count))
            result.pivotsPerFrame = Double(work.pivots) / frames
            result.rowsTouchedPerFrame = Double(work.rowsTouched) / frames
            if counter != nil {
                result.bytesPerFrame = Double(bytes) / frames
                if countsAllocations { result.allocationsPerFrame = Double(allocations) / frames }
            }
            result.peakResidentBytes = peakResidentBytes()
        } catch {
            result.declined = currentFrame > 0 ? "stopped at frame \(currentFrame): \(error)" : "\(error)"
        }
        return result
    }
}
