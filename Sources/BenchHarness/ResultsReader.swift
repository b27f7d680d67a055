import ExternalBackend
import LayoutModel

/// Reads a results file (schema version 1 or 2, as `ResultsJSON.encode` writes it) back, so that a
/// committed run's HTML report can be made again without re-running it.
public enum ResultsReader {
    public struct Run: Sendable {
        public var results: [BenchResult]
        public var context: RunContext
        public var settings: BenchSettings
    }

    public static func read(_ bytes: [UInt8], source: String) throws(LayoutError) -> Run {
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch { throw .invalidScene(["\(source): \(error)"]) }
        func fail(_ path: String, _ what: String) -> LayoutError { .invalidScene(["\(source): \(path): \(what)"]) }
        guard case let .number(version)? = root["schema_version"] else { throw fail("schema_version", "missing; not a LayoutBench results file") }
        // Version 1 had no transitions: its frame figures are those of version 2's interactive frames.
        guard (1...ResultsJSON.schemaVersion).contains(Int(version)), version == version.rounded() else {
            throw fail("schema_version", "is \(formatNumber(version)); this version reads 1 to \(ResultsJSON.schemaVersion)")
        }
        func string(_ v: JSONValue?) -> String? { if case let .string(s)? = v { return s } else { return nil } }
        func number(_ v: JSONValue?) -> Double? { if case let .number(n)? = v { return n } else { return nil } }
        // Another tool's file with the same keys would be read as figures of this one's.
        guard let tool = string(root["tool"]) else { throw fail("tool", "missing; not a LayoutBench results file") }
        guard tool == ResultsFile.toolName else {
            throw fail("tool", "is \"\(shortenedForMessage(tool))\"; this reads the results files \(ResultsFile.toolName) writes")
        }
        let machine = root["machine"]
        let context = RunContext(
            command: string(root["command"]) ?? "", gitCommit: string(root["git_commit"]) ?? "",
            toolchain: string(root["toolchain"]) ?? "", machine: string(machine?["description"]) ?? "",
            cores: Int(number(machine?["cores"]) ?? 0), memoryBytes: Int(number(machine?["memory_bytes"]) ?? 0),
            created: string(root["created"]) ?? "", allocator: string(root["allocator"]) ?? "")
        var settings = BenchSettings()
        let s = root["settings"]
        settings.repetitions = Int(number(s?["repeat"]) ?? 1)
        settings.warmupFrames = Int(number(s?["warmup_frames"]) ?? 0)
        settings.options.memoryLimitBytes = Int(number(s?["memory_limit_bytes"]) ?? Double(settings.options.memoryLimitBytes))
        settings.timeLimitSeconds = number(s?["time_limit_seconds"])
        settings.displayRate = Int(number(s?["display_rate_hz"]) ?? 120)
        guard case let .array(records)? = root["results"] else { throw fail("results", "missing or not an array") }
        guard !records.isEmpty else { throw fail("results", "is empty: the file records no run") }
        var results: [BenchResult] = []
        for (i, record) in records.enumerated() {
            let path = "results[\(i)]"
            guard let backend = string(record["backend"]), let scene = string(record["scene"]) else {
                throw fail(path, "needs \"backend\" and \"scene\" strings")
            }
            // A misspelt name would make a back end of its own in the tables and verdicts.
            guard BackendRegistry.named(backend) != nil || DriverRegistry.isExternal(backend) else {
                throw fail(path + ".backend", "\"\(shortenedForMessage(backend))\" names no back end (\(BackendRegistry.selectableNames.joined(separator: ", "))) nor a driver (\(DriverRegistry.shippedNames.joined(separator: ", ")), exec:COMMAND)")
            }
            var r = BenchResult(
                backend: backend, scene: scene, family: string(record["family"]), views: Int(number(record["views"]) ?? 0),
                constraints: Int(number(record["constraints"]) ?? 0), frames: Int(number(record["frames"]) ?? 0),
                repetitions: Int(number(record["repeat"]) ?? 1))
            if case .bool(true)? = record["out_of_process"] { r.outOfProcess = true }
            r.opsPerFrame = number(record["ops_per_frame"])
            if let declined = string(record["declined"]) {
                r.declined = declined
                results.append(r)
                continue
            }
            let t = record["frame_seconds"]
            // A time is a number of seconds, 0 or more: anything else would be reported as a figure.
            for key in ["p50", "p90", "p99", "max", "mean"] {
                guard let value = t?[key] else { continue }
                guard case let .number(n) = value else { throw fail(path + ".frame_seconds.\(key)", "must be a number of seconds, found \(value.typeName)") }
                guard n >= 0 else { throw fail(path + ".frame_seconds.\(key)", "must not be negative, found \(formatNumber(n))") }
            }
            guard let p50 = number(t?["p50"]) else { throw fail(path + ".frame_seconds.p50", "missing") }
            r.frameTimes.p50 = p50
            r.frameTimes.p90 = number(t?["p90"]) ?? p50
            r.frameTimes.p99 = number(t?["p99"]) ?? p50
            r.frameTimes.max = number(t?["max"]) ?? p50
            r.frameTimes.mean = number(t?["mean"]) ?? p50
            r.framesMeasured = Int(number(record["frames_measured"]) ?? Double(r.frames * r.repetitions))
            r.frameTimes.count = r.framesMeasured
            r.buildSeconds = number(record["build_seconds"]) ?? 0
            r.misses120 = Int(number(record["budget_misses"]?["120hz"]) ?? 0)
            r.misses60 = Int(number(record["budget_misses"]?["60hz"]) ?? 0)
            r.pivotsPerFrame = number(record["pivots_per_frame"]) ?? 0
            r.rowsTouchedPerFrame = number(record["rows_touched_per_frame"]) ?? 0
            r.bytesPerFrame = number(record["bytes_allocated_per_frame"])
            r.allocationsPerFrame = number(record["allocations_per_frame"])
            r.allocatingFrames = number(record["allocating_frames"]).map { Int($0) }
            r.peakResidentBytes = Int(number(record["peak_rss_bytes"]) ?? 0)
            r.backendPeakResidentBytes = number(record["backend_peak_rss_bytes"]).map { Int($0) }
            r.residentBeforeBytes = number(record["rss_before_bytes"]).map { Int($0) }
            r.changedRectsPerFrame = number(record["changed_rects_per_frame"])
            r.nanosecondsPerChangedRect = number(record["ns_per_changed_rect"])
            r.buildCPUSeconds = number(record["build_cpu_seconds"])
            r.preemptionsDuringFrames = number(record["preemptions_during_frames"]).map { Int($0) }
            r.refusedOps = Int(number(record["refused_ops"]) ?? 0)
            if case let .array(series)? = record["frame_series"] { r.series = series.compactMap { number($0) } }
            r.interactiveFrames = Int(number(record["interactive_frames"]) ?? Double(r.framesMeasured))
            r.solvesMeasured = Int(number(record["solves_measured"]) ?? Double(r.framesMeasured))
            r.transitions = readTransitions(record["transitions"])
            if let ops = number(record["first_frame_phases"]?["ops_seconds"]), let solve = number(record["first_frame_phases"]?["solve_seconds"]) {
                r.firstFramePhases = FirstFramePhases(opsSeconds: ops, solveSeconds: solve)
            }
            results.append(r)
        }
        return Run(results: results, context: context, settings: settings)
    }

    private static func readTransitions(_ value: JSONValue?) -> TransitionMeasure? {
        guard let value, case .object = value else { return nil }
        func number(_ v: JSONValue?) -> Double? { if case let .number(n)? = v { return n } else { return nil } }
        var m = TransitionMeasure()
        m.count = Int(number(value["count"]) ?? 0)
        let t = value["latency_seconds"]
        m.latency.p50 = number(t?["p50"]) ?? 0
        m.latency.p90 = number(t?["p90"]) ?? m.latency.p50
        m.latency.p99 = number(t?["p99"]) ?? m.latency.p50
        m.latency.max = number(t?["max"]) ?? m.latency.p50
        m.latency.mean = number(t?["mean"]) ?? m.latency.p50
        m.latency.count = m.count
        m.displayRate = Int(number(value["display_rate_hz"]) ?? 120)
        m.overBudget = Int(number(value["over_budget"]) ?? 0)
        m.viewsMovedPerTransition = number(value["views_moved_per_transition"])
        m.interpolatedFramesPerTransition = number(value["interpolated_frames_per_transition"]) ?? 0
        return m
    }
}
