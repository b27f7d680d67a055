import LayoutModel

/// What the work column counts, per back end (their `SolveStatistics.pivots`).
public let workMeaning: [String: String] = [
    "cassowary": "simplex pivots", "dense": "pivots of its from-scratch re-solve",
    "frames": "equations evaluated", "manual": "equations evaluated",
]

/// What the work column counts for the back end called `name` (a `NAME-relative` variant counts as NAME does).
public func workMeaning(of name: String) -> String {
    let base = name.hasSuffix("-relative") ? String(name.dropLast("-relative".count)) : name
    return workMeaning[base] ?? "pivots"
}

/// The bench table for a terminal: at most `width` columns, declined back ends as numbered
/// notes below it, then a legend and one verdict per family.
public func terminalTable(_ results: [BenchResult], width: Int = 120) -> String {
    let header = ["scene", "backend", "views", "p50", "p99", "max", ">8.3ms", ">16.7ms", "build", "B/frame", "allocs", "work/frame", "×best"]
    var fastest: [String: Double] = [:]
    for r in results where r.declined == nil && r.hasInteractiveFrames {
        fastest[r.scene] = min(fastest[r.scene] ?? .infinity, r.frameTimes.p50)
    }
    var notes: [(reason: String, backend: String, scenes: [String])] = []
    var rows: [[String]] = []
    for r in results {
        if let reason = r.declined {
            let index: Int
            if let i = notes.firstIndex(where: { $0.reason == reason && $0.backend == r.backend }) {
                notes[i].scenes.append(r.scene)
                index = i
            } else {
                notes.append((reason, r.backend, [r.scene]))
                index = notes.count - 1
            }
            rows.append([r.scene, backendLabel(r), "\(r.views)", "declined [\(index + 1)]"])
            continue
        }
        if !r.hasInteractiveFrames {
            rows.append([r.scene, backendLabel(r), "\(r.views)", "transitions only (below)"])
            continue
        }
        let best = fastest[r.scene] ?? r.frameTimes.p50
        rows.append([
            r.scene, backendLabel(r), "\(r.views)",
            formatDuration(r.frameTimes.p50) + (r.framesMeasured < r.frames * r.repetitions ? "*" : ""),
            formatDuration(r.frameTimes.p99), formatDuration(r.frameTimes.max), "\(r.misses120)", "\(r.misses60)",
            formatDuration(r.buildSeconds), formatBytesShort(r.bytesPerFrame),
            r.allocationsPerFrame.map { formatCount($0) } ?? "–", r.outOfProcess ? "–" : formatCount(r.pivotsPerFrame),
            fixed(best > 0 ? r.frameTimes.p50 / best : 1, 1) + "×",
        ])
    }
    var widths = header.map(\.count)
    for row in rows where row.count == header.count {
        for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    for row in rows where row.count < header.count {
        for i in 0..<3 { widths[i] = max(widths[i], row[i].count) }
    }
    func line(_ cells: [String]) -> String {
        var out = ""
        for (i, cell) in cells.enumerated() {
            let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
            if i == cells.count - 1, cells.count < header.count {
                out += cell
                break
            }
            out += i < 2 ? cell + pad + "  " : pad + cell + (i == cells.count - 1 ? "" : " ")
        }
        return out
    }
    var s = line(header) + "\n"
    for row in rows { s += line(row) + "\n" }
    for (i, note) in notes.enumerated() {
        s += wrapped("[\(i + 1)] \(note.backend) on \(note.scenes.joined(separator: ", ")): \(note.reason)", width: width, indent: 4)
    }
    let timed = Set(results.filter { $0.declined == nil }.map { $0.frames * $0.repetitions })
    let ranNames = Set(results.filter { $0.declined == nil }.map(\.backend)).sorted()
    let work = ranNames.map { "\($0) = \(workMeaning(of: $0))" }.joined(separator: ", ")
    var legend = "legend: p50/p99/max = time of one interactive frame (its ops, the solve, reading back the changed rectangles); "
    legend += ">8.3ms / >16.7ms = frames over the 120 Hz / 60 Hz budget, out of "
    legend += (timed.count == 1 ? "\(timed.first!) timed frames" : "the frames timed") + " per scene; "
    legend += "B/frame, allocs = bytes and allocations per frame; work/frame: \(work); "
    legend += "×best = p50 over the fastest back end on that scene; * = stopped by the time limit."
    if let note = outOfProcessNote(results) { legend += " " + note }
    s += "\n" + wrapped(legend, width: width, indent: 8)
    let transitions = transitionTable(results, markdown: false)
    if !transitions.isEmpty {
        let split = transitions.components(separatedBy: "\n\n")
        s += "\n" + split[0] + "\n\n" + wrapped(split.dropFirst().joined(separator: " "), width: width, indent: 8)
    }
    for (family, verdict) in familyVerdicts(results) {
        s += wrapped("verdict \(family): \(verdict)", width: width, indent: 4)
    }
    return s
}

/// `text` broken at spaces into lines of at most `width` characters, continuation lines indented.
func wrapped(_ text: String, width: Int, indent: Int) -> String {
    var out = ""
    var current = ""
    for word in text.split(separator: " ") {
        if !current.isEmpty, current.count + 1 + word.count > width {
            out += current + "\n"
            current = String(repeating: " ", count: indent) + word
        } else {
            current += current.isEmpty ? String(word) : " " + word
        }
    }
    return out + current + "\n"
}
