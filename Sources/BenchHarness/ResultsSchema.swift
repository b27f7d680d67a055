// The bench results file as one Codable type: the only writer of results JSON.
// Schema version 2 (results/README.md); keys may be added without a new version,
// a key removed or renamed, or a meaning changed, increments it. Version 2:
// `frame_seconds` and `budget_misses` count interactive frames only; transitions
// have their own `transitions` object.

import Foundation

public struct ResultsFile: Codable, Sendable {
    public static let currentVersion = 2

    public struct Machine: Codable, Sendable {
        public var description: String
        public var cores: Int
        public var memoryBytes: Int
        enum CodingKeys: String, CodingKey {
            case description, cores
            case memoryBytes = "memory_bytes"
        }
    }

    public struct Settings: Codable, Sendable {
        public var `repeat`: Int
        public var warmupFrames: Int
        public var memoryLimitBytes: Int
        public var timeLimitSeconds: Double?
        public var displayRateHz: Int?
        /// `window` or `relative` (`--read`).
        public var read: String?
        enum CodingKeys: String, CodingKey {
            case `repeat`, read
            case displayRateHz = "display_rate_hz"
            case warmupFrames = "warmup_frames"
            case memoryLimitBytes = "memory_limit_bytes"
            case timeLimitSeconds = "time_limit_seconds"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(`repeat`, forKey: .repeat)
            try c.encode(warmupFrames, forKey: .warmupFrames)
            try c.encode(memoryLimitBytes, forKey: .memoryLimitBytes)
            try c.encode(timeLimitSeconds, forKey: .timeLimitSeconds)  // null when none
            try c.encodeIfPresent(displayRateHz, forKey: .displayRateHz)
            try c.encodeIfPresent(read, forKey: .read)
        }
    }

    public struct FrameSeconds: Codable, Sendable {
        public var p50, p90, p99, max, mean: Double
    }

    /// A scene's transitions: each one solve, then interpolated display frames.
    public struct Transitions: Codable, Sendable {
        public var count: Int
        public var latencySeconds: FrameSeconds
        public var displayRateHz: Int
        public var overBudget: Int
        /// Absent for a driver measured out of process (it reports times only).
        public var viewsMovedPerTransition: Double?
        public var interpolatedFramesPerTransition: Double
        enum CodingKeys: String, CodingKey {
            case count
            case latencySeconds = "latency_seconds"
            case displayRateHz = "display_rate_hz"
            case overBudget = "over_budget"
            case viewsMovedPerTransition = "views_moved_per_transition"
            case interpolatedFramesPerTransition = "interpolated_frames_per_transition"
        }
        init(_ m: TransitionMeasure) {
            let t = m.latency
            count = m.count
            latencySeconds = FrameSeconds(p50: t.p50, p90: t.p90, p99: t.p99, max: t.max, mean: t.mean)
            displayRateHz = m.displayRate
            overBudget = m.overBudget
            viewsMovedPerTransition = m.viewsMovedPerTransition
            interpolatedFramesPerTransition = m.interpolatedFramesPerTransition
        }
    }

    public struct BudgetMisses: Codable, Sendable {
        public var hz120: Int
        public var hz60: Int
        enum CodingKeys: String, CodingKey {
            case hz120 = "120hz"
            case hz60 = "60hz"
        }
    }

    /// One back end on one scene: the measurements, or why there are none.
    public struct Record: Codable, Sendable {
        public var backend: String
        public var scene: String
        public var family: String?
        public var views: Int
        public var constraints: Int
        public var frames: Int
        /// The scene's ops per frame (absent in files written before it was recorded).
        public var opsPerFrame: Double?
        public var `repeat`: Int
        /// The back end declined the scene before running it.
        public var declined: String?
        /// The run started and failed (an error while building or solving).
        public var failed: String?
        /// True when an external driver measured itself out of process; absent for a built-in back end.
        public var outOfProcess: Bool?
        public var measurement: Measurement?

        enum CodingKeys: String, CodingKey {
            case backend, scene, family, views, constraints, frames, `repeat`, declined, failed
            case outOfProcess = "out_of_process"
            case opsPerFrame = "ops_per_frame"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            backend = try c.decode(String.self, forKey: .backend)
            scene = try c.decode(String.self, forKey: .scene)
            family = try c.decodeIfPresent(String.self, forKey: .family)
            views = try c.decode(Int.self, forKey: .views)
            constraints = try c.decode(Int.self, forKey: .constraints)
            frames = try c.decode(Int.self, forKey: .frames)
            opsPerFrame = try c.decodeIfPresent(Double.self, forKey: .opsPerFrame)
            `repeat` = try c.decode(Int.self, forKey: .repeat)
            declined = try c.decodeIfPresent(String.self, forKey: .declined)
            failed = try c.decodeIfPresent(String.self, forKey: .failed)
            outOfProcess = try c.decodeIfPresent(Bool.self, forKey: .outOfProcess)
            measurement = declined == nil && failed == nil ? try Measurement(from: decoder) : nil
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(backend, forKey: .backend)
            try c.encode(scene, forKey: .scene)
            try c.encode(family, forKey: .family)  // null for a scene file
            try c.encode(views, forKey: .views)
            try c.encode(constraints, forKey: .constraints)
            try c.encode(frames, forKey: .frames)
            try c.encodeIfPresent(opsPerFrame, forKey: .opsPerFrame)
            try c.encode(`repeat`, forKey: .repeat)
            try c.encodeIfPresent(declined, forKey: .declined)
            try c.encodeIfPresent(failed, forKey: .failed)
            try c.encodeIfPresent(outOfProcess, forKey: .outOfProcess)
            try measurement?.encode(to: encoder)
        }

        init(_ r: BenchResult) {
            backend = r.backend
            scene = r.scene
            family = r.family
            views = r.views
            constraints = r.constraints
            frames = r.frames
            opsPerFrame = r.opsPerFrame
            `repeat` = r.repetitions
            declined = r.declined
            failed = r.failed
            outOfProcess = r.outOfProcess ? true : nil
            measurement = r.notRun == nil ? Measurement(r) : nil
        }
    }

    /// What a run that completed measured (its keys sit beside the record's own).
    public struct Measurement: Codable, Sendable {
        public var framesMeasured: Int
        public var buildSeconds: Double
        public var frameSeconds: FrameSeconds
        public var budgetMisses: BudgetMisses
        /// The back end's work counter per frame, in `workUnit`s (`pivots` or `unknowns`).
        public var pivotsPerFrame: Double
        public var workUnit: String
        public var rowsTouchedPerFrame: Double
        public var bytesAllocatedPerFrame: Double?
        public var allocationsPerFrame: Double?
        public var allocatingFrames: Int?
        public var peakRssBytes: Int
        /// This back end's own high-water mark (`ResidentMemoryWatch`); null where it cannot be reset.
        public var backendPeakRssBytes: Int?
        /// Resident memory before this back end started (the scene, the harness).
        public var rssBeforeBytes: Int?
        /// Rectangles changed per interactive frame, and the median of a frame's time over them.
        public var changedRectsPerFrame: Double?
        public var nsPerChangedRect: Double?
        /// The thread's CPU time in the build, and its preemptions while it played the frames.
        public var buildCPUSeconds: Double?
        public var preemptionsDuringFrames: Int?
        public var refusedOps: Int
        public var frameSeries: [Double]
        public var interactiveFrames: Int?
        public var solvesMeasured: Int?
        public var transitions: Transitions?
        public var firstFramePhases: Phases?

        /// `first_frame_phases`: frame 0's ops and its solve timed apart (in process only).
        public struct Phases: Codable, Sendable {
            public var opsSeconds: Double
            public var solveSeconds: Double
            enum CodingKeys: String, CodingKey {
                case opsSeconds = "ops_seconds"
                case solveSeconds = "solve_seconds"
            }
        }

        enum CodingKeys: String, CodingKey {
            case firstFramePhases = "first_frame_phases"
            case interactiveFrames = "interactive_frames"
            case solvesMeasured = "solves_measured"
            case transitions
            case framesMeasured = "frames_measured"
            case buildSeconds = "build_seconds"
            case frameSeconds = "frame_seconds"
            case budgetMisses = "budget_misses"
            case pivotsPerFrame = "pivots_per_frame"
            case workUnit = "work_unit"
            case rowsTouchedPerFrame = "rows_touched_per_frame"
            case bytesAllocatedPerFrame = "bytes_allocated_per_frame"
            case allocationsPerFrame = "allocations_per_frame"
            case allocatingFrames = "allocating_frames"
            case peakRssBytes = "peak_rss_bytes"
            case backendPeakRssBytes = "backend_peak_rss_bytes"
            case rssBeforeBytes = "rss_before_bytes"
            case changedRectsPerFrame = "changed_rects_per_frame"
            case nsPerChangedRect = "ns_per_changed_rect"
            case buildCPUSeconds = "build_cpu_seconds"
            case preemptionsDuringFrames = "preemptions_during_frames"
            case refusedOps = "refused_ops"
            case frameSeries = "frame_series"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(framesMeasured, forKey: .framesMeasured)
            try c.encode(buildSeconds, forKey: .buildSeconds)
            try c.encode(frameSeconds, forKey: .frameSeconds)
            try c.encode(budgetMisses, forKey: .budgetMisses)
            try c.encode(pivotsPerFrame, forKey: .pivotsPerFrame)
            try c.encode(workUnit, forKey: .workUnit)
            try c.encode(rowsTouchedPerFrame, forKey: .rowsTouchedPerFrame)
            // null (not absent) when the allocation counter is unavailable.
            try c.encode(bytesAllocatedPerFrame, forKey: .bytesAllocatedPerFrame)
            try c.encode(allocationsPerFrame, forKey: .allocationsPerFrame)
            try c.encode(allocatingFrames, forKey: .allocatingFrames)
            try c.encode(peakRssBytes, forKey: .peakRssBytes)
            try c.encode(backendPeakRssBytes, forKey: .backendPeakRssBytes)  // null where unavailable
            try c.encode(rssBeforeBytes, forKey: .rssBeforeBytes)
            try c.encode(changedRectsPerFrame, forKey: .changedRectsPerFrame)  // null without interactive frames
            try c.encode(nsPerChangedRect, forKey: .nsPerChangedRect)
            try c.encode(buildCPUSeconds, forKey: .buildCPUSeconds)
            try c.encode(preemptionsDuringFrames, forKey: .preemptionsDuringFrames)
            try c.encode(refusedOps, forKey: .refusedOps)
            try c.encode(frameSeries, forKey: .frameSeries)
            try c.encode(interactiveFrames, forKey: .interactiveFrames)
            try c.encode(solvesMeasured, forKey: .solvesMeasured)
            try c.encode(transitions, forKey: .transitions)  // null when the scene has none
            try c.encodeIfPresent(firstFramePhases, forKey: .firstFramePhases)
        }

        init(_ r: BenchResult) {
            let t = r.frameTimes
            framesMeasured = r.framesMeasured
            buildSeconds = r.buildSeconds
            frameSeconds = FrameSeconds(p50: t.p50, p90: t.p90, p99: t.p99, max: t.max, mean: t.mean)
            budgetMisses = BudgetMisses(hz120: r.misses120, hz60: r.misses60)
            pivotsPerFrame = r.pivotsPerFrame
            workUnit = r.workUnit
            rowsTouchedPerFrame = r.rowsTouchedPerFrame
            bytesAllocatedPerFrame = r.bytesPerFrame
            allocationsPerFrame = r.allocationsPerFrame
            allocatingFrames = r.allocatingFrames
            peakRssBytes = r.peakResidentBytes
            backendPeakRssBytes = r.backendPeakResidentBytes
            rssBeforeBytes = r.residentBeforeBytes
            changedRectsPerFrame = r.changedRectsPerFrame
            nsPerChangedRect = r.nanosecondsPerChangedRect
            buildCPUSeconds = r.buildCPUSeconds
            preemptionsDuringFrames = r.preemptionsDuringFrames
            refusedOps = r.refusedOps
            frameSeries = r.series
            interactiveFrames = r.interactiveFrames
            solvesMeasured = r.solvesMeasured
            transitions = r.transitions.map(Transitions.init)
            firstFramePhases = r.firstFramePhases.map { Phases(opsSeconds: $0.opsSeconds, solveSeconds: $0.solveSeconds) }
        }
    }

    public struct Scaling: Codable, Sendable {
        public var backend: String
        public var family: String
        public var points: Int
        public var frameP50Exponent: Double?
        public var buildExponent: Double?
        enum CodingKeys: String, CodingKey {
            case backend, family, points
            case frameP50Exponent = "frame_p50_exponent"
            case buildExponent = "build_exponent"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(backend, forKey: .backend)
            try c.encode(family, forKey: .family)
            try c.encode(points, forKey: .points)
            try c.encode(frameP50Exponent, forKey: .frameP50Exponent)
            try c.encode(buildExponent, forKey: .buildExponent)
        }
    }

    public var schemaVersion: Int
    /// Who wrote the file: `toolName`, which `ResultsReader` requires.
    public var tool: String
    public static let toolName = "layoutbench"
    public var created: String
    public var command: String
    public var gitCommit: String
    public var toolchain: String
    public var machine: Machine
    public var allocator: String
    public var settings: Settings
    public var results: [Record]
    public var scaling: [Scaling]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case tool, created, command
        case gitCommit = "git_commit"
        case toolchain, machine, allocator, settings, results, scaling
    }

    public init(_ results: [BenchResult], context: RunContext, settings: BenchSettings) {
        schemaVersion = ResultsFile.currentVersion
        tool = Self.toolName
        created = context.created
        command = context.command
        gitCommit = context.gitCommit
        toolchain = context.toolchain
        machine = Machine(description: context.machine, cores: context.cores, memoryBytes: context.memoryBytes)
        allocator = context.allocator
        self.settings = Settings(
            repeat: settings.repetitions, warmupFrames: settings.warmupFrames,
            memoryLimitBytes: settings.options.memoryLimitBytes, timeLimitSeconds: settings.timeLimitSeconds,
            displayRateHz: settings.displayRate, read: settings.readRelative ? "relative" : "window")
        self.results = results.map(Record.init)
        scaling = scalingFits(results).map {
            Scaling(
                backend: $0.backend, family: $0.family, points: $0.points,
                frameP50Exponent: $0.frameExponent.flatMap { $0.isFinite ? $0 : nil },
                buildExponent: $0.buildExponent.flatMap { $0.isFinite ? $0 : nil })
        }
    }

    /// The file's text: sorted keys, two-space indentation, one trailing newline.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
