import LayoutModel

/// What a constraint (or a rule the twin makes up) says about one axis of a view, relative to
/// its parent, a sibling, or nothing.
enum Reference: Equatable, Sendable {
    case none, parent
    case sibling(Int)
}

/// `own edge = reference edge + offset`; an edge is 0 (start), 1 (end) or 0.5 (centre).
struct PositionRule: Sendable {
    var ownEdge: Double
    var reference: Reference
    var referenceEdge: Double
    var offset: Affine
    /// The constraint handle it comes from (-1 for a rule the twin made).
    var constraint: Int

    var isStartFromParentStart: Bool { ownEdge == 0 && reference == .parent && referenceEdge == 0 }
    var isEndFromParentEnd: Bool { ownEdge == 1 && reference == .parent && referenceEdge == 1 }
    var isCentredOnParent: Bool { ownEdge == 0.5 && reference == .parent && referenceEdge == 0.5 }
    func follows(_ sibling: Int) -> Bool { ownEdge == 0 && reference == .sibling(sibling) && referenceEdge == 1 }
}

/// `own size = multiplier × reference size + offset`.
struct SizeRule: Sendable {
    var multiplier: Double
    var reference: Reference
    var offset: Affine
    var constraint: Int

    var isFixed: Bool { reference == .none }
}

struct AxisRules: Sendable {
    var positions: [PositionRule] = []
    var sizes: [SizeRule] = []
}

/// The scene's active constraints sorted into rules per view and axis, the edits mapped to the
/// constraint whose constant they override, and the first reason flexbox cannot express them.
struct ConstraintRules: Sendable {
    /// rules[view][axis]
    var rules: [[AxisRules]]
    var parents: [Int]
    /// For each edit handle, the constraint whose constant its `suggest` sets (nil: not mapped).
    var editTargets: [Int?]
    /// Constraint handles the rules use.
    var used: Set<Int> = []

    init(_ scene: CompiledScene) throws(TwinDecline) {
        guard scene.parentIndex.count == scene.viewCount else { throw TwinDecline("the scene has no view hierarchy") }
        parents = scene.parentIndex.map(Int.init)
        rules = Array(repeating: [AxisRules(), AxisRules()], count: scene.viewCount)
        editTargets = Array(repeating: nil, count: scene.edits.count)
        for h in 0..<scene.initialConstraintCount where scene.constraints[h].isActive {
            try classify(h, scene.constraints[h], scene)
        }
        try checkDetermined(scene)
        for (e, priority) in scene.initialEdits { try mapEdit(Int(e), priority: priority, scene) }
    }

    func name(_ h: Int, _ scene: CompiledScene) -> String { "constraint '\(shortenedForMessage(scene.constraints[h].id))'" }

    /// A constraint's terms as (start, size) coefficients per view on one axis.
    private mutating func classify(_ h: Int, _ c: LinearConstraint, _ scene: CompiledScene) throws(TwinDecline) {
        let what = name(h, scene)
        guard c.relation == .equal else {
            throw TwinDecline("\(what) is an inequality (\(c.relation.rawValue)); flexbox places and sizes by values, not bounds")
        }
        var axis: Axis? = nil
        var byView: [(view: Int, start: Double, size: Double)] = []
        for t in c.terms {
            let view = Int(t.variable) / 4, k = Int(t.variable) % 4
            let termAxis: Axis = k % 2 == 0 ? .horizontal : .vertical
            if let axis, axis != termAxis { throw TwinDecline("\(what) relates a horizontal and a vertical unknown") }
            axis = termAxis
            if let i = byView.firstIndex(where: { $0.view == view }) {
                if k >= 2 { byView[i].size += t.coefficient } else { byView[i].start += t.coefficient }
            } else {
                byView.append((view, k >= 2 ? 0 : t.coefficient, k >= 2 ? t.coefficient : 0))
            }
        }
        guard let axis, !byView.isEmpty, byView.count <= 2 else { throw TwinDecline("\(what) relates more than two views") }
        var own = byView[0], other: (view: Int, start: Double, size: Double)? = byView.count == 2 ? byView[1] : nil
        var reference = Reference.none
        if let o = other {
            let a = own.view, b = o.view
            if parents[a] == b {
                reference = .parent
            } else if parents[b] == a {
                (own, other) = (o, own)
                reference = .parent
            } else if parents[a] == parents[b] {
                // A sibling constraint places the later view from the earlier one.
                if a < b { (own, other) = (o, own) }
                reference = .sibling(other!.view)
            } else {
                throw TwinDecline(
                    "\(what) relates '\(scene.viewIDs[a])' and '\(scene.viewIDs[b])', which are neither parent and child "
                        + "nor siblings (a constraint across branches of the tree)")
            }
        }
        let rS = other?.start ?? 0, rZ = other?.size ?? 0
        if own.start == 0 {
            guard own.size != 0, rS == 0 else { throw TwinDecline("\(what) sets a size from a position") }
            rules[own.view][axis.rawValue].sizes.append(
                SizeRule(multiplier: -rZ / own.size, reference: reference, offset: .parameter(h, 1 / own.size), constraint: h))
        } else {
            let ownEdge = own.size / own.start
            var referenceEdge = 0.0
            if other != nil {
                guard rS == -own.start else { throw TwinDecline("\(what) places a view from a scaled position or from a size alone") }
                referenceEdge = -rZ / own.start
            }
            for edge in [ownEdge, referenceEdge] where edge != 0 && edge != 1 && edge != 0.5 {
                throw TwinDecline("\(what) places an edge flexbox does not have")
            }
            rules[own.view][axis.rawValue].positions.append(
                PositionRule(
                    ownEdge: ownEdge, reference: reference, referenceEdge: referenceEdge, offset: .parameter(h, 1 / own.start),
                    constraint: h))
        }
        used.insert(h)
    }

    /// Each axis of each view needs two rules (a position and a size, or two edges); an optional
    /// constraint is kept only when nothing competes with it.
    private func checkDetermined(_ scene: CompiledScene) throws(TwinDecline) {
        func count(_ view: Int, _ axis: Axis) -> Int { rules[view][axis.rawValue].positions.count + rules[view][axis.rawValue].sizes.count }
        for view in 0..<rules.count {
            for axis in [Axis.horizontal, .vertical] {
                let r = rules[view][axis.rawValue]
                // A view whose size is what its next sibling leaves (placed from it and from the parent's
                // end) has one rule and that sibling three: together they are determined (a filler).
                if count(view, axis) == 1, r.positions.count == 1,
                    rules.indices.contains(where: { w in
                        parents[w] == parents[view] && count(w, axis) == 3
                            && rules[w][axis.rawValue].positions.contains { $0.reference == .sibling(view) }
                    })
                {
                    continue
                }
                let handles = r.positions.map(\.constraint) + r.sizes.map(\.constraint)
                let optional = handles.filter { !scene.constraints[$0].isRequired }
                let label = "'\(scene.viewIDs[view])' \(axis.name)ly"
                // Name the weak constraint's rival of the same kind (a size against a size) when there is one.
                let sizes = r.sizes.map(\.constraint)
                let rivals = optional.first.map { weak in
                    (sizes.contains(weak) ? sizes : r.positions.map(\.constraint)).filter { $0 != weak } + handles.filter { $0 != weak }
                } ?? []
                if handles.count > 2, let weak = optional.first, let other = rivals.first {
                    throw TwinDecline(
                        "competing priorities: \(name(weak, scene)) (priority \(formatNumber(scene.constraints[weak].priority))) "
                            + "and \(name(other, scene)) (priority \(formatNumber(scene.constraints[other].priority))) both place \(label)")
                }
                if handles.count > 2 && !(handles.count == 3 && r.sizes.count == 1 && optional.isEmpty) {
                    throw TwinDecline("\(handles.count) constraints place \(label) (\(name(handles[2], scene)) among them); flexbox takes two")
                }
                if handles.count < 2 || r.sizes.count == 2 {
                    throw TwinDecline("the constraints leave \(label) free (\(handles.count < 2 ? "fewer than two constraints" : "two sizes and no position"))")
                }
            }
        }
    }

    /// An edit moves its attribute only when it outranks the one optional constraint that sets it.
    private mutating func mapEdit(_ e: Int, priority: Double, _ scene: CompiledScene) throws(TwinDecline) {
        let edit = scene.edits[e]
        guard edit.terms.count == 1, edit.terms[0].coefficient == 1 else {
            throw TwinDecline("edit on \(edit.attribute) drives a combination of unknowns; flexbox styles set one value")
        }
        let view = Int(edit.terms[0].variable) / 4, k = Int(edit.terms[0].variable) % 4
        let r = rules[view][k % 2]
        let target: Int? =
            k >= 2
            ? r.sizes.first(where: { $0.isFixed && $0.offset.terms[Int32($0.constraint)] == 1 })?.constraint
            : r.positions.first(where: { $0.reference == .none && $0.ownEdge == 0 })?.constraint
        guard let target else {
            throw TwinDecline("edit on \(edit.attribute) moves an attribute no constant sets alone")
        }
        guard scene.constraints[target].priority < priority else {
            throw TwinDecline(
                "competing priorities: edit on \(edit.attribute) (priority \(formatNumber(priority))) "
                    + "does not outrank \(name(target, scene)) (priority \(formatNumber(scene.constraints[target].priority)))")
        }
        editTargets[e] = target
    }
}
