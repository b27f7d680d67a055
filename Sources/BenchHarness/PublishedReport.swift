import LayoutRender
import SceneGenerator

/// results/published.md: each published workload with its source, the source's figures,
/// ours on every back end and the kiwi driver, ratios, and growth exponents.
public enum PublishedReport {
    public static func markdown(
        _ results: [BenchResult], kiwi: KiwiHomeGround, context: RunContext, equivalence: [PublishedEquivalence] = []
    ) -> String {
        var s = "# Published workloads, reproduced\n\n"
        s += "- command: `\(context.command)`\n- git commit: `\(context.gitCommit)`\n- created: \(context.created)\n"
        s += "- machine: \(context.machine), \(context.cores) cores\n- toolchain: \(context.toolchain)\n\n"
        s += "Phases as the harness times them: **build** = load and initial solve of the scene's constraints; "
        s += "**frame 0** = the first frame; for the Cassowary workloads, whose frame 0 adds the strong edit, its two "
        s += "halves timed apart: **add edit** = applying the `addEdit` op, **initial solve** = the solve after it "
        s += "and reading back; **re-solve** = the median of the later frames (ops, solve, reading back the changed "
        s += "rectangles). The sources' milliseconds are from their machines and years and are not converted: "
        s += "compare ratios and exponents. † = out of process.\n"
        var seen = Set<String>()
        for w in PublishedWorkload.allCases where !seen.contains(w.rawValue) {
            seen.insert(w.rawValue)
            let rows = results.filter { $0.family == w.rawValue }
            guard !rows.isEmpty else { continue }
            let source = PublishedSource.of(w)
            s += "\n## \(source.title)\n\nSource: \(source.source).\n\n\(source.figures)\n\n"
            s += "Ours (\(source.comparison)):\n\n"
            if w.addsEditInFirstFrame {
                s += editPhaseTable(rows)
                s += paperSideBySide(rows, w)
                s += ratioLines(rows)
            } else {
                s += phaseTable(rows)
            }
            if w == .enamlWindow { s += kiwiTable(rows, kiwi) }
            if PublishedSuite.sizes(w).count >= 4 {
                s += exponentTable(rows)
                s += "\n![\(w.rawValue): re-solve and build against views](published/published-\(w.rawValue).svg)\n"
            }
            if w == .nested { s += flatNestedLine(results) }
        }
        s += PublishedEquivalence.markdown(equivalence)
        let notRun = results.filter { $0.notRun != nil }
        if !notRun.isEmpty {
            s += "\n## Not run\n\n"
            for r in notRun { s += "- \(r.backend) on \(r.scene): \(r.notRun!.prefix(200))\n" }
        }
        return s
    }

    /// The first frame and the median of the rest, from the first repetition's series.
    static func phases(_ r: BenchResult) -> (first: Double?, rest: Double?) {
        guard !r.series.isEmpty else { return (nil, nil) }
        let rest = r.series.dropFirst().sorted()
        return (r.series[0], rest.isEmpty ? nil : rest[rest.count / 2])
    }

    static func label(_ r: BenchResult) -> String { r.outOfProcess ? r.backend + " †" : r.backend }

    static func phaseTable(_ rows: [BenchResult]) -> String {
        var s = "| scene | views | constraints | back end | build | frame 0 | re-solve p50 | p99 |\n"
        s += "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n"
        for r in rows {
            if let why = r.notRun { s += "| \(r.scene) | \(r.views) | \(r.constraints) | \(label(r)) | \(why.hasPrefix("declined") ? "declines" : "fails") | | | |\n"; continue }
            let p = phases(r)
            s += "| \(r.scene) | \(r.views) | \(r.constraints) | \(label(r)) | \(formatDuration(r.buildSeconds)) | "
            s += "\(p.first.map(formatDuration) ?? "–") | \(p.rest.map(formatDuration) ?? "–") | \(formatDuration(r.frameTimes.p99)) |\n"
        }
        return s
    }

    /// Two significant figures below 10 (0.031×, 0.52×, 7.3×), whole numbers above.
    static func ratioText(_ r: Double) -> String {
        guard r.isFinite, r > 0 else { return "–" }
        if r >= 10 { return "\(Int(r.rounded()))×" }
        if r >= 1 { return fixed(r, 1) + "×" }
        // Two significant figures below 1 (0.52×, 0.031×, 0.00018×): never 0.000×.
        var digits = 2, x = r
        while x < 0.1, digits < 12 {
            x *= 10
            digits += 1
        }
        return fixed(r, digits) + "×"
    }

    static func kiwiTable(_ rows: [BenchResult], _ kiwi: KiwiHomeGround) -> String {
        var s = "\nkiwi's own benchmark, run here in the same run (in process, nanobench, ns/op as printed):\n\n"
        if let missing = kiwi.missing { return s + "not measured: \(missing).\n" }
        s += "| kiwi in process (nanobench) | time |\n| --- | ---: |\n"
        for row in kiwi.rows { s += "| \(row.name) | \(formatDuration(row.seconds)) |\n" }
        let suggests = kiwi.rows.filter { $0.name.hasPrefix("suggest") }.map(\.seconds).sorted()
        if let build = kiwi.rows.first(where: { $0.name == "building solver" }), !suggests.isEmpty {
            let median = suggests[suggests.count / 2]
            s += "\n| same workload | building solver ↔ build | suggest value (median of six) ↔ re-solve p50 |\n| --- | ---: | ---: |\n"
            s += "| kiwi in process | \(formatDuration(build.seconds)) | \(formatDuration(median)) |\n"
            for r in rows where r.notRun == nil {
                let rest = phases(r).rest ?? r.frameTimes.p50
                s += "| \(label(r)) | \(formatDuration(r.buildSeconds)) (\(ratioText(r.buildSeconds / build.seconds))) | \(formatDuration(rest)) (\(ratioText(rest / median))) |\n"
            }
        }
        return s
    }

    static func exponentTable(_ rows: [BenchResult]) -> String {
        var s = "\nGrowth exponents (least-squares slope of log time against log views, 1 = linear; back ends with at least four sizes):\n\n"
        s += "| back end | sizes | views | build | re-solve p50 |\n| --- | ---: | --- | ---: | ---: |\n"
        var names: [String] = []
        for r in rows where !names.contains(label(r)) { names.append(label(r)) }
        var short: [String] = []
        for name in names {
            let own = rows.filter { label($0) == name && $0.notRun == nil }
            guard own.count >= 4 else {  // an exponent from fewer sizes says little
                short.append("\(name) (\(own.count))")
                continue
            }
            let build = logLogSlope(own.map { (Double($0.views), $0.buildSeconds) })
            let frame = logLogSlope(own.compactMap { r in phases(r).rest.map { (Double(r.views), $0) } })
            let span = "\(own.map(\.views).min() ?? 0)–\(own.map(\.views).max() ?? 0)"
            s += "| \(name) | \(own.count) | \(span) | \(build.map { fixed($0, 2) } ?? "–") | \(frame.map { fixed($0, 2) } ?? "–") |\n"
        }
        if !short.isEmpty { s += "\nFewer than four sizes measured, no exponent: \(short.joined(separator: ", ")).\n" }
        return s
    }

    static func flatNestedLine(_ results: [BenchResult]) -> String {
        var s = "\nFlat ÷ nested at the same size (build / re-solve p50):\n\n"
        for r in results where r.family == "flat" && r.notRun == nil {
            guard let n = results.first(where: { $0.family == "nested" && $0.views == r.views && $0.backend == r.backend && $0.notRun == nil }),
                  let a = phases(r).rest, let b = phases(n).rest else { continue }
            s += "- \(label(r)), \(r.views) views: \(ratioText(r.buildSeconds / n.buildSeconds)) / \(ratioText(a / b))\n"
        }
        return s
    }

    /// One plot per workload with several sizes: re-solve p50 (solid) and build (dashed) against views.
    public static func plots(_ results: [BenchResult]) -> [(name: String, svg: String)] {
        var out: [(String, String)] = []
        for w in PublishedWorkload.allCases where PublishedSuite.sizes(w).count >= 4 {
            let rows = results.filter { $0.family == w.rawValue && $0.notRun == nil }
            guard !rows.isEmpty else { continue }
            var plot = LinePlot(title: "\(w.rawValue): re-solve p50 (solid) and build (dashed)", xLabel: "views", yLabel: "seconds")
            plot.logX = true
            plot.yFormat = { formatDuration($0) }
            var names: [String] = []
            for r in rows where !names.contains(label(r)) { names.append(label(r)) }
            for (i, name) in names.enumerated() {
                let own = rows.filter { label($0) == name }.sorted { $0.views < $1.views }
                plot.series.append(PlotSeries(name: name + " re-solve", points: own.compactMap { r in phases(r).rest.map { (Double(r.views), $0) } }, colour: i))
                plot.series.append(PlotSeries(name: name + " build", points: own.map { (Double($0.views), $0.buildSeconds) }, colour: i, dashed: true))
            }
            out.append(("published-\(w.rawValue).svg", plot.svg()))
        }
        return out
    }
}
