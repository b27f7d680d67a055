import Foundation
import LayoutModel
import Testing

@testable import CassowarySolver

@Suite("Cassowary solver")
struct CassowarySolverTests {
    @Test("the paper's midpoint example: xm = (xl + xr)/2, xl + 10 <= xr, 0 <= xl, xr <= 100, edits on xm and xl")
    func midpoint() throws {
        let (xl, xm, xr) = (0, 1, 2)
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(xm, 2), term(xl, -1), term(xr, -1)], .equal, 0)
        try s.addConstraint([term(xl), term(xr, -1)], .lessThanOrEqual, -10)
        try s.addConstraint([term(xl)], .greaterThanOrEqual, 0)
        try s.addConstraint([term(xr)], .lessThanOrEqual, 100)
        // Stays pin the initial layout, as in the paper (xl's stronger than xr's).
        try s.addConstraint([term(xl)], .equal, 10, priority: 2)
        try s.addConstraint([term(xr)], .equal, 90, priority: 1)
        #expect(values(s) == [10, 50, 90])
        let editM = try s.addEditVariable(xm, priority: 750)
        #expect(values(s) == [10, 50, 90], "an edit holds its variable where it is")
        try s.suggestValue(editM, 60)
        // xr would be 110 with xl at its stay: it clamps at 100 and xl gives way to 20.
        #expect(values(s) == [20, 60, 100])
        // xl + 10 <= xr and xr <= 100 bound xm at 95.
        try s.suggestValue(editM, 98)
        #expect(values(s) == [90, 95, 100])
        try s.suggestValue(editM, 200)
        #expect(values(s) == [90, 95, 100])
        try s.suggestValue(editM, 30)
        #expect(values(s) == [10, 30, 50], "xl back at its stay, xr follows the midpoint")
        try s.removeEditVariable(editM)
        #expect(values(s) == [10, 50, 90], "without the edit the stays win again")
        let editL = try s.addEditVariable(xl, priority: 750)
        try s.suggestValue(editL, -30)
        #expect(values(s) == [0, 45, 90], "xl clamps at 0; xr returns to its stay")
        try s.suggestValue(editL, 95)
        #expect(values(s) == [90, 95, 100], "xl + 10 <= xr <= 100")
        // Two edits: the stronger wins where they disagree.
        let editM2 = try s.addEditVariable(xm, priority: 500)
        try s.suggestValue(editM2, 20)
        try s.suggestValue(editL, 30)
        #expect(values(s) == [30, 35, 40], "xl at 30 (750) beats xm at 20 (500): xm gets as close as xr >= xl + 10 allows")
        try s.suggestValue(editM2, 40)
        #expect(values(s) == [30, 40, 50], "both edits hold; xr leaves its stay (priority 1)")
    }

    @Test("edit variables with priorities: a weaker edit yields to a stronger one and to required bounds")
    func editPriorities() throws {
        let s = CassowarySolver(variableCount: 2)
        try s.addConstraint([term(0), term(1, -1)], .lessThanOrEqual, 0)  // x <= y
        try s.addConstraint([term(1)], .lessThanOrEqual, 50)
        let ex = try s.addEditVariable(0, priority: 250)
        let ey = try s.addEditVariable(1, priority: 750)
        try s.suggestValue(ey, 30)
        try s.suggestValue(ex, 40)
        #expect(values(s) == [30, 30], "x is capped by y, whose edit is stronger")
        try s.suggestValue(ey, 70)
        #expect(values(s) == [40, 50], "y capped at 50 by a required bound; x free to reach 40")
        try s.removeEditVariable(ey)
        try s.suggestValue(ex, 45)
        #expect(values(s)[0] == 45)
    }

    @Test("strict priorities: one priority-2 constraint beats 2000 at priority 1 (kiwi-style weights would not)")
    func strictOverWeights() throws {
        // x == 0 at priority 2; 2000 constraints x == 10 at priority 1. A weighted sum
        // (even with levels 1000× apart) would move x to 10; lexicographic order keeps x at 0.
        let s = CassowarySolver(variableCount: 1)
        let strong = try s.addConstraint([term(0)], .equal, 0, priority: 2)
        for _ in 0..<2000 { try s.addConstraint([term(0)], .equal, 10, priority: 1) }
        #expect(values(s)[0] == 0)
        // Weights (priority as weight, or kiwi's 1000× per strength) would pay 1·x at
        // priority 2 against 2000·(10 - x) at priority 1 and move x to 10.
        try s.setConstant(strong, -3)
        #expect(values(s)[0] == -3)
        try s.setPriority(strong, 0.5)
        #expect(values(s)[0] == 10, "now the 2000 outrank it")
    }

    @Test("999 distinct priority levels stay exact")
    func manyLevels() throws {
        // x == p at every priority p in 1...999: the highest, 999, must win exactly.
        let s = CassowarySolver(variableCount: 2)
        var ids: [Int32] = []
        for p in 1...999 { ids.append(try s.addConstraint([term(0)], .equal, Double(p), priority: Double(p))) }
        #expect(s.priorityLevelCount == 999)
        #expect(values(s)[0] == 999)
        // Demote the winner: 998 takes over, in place.
        try s.setPriority(ids[998], 0.5)
        #expect(values(s)[0] == 998)
        #expect(s.priorityLevelCount == 999)
        // y: one constraint per level pulling y to a different value, all inequalities
        // y >= p at priority p: only the level order decides; y = 999 satisfies all.
        for p in stride(from: 1, through: 999, by: 7) {
            try s.addConstraint([term(1)], .greaterThanOrEqual, Double(p), priority: Double(p))
        }
        try s.addConstraint([term(1)], .lessThanOrEqual, 500, priority: 999.25)
        #expect(values(s)[1] == 500, "the 999.25 cap wins over every y >= p")
        try s.removeConstraint(ids[0])
        #expect(s.priorityLevelCount == 1000, "level 1 is still used by y >= 1; 0.5 and 999.25 were added")
    }

    @Test("an unsatisfiable required constraint is refused, named with its conflicts, and changes nothing")
    func unsatisfiable() throws {
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(0)], .equal, 10, name: "a")
        let b = try s.addConstraint([term(1), term(0, -1)], .equal, 5, name: "b")
        try s.addConstraint([term(1)], .lessThanOrEqual, 100, name: "cap")
        try s.addConstraint([term(2)], .equal, 1, name: "unrelated")
        try s.addConstraint([term(1)], .equal, 0, priority: 300, name: "soft")
        let before = (values(s), s.symbolCount, s.rowCount)
        #expect(before.0 == [10, 15, 1])
        expectConflict("bad", ["a", "b"]) { try s.addConstraint([term(1)], .equal, 20, name: "bad") }
        #expect(values(s) == before.0 && s.symbolCount == before.1 && s.rowCount == before.2)
        expectConflict("bad2", ["a", "b"]) { try s.addConstraint([term(1)], .greaterThanOrEqual, 16, name: "bad2") }
        #expect(values(s) == before.0 && s.symbolCount == before.1 && s.rowCount == before.2)
        // A constant change that conflicts is refused and undone, naming a small set.
        let c = try s.addConstraint([term(1)], .greaterThanOrEqual, 0, name: "floor")
        expectConflict("floor", ["a", "b"]) { try s.setConstant(c, 50) }
        #expect(values(s) == [10, 15, 1])
        #expect(s.constant(of: c) == 0)
        try s.setConstant(b, 50)
        #expect(values(s) == [10, 60, 1])
        // Activation of a conflicting inactive constraint: refused, state unchanged.
        let pending = try s.register([term(1)], .lessThanOrEqual, 40, name: "pending")
        expectConflict("pending", ["a", "b"]) { try s.setActive(pending, true) }
        #expect(!s.isActive(pending))
        #expect(values(s) == [10, 60, 1])
        try s.setConstant(b, 20)
        try s.setActive(pending, true)
        #expect(values(s) == [10, 30, 1])
    }

    @Test("typed errors: duplicate and unknown constraints and edits, required edits, required priority changes")
    func typedErrors() throws {
        let s = CassowarySolver(variableCount: 2)
        let a = try s.addConstraint([term(0)], .equal, 1, name: "a")
        #expect(throws: LayoutError.duplicateConstraint("a")) { try s.addConstraint([term(1)], .equal, 1, name: "a") }
        try s.removeConstraint(a)
        #expect(throws: LayoutError.unknownConstraint("#\(a)")) { try s.removeConstraint(a) }
        #expect(throws: LayoutError.unknownConstraint("#99")) { try s.setConstant(99, 1) }
        try s.addConstraint([term(1)], .equal, 1, name: "a")  // the name is free again
        let e = try s.addEditVariable(0, priority: 500, name: "x")
        #expect(throws: LayoutError.duplicateEdit("x2")) { try s.addEditVariable(0, priority: 250, name: "x2") }
        #expect(throws: LayoutError.requiredEdit("y")) { try s.addEditVariable(1, priority: 1000, name: "y") }
        try s.removeEditVariable(e)
        #expect(throws: LayoutError.unknownEdit("#\(e)")) { try s.suggestValue(e, 3) }
        #expect(throws: LayoutError.unknownEdit("#\(e)")) { try s.removeEditVariable(e) }
        let r = try s.addConstraint([term(0)], .greaterThanOrEqual, 0, name: "r")
        #expect(throws: LayoutError.requiredPriorityChange(constraint: "r")) { try s.setPriority(r, 500) }
        let o = try s.addConstraint([term(0)], .greaterThanOrEqual, 0, priority: 300, name: "o")
        #expect(throws: LayoutError.requiredPriorityChange(constraint: "o")) { try s.setPriority(o, 1000) }
        #expect(throws: LayoutError.invalidValue(what: "setConstant o", value: .infinity)) { try s.setConstant(o, .infinity) }
    }

    @Test("under-constrained systems are reported ambiguous")
    func ambiguity() throws {
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(0)], .equal, 5)
        try s.addConstraint([term(1), term(2, -1)], .equal, 0)  // y == z, both free
        _ = values(s)
        #expect(Set(s.ambiguousVariables()) == [1, 2])
        #expect(s.hasAmbiguousLayout)
        let pin = try s.addConstraint([term(2)], .equal, 7, priority: 250)
        #expect(values(s) == [5, 7, 7])
        #expect(s.ambiguousVariables().isEmpty)
        #expect(!s.hasAmbiguousLayout)
        // An inequality leaves slack: y <= 10 (and z pinned optionally) is unique; but
        // y between two optional bounds that both hold is free to move.
        try s.removeConstraint(pin)
        try s.addConstraint([term(1)], .lessThanOrEqual, 10, priority: 500)
        try s.addConstraint([term(1)], .greaterThanOrEqual, 0, priority: 500)
        _ = values(s)
        #expect(Set(s.ambiguousVariables()) == [1, 2])
    }

    @Test("constants and priorities change in place; deactivation keeps identity")
    func inPlace() throws {
        let s = CassowarySolver(variableCount: 1)
        let low = try s.addConstraint([term(0)], .equal, 10, priority: 250)
        let high = try s.addConstraint([term(0)], .equal, 20, priority: 750)
        #expect(values(s)[0] == 20)
        try s.setPriority(low, 900)
        #expect(values(s)[0] == 10)
        try s.setConstant(low, 12)
        #expect(values(s)[0] == 12)
        try s.setActive(low, false)
        #expect(values(s)[0] == 20)
        try s.setConstant(low, 30)  // while inactive: kept for later
        try s.setActive(low, true)
        #expect(values(s)[0] == 30)
        // Required inequality constant changes, both directions.
        let floor = try s.addConstraint([term(0)], .greaterThanOrEqual, 40)
        #expect(values(s)[0] == 40)
        try s.setConstant(floor, 25)
        #expect(values(s)[0] == 30)
        try s.setConstant(floor, 35)
        #expect(values(s)[0] == 35)
        try s.setPriority(high, 950)
        try s.setConstant(floor, -100)
        #expect(values(s)[0] == 20)
        try s.removeConstraint(low)
        try s.removeConstraint(high)
        try s.removeConstraint(floor)
        #expect(s.symbolCount == 1 && s.rowCount == 0 && s.priorityLevelCount == 0)
    }

    @Test("removal frees every symbol, for each kind of constraint")
    func removal() throws {
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(0)], .equal, 0)
        try s.addConstraint([term(1), term(0, -1)], .greaterThanOrEqual, 10)
        let base = (s.symbolCount, s.rowCount)
        var ids: [Int32] = []
        ids.append(try s.addConstraint([term(2), term(1, -1)], .equal, 5, priority: 400))
        ids.append(try s.addConstraint([term(2)], .lessThanOrEqual, 3, priority: 600))
        ids.append(try s.addConstraint([term(2), term(0, -2)], .greaterThanOrEqual, 1))
        ids.append(try s.addConstraint([term(1)], .equal, 12))
        ids.append(try s.addEditVariable(2, priority: 800))
        try s.suggestValue(ids[4], 7)
        #expect(values(s) == [0, 12, 7])
        for id in ids.reversed() where s.hasEditVariable(id) { try s.removeEditVariable(id) }
        try s.removeConstraint(ids[3])
        #expect(values(s)[0] == 0 && values(s)[1] >= 10)
        for id in ids[0..<3] { try s.removeConstraint(id) }
        #expect(s.symbolCount == base.0 && s.rowCount == base.1)
        #expect(values(s)[0] == 0 && values(s)[1] >= 10)
    }

    @Test("memory stays flat under churn: 100,000 add/remove cycles")
    func churn() throws {
        let s = CassowarySolver(variableCount: 4)
        try s.addConstraint([term(0)], .equal, 0)
        try s.addConstraint([term(1), term(0, -1)], .equal, 10)
        try s.addConstraint([term(2)], .greaterThanOrEqual, 0)
        try s.addConstraint([term(3)], .equal, 50, priority: 100)
        _ = values(s)
        let symbols = s.symbolCount
        let rows = s.rowCount
        let capacity = s.core.kind.count
        for i in 0..<100_000 {
            let id: Int32
            switch i % 4 {
            case 0: id = try s.addConstraint([term(2), term(1, -1)], .equal, Double(i % 7), priority: 500)
            case 1: id = try s.addConstraint([term(3), term(2, -1)], .greaterThanOrEqual, 1)
            case 2: id = try s.addConstraint([term(3)], .lessThanOrEqual, 100, priority: 300)
            default: id = try s.addEditVariable(3, priority: 700)
            }
            if s.hasEditVariable(id) { try s.removeEditVariable(id) } else { try s.removeConstraint(id) }
        }
        #expect(s.symbolCount == symbols)
        #expect(s.rowCount == rows)
        #expect(s.core.kind.count <= capacity + 4, "symbol ids are reused")
        #expect(values(s)[1] == 10 && values(s)[3] == 50)
    }

    @Test("no drift: 1,000,000 suggests end where a fresh solve of the final state does")
    func drift() throws {
        let (s, e) = try driftSystem()
        var last = 0.0
        for i in 0..<1_000_000 {
            last = driftValue(i)
            try s.suggestValue(e, last)
        }
        let (fresh, f) = try driftSystem()
        try fresh.suggestValue(f, last)
        let a = values(s)
        let b = values(fresh)
        #expect(close(a, b), "\(a) vs \(b)")
    }
}

/// Expects `body` to be refused as unsatisfiable, naming `culprit` and exactly `conflicts` (in any order).
func expectConflict(
    _ culprit: String, _ conflicts: Set<String>, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("\(culprit) should have been refused", sourceLocation: sourceLocation)
    } catch {
        guard case let .unsatisfiable(name, names) = error as? LayoutError else {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(name == culprit && Set(names) == conflicts, "\(error)", sourceLocation: sourceLocation)
    }
}

func driftValue(_ i: Int) -> Double { 500 * sin(Double(i) * 0.001) + Double(i % 13) * 0.37 }

func driftSystem() throws -> (CassowarySolver, Int32) {
    let s = CassowarySolver(variableCount: 8)
    for v in 0..<7 {
        try s.addConstraint([term(v + 1), term(v, -1)], .equal, 1.5 + Double(v) * 0.1)
        try s.addConstraint([term(v + 1)], .lessThanOrEqual, 400 + Double(v))
        try s.addConstraint([term(v)], .greaterThanOrEqual, -300 - Double(v) * 1.1, priority: 600)
        try s.addConstraint([term(v)], .equal, Double(v) * 3, priority: 10)
    }
    let e = try s.addEditVariable(0, priority: 750)
    return (s, e)
}
