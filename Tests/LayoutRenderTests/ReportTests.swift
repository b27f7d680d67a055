@testable import BenchHarness
import LayoutModel
@testable import LayoutRender
import Testing

func result(_ backend: String, _ family: String, _ views: Int, p50: Double, p99: Double, declined: String? = nil) -> BenchResult {
    var r = BenchResult(backend: backend, scene: "\(family)-\(views)", family: family, views: views, constraints: 4 * views, frames: 120, repetitions: 1)
    r.declined = declined
    guard declined == nil else { return r }
    r.framesMeasured = 120
    r.frameTimes.p50 = p50
    r.frameTimes.p90 = p99
    r.frameTimes.p99 = p99
    r.frameTimes.max = p99 * 1.5
    r.buildSeconds = 0.05
    r.bytesPerFrame = 0
    r.allocationsPerFrame = 0
    r.pivotsPerFrame = 12345.5
    r.series = (0..<120).map { _ in p50 }
    return r
}

let sample: [BenchResult] = [
    result("cassowary", "stack", 1_000, p50: 20e-6, p99: 31e-6),
    result("dense", "stack", 1_000, p50: 0.29690, p99: 0.41771),
    result("frames", "stack", 1_000, p50: 17e-6, p99: 27e-6),
    result("cassowary", "stack", 100_000, p50: 2.1e-3, p99: 9.2e-3),
    result("frames", "stack", 100_000, p50: 1.6e-3, p99: 2.1e-3),
    result("cassowary", "clamp", 100_000, p50: 0.6e-6, p99: 30e-6),
    result("frames", "clamp", 100_000, p50: 0, p99: 0, declined: String(repeating: "frame arithmetic handles equalities only ", count: 6)),
]

@Test func terminalTableFitsInOneHundredTwentyColumnsWithLegendAndVerdicts() {
    let table = terminalTable(sample)
    for line in table.split(separator: "\n") { #expect(line.count <= 120, "too wide: \(line)") }
    #expect(table.contains("clamp-100000  frames     100000 declined [1]"))
    #expect(table.contains("[1] frames on clamp-100000: frame arithmetic handles"))
    let text = table.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // the legend wraps
    #expect(text.contains(">8.3ms / >16.7ms = frames over the 120 Hz / 60 Hz budget, out of 120 timed frames per scene"))
    #expect(text.contains("work/frame: cassowary = simplex pivots, dense = pivots of its from-scratch re-solve, frames = equations evaluated"))
    let verdicts = familyVerdicts(sample)
    #expect(verdicts.map(\.family) == ["stack", "clamp"])
    #expect(verdicts[0].verdict == "interactive: fastest exact: frames (p50 1.60 ms at 100,000 views); largest size within 120 Hz at p99: cassowary 1,000, dense none (p99 over 8.33 ms from 1,000), frames 100,000 (its largest run)")
    #expect(verdicts[1].verdict == "interactive: fastest exact: cassowary (p50 0.6 µs at 100,000 views); largest size within 120 Hz at p99: cassowary 100,000 (its largest run); declined by frames")
}

@Test func htmlReportIsSelfContainedWithPlotsBudgetsAndSortableTable() {
    let context = RunContext(command: "layoutbench bench", gitCommit: "abc", toolchain: "Swift", machine: "m", cores: 2, memoryBytes: 1 << 30, created: "now", allocator: "jemalloc")
    let page = htmlReport(sample, context: context, settings: BenchSettings())
    for forbidden in ["http", "src=", "@import", "url(", "<link"] { #expect(!page.contains(forbidden), "contains \(forbidden)") }
    #expect(page.contains("<table id=\"results\">"))
    #expect(page.contains("<td class=\"num\" data-v=\"2e-05\">20.0 µs</td>"))
    #expect(page.contains("stack: time per frame against size"))
    #expect(page.contains("120 Hz budget (8.33 ms)") && page.contains("60 Hz budget (16.67 ms)"))
    #expect(page.contains("<b>stack</b>: interactive: fastest exact: frames"))
    #expect(page.contains(">1 ms</text>"))  // axes in µs/ms, not seconds
}

@Test func resultsFileReadsBackAsWritten() throws {
    let context = RunContext(command: "c", gitCommit: "g", toolchain: "t", machine: "m", cores: 2, memoryBytes: 8, created: "now", allocator: "a")
    let json = ResultsJSON.encode(sample, context: context, settings: BenchSettings())
    let run = try ResultsReader.read(Array(json.utf8), source: "results.json")
    #expect(run.results.count == sample.count)
    #expect(run.results[3].frameTimes.p99 == 9.2e-3)
    #expect(run.results[6].declined == sample[6].declined)
    #expect(run.results[0].series.count == 120)
    #expect(terminalTable(run.results) == terminalTable(sample))
    #expect(throws: LayoutError.self) { try ResultsReader.read(Array("{\"schema_version\": 7}".utf8), source: "x.json") }
}

@Test func plotTicksAreDecadesOnLogAxes() {
    var plot = LinePlot(title: "t", xLabel: "views", yLabel: "time")
    plot.logX = true
    plot.yFormat = { "\($0)" }
    plot.series = [PlotSeries(name: "a", points: [(100, 2e-6), (10_000, 3e-3)], colour: 0)]
    plot.referenceLines = [("120 Hz budget (8.33 ms)", 1.0 / 120)]
    let svg = plot.svg()
    #expect(svg.contains(">120 Hz budget (8.33 ms)</text>"))
    #expect(svg.contains("<polyline"))
    #expect(LinePlot.ticks(1e-6, 1e-2, log: true).count == 5)
    #expect(LinePlot.ticks(0, 120, log: false) == [0, 20, 40, 60, 80, 100, 120])
}

@Test func viewsThatMoveAlikeAreStoredAsOneRun() {
    var stream = DeltaStream(rects: [0, 0, 10, 10, 0, 10, 10, 10, 0, 20, 10, 10, 0, 30, 10, 10])
    stream.append(rects: [0, 0, 10, 10, 0, 15, 10, 10, 0, 25, 10, 10, 5, 35, 10, 10], candidates: nil)
    // View 0 still; views 1 and 2 down 5 pt (one run); view 3 right and down 5 pt.
    #expect(stream.frames.string == "\n[2,-2,2,500,1,3,500,500]")
}
