import LayoutModel
import LayoutRender

/// The bench report as one self-contained HTML page: the run's settings, the budgets, a
/// verdict per family, the sortable results table, and SVG plots drawn by LayoutRender
/// (scaling against the frame budgets, per-frame time series). Loads nothing from the network.
public func htmlReport(_ results: [BenchResult], context: RunContext, settings: BenchSettings) -> String {
    var s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>LayoutBench results</title>\n<style>\n"
    s += reportStyle + "</style></head><body>\n<h1>LayoutBench results</h1>\n"
    s += "<dl class=\"settings\">"
    let limit = settings.timeLimitSeconds.map { formatDuration($0) + " per back end and scene" } ?? "none"
    for (k, v) in [
        ("command", context.command), ("git commit", context.gitCommit), ("created", context.created),
        ("machine", "\(context.machine), \(context.cores) cores, \(formatBytes(context.memoryBytes))"),
        ("toolchain", context.toolchain), ("allocator", context.allocator),
        ("settings", "repeat \(settings.repetitions), \(settings.warmupFrames) untimed warm-up frames, memory limit \(formatBytes(settings.options.memoryLimitBytes)), time limit \(limit)"),
    ] {
        s += "<dt>\(html(k))</dt><dd>\(html(v))</dd>"
    }
    s += "</dl>\n<p>An interactive frame's time covers its ops, the solve and reading back the changed rectangles. "
    s += "<b>Budgets</b>: 8.33 ms a frame at 120 Hz, 16.67 ms at 60 Hz; the table counts the frames over each. "
    s += "Build = loading the scene and the initial solve (median of the repetitions). Work/frame: "
    s += Set(results.map(\.backend)).sorted().map { "\(html($0)) = \(html(workMeaning(of: $0)))" }.joined(separator: ", ") + ".</p>\n"
    s += "<h2>Verdicts</h2>\n<ul class=\"verdicts\">\n"
    for (family, verdict) in familyVerdicts(results) { s += "<li><b>\(html(family))</b>: \(html(verdict))</li>\n" }
    s += "</ul>\n<h2>Results</h2>\n<p class=\"hint\">Click a column heading to sort.</p>\n"
    s += resultsTableHTML(results)
    s += transitionsHTML(results)
    s += plotsHTML(results)
    let declined = results.filter { $0.declined != nil }
    if !declined.isEmpty {
        s += "<h2>Declined</h2>\n<ul>\n"
        for r in declined { s += "<li>\(html(r.backend)) on \(html(r.scene)): \(html(r.declined!))</li>\n" }
        s += "</ul>\n"
    }
    s += "<script>\n" + sortScript + "</script>\n</body></html>\n"
    return s
}

/// Text for HTML.
func html(_ text: String) -> String {
    var b = ByteBuffer(capacity: text.utf8.count + 8)
    b.appendEscaped(text)
    return b.string
}

func resultsTableHTML(_ results: [BenchResult]) -> String {
    let header = ["scene", "backend", "views", "p50", "p90", "p99", "max", ">8.3ms", ">16.7ms", "build", "bytes/frame", "allocs/frame", "alloc frames", "work/frame", "× fastest"]
    var fastest: [String: Double] = [:]
    for r in results where r.declined == nil && r.hasInteractiveFrames {
        fastest[r.scene] = min(fastest[r.scene] ?? .infinity, r.frameTimes.p50)
    }
    var s = "<table id=\"results\"><thead><tr>"
    for (i, h) in header.enumerated() { s += "<th data-col=\"\(i)\"\(i >= 2 ? " class=\"num\"" : "")>\(html(h))</th>" }
    s += "</tr></thead><tbody>\n"
    func cell(_ text: String, _ value: Double?) -> String {
        "<td class=\"num\" data-v=\"\(value.map { "\($0)" } ?? "")\">\(html(text))</td>"
    }
    for r in results {
        s += "<tr><td>\(html(r.scene))</td><td>\(html(backendLabel(r)))</td>" + cell(grouped(r.views), Double(r.views))
        if let reason = r.declined {
            s += "<td class=\"declined\" colspan=\"\(header.count - 3)\" data-v=\"\">declined: \(html(reason))</td></tr>\n"
            continue
        }
        if !r.hasInteractiveFrames {
            s += "<td colspan=\"\(header.count - 3)\" data-v=\"\">transitions only: see <a href=\"#transitions\">Transitions</a></td></tr>\n"
            continue
        }
        let t = r.frameTimes
        let stopped = r.framesMeasured < r.frames * r.repetitions ? "*" : ""
        let best = fastest[r.scene] ?? t.p50
        s += cell(formatDuration(t.p50) + stopped, t.p50) + cell(formatDuration(t.p90), t.p90) + cell(formatDuration(t.p99), t.p99)
        s += cell(formatDuration(t.max), t.max)
        s += cell("\(r.misses120)", Double(r.misses120)) + cell("\(r.misses60)", Double(r.misses60))
        s += cell(formatDuration(r.buildSeconds), r.buildSeconds) + cell(formatBytesShort(r.bytesPerFrame), r.bytesPerFrame)
        s += cell(r.allocationsPerFrame.map { formatCount($0) } ?? "–", r.allocationsPerFrame)
        s += cell(r.allocatingFrames.map { "\($0)/\(r.framesMeasured)" } ?? "–", r.allocatingFrames.map(Double.init))
        s += r.outOfProcess ? cell("–", nil) : cell(formatCount(r.pivotsPerFrame), r.pivotsPerFrame)
        s += cell(fixed(best > 0 ? t.p50 / best : 1, 1) + "×", best > 0 ? t.p50 / best : 1) + "</tr>\n"
    }
    s += "</tbody></table>\n"
    if results.contains(where: { $0.declined == nil && $0.framesMeasured < $0.frames * $0.repetitions }) {
        s += "<p class=\"hint\">* stopped by the time limit before every frame was timed.</p>\n"
    }
    if let note = outOfProcessNote(results) { s += "<p class=\"hint\">\(html(note))</p>\n" }
    return s
}

/// Tick labels for durations given in seconds: 100 ns, 1 µs, 10 µs, 1 ms, 1 s.
func durationTick(_ seconds: Double) -> String {
    func trim(_ v: Double) -> String { formatNumber((v * 1000).rounded() / 1000) }
    if seconds < 1e-6 { return trim(seconds * 1e9) + " ns" }
    if seconds < 1e-3 { return trim(seconds * 1e6) + " µs" }
    if seconds < 1 { return trim(seconds * 1e3) + " ms" }
    return trim(seconds) + " s"
}

func budgetLines() -> [(label: String, y: Double)] {
    [("120 Hz budget (8.33 ms)", Budget.hz120), ("60 Hz budget (16.67 ms)", Budget.hz60)]
}

func plotsHTML(_ results: [BenchResult]) -> String {
    let plots = reportPlots(results)
    var s = plots.isEmpty ? "" : "<h2 id=\"plots\">Plots</h2>\n"
    var group: String?
    for p in plots {
        if p.group != group {
            if group != nil { s += "</div>\n" }
            s += "<h3>\(html(p.group))</h3>\n<div class=\"plots\">\n"
            group = p.group
        }
        s += p.plot.svg(namespace: false) + "\n"
    }
    if group != nil { s += "</div>\n" }
    return s
}

let reportStyle = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;margin:20px auto;max-width:1320px;padding:0 16px}
    h1{font-size:22px}h2{font-size:18px;margin-top:28px}h3{font-size:15px;margin:16px 0 4px}
    dl.settings{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px}dt{color:#666}dd{margin:0}
    table{border-collapse:collapse;font-size:12.5px}th,td{padding:3px 7px;border-bottom:1px solid #e4e4e4;white-space:nowrap}
    th{background:#f3f3f3;cursor:pointer;position:sticky;top:0;user-select:none}th.sorted-asc::after{content:" ▲"}th.sorted-desc::after{content:" ▼"}
    td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.declined{color:#888;white-space:normal}
    tbody tr:hover{background:#f7fbff}.hint{color:#777;font-size:12px}.plots{display:flex;flex-wrap:wrap;gap:12px}
    ul.verdicts li{margin:3px 0}svg.plot{border:1px solid #ddd}

    """

let sortScript = """
    // #plots shows the plots alone (for screenshots): everything before them is hidden.
    if (location.hash === "#plots") {
      for (const el of Array.from(document.body.children)) { if (el.id === "plots") break; el.style.display = "none"; }
    }
    (function () {
      const table = document.getElementById("results");
      if (!table) return;
      let column = -1, ascending = true;
      table.querySelectorAll("th").forEach((th, i) => th.addEventListener("click", () => {
        ascending = column === i ? !ascending : true; column = i;
        const body = table.tBodies[0], rows = Array.from(body.rows);
        const key = (row) => {
          const cell = row.cells[Math.min(i, row.cells.length - 1)];
          if (!cell || i >= row.cells.length) return null;
          const v = cell.dataset.v;
          return v === undefined ? cell.textContent : (v === "" ? null : parseFloat(v));
        };
        rows.sort((a, b) => {
          const x = key(a), y = key(b);
          if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
          const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          return ascending ? c : -c;
        });
        rows.forEach((r) => body.appendChild(r));
        table.querySelectorAll("th").forEach((h) => h.classList.remove("sorted-asc", "sorted-desc"));
        table.querySelectorAll("th")[i].classList.add(ascending ? "sorted-asc" : "sorted-desc");
      }));
    })();

    """
