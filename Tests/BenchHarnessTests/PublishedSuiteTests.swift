import DenseSimplex
import LayoutModel
import SceneGenerator
import Testing

@testable import BenchHarness

@Suite("Published suite")
struct PublishedSuiteTests {
    @Test("nanobench's Markdown rows are read as seconds per op, with their names")
    func nanobenchRows() {
        let text = """
            |               ns/op |                op/s |    err% |     total | benchmark
            |--------------------:|--------------------:|--------:|----------:|:----------
            |          300,721.00 |            3,325.34 |    6.8% |      0.00 | :wavy_dash: `building solver` (Unstable)
            |              556.25 |        1,797,679.36 |    0.2% |      0.00 | `suggest value 400x600`
            """
        let home = KiwiHomeGround.parse(text)
        #expect(home.rows.map(\.name) == ["building solver", "suggest value 400x600"])
        #expect(abs(home.rows[0].seconds - 300.721e-6) < 1e-15 && abs(home.rows[1].seconds - 556.25e-9) < 1e-18)
    }

    @Test("phases: frame 0 apart, the median of the later frames as the re-solve")
    func phases() {
        var r = BenchResult(backend: "x", scene: "s", views: 1, constraints: 1, frames: 4, repetitions: 1)
        r.series = [9, 3, 1, 2]
        let p = PublishedReport.phases(r)
        #expect(p.first == 9 && p.rest == 2)
    }

    @Test("the Cassowary workloads' phase table: build, add edit and initial solve apart, re-solve; a driver's frame 0 whole")
    func editPhases() {
        var ours = BenchResult(backend: "manual", scene: "cassowary-chain-1000", views: 1001, constraints: 4004, frames: 3, repetitions: 1)
        ours.buildSeconds = 0.002
        ours.series = [0.000_5, 0.000_01, 0.000_02]
        ours.firstFramePhases = FirstFramePhases(opsSeconds: 0.000_1, solveSeconds: 0.000_4)
        var peer = BenchResult(backend: "kiwi", scene: "cassowary-chain-1000", views: 1001, constraints: 4004, frames: 3, repetitions: 1)
        peer.outOfProcess = true
        peer.buildSeconds = 0.004
        peer.series = [0.001, 0.000_03, 0.000_04]
        let table = PublishedReport.editPhaseTable([ours, peer])
        #expect(table.contains("| cassowary-chain-1000 | 1001 | 4004 | manual | 2.00 ms | 100.0 µs | 400.0 µs | 500.0 µs | 20.0 µs |"), "\(table)")
        #expect(table.contains("| kiwi † | 4.00 ms | – | – | 1.00 ms | 40.0 µs |"), "\(table)")
        let side = PublishedReport.paperSideBySide([ours], .cassowaryChain)
        #expect(side.contains("| initial solution | 4.50 ms | 12.53 s | 2784× | 400.0 µs |"), "\(side)")
    }

    @Test("ratios: two significant figures below 10, never rounded to 0")
    func ratios() {
        #expect(PublishedReport.ratioText(2784) == "2784×" && PublishedReport.ratioText(7.25) == "7.2×" || PublishedReport.ratioText(7.25) == "7.3×")
        #expect(PublishedReport.ratioText(0.52) == "0.52×" && PublishedReport.ratioText(0.031) == "0.031×")
        #expect(PublishedReport.ratioText(0.000_18) == "0.00018×" && PublishedReport.ratioText(0) == "–")
    }

    @Test("the suite's equivalence check: the exact back ends agree on a workload, and the report says so")
    func equivalence() throws {
        let exact: [any LayoutBackend.Type] = [DenseSimplexBackend.self, BackendRegistry.reference]
        let check = try PublishedEquivalence.check(.hierarchyRemoval, size: 25, frames: 8, exact: exact)
        #expect(check.disagreement == nil && check.backends == ["dense", "cassowary"] && check.frames == 9)
        #expect(PublishedEquivalence.markdown([check]).contains("| hierarchy-removal-25 | 25 | 9 | dense, cassowary | same layouts |"))
    }

    @Test("every workload with a scaling claim has at least four sizes on every back end of the suite, dense and kiwi within their caps")
    func sizes() throws {
        for w in PublishedWorkload.allCases where w != .enamlWindow {
            let views = try PublishedSuite.sizes(w).map { try PublishedSuite.bench(w, size: $0, frames: 2).scene.viewCount }
            for backend in PublishedSuite.backendNames {
                let run = views.filter { PublishedSuite.runs(backend, $0) }
                #expect(run.count >= 4, "\(w.rawValue) on \(backend): \(run)")
            }
        }
        #expect(PublishedSuite.sizes(.feedCell).contains(100) && PublishedSuite.sizes(.feedCell).contains(10_000))
        #expect(PublishedSuite.sizes(.cassowaryChain).contains(1_000) && PublishedSuite.sizes(.cassowaryTree).contains(10))
    }
}
