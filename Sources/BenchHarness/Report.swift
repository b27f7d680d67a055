import LayoutModel

/// Where and how a run was made, for the JSON and the report.
public struct RunContext: Sendable {
    public var command: String
    public var gitCommit: String
    public var toolchain: String
    public var machine: String
    public var cores: Int
    public var memoryBytes: Int
    public var created: String
    public var allocator: String
    public init(command: String, gitCommit: String, toolchain: String, machine: String, cores: Int, memoryBytes: Int, created: String, allocator: String) {
        self.command = command
        self.gitCommit = gitCommit
        self.toolchain = toolchain
        self.machine = machine
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.created = created
        self.allocator = allocator
    }
}

/// The results file (see `ResultsFile`, its one writer).
public enum ResultsJSON {
    public static let schemaVersion = ResultsFile.currentVersion

    public static func encode(_ results: [BenchResult], context: RunContext, settings: BenchSettings) -> String {
        do {
            return try ResultsFile(results, context: context, settings: settings).jsonText()
        } catch {
            // Only a non-finite measurement can fail to encode; the harness never produces one.
            preconditionFailure("results could not be encoded as JSON: \(error)")
        }
    }
}

public struct ScalingFit: Sendable {
    public var backend: String
    public var family: String
    public var points: Int
    public var frameExponent: Double?
    public var buildExponent: Double?
}

/// Per back end and family with several sizes: the log-log slopes of p50 and build time against views.
public func scalingFits(_ results: [BenchResult]) -> [ScalingFit] {
    var keys: [(String, String)] = []
    for r in results where r.notRun == nil {
        guard let family = r.family else { continue }
        if !keys.contains(where: { $0 == (r.backend, family) }) { keys.append((r.backend, family)) }
    }
    var out: [ScalingFit] = []
    for (backend, family) in keys {
        let rows = results.filter { $0.backend == backend && $0.family == family && $0.notRun == nil }
        let sizes = Set(rows.map(\.views))
        guard sizes.count >= 2 else { continue }
        out.append(
            ScalingFit(
                backend: backend, family: family, points: rows.count,
                frameExponent: logLogSlope(rows.map { (Double($0.views), $0.frameTimes.p50) }),
                buildExponent: logLogSlope(rows.map { (Double($0.views), $0.buildSeconds) })))
    }
    return out
}

/// Human-readable durations: 12.3 µs, 4.56 ms, 1.23 s.
public func formatDuration(_ seconds: Double) -> String {
    if seconds < 1e-3 { return fixed(seconds * 1e6, 1) + " µs" }
    if seconds < 1 { return fixed(seconds * 1e3, 2) + " ms" }
    return fixed(seconds, 2) + " s"
}

func fixed(_ v: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (v * scale).rounded() / scale
    var s = "\(r)"
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
        s += "." + String(repeating: "0", count: digits)
    }
    return s
}

public func formatBytesShort(_ v: Double?) -> String {
    guard let v else { return "–" }
    if v < 1024 { return fixed(v, 0) + " B" }
    if v < 1024 * 1024 { return fixed(v / 1024, 1) + " KiB" }
    return fixed(v / 1024 / 1024, 1) + " MiB"
}

/// The table in the Markdown report; on the terminal, `terminalTable`.
public func resultTable(_ results: [BenchResult], markdown: Bool) -> String {
    if !markdown { return terminalTable(results) }
    let header = ["scene", "backend", "views", "p50", "p99", "max", ">8.3ms", ">16.7ms", "build", "bytes/frame", "allocs/frame", "alloc frames", "work/frame", "changed/frame", "ns/changed", "peak RSS (growth)", "× fastest"]
    var rows: [[String]] = []
    var fastest: [String: Double] = [:]
    for r in results where r.notRun == nil && r.hasInteractiveFrames {
        fastest[r.scene] = min(fastest[r.scene] ?? .infinity, r.frameTimes.p50)
    }
    for r in results {
        if let declined = r.notRun ?? (r.hasInteractiveFrames ? nil : "transitions only (see Transitions)") {
            rows.append([r.scene, backendLabel(r), "\(r.views)", declined] + Array(repeating: "", count: header.count - 4))
            continue
        }
        let best = fastest[r.scene] ?? r.frameTimes.p50
        let ratio = best > 0 ? r.frameTimes.p50 / best : 1
        rows.append([
            r.scene, backendLabel(r), "\(r.views)", formatDuration(r.frameTimes.p50) + (r.framesMeasured < r.frames * r.repetitions ? "*" : ""), formatDuration(r.frameTimes.p99),
            formatDuration(r.frameTimes.max), "\(r.misses120)", "\(r.misses60)", formatDuration(r.buildSeconds),
            formatBytesShort(r.bytesPerFrame), r.allocationsPerFrame.map { formatCount($0) } ?? "–", r.allocatingFrames.map { "\($0)/\(r.framesMeasured)" } ?? "–",
            r.outOfProcess ? "–" : fixed(r.pivotsPerFrame, 1) + " " + r.workUnit,
            r.changedRectsPerFrame.map(formatCount) ?? "–", r.nanosecondsPerChangedRect.map { fixed($0, 1) } ?? "–",
            residentMemoryCell(r), fixed(ratio, 1) + "×",
        ])
    }
    var s = "| " + header.joined(separator: " | ") + " |\n"
    s += "|" + header.map { _ in " --- " }.joined(separator: "|") + "|\n"
    for row in rows {
        s += "| " + row.map { $0.replacingPipes() }.joined(separator: " | ") + " |\n"
    }
    return s
}

/// `3.1 GiB (+1.2 GiB)`: the back end's own peak, and how much it grew over what was resident before it.
func residentMemoryCell(_ r: BenchResult) -> String {
    guard let peak = r.backendPeakResidentBytes else { return "–" }
    let growth = r.residentBeforeBytes.map { " (+" + formatBytes(max(0, peak - $0)) + ")" } ?? ""
    return formatBytes(peak) + growth
}

extension String {
    func replacingPipes() -> String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}

/// The Markdown report: context, the table, the scaling exponents.
public func markdownReport(_ results: [BenchResult], context: RunContext) -> String {
    var s = "# LayoutBench results\n\n"
    s += "- command: `\(context.command)`\n- git commit: `\(context.gitCommit)`\n- created: \(context.created)\n"
    s += "- machine: \(context.machine), \(context.cores) cores, \(formatBytes(context.memoryBytes))\n"
    s += "- toolchain: \(context.toolchain)\n- allocator: \(context.allocator)\n\n"
    s += "Per-frame figures time one interactive frame's ops, the solve and reading back the changed rectangles. "
    s += "Budgets: 8.33 ms (120 Hz) and 16.67 ms (60 Hz). Build = load and initial solve (median of repetitions).\n\n"
    s += resultTable(results, markdown: true)
    let transitions = transitionTable(results, markdown: true)
    if !transitions.isEmpty { s += "\n## Transitions\n\n" + transitions }
    if let note = outOfProcessNote(results) { s += "\n" + note + "\n" }
    let fits = scalingFits(results)
    if !fits.isEmpty {
        s += "\n## Scaling\n\nGrowth exponents: the least-squares slope of log(time) against log(views) (1 = linear).\n\n"
        s += "| family | backend | sizes | per-frame p50 exponent | build exponent |\n| --- | --- | --- | --- | --- |\n"
        for fit in fits {
            s += "| \(fit.family) | \(fit.backend) | \(fit.points) | \(fit.frameExponent.map { fixed($0, 2) } ?? "–") | \(fit.buildExponent.map { fixed($0, 2) } ?? "–") |\n"
        }
    }
    let stopped = results.filter { $0.notRun == nil && $0.framesMeasured < $0.frames * $0.repetitions }
    if !stopped.isEmpty {
        s += "\n\\* stopped by the time limit after: "
        s += stopped.map { "\($0.backend) on \($0.scene) \($0.framesMeasured) of \($0.frames * $0.repetitions) frames" }.joined(separator: "; ")
        s += ".\n"
    }
    let declined = results.filter { $0.notRun != nil }
    if !declined.isEmpty {
        s += "\n## Not run\n\n"
        for r in declined { s += "- \(r.backend) on \(r.scene): \(r.notRun!)\n" }
    }
    return s
}

/// An average count with just enough digits: 0, 0.15, 13.4, 4655.
func formatCount(_ v: Double) -> String {
    if v == 0 { return "0" }
    return v < 100 ? fixed(v, v < 10 ? 2 : 1) : "\(Int(v.rounded()))"
}
