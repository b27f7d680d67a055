import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel
import SceneGenerator

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The CI gate: deterministic per-frame figures and same-run ratios against a committed baseline.",
        discussion: """
            Runs what the baseline's settings name, each as a separate run of this executable with \
            deterministic hashing: `compare` on the example scenes and on every family at 10 and 100 views \
            (when built-in back ends are guarded); pivots, rows touched, bytes and allocations per frame from \
            `bench`; instructions per frame under callgrind, counted only inside SceneSession.runFrame (where \
            valgrind is installed; elsewhere those figures are listed as not measured); median frame times of \
            exec: drivers; and ratios of median frame times timed in one run. Each figure is compared with the \
            baseline's value and threshold.

            Exit status: 0 passed; 1 a regression (a figure over its threshold, a ratio under its minimum); \
            2 a figure improved beyond its threshold (record it deliberately with --update); 3 a figure of the \
            baseline was not measured, or a new one was; 4 a back end crashed, declined or disagreed; 5 the \
            gate could not run (baseline unreadable or recorded with other settings).

            Examples:
              layoutbench check                                   # against Benchmarks/baseline.json
              layoutbench check --baseline base-baseline.json --markdown summary.md
              layoutbench check --update                          # re-record deliberately, then commit it
              layoutbench check --update --baseline driver.json --backend exec:./my-driver --family stack,tree --views 200
            """
    )

    @Option(help: "The baseline file.")
    var baseline = "Benchmarks/baseline.json"

    @Flag(help: "Rewrite the baseline from this run (thresholds and minimums kept); refused when a back end failed.")
    var update = false

    @Option(help: "Write a Markdown summary table (for a pull request or a job summary) to this file.")
    var markdown: String?

    @Option(parsing: .unconditional, help: "Make every measured figure this many percent worse before comparing (a dry run of a failure).",
            transform: finiteNumber("--simulate-regression"))
    var simulateRegression: Double = 0

    @Option(parsing: .unconditional, help: "Parallel callgrind runs.", transform: wholeNumber("--jobs", atLeast: 1, atMost: 4096))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Keep the work folder (bench JSON, callgrind files).")
    var keep = false

    @Option(help: "With --update: a new plan for these back ends (built-in or exec:COMMAND), comma-separated.", transform: backendList)
    var backend: [BackendChoice]?

    @Option(help: "With --backend: families, comma-separated.", transform: familyList)
    var family: [Family]?

    @Option(parsing: .unconditional, help: "With --backend: views per generated scene (default 200).",
            transform: wholeNumber("--views", atLeast: 1))
    var views: Int?

    @Option(parsing: .unconditional, help: "With --backend: frames per bench run (default 120).",
            transform: wholeNumber("--frames", atLeast: 1))
    var frames: Int?

    func validate() throws {
        if backend != nil, !update { throw ValidationError("--backend records a new plan: give --update too (a check runs the baseline's plan)") }
        // These shape a new plan only; without --backend the baseline's plan runs and they would be ignored.
        for (option, given) in [("--family", family != nil), ("--views", views != nil), ("--frames", frames != nil)] where given && backend == nil {
            throw ValidationError("\(option) applies to a new plan: give --update --backend too (a check runs the baseline's plan)")
        }
        // --update records the figures and compares nothing.
        if update, simulateRegression != 0 { throw ValidationError("--simulate-regression and --update cannot be combined (an update compares nothing)") }
        if update, markdown != nil { throw ValidationError("--markdown and --update cannot be combined (an update compares nothing)") }
        // Where the run writes, before the minutes of measuring (a late failure would read as a regression).
        if let markdown { try checkWritable(file: markdown, option: "--markdown") }
        if update { try checkWritable(file: baseline, option: "--baseline") }
    }

    func run() throws {
        let existing: GateBaseline?
        do {
            existing = FileManager.default.fileExists(atPath: baseline) ? try GateBaseline.load(baseline) : nil
        } catch let error as GateError {
            // The baseline reader does not say where its JSON breaks: the project's reader does.
            if let bytes = FileManager.default.contents(atPath: baseline) {
                do { _ = try JSONReader.parse(Array(bytes)) } catch {
                    printError("check: \(baseline): \(error)")
                    throw ExitCode(GateExit.cannotRun.rawValue)
                }
            }
            printError("check: \(error)")
            throw ExitCode(GateExit.cannotRun.rawValue)
        }
        guard var recorded = existing ?? (update ? GateBaseline() : nil) else {
            printError("check: no baseline at \(baseline) (record one with --update)")
            throw ExitCode(GateExit.cannotRun.rawValue)
        }
        if let backend { recorded.plan = newPlan(backend) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { if keep { printError("work folder: \(work)") } else { try? FileManager.default.removeItem(atPath: work) } }
        let start = ContinuousClock.now
        let measured = CheckRuns(plan: recorded.plan, workFolder: work, jobs: jobs).measure { print($0) }
        print("measured in \(seconds(since: start))\n")
        if update { return try record(measured, into: recorded) }
        if simulateRegression != 0 { print("DRY RUN: every measured figure made \(simulateRegression)% worse (--simulate-regression)\n") }
        let outcome = GateOutcome.compare(measured, baseline: recorded, simulatePercent: simulateRegression)
        print(outcome.table)
        print()
        for line in outcome.findings { print(line) }
        print(outcome.summary)
        if let markdown { try writeFile(outcome.markdown(commit: gitCommit()), to: markdown) }
        if outcome.exit != .passed { throw ExitCode(outcome.exit.rawValue) }
    }

    func newPlan(_ backends: [BackendChoice]) -> GatePlan {
        var plan = GatePlan()
        plan.views = views ?? 200
        plan.benchFrames = frames ?? 120
        let families = (family ?? [.stack]).map(\.rawValue)
        for b in backends {
            if b.isExternal {
                plan.timeRuns.append("\(b.argument) \(families.joined(separator: ","))")
            } else {
                plan.countRuns.append("\(b.argument) \(families.joined(separator: ","))")
                plan.callgrindRuns += families.map { "\(b.argument) \($0) \(plan.callgrindFrames)" }
            }
        }
        return plan
    }

    func record(_ measured: GateMeasurement, into old: GateBaseline) throws {
        if !measured.backendFailures.isEmpty {
            for failure in measured.backendFailures { print("FAILED \(failure)") }
            printError("check: not updating \(baseline): a back end failed")
            throw ExitCode(GateExit.backendFailed.rawValue)
        }
        var new = old
        new.figures = [:]
        for (name, value) in measured.figures {
            let threshold = old.figures[name]?.thresholdPercent ?? GateFigure.defaultThreshold(for: name)
            new.figures[name] = GateFigure(value: (value * 1e6).rounded() / 1e6, thresholdPercent: threshold)
        }
        // Figures this machine cannot measure keep their recorded values.
        for name in measured.unmeasurable.keys { new.figures[name] = old.figures[name] }
        new.ratios = [:]
        for ratio in measured.ratios {
            new.ratios[ratio.name] = (old.ratios[ratio.name]?.min ?? 1, (ratio.speedup * 100).rounded() / 100)
        }
        try writeFile(new.json, to: baseline)
        print("wrote \(baseline): \(new.figures.count) figures, \(new.ratios.count) ratios (git diff it, then commit it saying why)")
    }

    func gitCommit() -> String? {
        let (status, output) = execute("/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"])
        return status == 0 ? output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}
