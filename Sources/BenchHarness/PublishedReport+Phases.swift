import SceneGenerator

// The Cassowary paper's phases (build, add edit, initial solution, one change), ours beside
// the paper's: per scene, at the paper's own size, and as ratios to frame arithmetic.

extension PublishedReport {
    /// The four phases of one result, in the paper's order; nil where not measured (a driver
    /// times frame 0 whole, so its add edit and initial solve are not apart).
    static func paperPhases(_ r: BenchResult) -> [Double?] {
        [r.buildSeconds, r.firstFramePhases?.opsSeconds, r.firstFramePhases?.solveSeconds, phases(r).rest]
    }

    static func editPhaseTable(_ rows: [BenchResult]) -> String {
        var s = "| scene | views | constraints | back end | build | add edit | initial solve | frame 0 (both) | re-solve p50 | p99 |\n"
        s += "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for r in rows {
            if let why = r.notRun {
                s += "| \(r.scene) | \(r.views) | \(r.constraints) | \(label(r)) | \(why.hasPrefix("declined") ? "declines" : "fails") | | | | | |\n"
                continue
            }
            let p = paperPhases(r)
            func cell(_ x: Double?) -> String { x.map(formatDuration) ?? "–" }
            s += "| \(r.scene) | \(r.views) | \(r.constraints) | \(label(r)) | \(cell(p[0])) | \(cell(p[1])) | \(cell(p[2])) | "
            s += "\(cell(phases(r).first)) | \(cell(p[3])) | \(formatDuration(r.frameTimes.p99)) |\n"
        }
        if rows.contains(where: { $0.outOfProcess && $0.notRun == nil }) {
            s += "\nA driver (†) times frame 0 whole: its add edit and initial solve are not apart (–).\n"
        }
        return s
    }

    /// The paper's table at its own size (chain of 1,000, tree of depth 10) with ours beside it:
    /// Cassowary ÷ DeltaBlue there, each back end ÷ manual (frame arithmetic) here.
    static func paperSideBySide(_ rows: [BenchResult], _ w: PublishedWorkload) -> String {
        guard let paper = PaperPhases.of(w) else { return "" }
        let scene = "\(w.rawValue)-\(paper.size)"
        let ours = rows.filter { $0.scene == scene && $0.notRun == nil }
        guard let base = ours.first(where: { $0.backend == "manual" }) else { return "" }
        let others = ours.filter { $0.backend != "manual" }
        var s = "\nThe paper's phases beside ours at its size (\(scene)), one run:\n\n"
        s += "| phase | paper: DeltaBlue | paper: Cassowary | Cassowary ÷ DeltaBlue | ours: manual |"
        s += others.map { " \(label($0)) | ÷ manual |" }.joined() + "\n"
        s += "| --- | ---: | ---: | ---: | ---: |" + String(repeating: " ---: | ---: |", count: others.count) + "\n"
        let b = paperPhases(base)
        for (i, row) in paper.rows.enumerated() {
            func ms(_ x: Double) -> String { formatDuration(x / 1000) }
            s += "| \(row.action) | \(ms(row.deltaBlue)) | \(ms(row.cassowary)) | \(ratioText(row.cassowary / row.deltaBlue)) | "
            s += "\(b[i].map(formatDuration) ?? "–") |"
            for r in others {
                let x = paperPhases(r)[i]
                let ratio = x.flatMap { x in b[i].flatMap { $0 > 0 ? ratioText(x / $0) : nil } } ?? "–"
                s += " \(x.map(formatDuration) ?? "–") | \(ratio) |"
            }
            s += "\n"
        }
        return s
    }

    /// cassowary and factored against manual (frame arithmetic) per scene, as the paper's Cassowary ÷ DeltaBlue.
    static func ratioLines(_ rows: [BenchResult]) -> String {
        var s = "\nRatios to manual (frame arithmetic) per scene, build / add edit / initial solve / re-solve:\n\n"
        var any = false
        var scenes: [(name: String, views: Int)] = []
        for r in rows where !scenes.contains(where: { $0.name == r.scene }) { scenes.append((r.scene, r.views)) }
        for scene in scenes.sorted(by: { $0.views < $1.views }).map(\.name) {
            guard let base = rows.first(where: { $0.scene == scene && $0.backend == "manual" && $0.notRun == nil }) else { continue }
            let b = paperPhases(base)
            for name in ["cassowary", "factored"] {
                guard let r = rows.first(where: { $0.scene == scene && $0.backend == name && $0.notRun == nil }) else { continue }
                let p = paperPhases(r)
                let ratios = zip(p, b).map { x, y -> String in
                    guard let x, let y, y > 0 else { return "–" }
                    return ratioText(x / y)
                }
                s += "- \(scene), \(name) ÷ manual: \(ratios.joined(separator: " / "))\n"
                any = true
            }
        }
        return any ? s : "\nmanual declines these scenes, so there is no local-propagation ratio here.\n"
    }
}

/// The Cassowary paper's phase table for a workload: milliseconds, DeltaBlue and Cassowary.
struct PaperPhases {
    /// The workload's size the paper measured (chain length, tree depth).
    var size: Int
    var rows: [(action: String, deltaBlue: Double, cassowary: Double)]

    static func of(_ w: PublishedWorkload) -> PaperPhases? {
        switch w {
        case .cassowaryChain:
            return PaperPhases(size: 1_000, rows: [
                ("build chain (total)", 70.6, 38_004.0), ("add strong edit constraint", 5.4, 61.0),
                ("initial solution", 4.5, 12_528.0), ("change value of x1 one time", 0.4, 5.9),
            ])
        case .cassowaryTree:
            return PaperPhases(size: 10, rows: [
                ("build tree (total)", 231.5, 2_413.0), ("add strong edit constraint to root", 0.3, 241.0),
                ("initial solution", 0.1, 891.0), ("change value of root one time", 0.01, 6.4),
            ])
        default: return nil
        }
    }

    /// The paper's table as Markdown.
    var markdown: String {
        var s = "| action | DeltaBlue | Cassowary | ratio |\n| --- | ---: | ---: | ---: |\n"
        for row in rows {
            s += "| \(row.action) | \(formatMilliseconds(row.deltaBlue)) | \(formatMilliseconds(row.cassowary)) | \(PublishedReport.ratioText(row.cassowary / row.deltaBlue)) |\n"
        }
        return s
    }

    func formatMilliseconds(_ ms: Double) -> String { "\(ms) ms" }
}
