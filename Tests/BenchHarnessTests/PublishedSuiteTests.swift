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

    @Test("every workload with a scaling claim has at least four sizes")
    func sizes() {
        for w in PublishedWorkload.allCases where w != .enamlWindow {
            #expect(PublishedSuite.sizes(w).count >= 4, "\(w.rawValue)")
        }
        #expect(PublishedSuite.sizes(.feedCell).contains(100) && PublishedSuite.sizes(.feedCell).contains(10_000))
    }
}
