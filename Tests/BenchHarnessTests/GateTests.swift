import BenchHarness
import Foundation
import Testing

/// `layoutbench check`'s comparison, on synthetic figure sets (no valgrind needed).
@Suite("check: figures against the baseline")
struct GateTests {
    static func baseline() -> GateBaseline {
        var b = GateBaseline()
        b.figures = [
            "cassowary stack-200 instructions/frame": GateFigure(value: 42_485.95, thresholdPercent: 3),
            "cassowary stack-200 allocations/frame": GateFigure(value: 0, thresholdPercent: 2),
            "cassowary churn-200 pivots/frame": GateFigure(value: 1, thresholdPercent: 1),
        ]
        b.ratios = ["cassowary stack-200 p50 speed-up over dense": (min: 100, lastMeasured: 728.44)]
        return b
    }

    static func run(_ changes: [String: Double] = [:]) -> GateMeasurement {
        var m = GateMeasurement()
        for (name, figure) in baseline().figures { m.figures[name] = changes[name] ?? figure.value }
        m.ratios = [GateRatio(name: "cassowary stack-200 p50 speed-up over dense", mine: 6e-6, other: 5e-3)]
        return m
    }

    @Test("the same figures pass")
    func unchanged() {
        let outcome = GateOutcome.compare(Self.run(), baseline: Self.baseline())
        #expect(outcome.exit == .passed)
        #expect(outcome.findings.isEmpty)
        #expect(outcome.rows.allSatisfy { $0.status == .ok })
    }

    @Test("a 3% instruction regression fails with exit 1 and names the figure; 2.9% passes")
    func instructionRegression() {
        let name = "cassowary stack-200 instructions/frame"
        let worse = GateOutcome.compare(Self.run([name: 42_485.95 * 1.031]), baseline: Self.baseline())
        #expect(worse.exit == .regression)
        #expect(worse.exit.rawValue == 1)
        #expect(worse.findings == ["REGRESSION cassowary stack-200 instructions/frame moved from 42485.95 to 43803.01445 (+3.1%, threshold +3%)"])
        let within = GateOutcome.compare(Self.run([name: 42_485.95 * 1.029]), baseline: Self.baseline())
        #expect(within.exit == .passed)
        // The dry run: every figure 5% worse.
        let simulated = GateOutcome.compare(Self.run(), baseline: Self.baseline(), simulatePercent: 5)
        #expect(simulated.exit == .regression)
        #expect(simulated.rows.first { $0.figure == name }?.status == .regression)
        // The ratio divides by the same 5%: 833x stays above 100x.
        #expect(simulated.rows.first { $0.figure.contains("speed-up") }?.status == .ok)
    }

    @Test("one new allocation in a frame where there were none fails")
    func newAllocation() {
        // One allocation in 120 frames.
        let outcome = GateOutcome.compare(Self.run(["cassowary stack-200 allocations/frame": 1.0 / 120]), baseline: Self.baseline())
        #expect(outcome.exit == .regression)
        #expect(outcome.findings == ["REGRESSION cassowary stack-200 allocations/frame moved from 0 to 0.008333 (+inf%, threshold +2%)"])
    }

    @Test("an improvement beyond the threshold asks for --update (exit 2); within it passes")
    func improvement() {
        let name = "cassowary stack-200 instructions/frame"
        let better = GateOutcome.compare(Self.run([name: 40_000]), baseline: Self.baseline())
        #expect(better.exit == .improved)
        #expect(better.exit.rawValue == 2)
        #expect(better.findings.first?.hasPrefix("IMPROVED cassowary stack-200 instructions/frame moved from 42485.95 to 40000 (-5.9%)") == true)
        #expect(GateOutcome.compare(Self.run([name: 42_000]), baseline: Self.baseline()).exit == .passed)
    }

    @Test("a figure missing from the run or new to it exits 3; a regression outranks it")
    func missingAndNew() {
        var missing = Self.run()
        missing.figures["cassowary churn-200 pivots/frame"] = nil
        let outcome = GateOutcome.compare(missing, baseline: Self.baseline())
        #expect(outcome.exit == .figuresChanged)
        #expect(outcome.exit.rawValue == 3)
        #expect(outcome.findings == ["MISSING cassowary churn-200 pivots/frame: the baseline has 1 but this run did not measure it"])
        var added = Self.run()
        added.figures["factored stack-200 pivots/frame"] = 2
        #expect(GateOutcome.compare(added, baseline: Self.baseline()).findings.first?.hasPrefix("NEW factored stack-200 pivots/frame = 2") == true)
        missing.figures["cassowary stack-200 instructions/frame"] = 50_000
        #expect(GateOutcome.compare(missing, baseline: Self.baseline()).exit == .regression)
        // Not measurable here (no valgrind) is neither missing nor a failure.
        var noValgrind = Self.run()
        noValgrind.figures["cassowary stack-200 instructions/frame"] = nil
        noValgrind.unmeasurable["cassowary stack-200 instructions/frame"] = "valgrind is not installed"
        #expect(GateOutcome.compare(noValgrind, baseline: Self.baseline()).exit == .passed)
    }

    @Test("a back end that failed outranks everything (exit 4); a ratio under its minimum is a regression")
    func backendFailedAndRatio() {
        var failed = Self.run(["cassowary stack-200 instructions/frame": 50_000])
        failed.backendFailures = ["factored stack-200 declined: too large"]
        let outcome = GateOutcome.compare(failed, baseline: Self.baseline())
        #expect(outcome.exit == .backendFailed)
        #expect(outcome.exit.rawValue == 4)
        #expect(outcome.findings.first == "FAILED factored stack-200 declined: too large")
        var slow = Self.run()
        slow.ratios = [GateRatio(name: "cassowary stack-200 p50 speed-up over dense", mine: 1e-4, other: 5e-3)]
        let ratio = GateOutcome.compare(slow, baseline: Self.baseline())
        #expect(ratio.exit == .regression)
        #expect(ratio.findings.first?.contains("is 50.00x") == true)
    }

    @Test("the baseline file reads back as written, and names the culprit when it is wrong")
    func baselineFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = Self.baseline()
        try original.json.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try GateBaseline.load(path) == original)
        try #"{"settings": {"views": 200, "bench_frames": 120, "callgrind_frames": 60}, "figures": {"a b": {"value": "x", "threshold_pct": 1}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: GateError.self) { try GateBaseline.load(path) }
        do { _ = try GateBaseline.load(path) } catch { #expect("\(error)" == "\(path): figures.\"a b\": needs a number value and a threshold_pct of 0 or more") }
    }

    @Test("the committed baseline reads, with the project's plan and every figure the guard had")
    func committedBaseline() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let baseline = try GateBaseline.load(root.appendingPathComponent("Benchmarks/baseline.json").path)
        #expect(baseline.plan == GatePlan.project)
        #expect(baseline.figures.count == 84)
        #expect(baseline.figures["cassowary stack-200 instructions/frame"]?.thresholdPercent == 3)
        #expect(baseline.ratios.count == 3)
    }

    @Test("the Markdown summary is a table with one row per figure, the findings above it")
    func markdown() {
        let outcome = GateOutcome.compare(Self.run(["cassowary stack-200 instructions/frame": 50_000]), baseline: Self.baseline())
        let text = outcome.markdown(commit: "abc1234")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "## layoutbench check")
        #expect(lines[2] == "**check: FAILED: 1 regression(s)** at `abc1234`")
        #expect(lines.contains("- REGRESSION cassowary stack-200 instructions/frame moved from 42485.95 to 50000 (+17.7%, threshold +3%)"))
        let table = lines.filter { $0.hasPrefix("|") }
        #expect(table[0] == "| figure | baseline | now | change | threshold | status |")
        #expect(table[1] == "| --- | ---: | ---: | ---: | ---: | --- |")
        #expect(table.count == 2 + 4)
        #expect(table.allSatisfy { $0.split(separator: "|", omittingEmptySubsequences: false).count == 8 })
        #expect(table.contains("| cassowary stack-200 instructions/frame | 42485.95 | 50000 | +17.7% | +3% | ❌ REGRESSION |"))
    }
}
