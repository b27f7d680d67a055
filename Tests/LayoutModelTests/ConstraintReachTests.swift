import LayoutModel
import Testing

/// The reach through shared unknowns that conflict naming (Cassowary's replay, the
/// exact reference's deletion filter) starts from.
struct ConstraintReachTests {
    /// A chain x0 – x1 – … – x5, constraint h reading x[h] and x[h + 1], plus one
    /// constraint on x7 and x8 apart from it.
    let chain: [[Int32]] = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [7, 8]]

    @Test func distancesCountTheConstraintsOnTheShortestWay() {
        let reach = ConstraintReach(
            from: [2], constraintCount: chain.count, variableCount: 9, isCandidate: { _ in true }, unknowns: { chain[$0] })
        #expect(reach.distance == [2, 1, 1, 2, 3, 0])
        #expect(reach.farthest == 3)
        #expect(reach.reached == [0, 1, 2, 3, 4])
    }

    @Test func aConstraintThatIsNotACandidateStopsTheWay() {
        let reach = ConstraintReach(
            from: [0], constraintCount: chain.count, variableCount: 9, isCandidate: { $0 != 2 }, unknowns: { chain[$0] })
        #expect(reach.distance == [1, 2, 0, 0, 0, 0])
        #expect(reach.farthest == 2)
    }

    @Test func aShortcutShortensTheDistance() {
        // The chain with a constraint joining x0 and x5 closes it into a ring.
        let ring = chain + [[0, 5]]
        let reach = ConstraintReach(
            from: [0], constraintCount: ring.count, variableCount: 9, isCandidate: { _ in true }, unknowns: { ring[$0] })
        #expect(reach.distance == [1, 2, 3, 3, 2, 0, 1])
        #expect(reach.farthest == 3)
    }

    @Test func noStartReachesNothing() {
        let reach = ConstraintReach(
            from: [], constraintCount: chain.count, variableCount: 9, isCandidate: { _ in true }, unknowns: { chain[$0] })
        #expect(reach.distance == [0, 0, 0, 0, 0, 0])
        #expect(reach.farthest == 0)
        #expect(reach.reached.isEmpty)
    }
}
