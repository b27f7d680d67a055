import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel
import SceneGenerator

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every back end's per-frame re-solve on the same scenes and report it.",
        discussion: """
            With no arguments, runs the built-in default suite (every back end, every family, a few sizes, \
            three imported Interface Builder screens: a login screen rotated, a settings screen's \
            constraint animated, a profile cell replicated 1,000 times and rotated, and the date-picker \
            example sliding up and down; toggle, churn, the rotations and the date picker are reported \
            as transitions, by the latency of their one solve; about two to three \
            minutes in a release build). A back end that declines a scene, or whose memory \
            estimate exceeds its limit, is reported as declined with the reason. Writes a table to the \
            terminal, and results.json plus report.md under --results (default results/latest).

            Examples:
              layoutbench bench
              layoutbench bench --backend cassowary,frames --family stack,tree --views 100,1000,10000,100000
              layoutbench bench --scene scene.json --repeat 5 --json out.json
              layoutbench bench --family movingtree --views 1000,100000 --backend cassowary,cassowary-relative --read relative
            """
    )

    @Option(help: "Back ends, comma-separated (\(BackendRegistry.namesWithDrivers.joined(separator: ", "))).", transform: backendList)
    var backend: [BackendChoice]?

    @Option(name: .customLong("backends"), help: .hidden, transform: backendList)
    var backendsAlias: [BackendChoice]?

    @Option(help: "Families, comma-separated (\(Family.allCases.map(\.rawValue).joined(separator: ", "))).", transform: familyList)
    var family: [Family]?

    @Option(parsing: .unconditional, help: "View counts, comma-separated.", transform: viewCountList)
    var views: [Int]?

    @Option(parsing: .upToNextOption, help: "Scene files (or example:NAME) instead of generated families.")
    var scene: [String] = []

    @Option(parsing: .unconditional,
            help: "K, comma-separated: each generated scene's frames become frames of K setConstant ops on distinct required constraints (as `generate --change-constants K`), one scene per K; `report --plots` draws time per frame against ops per frame.",
            transform: { try commaList("a positive whole number of constants", positiveCount)($0) })
    var changeConstants: [Int]?

    @Flag(help: "With --change-constants: change the same K constraints in every frame (by default drawn afresh each frame).")
    var sameConstraints = false

    @Option(parsing: .unconditional, help: "Frames per generated scene.", transform: wholeNumber("--frames", atLeast: 1))
    var frames = 120

    @Option(help: "Seed for generated scenes.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Repetitions of each frame stream (each on a fresh load).",
            transform: wholeNumber("--repeat", atLeast: 1, atMost: 1_000_000))
    var `repeat` = 1

    @Option(parsing: .unconditional, help: "Frames played untimed first, on a separate load.",
            transform: wholeNumber("--warmup", atLeast: 0, atMost: 1_000_000_000))
    var warmup = 10

    @Option(parsing: .unconditional, help: "Stop timing a back end on a scene after its frames took this many seconds (marked * in the table).",
            transform: durationSeconds("--time-limit"))
    var timeLimit: Double?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for back ends that estimate their memory (dense).",
            transform: memoryLimitMiB)
    var memoryLimit = 4096

    @Option(parsing: .unconditional,
            help: "Display rate (Hz) transitions are counted at: their budget is one display frame, and the frames they interpolate (60 or 120).",
            transform: parseDisplayRate)
    var displayRate = 120

    @Option(parsing: .unconditional,
            help: "How frames are read back each frame: window (the window's coordinates) or relative (each parent's, as UIView.frame: from a NAME-relative back end instead of the window's, from any other on top of them).",
            transform: parseReadMode)
    var read = "window"

    @Option(help: "Folder for results.json and report.md.")
    var results = "results/latest"

    @Option(help: "Write the JSON results to this file (as well).")
    var json: String?

    @Option(help: "Write the report as one HTML page (sortable table, verdicts, SVG plots) to this file.")
    var html: String?

    @Flag(help: "No progress line on standard error.")
    var quiet = false

    @Option(help: "Standard output's format: table; github (github-action-benchmark's customSmallerIsBetter JSON) or bencher (Bencher Metric Format JSON), the table then going to standard error.")
    var format: OutputFormat = .table

    @Option(help: "A named suite instead of the default: `published` (the workloads others have published figures for; writes published.md and published.json in --results, default results, and the plots in its published/ folder).")
    var suite: String?

    /// The default suite: every family; cassowary, manual and factored at 100, 300, 1,000 and 10,000 views,
    /// dense at 100 and 300 (its re-solve from scratch costs 15–330 ms a frame at 300 views).
    static func defaultSizes(_ backend: String, _ family: Family) -> [Int] {
        switch backend {
        case let name where name.hasSuffix("-relative"): return defaultSizes(String(name.dropLast(9)), family)
        case "cassowary", "manual", "factored": return [100, 300, 1_000, 10_000]
        case "dense": return [100, 300]
        default: return [100]
        }
    }

    /// The options, and where the results go, checked before any work.
    func validate() throws {
        if let suite {
            guard suite == "published" else { throw ValidationError("--suite: unknown suite \"\(suite)\" (the one named suite is `published`)") }
            guard family == nil, views == nil, scene.isEmpty else {
                throw ValidationError("--suite published chooses its own workloads and sizes: give it without --family, --views or --scene")
            }
        } else {
            _ = try chosenBackends(backend, backendsAlias)
        }
        if changeConstants != nil, !scene.isEmpty { throw ValidationError("--change-constants applies to generated scenes: give it without --scene") }
        if sameConstraints, changeConstants == nil { throw ValidationError("--same-constraints needs --change-constants K") }
        // The published suite writes to `results` by default (PublishedSuiteRun.swift).
        try checkWritable(folder: suite != nil && results == "results/latest" ? "results" : results, option: "--results")
        if let json { try checkWritable(file: json, option: "--json") }
        if let html { try checkWritable(file: html, option: "--html") }
    }

    func run() throws {
        if suite != nil { return try runPublished() }
        let backends = try chosenBackends(backend, backendsAlias)
        let families = family ?? Family.allCases
        let sizes = views
        if scene.isEmpty {
            for f in families {
                for n in sizes ?? backends.flatMap({ Bench.defaultSizes($0.name, f) }) {
                    if let problem = GeneratorParameters(views: n, frames: frames, seed: seed).sizeProblem(f) {
                        throw ValidationError(problem)
                    }
                }
            }
        }

        // (back end, scene) pairs in the order they run.
        var plan: [(backend: any LayoutBackend.Type, key: String, make: () throws -> BenchScene)] = []
        if !scene.isEmpty {
            for path in scene {
                let load = { () throws -> BenchScene in
                    let s = try loadScene(path)
                    if s.frames.isEmpty {
                        throw ValidationError("\(path) has no frames: there is nothing to time (a frame is a batch of ops and one re-solve)")
                    }
                    return BenchScene(name: s.name.isEmpty ? path : String(s.name.prefix(40)), family: nil, scene: try s.compile())
                }
                for b in backends { plan.append((b, path, load)) }
            }
        } else {
            for f in families {
                var allSizes: [Int] = []
                for b in backends { for n in sizes ?? Bench.defaultSizes(b.name, f) where !allSizes.contains(n) { allSizes.append(n) } }
                for n in allSizes.sorted() {
                    for k in changeConstants?.map(Optional.some) ?? [nil] {
                        let jitter = k.map { ConstantJitter(perFrame: $0, sameConstraints: sameConstraints) }
                        let key = "\(f.rawValue)-\(n)" + (k.map { "-k\($0)" } ?? "")
                        let make = { () throws -> BenchScene in
                            let s = SceneGenerator.generate(f, GeneratorParameters(views: n, frames: frames, seed: seed, jitter: jitter))
                            // With a jitter the generator names the K it could use (fewer when the scene has fewer constraints).
                            return BenchScene(name: jitter == nil ? key : s.name, family: f.rawValue, scene: try s.compile())
                        }
                        for b in backends where (sizes ?? Bench.defaultSizes(b.name, f)).contains(n) { plan.append((b, key, make)) }
                    }
                }
            }
            // The default suite also times imported real screens (embedded in the binary) on every back end.
            if family == nil && views == nil {
                for entry in ImportedScreens.defaultSuite {
                    let frames = self.frames
                    for b in backends {
                        plan.append((b, entry.name, { try entry.make(frames: frames) }))
                    }
                }
                for key in ExampleSuite.keys {
                    let frames = self.frames
                    for b in backends { plan.append((b, "example-\(key)", { try ExampleSuite.make(key, frames: frames) })) }
                }
            }
        }

        var settings = BenchSettings()
        settings.repetitions = self.repeat
        settings.warmupFrames = warmup
        settings.timeLimitSeconds = timeLimit
        settings.displayRate = displayRate
        settings.readRelative = read == "relative"
        settings.options.memoryLimitBytes = memoryLimit << 20
        let counter = JemallocCounter()
        let tty = Platform.isTerminal(2)
        var all: [BenchResult] = []
        var timedKeys = Set<String>()
        var refusing: [String] = []
        var cache: (key: String, scene: BenchScene)? = nil
        let started = monotonicSeconds()
        for (i, (b, key, make)) in plan.enumerated() {
            let bench: BenchScene
            if let cache, cache.key == key {
                bench = cache.scene
            } else {
                do { bench = try make() } catch {
                    printError("\(key): \(error)")
                    throw ExitCode.failure
                }
                cache = (key, bench)
            }
            let label = "[\(i + 1)/\(plan.count)] \(b.name) \(bench.name)"
            var lastPrint = 0.0
            let result = Harness.measure(bench, backend: b, settings: settings, counter: counter) { done, total in
                guard !quiet else { return }
                let now = monotonicSeconds()
                guard tty, now - lastPrint > 0.1 else { return }
                lastPrint = now
                FileHandle.standardError.write("\r\u{1B}[K\(label): frame \(done)/\(total)".data(using: .utf8)!)
            }
            if !quiet {
                let timing = result.hasInteractiveFrames
                    ? "p50 \(formatDuration(result.frameTimes.p50))"
                    : "transition latency p50 \(formatDuration(result.transitions?.latency.p50 ?? 0))"
                let summary = result.notRun ?? "\(timing), build \(formatDuration(result.buildSeconds))"
                FileHandle.standardError.write(((tty ? "\r\u{1B}[K" : "") + "\(label): \(summary)\n").data(using: .utf8)!)
            }
            all.append(result)
            if result.notRun == nil { timedKeys.insert(key) }
            if result.refusedOps > 0 {
                refusing.append(key)
                let first = firstRefusal(bench, b, settings.options).map { "; the first: \($0)" } ?? ""
                printError("\(bench.name): \(b.name) refused \(result.refusedOps) op\(result.refusedOps == 1 ? "" : "s") over the run, timed without them\(first)")
            }
        }
        if !quiet { printError("done in \(formatDuration(monotonicSeconds() - started))") }

        switch format {
        case .table: print(resultTable(all, markdown: false), terminator: "")
        case .github, .bencher:
            if !quiet { printError(resultTable(all, markdown: false)) }
            print(format == .github ? CIFormats.githubBenchmark(all) : CIFormats.bencher(all), terminator: "")
        }
        let context = RunContext.ofThisRun(allocator: counter.description)
        let jsonText = ResultsJSON.encode(all, context: context, settings: settings)
        do {
            try Platform.makeDirectories(results)
            // All or nothing: a failed write leaves none of the run's files.
            var files: [(path: String, text: String)] = [(results + "/results.json", jsonText), (results + "/report.md", markdownReport(all, context: context))]
            if let json { files.append((json, jsonText)) }
            if let html { files.append((html, htmlReport(all, context: context, settings: settings))) }
            try writeFiles(files.map(\.path)) { i, sink in sink.write(files[i].text) }
        } catch {
            printError("bench: \(error)")
            throw ExitCode.failure
        }
        // A scene file no back end could run (unsatisfiable, declined by all) was not benchmarked: say so in the exit status.
        let untimed = scene.filter { !timedKeys.contains($0) }
        if !untimed.isEmpty {
            printError("bench: nothing was timed for \(untimed.joined(separator: ", ")): every back end declined it or failed (reasons above)")
            throw ExitCode.failure
        }
        printError("wrote \(results)/results.json and \(results)/report.md" + (json.map { " and \($0)" } ?? ""))
        // Refused ops mean the frames timed are not the ones the scene asks for: a typo in an op
        // must not pass as a benchmark of idle frames.
        if !refusing.isEmpty {
            printError("bench: ops were refused in \(Set(refusing).sorted().joined(separator: ", ")) (above); `layoutbench solve` names each on its frame's line")
            throw ExitCode.failure
        }
    }

    /// The first op `backend` refuses in `bench`, replayed outside the timed run (which keeps
    /// counts, not messages); nil when the replay cannot start or refuses nothing.
    func firstRefusal(_ bench: BenchScene, _ backend: any LayoutBackend.Type, _ options: BackendOptions) -> String? {
        guard let session = try? SceneSession(scene: bench.scene, backend: backend, options: options) else { return nil }
        for f in 0..<bench.scene.frameCount {
            guard let errors = try? session.runFrame(f) else { return nil }
            if let first = errors.first { return first }
        }
        return nil
    }
}

/// What `bench` prints on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, github, bencher
}

/// `--display-rate`: 60 or 120.
func parseDisplayRate(_ text: String) throws -> Int {
    guard let rate = Int(text), rate == 60 || rate == 120 else {
        throw ValidationError("--display-rate must be 60 or 120 (Hz), got \(jsonQuoted(text))")
    }
    return rate
}

/// `--read`: window or relative.
func parseReadMode(_ text: String) throws -> String {
    guard text == "window" || text == "relative" else {
        throw ValidationError("--read must be window or relative, got \(jsonQuoted(text))")
    }
    return text
}

extension RunContext {
    /// This process's command line, commit, toolchain and machine, as a results file records them.
    static func ofThisRun(allocator: String) -> RunContext {
        RunContext(
            command: (["layoutbench"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
            gitCommit: MachineProbe.shell("git", "rev-parse", "HEAD") ?? "unknown",
            toolchain: MachineProbe.shell("swift", "--version")?.split(separator: "\n").first.map(String.init) ?? "unknown",
            machine: MachineProbe.machineDescription(), cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: Int(ProcessInfo.processInfo.physicalMemory),
            created: ISO8601DateFormatter().string(from: Date()),
            allocator: allocator)
    }
}
