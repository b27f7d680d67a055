import LayoutModel

/// Whether the named back end solves the reference semantics exactly (lexicographic priorities).
/// Read from the back end's `isExact`; peers run out of process are weighted, so not exact.
public func isExactBackend(_ name: String) -> Bool {
    BackendRegistry.named(name)?.isExact ?? false
}

/// One sentence per family (or per scene file) and way its frames reach the screen, saying
/// which (`interactive: …`, `transition: …`): for interactive frames, the fastest exact back end
/// at the largest size it ran and the largest size each back end keeps within the 120 Hz budget
/// at p99; for transitions, the same by the latency of their solve (`transitionVerdict`).
public func familyVerdicts(_ results: [BenchResult], isExact: (String) -> Bool = isExactBackend) -> [(family: String, verdict: String)] {
    var groups: [String] = []
    for r in results where !groups.contains(r.family ?? r.scene) { groups.append(r.family ?? r.scene) }
    var out: [(String, String)] = []
    for group in groups {
        let rows = results.filter { ($0.family ?? $0.scene) == group }
        let measured = rows.filter { $0.declined == nil && $0.framesMeasured > 0 }
        guard !measured.isEmpty else {
            out.append((group, "no back end ran it (" + Set(rows.map(\.backend)).sorted().joined(separator: ", ") + " declined)"))
            continue
        }
        if let transition = transitionVerdict(measured, isExact: isExact) { out.append((group, "transition: " + transition)) }
        let ran = measured.filter(\.hasInteractiveFrames)
        if ran.isEmpty { continue }
        var parts: [String] = []
        let exact = ran.filter { isExact($0.backend) }
        if let size = exact.map(\.views).max() {
            let best = exact.filter { $0.views == size }.min { $0.frameTimes.p50 < $1.frameTimes.p50 }!
            parts.append("fastest exact: \(best.backend) (p50 \(formatDuration(best.frameTimes.p50)) at \(grouped(size)) views)")
            if let faster = ran.filter({ $0.views == size && !isExact($0.backend) && $0.frameTimes.p50 < best.frameTimes.p50 }).first {
                parts.append("\(faster.backend) (not exact) is faster: \(formatDuration(faster.frameTimes.p50))")
            }
        } else {
            parts.append("no exact back end ran it")
        }
        var budget: [String] = []
        var backends: [String] = []
        for r in ran where !backends.contains(r.backend) { backends.append(r.backend) }
        for b in backends {
            let mine = ran.filter { $0.backend == b }
            if let within = mine.filter({ $0.frameTimes.p99 <= Budget.hz120 }).map(\.views).max() {
                let larger = mine.contains { $0.views > within }
                budget.append("\(b) \(grouped(within))" + (larger ? "" : " (its largest run)"))
            } else {
                budget.append("\(b) none (p99 over 8.33 ms from \(grouped(mine.map(\.views).min()!)))")
            }
        }
        parts.append("largest size within 120 Hz at p99: " + budget.joined(separator: ", "))
        let declined = Set(rows.filter { $0.declined != nil }.map(\.backend)).subtracting(backends).sorted()
        if !declined.isEmpty { parts.append("declined by " + declined.joined(separator: ", ")) }
        out.append((group, "interactive: " + parts.joined(separator: "; ")))
    }
    return out
}
