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
            let replayed = records.indices.filter { reach.hops[$0] >= 1 && reach.hops[$0] <= limit }
            if let conflicts = replayConflict(replayed, terms, relation, constant) { return conflicts }
            guard limit < reach.farthest else { return [] }
            limit *= 2
        }
    }

    /// Per record, how many constraints lie between the culprit (`terms`) and it, through
    /// shared unknowns (1: it reads one of the culprit's unknowns; 0: out of reach, or not
    /// a live required constraint in the tableau), and the largest such count.
    private func constraintReach(from terms: [LinearTerm], excluding: Int32) -> (hops: [Int32], farthest: Int) {
        // The candidates' readers per unknown, compressed by unknown.
        var isCandidate = [Bool](repeating: false, count: records.count)
        var readerStart = [Int](repeating: 0, count: externalCount + 1)
        for (i, r) in records.enumerated() where r.isLive && r.inTableau && r.priority >= 1000 && i != Int(excluding) {
            isCandidate[i] = true
            for t in r.terms { readerStart[Int(t.variable) + 1] += 1 }
        }
        for v in 0..<externalCount { readerStart[v + 1] += readerStart[v] }
        var readers = [Int32](repeating: 0, count: readerStart[externalCount])
        var filled = readerStart
        for (i, r) in records.enumerated() where isCandidate[i] {
            for t in r.terms {
                readers[filled[Int(t.variable)]] = Int32(i)
                filled[Int(t.variable)] += 1
            }
        }
        // Breadth first from the culprit's unknowns.
        var hops = [Int32](repeating: 0, count: records.count)
        var unknownSeen = [Bool](repeating: false, count: externalCount)
        var frontier: [Int32] = []
        var depth: Int32 = 0
        var unknowns = terms.map(\.variable)
        while !unknowns.isEmpty {
            depth += 1
            frontier.removeAll(keepingCapacity: true)
            for v32 in unknowns where !unknownSeen[Int(v32)] {
                unknownSeen[Int(v32)] = true
                for k in readerStart[Int(v32)]..<readerStart[Int(v32) + 1] where hops[Int(readers[k])] == 0 {
                    hops[Int(readers[k])] = depth
                    frontier.append(readers[k])
                }
            }
            unknowns = frontier.flatMap { records[Int($0)].terms.map(\.variable) }
        }
        return (hops, Int(depth))
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
