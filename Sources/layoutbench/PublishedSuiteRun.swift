import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel
import SceneGenerator

// `bench --suite published`: the plan and the files; the workloads, sizes and the report
// live in BenchHarness (PublishedSuite, PublishedReport).

extension Bench {
    func runPublished() throws {
        let chosen = try chosenBackendChoices(backend, backendsAlias)
        let backends: [any LayoutBackend.Type] = try chosen?.map(\.type) ?? PublishedSuite.backendNames.map { name in
            guard let type = BackendRegistry.resolve(name) else { throw ValidationError("unknown back end \(name)") }
            return type
        }
        // By default results/published.md and .json, the plots in results/published/.
        let folder = results == "results/latest" ? "results" : results
        var settings = BenchSettings()
        settings.repetitions = self.repeat
        settings.warmupFrames = warmup
        settings.timeLimitSeconds = timeLimit ?? 5
        settings.options.memoryLimitBytes = memoryLimit << 20
        let counter = JemallocCounter()
        let started = monotonicSeconds()
        let kiwi = KiwiHomeGround.run()
        if !quiet { printError(kiwi.missing.map { "kiwi in process: \($0)" } ?? "kiwi in process: \(kiwi.rows.count) nanobench rows") }
        var all: [BenchResult] = []
        for workload in PublishedWorkload.allCases {
            for size in PublishedSuite.sizes(workload) {
                let bench: BenchScene
                do { bench = try PublishedSuite.bench(workload, size: size, frames: frames == 120 ? 60 : frames) } catch {
                    printError("\(workload.rawValue)-\(size): \(error)")
                    throw ExitCode.failure
                }
                for b in backends where PublishedSuite.runs(b.name, bench.scene.viewCount) {
                    let result = Harness.measure(bench, backend: b, settings: settings, counter: counter)
                    if !quiet {
                        let summary = result.notRun ?? "p50 \(formatDuration(result.frameTimes.p50)), build \(formatDuration(result.buildSeconds))"
                        printError("\(b.name) \(bench.name): \(summary)")
                    }
                    all.append(result)
                }
            }
        }
        let equivalence = try checkEquivalence(backends)
        if !quiet { printError("done in \(formatDuration(monotonicSeconds() - started))") }
        let context = RunContext.ofThisRun(allocator: counter.description)
        let report = PublishedReport.markdown(all, kiwi: kiwi, context: context, equivalence: equivalence)
        print(report, terminator: "")
        do {
            try Platform.makeDirectories(folder + "/published")
            try writeFile(ResultsJSON.encode(all, context: context, settings: settings), to: folder + "/published.json")
            try writeFile(report, to: folder + "/published.md")
            for plot in PublishedReport.plots(all) { try writeFile(plot.svg, to: folder + "/published/" + plot.name) }
            if let json { try writeFile(ResultsJSON.encode(all, context: context, settings: settings), to: json) }
            if let html { try writeFile(htmlReport(all, context: context, settings: settings), to: html) }
        } catch {
            printError("bench: \(error)")
            throw ExitCode.failure
        }
        printError("wrote \(folder)/published.md, \(folder)/published.json and the plots in \(folder)/published/")
    }

    /// `compare` on every workload at its two smallest sizes: the exact back ends of the run
    /// side by side, and the kiwi driver against cassowary.
    func checkEquivalence(_ backends: [any LayoutBackend.Type]) throws -> [PublishedEquivalence] {
        let exact = backends.filter { $0.isExact }
        var out: [PublishedEquivalence] = []
        for workload in PublishedWorkload.allCases {
            for size in PublishedEquivalence.sizes(workload) {
                let check: PublishedEquivalence
                do { check = try PublishedEquivalence.check(workload, size: size, frames: frames == 120 ? 60 : frames, exact: exact) } catch {
                    printError("\(workload.rawValue)-\(size): \(error)")
                    throw ExitCode.failure
                }
                if !quiet { printError("compare \(check.scene): \(check.disagreement ?? "equivalent"); kiwi: \(check.kiwi.prefix(120))") }
                out.append(check)
            }
        }
        return out
    }
}
