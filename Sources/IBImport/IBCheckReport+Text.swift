// `--check`'s report as people read it: per hierarchy its counts, dropped constraints,
// what is not modelled and each differing view with its likely cause, then a summary line.

import LayoutModel

extension IBCheckReport {
    /// The lines `layoutbench import FILE --check` prints.
    public var textLines: [String] {
        var out: [String] = []
        for h in hierarchies {
            out.append("\(h.name): \(h.views) views, \(h.matching)/\(h.unflagged) unflagged match")
            for d in h.dropped { out.append("  dropped \(d.id) (conflicts with \(d.conflictsWith.joined(separator: ", ")))") }
            if let conflict = h.conflict { out.append("  conflict: \(conflict)") }
            for u in h.unsupported { out.append("  unsupported: \(u.element) (line \(u.line)): \(u.message)") }
            for d in h.differing {
                let flag = d.flag.map { " (IB: \($0))" } ?? d.notComparable.map { " (\($0))" } ?? ""
                let why = d.likelyCauses.isEmpty ? "cause unknown" : d.likelyCauses.map(\.message).joined(separator: "; ")
                out.append("  \(d.id) \(d.class): IB [\(d.ib.text)] solved [\(d.solved.text)]\(flag) likely: \(why)")
            }
            for n in h.notComparable where !n.differs { out.append("  \(n.id): matches, but \(n.message)") }
        }
        let s = summary
        out.append("summary: hierarchies=\(s.hierarchies) views=\(s.views) constraints=\(s.constraints) unflagged=\(s.unflagged) "
            + "matching=\(s.matching) flagged-differing=\(s.flaggedDiffering) dropped=\(s.dropped) unsupported=\(s.unsupported) "
            + "not-comparable=\(s.notComparable)")
        return out
    }
}

extension IBCheckReport.Rect {
    /// `x, y, width, height`.
    var text: String { [x, y, width, height].map(formatCoordinate).joined(separator: ", ") }
}
