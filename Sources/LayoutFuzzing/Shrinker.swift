import LayoutModel

/// Shrinks a scene that fails a check to a smaller one that still fails: fewer
/// frames, ops, constraints, edits and views, then plainer numbers. Each step is
/// kept only if the check still fails, and steps repeat until none helps (or the
/// time runs out), so the result is minimal for every single step.
public struct Shrinker {
    /// Whether a candidate still shows the failure.
    let fails: (Scene) -> Bool
    let deadline: ContinuousClock.Instant
    public private(set) var checks = 0

    public init(deadline: ContinuousClock.Instant, fails: @escaping (Scene) -> Bool) {
        self.deadline = deadline
        self.fails = fails
    }

    public mutating func shrink(_ scene: Scene, failingFrame: Int? = nil) -> Scene {
        var best = scene
        if let failingFrame, failingFrame < best.frames.count {
            var cut = best
            cut.frames = Array(best.frames.prefix(failingFrame))
            if accept(cut) { best = cut }
        }
        var changed = true
        while changed, ContinuousClock.now < deadline {
            changed = false
            for step in Shrinker.steps {
                for candidate in step(best) {
                    guard ContinuousClock.now < deadline else { return best }
                    if candidate.isSmaller(than: best), accept(candidate) {
                        best = candidate
                        changed = true
                        break
                    }
                }
            }
        }
        return best
    }

    mutating func accept(_ candidate: Scene) -> Bool {
        checks += 1
        return fails(candidate)
    }

    /// Each step proposes candidates, largest cuts first.
    static let steps: [@Sendable (Scene) -> [Scene]] = [
        { $0.withoutFrames() }, { $0.withoutViews() }, { $0.withoutConstraints() },
        { $0.withoutOps() }, { $0.withoutEdits() }, { $0.withPlainerNumbers() },
    ]
}

extension Scene {
    /// A size to order candidates: views, then constraints, frames and ops, then numbers.
    var shrinkSize: [Int] {
        let ops = frames.reduce(0) { $0 + $1.count }
        let plainness = constraints.reduce(0) { $0 + ($1.constant == 0 ? 0 : 1) + ($1.multiplier == 1 ? 0 : 1) }
        return [views.count + constraints.count + edits.count + frames.count + ops, plainness]
    }

    func isSmaller(than other: Scene) -> Bool { shrinkSize.lexicographicallyPrecedes(other.shrinkSize) }

    func withoutFrames() -> [Scene] {
        var out: [Scene] = []
        // Halves first, then one frame at a time from the end.
        if frames.count > 1 {
            var half = self
            half.frames = Array(frames.prefix(frames.count / 2))
            out.append(half)
        }
        for i in frames.indices.reversed() {
            var s = self
            s.frames.remove(at: i)
            out.append(s)
        }
        return out
    }

    func withoutOps() -> [Scene] {
        let places = frames.indices.flatMap { f in frames[f].indices.map { (f, $0) } }
        return chunks(places.count).map { range in
            var s = self
            for (f, i) in places[range].reversed() { s.frames[f].remove(at: i) }
            return s
        }
    }

    func withoutConstraints() -> [Scene] {
        chunks(constraints.count).map { range in removingConstraints(Set(constraints[range].map(\.id))) }
    }

    /// The scene without the constraints `ids` and every op that names them.
    func removingConstraints(_ ids: Set<String>) -> Scene {
        var s = self
        s.constraints.removeAll { ids.contains($0.id) }
        s.frames = frames.map { $0.filter { op in !(op.constraintID.map(ids.contains) ?? false) } }
        return s
    }

    func withoutEdits() -> [Scene] {
        chunks(edits.count).map { range in
            let gone = Set(edits[range].map(\.attribute))
            var s = self
            s.edits.removeAll { gone.contains($0.attribute) }
            s.frames = frames.map { $0.filter { op in !(op.editAttribute.map(gone.contains) ?? false) } }
            return s
        }
    }

    /// Without some views (never the first): their children move to the nearest
    /// parent that stays, and everything that names them goes.
    func withoutViews() -> [Scene] {
        chunks(views.count - 1).map { range in
            let gone = Set(views[1...][range.lowerBound + 1..<range.upperBound + 1].map(\.id))
            let parentOf = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0.parent) })
            func keptParent(_ id: String?) -> String? {
                var p = id
                while let q = p, gone.contains(q) { p = parentOf[q] ?? nil }
                return p
            }
            var s = self
            s.views = views.filter { !gone.contains($0.id) }.map { View(id: $0.id, parent: keptParent($0.parent)) }
            var goneIDs = Set(constraints.filter { $0.names(views: gone) }.map(\.id))
            for frame in frames {
                for op in frame { if case let .add(c) = op, c.names(views: gone) { goneIDs.insert(c.id) } }
            }
            s = s.removingConstraints(goneIDs)
            s.edits.removeAll { gone.contains($0.attribute.view) }
            s.frames = s.frames.map { $0.filter { op in !(op.editAttribute.map { gone.contains($0.view) } ?? false) } }
            return s
        }
    }

    /// Constants rounded (to whole numbers, then to 0) and multipliers set to 1.
    func withPlainerNumbers() -> [Scene] {
        var out: [Scene] = []
        for i in constraints.indices {
            let c = constraints[i]
            for constant in [0, c.constant.rounded()] where constant != c.constant {
                var s = self
                s.constraints[i].constant = constant
                out.append(s)
            }
            if c.multiplier != 1 {
                var s = self
                s.constraints[i].multiplier = 1
                out.append(s)
            }
        }
        return out
    }
}

extension Constraint {
    func names(views: Set<String>) -> Bool { views.contains(first.view) || second.map { views.contains($0.view) } ?? false }
}

/// Ranges of `0..<count` to drop together, largest first: halves, quarters, …,
/// single items (delta debugging's order: big cuts while they work).
func chunks(_ count: Int) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var size = count / 2
    while size >= 1 {
        for start in stride(from: 0, to: count, by: size) { out.append(start..<min(start + size, count)) }
        size /= 2
    }
    if count == 1 { out.append(0..<1) }
    return out
}

extension Op {
    /// The constraint an op acts on (an `add` defines it).
    var constraintID: String? {
        switch self {
        case let .setConstant(id, _), let .setPriority(id, _), let .activate(id), let .deactivate(id), let .remove(id):
            return id
        case let .add(c): return c.id
        default: return nil
        }
    }

    var editAttribute: AttributeRef? {
        switch self {
        case let .suggest(a, _), let .addEdit(a, _), let .removeEdit(a): return a
        default: return nil
        }
    }

}
