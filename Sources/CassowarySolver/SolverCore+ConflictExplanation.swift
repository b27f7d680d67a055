import LayoutModel

// Naming the required constraints a refused change contradicts.

extension SolverCore {
    /// The first reach of the replay, in constraints between the culprit and the farthest
    /// one replayed: the scenes' conflicts lie within a few (a view's two edges and its
    /// size, a chain's few links), and a reach this long keeps a small scene's replay whole.
    static let firstConflictReach = 16

    /// The required constraints that `terms RELATION constant` contradicts, found by
    /// replaying live required constraints, each with a marker, into a fresh tableau
    /// (static constraints carry no marker, so the current tableau cannot name them).
    ///
    /// Markers make a chain's rows long: each row carries the marker of every row it was
    /// solved through, so replaying a 10,000-view stack whole ran over 10 minutes. The
    /// replay takes the constraints near the culprit first (`constraintReach`) and widens
    /// the reach, doubled, only while the culprit still fits. It finds the conflict: a
    /// minimal set of required constraints the culprit contradicts is joined to it
    /// through shared unknowns (a part that shares none would conflict on its own, and
    /// the tableau's constraints do not), so a wide enough reach holds it. Constraints
    /// are replayed in the order they were registered, as the whole replay took them.
    func explainConflict(_ terms: [LinearTerm], _ relation: Relation, _ constant: Double, excluding: Int32) -> [Int32] {
        let reach = constraintReach(from: terms, excluding: excluding)
        var limit = Self.firstConflictReach
        while true {
            let replayed = records.indices.filter { reach.distance[$0] >= 1 && reach.distance[$0] <= limit }
            if let conflicts = replayConflict(replayed, terms, relation, constant) { return conflicts }
            guard limit < reach.farthest else { return [] }
            limit *= 2
        }
    }

    /// The live required constraints in the tableau (not `excluding`), by their reach
    /// from the culprit's unknowns.
    private func constraintReach(from terms: [LinearTerm], excluding: Int32) -> ConstraintReach {
        ConstraintReach(
            from: terms.map(\.variable), constraintCount: records.count, variableCount: externalCount,
            isCandidate: { i in
                let r = records[i]
                return r.isLive && r.inTableau && r.priority >= 1000 && i != Int(excluding)
            },
            unknowns: { records[$0].terms.map(\.variable) })
    }

    /// The constraints of `replayed` (record indices) that the culprit contradicts once
    /// they are in a fresh tableau, each with a marker; nil when it fits among them.
    private func replayConflict(_ replayed: [Int], _ terms: [LinearTerm], _ relation: Relation, _ constant: Double) -> [Int32]? {
        var fresh = SolverCore(variableCount: externalCount)
        var original: [Int32] = []
        for i in replayed {
            let r = records[i]
            let id = fresh.register(r.terms, r.relation, r.constant, priority: 1000)
            while original.count <= Int(id) { original.append(-1) }
            original[Int(id)] = Int32(i)
            try? fresh.setActive(id, true)
        }
        let culprit = fresh.register(terms, relation, constant, priority: 1000)
        do {
            try fresh.setActive(culprit, true)
            return nil
        } catch {
            return error.conflicts.compactMap { Int($0) < original.count && original[Int($0)] >= 0 ? original[Int($0)] : nil }
        }
    }
}
