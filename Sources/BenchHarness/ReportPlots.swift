import LayoutModel
import LayoutRender

/// One plot of a bench report: the family (or scene) it belongs to, the file name it takes
/// when written on its own (`scaling-GROUP.svg`, `ops-GROUP.svg`, `series-SCENE.svg`), and the plot.
public struct ReportPlot {
    public var group: String
    public var fileName: String
    public var plot: LinePlot
}

/// The plots of a bench report, in the order the HTML page shows them: per family (or scene),
/// time per frame against size when it ran at two sizes or more (against ops per frame instead
/// when one back end ran one size with several, as `bench --change-constants` does), then each
/// frame's time at the largest size that most back ends ran. The HTML report and `report --plots`
/// both draw these.
public func reportPlots(_ results: [BenchResult]) -> [ReportPlot] {
    let ran = results.filter { $0.declined == nil && $0.framesMeasured > 0 }
    var backends: [String] = []
    for r in results where !backends.contains(r.backend) { backends.append(r.backend) }
    func colour(_ b: String) -> Int { backends.firstIndex(of: b) ?? 0 }
    var groups: [String] = []
    for r in ran where !groups.contains(r.family ?? r.scene) { groups.append(r.family ?? r.scene) }
    var plots: [ReportPlot] = []
    for group in groups {
        let rows = ran.filter { ($0.family ?? $0.scene) == group }
        if let ops = opsPlot(group, rows, backends: backends, colour: colour) {
            plots.append(ReportPlot(group: group, fileName: "ops-\(fileSafe(group)).svg", plot: ops))
        } else if let scaling = scalingPlot(group, rows, backends: backends, colour: colour) {
            plots.append(ReportPlot(group: group, fileName: "scaling-\(fileSafe(group)).svg", plot: scaling))
        }
        if let (scene, series) = seriesPlot(group, rows, colour: colour) {
            plots.append(ReportPlot(group: group, fileName: "series-\(fileSafe(scene)).svg", plot: series))
        }
    }
    return plots
}

private func scalingPlot(_ group: String, _ rows: [BenchResult], backends: [String], colour: (String) -> Int) -> LinePlot? {
    guard Set(rows.map(\.views)).count >= 2 else { return nil }
    var plot = LinePlot(title: "\(group): time per frame against size", xLabel: "views", yLabel: "time per frame")
    plot.logX = true
    plot.xFormat = { grouped(Int($0.rounded())) }
    plot.yFormat = durationTick
    plot.referenceLines = budgetLines()
    for b in backends {
        let mine = rows.filter { $0.backend == b }.sorted { $0.views < $1.views }
        guard !mine.isEmpty else { continue }
        plot.series.append(PlotSeries(name: "\(b) p50", points: mine.map { (Double($0.views), $0.frameTimes.p50) }, colour: colour(b)))
        plot.series.append(PlotSeries(name: "\(b) p99", points: mine.map { (Double($0.views), $0.frameTimes.p99) }, colour: colour(b), dashed: true))
    }
    return plot
}

/// Time per frame against ops per frame, one line per back end (p50 solid, p99 dashed; at
/// several sizes p50 only, one line per size), when some back end ran one size with several
/// ops per frame.
private func opsPlot(_ group: String, _ rows: [BenchResult], backends: [String], colour: (String) -> Int) -> LinePlot? {
    var opsBySize: [String: Set<Double>] = [:]
    for r in rows { if let ops = r.opsPerFrame { opsBySize["\(r.backend) \(r.views)", default: []].insert(ops) } }
    guard opsBySize.values.contains(where: { $0.count >= 2 }) else { return nil }
    var plot = LinePlot(title: "\(group): time per frame against ops per frame", xLabel: "ops per frame", yLabel: "time per frame")
    plot.logX = true
    plot.xFormat = { grouped(Int($0.rounded())) }
    plot.yFormat = durationTick
    plot.referenceLines = budgetLines()
    let sizes = Set(rows.map(\.views)).sorted()
    for b in backends {
        for n in sizes {
            let mine = rows.filter { $0.backend == b && $0.views == n && $0.opsPerFrame != nil }.sorted { $0.opsPerFrame! < $1.opsPerFrame! }
            guard !mine.isEmpty else { continue }
            let p50 = mine.map { ($0.opsPerFrame!, $0.frameTimes.p50) }
            guard sizes.count == 1 else {
                // Several sizes: p50 only, the largest solid and the others dashed.
                plot.series.append(PlotSeries(name: "\(b), \(grouped(n)) views p50", points: p50, colour: colour(b), dashed: n != sizes.last))
                continue
            }
            plot.series.append(PlotSeries(name: "\(b) p50", points: p50, colour: colour(b)))
            plot.series.append(PlotSeries(name: "\(b) p99", points: mine.map { ($0.opsPerFrame!, $0.frameTimes.p99) }, colour: colour(b), dashed: true))
        }
    }
    return plot
}

/// The time series at the largest size that most back ends ran.
private func seriesPlot(_ group: String, _ rows: [BenchResult], colour: (String) -> Int) -> (scene: String, plot: LinePlot)? {
    let withSeries = rows.filter { !$0.series.isEmpty }
    var sizes: [Int: Int] = [:]
    for r in withSeries { sizes[r.views, default: 0] += 1 }
    guard let size = sizes.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key,
          let scene = withSeries.first(where: { $0.views == size })?.scene else { return nil }
    var plot = LinePlot(title: "\(scene): each frame", xLabel: "frame", yLabel: "time per frame")
    plot.xFormat = { formatNumber($0) }
    plot.yFormat = durationTick
    plot.showMarkers = false
    plot.referenceLines = budgetLines()
    for r in withSeries where r.scene == scene {
        plot.series.append(PlotSeries(name: r.backend, points: r.series.enumerated().map { (Double($0.offset + 1), $0.element) }, colour: colour(r.backend)))
    }
    return (scene, plot)
}

/// A name usable as a file name: letters, digits, '-', '_' and '.' kept, anything else '_'.
func fileSafe(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
}
