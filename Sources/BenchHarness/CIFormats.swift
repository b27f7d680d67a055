import LayoutModel

/// Bench results in the formats CI services ingest. Results that did not run are left
/// out (their reason is in the table and results.json).
public enum CIFormats {
    /// github-action-benchmark's `customSmallerIsBetter` input: a JSON array of
    /// `{"name", "unit", "value", "extra"}`, one entry per figure: the median and the
    /// 99th-percentile frame in nanoseconds, and allocations per frame where counted.
    public static func githubBenchmark(_ results: [BenchResult]) -> String {
        var entries: [String] = []
        for r in results where r.notRun == nil {
            let key = "\(r.backend) \(r.scene)"
            let extra = jsonQuoted("\(r.framesMeasured) frames measured, \(r.views) views, \(r.constraints) constraints")
            entries.append(entry("\(key) frame p50", "ns", nanoseconds(r.frameTimes.p50), extra))
            entries.append(entry("\(key) frame p99", "ns", nanoseconds(r.frameTimes.p99), extra))
            if let allocations = r.allocationsPerFrame {
                entries.append(entry("\(key) allocations/frame", "allocations", allocations, extra))
            }
        }
        return entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    static func entry(_ name: String, _ unit: String, _ value: Double, _ extra: String) -> String {
        "  {\"name\": \(jsonQuoted(name)), \"unit\": \(jsonQuoted(unit)), \"value\": \(formatNumber(value)), \"extra\": \(extra)}"
    }

    /// Bencher Metric Format: `{benchmark: {measure: {value, lower_value?, upper_value?}}}`.
    /// One benchmark per back end and scene; `latency` (Bencher's built-in measure, in
    /// nanoseconds) is the median frame, bounded by the 50th and 99th percentiles;
    /// `allocations-per-frame` and the back end's work unit per frame where counted.
    public static func bencher(_ results: [BenchResult]) -> String {
        var benchmarks: [String] = []
        for r in results where r.notRun == nil {
            let p50 = nanoseconds(r.frameTimes.p50)
            var measures = [
                "\"latency\": {\"value\": \(formatNumber(p50)), \"lower_value\": \(formatNumber(p50)), \"upper_value\": \(formatNumber(nanoseconds(r.frameTimes.p99)))}"
            ]
            if let allocations = r.allocationsPerFrame {
                measures.append("\"allocations-per-frame\": {\"value\": \(formatNumber(allocations))}")
            }
            if !r.outOfProcess {
                measures.append("\(jsonQuoted("\(r.workUnit)-per-frame")): {\"value\": \(formatNumber(r.pivotsPerFrame))}")
            }
            benchmarks.append("  \(jsonQuoted("\(r.backend) \(r.scene)")): {\n    " + measures.joined(separator: ",\n    ") + "\n  }")
        }
        return benchmarks.isEmpty ? "{}\n" : "{\n" + benchmarks.joined(separator: ",\n") + "\n}\n"
    }

    /// Whole nanoseconds and one decimal: JSON numbers a dashboard reads as they are.
    static func nanoseconds(_ seconds: Double) -> Double { (seconds * 1e10).rounded() / 10 }
}
