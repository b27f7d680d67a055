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
        var out: [Scene] = []
        for f in frames.indices.reversed() {
            for i in frames[f].indices.reversed() {
                var s = self
                s.frames[f].remove(at: i)
                out.append(s)
            }
        }
        return out
    }

    func withoutConstraints() -> [Scene] {
        constraints.indices.reversed().map { i in removingConstraint(constraints[i].id) }
    }

    /// The scene without constraint `id` and every op that names it.
    func removingConstraint(_ id: String) -> Scene {
        var s = self
        s.constraints.removeAll { $0.id == id }
        s.frames = frames.map { $0.filter { $0.constraintID != id } }
        return s
    }

    func withoutEdits() -> [Scene] {
        edits.indices.reversed().map { i in
            var s = self
            let attribute = edits[i].attribute
            s.edits.remove(at: i)
            s.frames = frames.map { $0.filter { $0.editAttribute != attribute } }
            return s
        }
    }

    /// Without one view (never the first): its children move to its parent, and
    /// everything that names it goes.
    func withoutViews() -> [Scene] {
        views.indices.dropFirst().reversed().map { i in
            let gone = views[i]
            var s = self
            s.views.remove(at: i)
            for k in s.views.indices where s.views[k].parent == gone.id { s.views[k].parent = gone.parent }
            var goneIDs = Set(constraints.filter { $0.names(view: gone.id) }.map(\.id))
            for frame in frames {
                for op in frame { if case let .add(c) = op, c.names(view: gone.id) { goneIDs.insert(c.id) } }
            }
            s.constraints.removeAll { goneIDs.contains($0.id) }
            s.edits.removeAll { $0.attribute.view == gone.id }
            s.frames = frames.map {
                $0.filter { op in !op.names(view: gone.id) && !(op.constraintID.map(goneIDs.contains) ?? false) }
            }
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
    func names(view: String) -> Bool { first.view == view || second?.view == view }
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

    func names(view: String) -> Bool {
        if let a = editAttribute { return a.view == view }
        if case let .add(c) = self { return c.names(view: view) }
        return false
    }
}
