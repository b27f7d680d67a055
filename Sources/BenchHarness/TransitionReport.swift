import LayoutModel

// Transitions reported apart from interactive frames, in every output: a
// transition's figure is the latency of its one solve against one display frame,
// not a per-frame cost.

extension BenchResult {
    /// Whether the run timed interactive frames (a results file of version 1 has no
    /// transitions, so all its frames are interactive).
    public var hasInteractiveFrames: Bool { transitions == nil || interactiveFrames > 0 }
}

/// The transitions table (terminal or Markdown); empty when no run had a transition.
public func transitionTable(_ results: [BenchResult], markdown: Bool) -> String {
    let runs = results.filter { $0.notRun == nil && $0.transitions != nil }
    guard let rate = runs.first?.transitions?.displayRate else { return "" }
    let budget = formatDuration(1 / Double(rate))
    let header = ["scene", "backend", "views", "transitions", "latency p50", "p99", "max", ">\(budget)", "views moved", "interpolated frames"]
    let rows: [[String]] = runs.map { r in
        let t = r.transitions!
        return [
            r.scene, backendLabel(r), "\(r.views)", "\(t.count)", formatDuration(t.latency.p50), formatDuration(t.latency.p99),
            formatDuration(t.latency.max), "\(t.overBudget)", t.viewsMovedPerTransition.map(formatCount) ?? "–",
            formatCount(t.interpolatedFramesPerTransition),
        ]
    }
    var s = ""
    if markdown {
        s += "| " + header.joined(separator: " | ") + " |\n|" + header.map { _ in " --- " }.joined(separator: "|") + "|\n"
        for row in rows { s += "| " + row.map { $0.replacingPipes() }.joined(separator: " | ") + " |\n" }
    } else {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        s += line(header) + "\n" + rows.map(line).joined(separator: "\n") + "\n"
    }
    s += "\n" + transitionLegend(rate: rate) + "\n"
    return s
}

/// What the transitions table's columns mean.
func transitionLegend(rate: Int) -> String {
    "transitions (animation blocks: one solve to the end state, then Core Animation interpolates): latency = time of "
        + "the transition's frame (its ops and its solves), which delays the animation's first display frame; "
        + ">\(formatDuration(1 / Double(rate))) = transitions slower than one display frame at \(rate) Hz; views moved = "
        + "per transition; interpolated frames = display frames per transition drawn at \(rate) Hz with no solve."
}

/// The transition verdict of one family's runs, if any had transitions: the fastest
/// exact back end's latency at the largest size, and the largest size each back end
/// starts its transitions within one display frame at p99.
func transitionVerdict(_ ran: [BenchResult], isExact: (String) -> Bool) -> String? {
    let runs = ran.filter { $0.transitions != nil }
    guard let rate = runs.first?.transitions?.displayRate else { return nil }
    var parts: [String] = []
    let exact = runs.filter { isExact($0.backend) }
    if let size = exact.map(\.views).max() {
        let best = exact.filter { $0.views == size }.min { $0.transitions!.latency.p50 < $1.transitions!.latency.p50 }!
        let t = best.transitions!.latency
        parts.append("fastest exact: \(best.backend) (latency p50 \(formatDuration(t.p50)), p99 \(formatDuration(t.p99)) at \(grouped(size)) views)")
    } else {
        parts.append("no exact back end ran it")
    }
    var backends: [String] = []
    for r in runs where !backends.contains(r.backend) { backends.append(r.backend) }
    let budget = 1 / Double(rate)
    let sizes = backends.map { b -> String in
        let mine = runs.filter { $0.backend == b }
        if let within = mine.filter({ $0.transitions!.latency.p99 <= budget }).map(\.views).max() {
            return "\(b) \(grouped(within))" + (mine.contains { $0.views > within } ? "" : " (its largest run)")
        }
        return "\(b) none"
    }
    parts.append("largest size starting within one \(rate) Hz frame at p99: " + sizes.joined(separator: ", "))
    return parts.joined(separator: "; ")
}

/// The transitions section of the HTML report (empty when no run had a transition).
func transitionsHTML(_ results: [BenchResult]) -> String {
    let markdown = transitionTable(results, markdown: true)
    guard !markdown.isEmpty else { return "" }
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    var s = "<h2 id=\"transitions\">Transitions</h2>\n<table>\n"
    for (i, line) in lines.enumerated() where line.hasPrefix("|") && i != 1 {
        let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        let tag = i == 0 ? "th" : "td"
        s += "<tr>" + cells.map { "<\(tag)>\(html($0.replacingOccurrences(of: "\\|", with: "|")))</\(tag)>" }.joined() + "</tr>\n"
    }
    let legend = lines.last { !$0.isEmpty && !$0.hasPrefix("|") } ?? ""
    return s + "</table>\n<p>\(html(String(legend)))</p>\n"
}
