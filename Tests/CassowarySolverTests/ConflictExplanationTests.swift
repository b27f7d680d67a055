import LayoutModel
import Testing

@testable import CassowarySolver

/// A refused constraint's conflicts are named from a replay of the constraints near it,
/// widened until it conflicts: in a long chain the replay stays small, and a conflict
/// that runs the chain's length is still named whole.
@Suite("Cassowary: naming a conflict in a long chain")
struct ConflictExplanationTests {
    /// A stack of `count` views, as the stack family chains them: top, bottom and height
    /// (unknowns 3i, 3i + 1, 3i + 2), each view's top 3 below the bottom of the one before,
    /// every constraint required and changeable (so each carries a marker).
    func stack(_ count: Int) throws -> CassowarySolver {
        let s = CassowarySolver(variableCount: 3 * count)
        for i in 0..<count {
            let (top, bottom, height) = (3 * i, 3 * i + 1, 3 * i + 2)
            if i == 0 {
                try s.addConstraint([term(top)], .equal, 0, name: "top0")
            } else {
                try s.addConstraint([term(top), term(3 * (i - 1) + 1, -1)], .equal, 3, name: "gap\(i)")
            }
            try s.addConstraint([term(bottom), term(top, -1), term(height, -1)], .equal, 0, name: "span\(i)")
            try s.addConstraint([term(height)], .equal, 20, name: "height\(i)")
        }
        return s
    }

    @Test("a conflict between two constraints of one view, far down a 1,500-view chain, names those two")
    func localConflictInALongChain() throws {
        let s = try stack(1_500)
        let before = values(s)
        #expect(before[3 * 1_499 + 1] == 1_499 * 23 + 20)
        expectConflict("taller", ["height1200"]) { try s.addConstraint([term(3 * 1_200 + 2)], .equal, 30, name: "taller") }
        expectConflict("short", ["span1499", "height1499"]) {
            try s.addConstraint([term(3 * 1_499 + 1), term(3 * 1_499, -1)], .equal, 25, name: "short")
        }
        #expect(values(s) == before)
    }

    @Test("a conflict that runs a 100-view chain's length, past the replay's first reach, names every link")
    func conflictAlongTheWholeChain() throws {
        let s = try stack(100)
        // The last bottom pinned short of where the chain puts it (99 × 23 + 20).
        var expected: Set<String> = ["top0"]
        for i in 0..<100 {
            expected.insert("span\(i)")
            expected.insert("height\(i)")
            if i > 0 { expected.insert("gap\(i)") }
        }
        #expect(expected.count > 2 * SolverCore.firstConflictReach)
        expectConflict("floor", expected) { try s.addConstraint([term(3 * 99 + 1)], .equal, 2_000, name: "floor") }
        #expect(values(s)[3 * 99 + 1] == 99 * 23 + 20)
    }
}
