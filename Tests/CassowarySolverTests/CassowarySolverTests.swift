import Foundation
import LayoutModel
import Testing

@testable import CassowarySolver

private func term(_ v: Int, _ c: Double = 1) -> LinearTerm { LinearTerm(variable: Int32(v), coefficient: c) }

private func values(_ solver: CassowarySolver) -> [Double] {
    solver.updateValues { _ in }
    return solver.values
}

@Suite("Cassowary solver")
struct CassowarySolverTests {
    @Test("the paper's midpoint example: xm = (xl + xr)/2, xl + 10 <= xr, 0 <= xl, xr <= 100, edits on xm and xl")
    func midpoint() throws {
        let (xl, xm, xr) = (0, 1, 2)
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(xm, 2), term(xl, -1), term(xr, -1)], .equal, 0, priority: 1000)
        try s.addConstraint([term(xl), term(xr, -1)], .lessThanOrEqual, -10, priority: 1000)
        try s.addConstraint([term(xl)], .greaterThanOrEqual, 0, priority: 1000)
        try s.addConstraint([term(xr)], .lessThanOrEqual, 100, priority: 1000)
        // Stays pin the initial layout, as in the paper (xl's stronger than xr's).
        try s.addConstraint([term(xl)], .equal, 10, priority: 2)
        try s.addConstraint([term(xr)], .equal, 90, priority: 1)
        #expect(values(s) == [10, 50, 90])
        let editM = try s.addEditVariable(xm, priority: 750)
        s.suggestValue(editM, 60)
        // xr would be 110 with xl at its stay: it clamps at 100 and xl gives way to 20.
        #expect(values(s) == [20, 60, 100])
        // xl + 10 <= xr and xr <= 100 bound xm at 95.
        s.suggestValue(editM, 98)
        #expect(values(s) == [90, 95, 100])
        s.suggestValue(editM, 200)
        #expect(values(s) == [90, 95, 100])
        s.removeConstraint(editM)
        let editL = try s.addEditVariable(xl, priority: 750)
        s.suggestValue(editL, -30)
        #expect(values(s) == [0, 45, 90], "xl clamps at 0; xr returns to its stay")
    }

    @Test("strict priorities: one priority-2 constraint beats 2000 at priority 1 (kiwi-style weights would not)")
    func strictOverWeights() throws {
        // x == 0 at priority 2; 2000 constraints x == 10 at priority 1. Weighted sums
        // (even 1000× apart) would move x to 10; lexicographic order keeps x at 0.
        let s = CassowarySolver(variableCount: 1)
        try s.addConstraint([term(0)], .equal, 0, priority: 2)
        for _ in 0..<2000 { try s.addConstraint([term(0)], .equal, 10, priority: 1) }
        #expect(values(s)[0] == 0)
    }

    @Test("999 distinct priority levels stay exact")
    func manyLevels() throws {
        // x == p at every priority p in 1...999: the highest, 999, must win exactly.
        let s = CassowarySolver(variableCount: 1)
        for p in 1...999 { try s.addConstraint([term(0)], .equal, Double(p), priority: Double(p)) }
        #expect(s.priorityLevelCount == 999)
        #expect(values(s)[0] == 999)
        // Demote the winner: 998 takes over, in place.
        let top = try s.addConstraint([term(0)], .equal, -5, priority: 999.5)
        #expect(values(s)[0] == -5)
        s.setPriority(top, 0.5)
        #expect(values(s)[0] == 999)
    }

    @Test("an unsatisfiable required constraint is refused, named with its conflicts, and changes nothing")
    func unsatisfiable() throws {
        let s = CassowarySolver(variableCount: 2)
        let a = try s.addConstraint([term(0)], .equal, 10, priority: 1000)
        let b = try s.addConstraint([term(1), term(0, -1)], .equal, 5, priority: 1000)
        try s.addConstraint([term(1)], .lessThanOrEqual, 100, priority: 1000)
        let before = (values(s), s.symbolCount, s.rowCount)
        #expect(before.0 == [10, 15])
        do {
            try s.addConstraint([term(1)], .equal, 20, priority: 1000)
            Issue.record("should have been refused")
        } catch {
            #expect(Set(error.conflicts) == [a, b])
        }
        #expect(values(s) == before.0 && s.symbolCount == before.1 && s.rowCount == before.2)
        // A constant change that conflicts is refused too.
        let c = try s.addConstraint([term(1)], .greaterThanOrEqual, 0, priority: 1000)
        #expect(throws: CassowaryConflict.self) { try s.setConstant(c, 50) }
        #expect(values(s) == [10, 15])
        try s.setConstant(a, 20)
        #expect(values(s) == [20, 25])
    }

    @Test("under-constrained systems are reported ambiguous")
    func ambiguity() throws {
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(0)], .equal, 5, priority: 1000)
        try s.addConstraint([term(1), term(2, -1)], .equal, 0, priority: 1000)  // y == z, both free
        _ = values(s)
        #expect(Set(s.ambiguousVariables()) == [1, 2])
        try s.addConstraint([term(2)], .equal, 7, priority: 250)
        _ = values(s)
        #expect(s.ambiguousVariables().isEmpty)
        #expect(values(s) == [5, 7, 7])
    }

    @Test("constants and priorities change in place; deactivation keeps identity")
    func inPlace() throws {
        let s = CassowarySolver(variableCount: 1)
        let low = try s.addConstraint([term(0)], .equal, 10, priority: 250)
        let high = try s.addConstraint([term(0)], .equal, 20, priority: 750)
        #expect(values(s)[0] == 20)
        s.setPriority(low, 900)
        #expect(values(s)[0] == 10)
        try s.setConstant(low, 12)
        #expect(values(s)[0] == 12)
        try s.setActive(low, false)
        #expect(values(s)[0] == 20)
        try s.setConstant(low, 30)  // while inactive: kept for later
        try s.setActive(low, true)
        #expect(values(s)[0] == 30)
        s.removeConstraint(low)
        s.removeConstraint(high)
        #expect(s.symbolCount == 1 && s.rowCount == 0)
    }

    @Test("memory stays flat under churn: 100,000 add/remove cycles")
    func churn() throws {
        let s = CassowarySolver(variableCount: 4)
        try s.addConstraint([term(0)], .equal, 0, priority: 1000)
        try s.addConstraint([term(1), term(0, -1)], .equal, 10, priority: 1000)
        try s.addConstraint([term(2)], .greaterThanOrEqual, 0, priority: 1000)
        _ = values(s)
        let symbols = s.symbolCount
        let rows = s.rowCount
        for i in 0..<100_000 {
            let kind = i % 3
            let id: Int32
            switch kind {
            case 0: id = try s.addConstraint([term(2), term(1, -1)], .equal, Double(i % 7), priority: 500)
            case 1: id = try s.addConstraint([term(3), term(2, -1)], .greaterThanOrEqual, 1, priority: 1000)
            default: id = try s.addConstraint([term(3)], .lessThanOrEqual, 100, priority: 300)
            }
            s.removeConstraint(id)
        }
        #expect(s.symbolCount == symbols)
        #expect(s.rowCount == rows)
        #expect(values(s)[1] == 10)
    }

    @Test("no drift: 200,000 suggests end where a fresh solve of the final state does")
    func drift() throws {
        func build() throws -> (CassowarySolver, Int32) {
            let s = CassowarySolver(variableCount: 8)
            for v in 0..<7 {
                try s.addConstraint([term(v + 1), term(v, -1)], .equal, 1.5 + Double(v) * 0.1, priority: 1000)
                try s.addConstraint([term(v + 1)], .lessThanOrEqual, 400 + Double(v), priority: 1000)
                try s.addConstraint([term(v)], .equal, Double(v) * 3, priority: 10)
            }
            let e = try s.addEditVariable(0, priority: 750)
            return (s, e)
        }
        let (s, e) = try build()
        var last = 0.0
        for i in 0..<200_000 {
            last = 500 * sin(Double(i) * 0.001) + Double(i % 13) * 0.37
            s.suggestValue(e, last)
        }
        let (fresh, f) = try build()
        fresh.suggestValue(f, last)
        let a = values(s)
        let b = values(fresh)
        for (x, y) in zip(a, b) { #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(a) vs \(b)") }
    }
}
