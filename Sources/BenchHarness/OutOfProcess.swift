import ExternalBackend
import LayoutModel
import SolverTrace

// External drivers in the harness: `bench` takes the timings a driver measured itself, and
// `solve` / `compare` get a back-end type that replays the driver's answers.

extension BackendRegistry {
    /// A built-in back end, or a replay of an external driver (`kiwi`, `kiwisolver`,
    /// `cassowary-py`, `exec:COMMAND`); nil for an unknown name.
    public static func resolve(_ name: String) -> (any LayoutBackend.Type)? {
        if let builtIn = named(name) { return builtIn }
        guard let driver = DriverRegistry.driver(named: name) else { return nil }
        ExternalRuns.reference = ExternalRuns.reference ?? BackendRegistry.reference
        return ReplayBackend.type(for: driver)
    }

    /// Every name `--backend` accepts, built-in first.
    public static var namesWithDrivers: [String] { selectableNames + DriverRegistry.shippedNames + ["exec:COMMAND"] }
}

extension Harness {
    /// `run` for any back-end type: an external driver measures itself out of process.
    public static func measure(
        _ bench: BenchScene, backend: any LayoutBackend.Type, settings: BenchSettings,
        counter: AllocationCounter? = nil, progress: (Int, Int) -> Void = { _, _ in }
    ) -> BenchResult {
        if let driver = ReplayBackend.driver(of: backend) { return runExternal(bench, driver: driver, settings: settings) }
        return run(bench, backend: backend, settings: settings, counter: counter, progress: progress)
    }

    /// Measures an external driver on `bench`: it gets the trace with bench's warm-up and time
    /// limit, times its build and every frame itself (one repetition), and its figures fill the
    /// same record as a built-in back end's. Allocation and work counts are not known out of process.
    /// A driver that fails is reported as declined, with its name, the reason and the line.
    public static func runExternal(_ bench: BenchScene, driver: DriverSpec, settings: BenchSettings) -> BenchResult {
        let scene = bench.scene
        var result = BenchResult(
            backend: driver.name, scene: bench.name, family: bench.family, views: scene.viewCount,
            constraints: scene.initialConstraintCount, frames: scene.frameCount, repetitions: 1)
        result.outOfProcess = true
        let trace: WrittenTrace
        switch DriverInputWriter.write(
            for: driver, scene: scene, reference: ExternalRuns.reference ?? BackendRegistry.reference,
            settings: TraceRunSettings(
                warmupFrames: settings.warmupFrames, printValues: false, timeLimitSeconds: settings.timeLimitSeconds ?? 0),
            options: settings.options)
        {
        case let .success(written): trace = written
        case let .failure(failure):
            result.declined = "\(failure)"
            return result
        }
        // The driver stops timing at the limit itself; the wall limit covers its builds and warm-up too.
        let wall = ExternalRuns.wallSeconds(timeLimit: settings.timeLimitSeconds)
        switch DriverProcess.run(
            driver, trace: trace.text, frameCount: scene.frameCount, readCount: scene.variableCount, wantValues: false,
            wallSeconds: wall)
        {
        case let .failure(failure):
            result.declined = "\(failure)"
        case let .success(run):
            let samples = run.frames.map { Double($0.nanoseconds) * 1e-9 }
            result.framesMeasured = samples.count
            result.buildSeconds = Double(run.buildNanoseconds) * 1e-9
            // The driver timed frame f of the scene as its f-th sample: interactive frames by
            // their per-frame cost, transitions by their latency, as for a built-in back end.
            var tally = FrameTally(capacity: samples.count)
            for (f, elapsed) in samples.enumerated() {
                tally.addTimedOutOfProcess(elapsed, presentation: scene.presentation(ofFrame: f), displayRate: settings.displayRate)
            }
            result.frameTimes = FrameTimes(samples: tally.interactive)
            result.misses120 = Budget.misses(tally.interactive, budget: Budget.hz120)
            result.misses60 = Budget.misses(tally.interactive, budget: Budget.hz60)
            result.interactiveFrames = tally.interactive.count
            result.transitions = tally.measure(displayRate: settings.displayRate)
            result.refusedOps =
                run.frames.reduce(0) { $0 + $1.refused.count }
                + trace.gatedRefusals.prefix(run.frames.count).reduce(0) { $0 + $1.count }
            if settings.keepSeries { result.series = samples }
        }
        return result
    }

    /// Whether a result was measured by an external driver (out of process).
    public static func isOutOfProcess(_ result: BenchResult) -> Bool { result.outOfProcess }
}

/// The back end's name in a report's table: marked † when it was measured out of process.
func backendLabel(_ result: BenchResult) -> String { result.outOfProcess ? result.backend + " †" : result.backend }

/// The footnote for †, when some result in `results` has it (nil otherwise).
func outOfProcessNote(_ results: [BenchResult]) -> String? {
    guard results.contains(where: \.outOfProcess) else { return nil }
    return "† = measured out of process: the external driver timed its own build and frames on the scene's trace "
        + "(one repetition; no allocation or work counts)."
}
