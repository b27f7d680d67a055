// `--check`: solve frame 0 and compare every view with the frame IB stored.

import LayoutModel

/// One view whose solved rectangle differs from IB's.
public struct IBMismatch: Sendable {
    public var viewID: String
    public var className: String
    public var expected: IBRect
    public var solved: IBRect
    /// IB's own flag on the view or an ancestor (`misplaced`, `ambiguous`), or the import's
    /// `not comparable: ...` with its reason (see `notComparable`), if any.
    public var flag: String?
}

/// The outcome of checking one hierarchy.
public struct IBCheckResult: Sendable {
    public var name: String
    public var viewCount: Int
    public var constraintCount: Int
    public var flaggedCount: Int
    public var mismatches: [IBMismatch]
    /// Constraints dropped by `--repair`, with the conflict each broke.
    public var repairs: [String]
    /// The ids of the constraints `--repair` dropped.
    public var dropped: [String] = []
    /// Dropped constraint id → the constraints it conflicted with.
    public var conflictSets: [String: [String]] = [:]
    /// `size >= 0` constraints added for views a solve gave a negative size (see `check`).
    public var added: [Constraint] = []
    /// Unresolved conflict (when not repairing), as the solver reported it.
    public var conflict: String?
    /// Views IB does not flag whose stored frames the import cannot judge, with why
    /// (`not comparable: ...`); counted with the flagged views.
    public var notComparable: [String: IBNotComparable] = [:]

    /// Views IB does not flag whose frames match.
    public var unflaggedMatching: Int { viewCount - flaggedCount - mismatches.filter { $0.flag == nil }.count }
    public var unflaggedCount: Int { viewCount - flaggedCount }
}

extension IBImportedScene {
    /// Solves frame 0 on `backend` and compares each IB view's alignment rectangle with
    /// the solution (tolerance 0.5 pt on each of left, top, width, height). With `repair`,
    /// each conflict among required constraints drops the constraint the solver was adding
    /// when it found the conflict (UIKit's recovery: break one and go on) and says which.
    /// A view solved with a negative width or height gets `size >= 0` (`result.added`).
    public func check(
        backend: any LayoutBackend.Type, repair: Bool, tolerance: Double = 0.5
    ) throws(LayoutError) -> IBCheckResult {
        var result = IBCheckResult(
            name: name, viewCount: views.count, constraintCount: scene.constraints.count,
            flaggedCount: views.filter { $0.flagged != nil }.count, mismatches: [], repairs: [], conflict: nil)
        // Sizes are not negative (no frame Xcode stores is): a view the solve gives a negative
        // width or height gets `size >= 0`, installed with its surroundings, and the solve is redone.
        var added: [Constraint] = []
        var rects: [Double] = []
        var solvedScene = self.scene
        for round in 0..<4 {
            var scene = self.scene
            scene.constraints = added + scene.constraints
            result.dropped = []
            result.repairs = []
            result.conflictSets = [:]
            guard let session = try solveBreakingConflicts(&scene, backend: backend, repair: repair, into: &result) else { return result }
            rects = session.rects
            solvedScene = scene
            result.constraintCount = scene.constraints.count
            var more: [Constraint] = []
            for (n, v) in views.enumerated() {
                for (k, a) in [(2, Attribute.width), (3, Attribute.height)] where rects[4 * n + k] < -1e-6 {
                    let id = "\(v.id)~nonnegative-\(a)"
                    if !added.contains(where: { $0.id == id }) {
                        more.append(Constraint(id: id, first: AttributeRef(view: v.id, attribute: a), relation: .greaterThanOrEqual,
                                               second: nil, multiplier: 1, constant: 0, priority: Priority(1000)))
                    }
                }
            }
            if more.isEmpty || round == 3 { break }
            added += more
        }
        result.added = added
        let judged = contradictedByStoredFrames(solved: solvedScene, rects: rects, backend: backend, tolerance: tolerance)
            .merging(sizedByCustomClasses(solved: solvedScene, rects: rects, backend: backend, tolerance: tolerance)) { a, _ in a }
            .merging(ambiguousFrames(solved: solvedScene, rects: rects, backend: backend, tolerance: tolerance)) { a, _ in a }
        for (id, why) in judged where views.first(where: { $0.id == id })?.flagged == nil {
            // A view left free by what the import dropped or does not model is the import's miss,
            // not an ambiguity of the file: it stays counted, with that cause.
            if why.kind == .ambiguousFrame, likelyCauseList(of: id, dropped: result.dropped).contains(where: \.isImportGap) {
                continue
            }
            result.notComparable[id] = why
        }
        result.flaggedCount += result.notComparable.count
        for (n, v) in views.enumerated() {
            let solved = IBRect(x: rects[4 * n], y: rects[4 * n + 1], width: rects[4 * n + 2], height: rects[4 * n + 3])
            let expected = v.alignmentWindow
            let differs = abs(solved.x - expected.x) > tolerance || abs(solved.y - expected.y) > tolerance
                || abs(solved.width - expected.width) > tolerance || abs(solved.height - expected.height) > tolerance
            if differs {
                result.mismatches.append(IBMismatch(viewID: v.id, className: v.className, expected: expected, solved: solved, flag: v.flagged ?? result.notComparable[v.id]?.message))
            }
        }
        return result
    }

    /// Builds a `SceneSession` for `scene`; with `repair`, each conflict among required constraints
    /// drops the constraint being added when it appeared (the runtime's choice; the scene lists
    /// constraints in install order) and records it. Without, the conflict is recorded and nil returned.
    private func solveBreakingConflicts(
        _ scene: inout Scene, backend: any LayoutBackend.Type, repair: Bool, into result: inout IBCheckResult
    ) throws(LayoutError) -> SceneSession? {
        while true {
            do {
                return try SceneSession(scene: scene.compile(), backend: backend)
            } catch let error {
                guard case let .unsatisfiable(culprit, conflicts) = error else { throw error }
                if !repair || result.repairs.count > scene.constraints.count {
                    result.conflict = error.description
                    result.mismatches = views.map {
                        IBMismatch(viewID: $0.id, className: $0.className, expected: $0.alignmentWindow,
                                   solved: IBRect(x: .nan, y: .nan, width: .nan, height: .nan), flag: $0.flagged)
                    }
                    return nil
                }
                scene.constraints.removeAll { $0.id == culprit }
                result.dropped.append(culprit)
                result.conflictSets[culprit] = conflicts
                result.repairs.append("dropped \(culprit) (conflicts with \(conflicts.joined(separator: ", ")))")
            }
        }
    }
}
