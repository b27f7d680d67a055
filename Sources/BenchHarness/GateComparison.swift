import LayoutModel

/// What one `check` run measured.
public struct GateMeasurement: Sendable {
    public var figures: [String: Double] = [:]
    public var ratios: [GateRatio] = []
    /// Back ends that crashed, declined a guarded scene or disagreed, one line each.
    public var backendFailures: [String] = []
    /// Figures of the baseline this machine cannot measure (instructions without valgrind).
    public var unmeasurable: [String: String] = [:]
    public init() {}
}

/// A ratio measured in one run: `backend`'s median frame against `other`'s.
public struct GateRatio: Sendable {
    public var name: String
    public var mine: Double
    public var other: Double
    public var speedup: Double { other / mine }
    public init(name: String, mine: Double, other: Double) {
        self.name = name
        self.mine = mine
        self.other = other
    }
}

/// How `check` ends; the exit status says which, the worst first.
public enum GateExit: Int32, Sendable {
    case passed = 0
    /// A figure got worse than its threshold allows, or a ratio fell below its minimum.
    case regression = 1
    /// A figure got better by more than its threshold: record it deliberately with `--update`.
    case improved = 2
    /// A figure of the baseline was not measured, or one was measured that the baseline lacks.
    case figuresChanged = 3
    /// A back end crashed, declined a guarded scene or disagreed with the others.
    case backendFailed = 4
    /// The gate itself could not run (baseline unreadable or of other settings, valgrind failed).
    case cannotRun = 5
}

public struct GateOutcome: Sendable {
    public enum Status: String, Sendable { case ok, regression = "REGRESSION", improved = "IMPROVED", missing = "MISSING", new = "NEW", notMeasured = "not measured" }
    public struct Row: Sendable {
        public var figure: String
        public var baseline: String
        public var now: String
        public var change: String
        public var threshold: String
        public var status: Status
    }
    public var rows: [Row] = []
    /// One line per finding, worst first.
    public var findings: [String] = []
    public var exit: GateExit = .passed

    /// Compares a run with the baseline. `simulatePercent` makes every measured figure
    /// that much worse first (a dry run of a failure).
    public static func compare(_ run: GateMeasurement, baseline: GateBaseline, simulatePercent: Double = 0) -> GateOutcome {
        var out = GateOutcome()
        var regressions: [String] = [], improvements: [String] = [], changed: [String] = []
        let scale = 1 + simulatePercent / 100
        for name in Set(run.figures.keys).union(baseline.figures.keys).sorted() {
            let now = run.figures[name].map { ($0 * scale * 1e6).rounded() / 1e6 }
            guard let entry = baseline.figures[name] else {
                changed.append("NEW \(name) = \(gateNumber(now!)) is not in the baseline (record it with --update)")
                out.rows.append(Row(figure: name, baseline: "-", now: gateNumber(now!), change: "", threshold: "", status: .new))
                continue
            }
            let threshold = "+\(formatNumber(entry.thresholdPercent))%"
            guard let now else {
                if let why = run.unmeasurable[name] {
                    out.rows.append(Row(figure: name, baseline: gateNumber(entry.value), now: "n/a", change: "", threshold: threshold, status: .notMeasured))
                    out.findings.append("not measured here: \(name) (\(why))")
                } else {
                    changed.append("MISSING \(name): the baseline has \(gateNumber(entry.value)) but this run did not measure it")
                    out.rows.append(Row(figure: name, baseline: gateNumber(entry.value), now: "n/a", change: "", threshold: threshold, status: .missing))
                }
                continue
            }
            let change = percentChange(entry.value, now)
            var status = Status.ok
            if now > entry.value * (1 + entry.thresholdPercent / 100) + 1e-12 {
                status = .regression
                regressions.append("REGRESSION \(name) moved from \(gateNumber(entry.value)) to \(gateNumber(now)) (\(change), threshold \(threshold))")
            } else if now < entry.value * (1 - entry.thresholdPercent / 100) - 1e-12 {
                status = .improved
                improvements.append("IMPROVED \(name) moved from \(gateNumber(entry.value)) to \(gateNumber(now)) (\(change)): if intended, record it with --update")
            }
            out.rows.append(Row(figure: name, baseline: gateNumber(entry.value), now: gateNumber(now), change: change, threshold: threshold, status: status))
        }
        for ratio in run.ratios {
            let minimum = baseline.ratios[ratio.name]?.min
            let speedup = ratio.speedup / scale
            guard let minimum else {
                changed.append("NEW ratio \(ratio.name) = \(String(format2: speedup))x is not in the baseline (record it with --update)")
                out.rows.append(Row(figure: ratio.name, baseline: "-", now: "\(String(format2: speedup))x", change: "", threshold: "same run", status: .new))
                continue
            }
            let ok = speedup >= minimum
            if !ok {
                regressions.append("REGRESSION \(ratio.name) is \(String(format2: speedup))x (\(formatDuration(ratio.mine * scale)) against \(formatDuration(ratio.other))), must be at least \(formatNumber(minimum))x")
            }
            out.rows.append(Row(figure: ratio.name, baseline: ">= \(formatNumber(minimum))x", now: "\(String(format2: speedup))x", change: "", threshold: "same run", status: ok ? .ok : .regression))
        }
        for name in baseline.ratios.keys.sorted() where !run.ratios.contains(where: { $0.name == name }) {
            changed.append("MISSING ratio \(name): the baseline has it but this run did not measure it")
            out.rows.append(Row(figure: name, baseline: ">= \(formatNumber(baseline.ratios[name]!.min))x", now: "n/a", change: "", threshold: "same run", status: .missing))
        }
        out.findings = run.backendFailures.map { "FAILED \($0)" } + regressions + changed + improvements + out.findings
        out.exit = !run.backendFailures.isEmpty ? .backendFailed : !regressions.isEmpty ? .regression
            : !changed.isEmpty ? .figuresChanged : !improvements.isEmpty ? .improved : .passed
        return out
    }

    /// The verdict in one line.
    public var summary: String {
        switch exit {
        case .passed: "check: passed (\(rows.count) figures and ratios)"
        case .regression: "check: FAILED: \(rows.filter { $0.status == .regression }.count) regression(s)"
        case .improved: "check: figures improved beyond their thresholds: record them deliberately with --update"
        case .figuresChanged: "check: the figures measured differ from the baseline's (missing or new): --update records the new set"
        case .backendFailed: "check: FAILED: a back end failed"
        case .cannotRun: "check: could not run"
        }
    }

    /// The table for a terminal: figure, baseline, now, change, threshold, status.
    public var table: String {
        let header = ["figure", "baseline", "now", "change", "threshold", "status"]
        let cells = [header] + rows.map { [$0.figure, $0.baseline, $0.now, $0.change, $0.threshold, $0.status.rawValue] }
        let widths = header.indices.map { i in cells.map { $0[i].count }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
    }

    /// A summary for a pull request or a job summary: the verdict, what is not ok, then every row.
    public func markdown(commit: String?) -> String {
        let icon: [Status: String] = [.ok: "✅", .regression: "❌", .improved: "🟢", .missing: "⚠️", .new: "🆕", .notMeasured: "➖"]
        var lines = ["## layoutbench check", "", "**\(summary)**" + (commit.map { " at `\($0)`" } ?? ""), ""]
        if !findings.isEmpty {
            lines += findings.map { "- \($0.replacingOccurrences(of: "|", with: "\\|"))" } + [""]
        }
        lines += ["| figure | baseline | now | change | threshold | status |", "| --- | ---: | ---: | ---: | ---: | --- |"]
        for r in rows {
            let cells = [r.figure, r.baseline, r.now, r.change, r.threshold, "\(icon[r.status]!) \(r.status.rawValue)"]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

func percentChange(_ old: Double, _ new: Double) -> String {
    if old == 0 { return new > 0 ? "+inf%" : "+0.0%" }
    let p = 100 * (new - old) / old
    let rounded = (p * 10).rounded() / 10
    return (rounded >= 0 ? "+" : "") + (rounded == rounded.rounded() ? "\(Int(rounded)).0" : "\(rounded)") + "%"
}

extension String {
    /// Two decimals.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = abs(hundredths % 100)
        self = (value < 0 && hundredths > -100 ? "-" : "") + "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
