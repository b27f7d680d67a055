/// How far each constraint lies from a set of unknowns, stepping from constraint to
/// constraint through the unknowns they share: the search behind naming a conflict. A
/// minimal set of required constraints that cannot hold together is joined this way
/// to the constraint whose change broke it (a part that shared no unknown with the
/// rest would fail on its own), so the constraints to examine are the ones reached.
///
/// Breadth first over the constraints' unknowns, each constraint and unknown visited
/// once: linear in the terms, where rescanning every candidate until none joins is
/// quadratic on a chain.
public struct ConstraintReach: Sendable {
    /// Per constraint: 1 when it reads one of the starting unknowns, k when the
    /// shortest way to it from them passes through k − 1 other constraints; 0 when it
    /// is out of reach or not a candidate.
    public let distance: [Int32]
    /// The largest distance (0 when no constraint is reached).
    public let farthest: Int

    /// The reach from `start` over constraints `0..<constraintCount`, of which only those
    /// for which `isCandidate` holds may be reached or stepped through; `unknowns(h)`
    /// lists the unknowns constraint h reads (each below `variableCount`).
    public init(
        from start: [Int32], constraintCount: Int, variableCount: Int,
        isCandidate: (Int) -> Bool, unknowns: (Int) -> [Int32]
    ) {
        // The candidates' unknowns, then the candidates reading each unknown, both
        // compressed (start offsets into one flat array).
        var termStart = [Int](repeating: 0, count: constraintCount + 1)
        var termUnknown: [Int32] = []
        var readerStart = [Int](repeating: 0, count: variableCount + 1)
        for h in 0..<constraintCount {
            if isCandidate(h) {
                for v in unknowns(h) {
                    termUnknown.append(v)
                    readerStart[Int(v) + 1] += 1
                }
            }
            termStart[h + 1] = termUnknown.count
        }
        for v in 0..<variableCount { readerStart[v + 1] += readerStart[v] }
        var readers = [Int32](repeating: 0, count: readerStart[variableCount])
        var filled = readerStart
        for h in 0..<constraintCount {
            for k in termStart[h]..<termStart[h + 1] {
                let v = Int(termUnknown[k])
                readers[filled[v]] = Int32(h)
                filled[v] += 1
            }
        }
        var distance = [Int32](repeating: 0, count: constraintCount)
        var unknownSeen = [Bool](repeating: false, count: variableCount)
        var unknownsNow = start
        var frontier: [Int32] = []
        var depth: Int32 = 0
        while true {
            frontier.removeAll(keepingCapacity: true)
            for v32 in unknownsNow where !unknownSeen[Int(v32)] {
                unknownSeen[Int(v32)] = true
                for k in readerStart[Int(v32)]..<readerStart[Int(v32) + 1] where distance[Int(readers[k])] == 0 {
                    distance[Int(readers[k])] = depth + 1
                    frontier.append(readers[k])
                }
            }
            if frontier.isEmpty { break }
            depth += 1
            unknownsNow.removeAll(keepingCapacity: true)
            for h in frontier { unknownsNow.append(contentsOf: termUnknown[termStart[Int(h)]..<termStart[Int(h) + 1]]) }
        }
        self.distance = distance
        self.farthest = Int(depth)
    }

    /// The constraints reached, in index order.
    public var reached: [Int] { distance.indices.filter { distance[$0] > 0 } }

    /// The constraints of `candidates` linked to constraint `start` through shared
    /// unknowns, in the order of `candidates` (`start` among them if it is one): the
    /// candidates for a conflict `start` caused.
    public static func linked(
        to start: Int, among candidates: [Int], constraintCount: Int, variableCount: Int, unknowns: (Int) -> [Int32]
    ) -> [Int] {
        var isCandidate = [Bool](repeating: false, count: constraintCount)
        for h in candidates { isCandidate[h] = true }
        let reach = ConstraintReach(
            from: unknowns(start), constraintCount: constraintCount, variableCount: variableCount,
            isCandidate: { isCandidate[$0] }, unknowns: unknowns)
        // `start` is kept even when it reads no unknown (a constant-only constraint).
        return candidates.filter { reach.distance[$0] > 0 || $0 == start }
    }
}
