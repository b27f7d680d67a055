// Views the stored frames cannot judge: where IB's own frames contradict the file's required
// constraints, no layout that honours the file reproduces them, so a view whose solved frame
// depends on the contradicted constraint is left out of the comparison, with the reason.

import LayoutModel

extension IBImportedScene {
    /// View id → why its stored frame cannot judge the import. A required file constraint that
    /// the stored frames break (see `staleConstraints`) proves them inconsistent with the file.
    /// The scene is solved again with each such constraint's constant moved by exactly what makes
    /// the stored frames satisfy it; a view whose solved rectangle changes by more than
    /// `tolerance` depends on the contradiction (the container and whatever is placed from it),
    /// the others do not and are still compared. When the moved constants cannot be solved, the
    /// views the broken constraints relate are the ones left out.
    func contradictedByStoredFrames(
        solved scene: Scene, rects: [Double], backend: any LayoutBackend.Type, tolerance: Double
    ) -> [String: IBNotComparable] {
        let breaks = storedFrameBreaks(of: scene.constraints, tolerance: tolerance)
        if breaks.isEmpty { return [:] }
        let reason = IBNotComparable(kind: .staleStoredFrame, message: "not comparable: IB's stored frames break required constraint "
            + breaks.map { "\($0.constraint.id) by \(formatNumber(($0.broken * 1000).rounded() / 1000)) pt" }.joined(separator: ", ")
            + " (stale stored frame) and this view's frame depends on it")
        var moved = scene
        for (n, c) in moved.constraints.enumerated() {
            if let b = breaks.first(where: { $0.constraint.id == c.id }) { moved.constraints[n].constant += b.excess }
        }
        var out: [String: IBNotComparable] = [:]
        guard let session = try? SceneSession(scene: moved.compile(), backend: backend) else {
            for b in breaks {
                for v in [b.constraint.first.view, b.constraint.second?.view].compactMap({ $0 }) { out[v] = reason }
            }
            return out
        }
        let other = session.rects
        for (n, v) in views.enumerated() where (0..<4).contains(where: { abs(rects[4 * n + $0] - other[4 * n + $0]) > tolerance }) {
            out[v.id] = reason
        }
        return out
    }
}

extension IBImportedScene {
    /// View id → why its stored frame cannot judge the import: views whose frames depend on the
    /// intrinsic content size of a custom class that the file does not give (no UIKit class's, no
    /// placeholder; the import assumes none, UIView's default, but the class may define one at run
    /// time). Each such view is given a stand-in intrinsic size, its stored size, with its content
    /// hugging and compression resistance priorities (the file's, else UIKit's 250 and 750), and the
    /// scene is solved again: a view whose rectangle moves by more than `tolerance` takes its frame
    /// from that unknown size and is left out. A view that does not move is compared: the file's
    /// constraints fix it whatever the size. When the stand-in sizes conflict with required
    /// constraints, nothing is left out.
    func sizedByCustomClasses(
        solved scene: Scene, rects: [Double], backend: any LayoutBackend.Type, tolerance: Double
    ) -> [String: IBNotComparable] {
        let custom = views.filter { v in (causes[v.id] ?? []).contains { if case .customClassSize = $0 { true } else { false } } }
        if custom.isEmpty { return [:] }
        var sized = scene
        for v in custom {
            let a = v.alignmentWindow
            func priority(_ name: String, _ fallback: Double) -> Priority {
                Priority(((try? v.element.number(name)) ?? nil) ?? fallback)
            }
            for (attribute, value, axis) in [(Attribute.width, a.width, "horizontal"), (.height, a.height, "vertical")] {
                sized.constraints.append(Constraint(
                    id: "\(v.id)~stand-in-\(attribute)-hug", first: AttributeRef(view: v.id, attribute: attribute),
                    relation: .lessThanOrEqual, constant: value, priority: priority("\(axis)HuggingPriority", 250)))
                sized.constraints.append(Constraint(
                    id: "\(v.id)~stand-in-\(attribute)-cr", first: AttributeRef(view: v.id, attribute: attribute),
                    relation: .greaterThanOrEqual, constant: value, priority: priority("\(axis)CompressionResistancePriority", 750)))
            }
        }
        guard let session = try? SceneSession(scene: sized.compile(), backend: backend) else { return [:] }
        let other = session.rects
        let moved = Set(views.indices.filter { n in (0..<4).contains { abs(rects[4 * n + $0] - other[4 * n + $0]) > tolerance } }.map { views[$0].id })
        if moved.isEmpty { return [:] }
        let resized = custom.filter { moved.contains($0.id) }
        let reason = IBNotComparable(kind: .customClassSize, message: "not comparable: its frame depends on the run-time intrinsic content size of custom class "
            + (resized.isEmpty ? custom : resized).map { "\($0.className) (\($0.id))" }.joined(separator: ", ") + ", which the file does not give")
        return Dictionary(uniqueKeysWithValues: moved.map { ($0, reason) })
    }
}

extension IBImportedScene {
    /// View id → why its stored frame cannot judge the import: views whose frames the file's
    /// constraints (and every rule's, at every priority) leave ambiguous. Where several layouts
    /// are equally good, UIKit's engine keeps whichever its internals reach first, and so does
    /// Xcode's; no rule can say which. Found by solving again with a pull, below every priority
    /// the scene uses (priority 1, solved lexicographically), on every view's size and then
    /// position, `ambiguityProbe` points past its solved value one way, the other, and
    /// alternately: a view whose rectangle moves by more than `tolerance` under a pull that only a
    /// tie can yield to is ambiguous. A probe the solver refuses leaves nothing out. (A file's own
    /// constraint at priority 1 ties with the probe: its views may be called ambiguous.)
    func ambiguousFrames(
        solved scene: Scene, rects: [Double], backend: any LayoutBackend.Type, tolerance: Double
    ) -> [String: IBNotComparable] {
        var out: [String: IBNotComparable] = [:]
        let probes: [(attributes: [(Attribute, Int)], what: String)] = [
            ([(.width, 2), (.height, 3)], "size"), ([(.left, 0), (.top, 1)], "position"),
        ]
        // All views pulled one way, then the other, then alternately (so that two views sharing
        // a fixed length, pulled alike, do not cancel out).
        let signs: [(Int) -> Double] = [{ _ in 1 }, { _ in -1 }, { $0 % 2 == 0 ? 1 : -1 }, { $0 % 2 == 0 ? -1 : 1 }]
        for (attributes, what) in probes {
            for sign in signs {
                var pulled = scene
                for (n, v) in views.enumerated() {
                    for (attribute, k) in attributes {
                        pulled.constraints.append(Constraint(
                            id: "\(v.id)~ambiguity-probe-\(attribute)", first: AttributeRef(view: v.id, attribute: attribute),
                            relation: .equal, constant: rects[4 * n + k] + sign(n) * Self.ambiguityProbe, priority: Priority(1)))
                    }
                }
                guard let session = try? SceneSession(scene: pulled.compile(), backend: backend) else { continue }
                let other = session.rects
                for (n, v) in views.enumerated() where out[v.id] == nil {
                    let free = zip(["x", "y", "width", "height"], 0..<4).filter { abs(rects[4 * n + $0.1] - other[4 * n + $0.1]) > tolerance }
                    if free.isEmpty { continue }
                    out[v.id] = IBNotComparable(kind: .ambiguousFrame, message: "not comparable: the constraints leave its "
                        + free.map(\.0).joined(separator: " and ")
                        + " ambiguous under a pull on every view's \(what) (several layouts satisfy them equally; UIKit's engine picks one by its internals)")
                }
            }
        }
        return out
    }

    /// How far past its solved value the ambiguity probe pulls a view (points).
    static let ambiguityProbe = 10.0
}
