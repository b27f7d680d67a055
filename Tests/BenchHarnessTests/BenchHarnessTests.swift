import DenseSimplex
import LayoutModel
import SceneGenerator
import Testing

@testable import BenchHarness

@Suite("Harness")
struct BenchHarnessTests {
    @Test("percentiles are nearest-rank order statistics")
    func percentiles() {
        let samples = (1...100).map { Double($0) }.shuffled()
        let t = FrameTimes(samples: samples)
        #expect(t.p50 == 50 && t.p90 == 90 && t.p99 == 99 && t.max == 100 && t.mean == 50.5 && t.count == 100)
        let few = FrameTimes(samples: [3, 1, 2])
        #expect(few.p50 == 2 && few.p90 == 3 && few.p99 == 3)
        #expect(FrameTimes(samples: []).count == 0)
    }

    @Test("budget misses count frames strictly over 8.33 ms and 16.67 ms")
    func budgets() {
        let samples = [0.001, 0.008, 0.009, 0.016, 0.017, 0.1]
        #expect(Budget.misses(samples, budget: Budget.hz120) == 4)
        #expect(Budget.misses(samples, budget: Budget.hz60) == 2)
    }

    @Test("the log-log slope recovers exact power laws")
    func slope() throws {
        let quadratic = [10.0, 100, 1000, 10000].map { (x: $0, y: 3 * $0 * $0) }
        #expect(abs(try #require(logLogSlope(quadratic)) - 2) < 1e-12)
        let linear = [5.0, 50, 500].map { (x: $0, y: 0.25 * $0) }
        #expect(abs(try #require(logLogSlope(linear)) - 1) < 1e-12)
        #expect(logLogSlope([(1, 1)]) == nil)
    }

    @Test("a run measures every frame; a declined back end is a record, not a failure; the JSON has the documented shape")
    func runAndJSON() throws {
        let scene = try SceneGenerator.generate(.stack, GeneratorParameters(views: 50, frames: 12)).compile()
        let bench = BenchScene(name: "stack-50", family: "stack", scene: scene)
        var settings = BenchSettings()
        settings.repetitions = 2
        settings.warmupFrames = 3
        let ok = Harness.run(bench, backend: BackendRegistry.named("cassowary")!, settings: settings)
        #expect(ok.declined == nil && ok.frameTimes.count == 24 && ok.series.count == 12 && ok.views == 50)
        #expect(ok.framesMeasured == 24)
        settings.options.memoryLimitBytes = 1024
        let declined = Harness.run(bench, backend: DenseSimplexBackend.self, settings: settings)
        #expect(declined.declined?.contains("over the limit") == true)

        let context = RunContext(command: "layoutbench bench", gitCommit: "abc", toolchain: "swift", machine: "m", cores: 2, memoryBytes: 1 << 30, created: "now", allocator: "jemalloc")
        let json = try JSONReader.parse(ResultsJSON.encode([ok, declined], context: context, settings: settings))
        #expect(json["schema_version"] == .number(2))
        #expect(json["git_commit"] == .string("abc") && json["command"] == .string("layoutbench bench"))
        guard case let .array(records)? = json["results"], records.count == 2 else {
            Issue.record("results missing")
            return
        }
        for key in ["backend", "scene", "views", "constraints", "frames", "build_seconds", "frame_seconds", "budget_misses", "pivots_per_frame"] {
            #expect(records[0][key] != nil, "missing \(key)")
        }
        for key in ["p50", "p90", "p99", "max", "mean"] { #expect(records[0]["frame_seconds"]?[key] != nil) }
        #expect(records[0]["budget_misses"]?["120hz"] != nil && records[0]["budget_misses"]?["60hz"] != nil)
        #expect(records[1]["declined"] != nil && records[1]["frame_seconds"] == nil)
        let table = resultTable([ok, declined], markdown: true)
        #expect(table.contains("stack-50") && table.contains("declined"))
    }

    @Test("a time limit stops a slow back end after the frame that crossed it, and the report says so")
    func timeLimit() throws {
        let scene = try SceneGenerator.generate(.grid, GeneratorParameters(views: 60, frames: 20)).compile()
        var settings = BenchSettings()
        settings.repetitions = 3
        settings.timeLimitSeconds = 0
        let stopped = Harness.run(BenchScene(name: "grid-60", family: "grid", scene: scene), backend: DenseSimplexBackend.self, settings: settings)
        #expect(stopped.declined == nil && stopped.framesMeasured == 1 && stopped.frameTimes.count == 1)
        let context = RunContext(command: "c", gitCommit: "g", toolchain: "t", machine: "m", cores: 1, memoryBytes: 1, created: "now", allocator: "a")
        #expect(markdownReport([stopped], context: context).contains("dense on grid-60 1 of 60 frames"))
        let json = try JSONReader.parse(ResultsJSON.encode([stopped], context: context, settings: settings))
        guard case let .array(records)? = json["results"] else {
            Issue.record("results missing")
            return
        }
        #expect(records[0]["frames_measured"] == .number(1) && records[0]["frames"] == .number(20))
        #expect(records[0]["work_unit"] == .string("pivots") && records[0]["allocations_per_frame"] == .null)
    }

    @Test("scaling fits need two sizes")
    func scaling() {
        var a = BenchResult(backend: "x", scene: "s-10", family: "s", views: 10, constraints: 1, frames: 1, repetitions: 1)
        a.frameTimes.p50 = 1
        a.buildSeconds = 1
        var b = a
        b.views = 100
        b.frameTimes.p50 = 10
        b.buildSeconds = 100
        let fits = scalingFits([a, b])
        #expect(fits.count == 1 && abs(fits[0].frameExponent! - 1) < 1e-12 && abs(fits[0].buildExponent! - 2) < 1e-12)
    }
}
