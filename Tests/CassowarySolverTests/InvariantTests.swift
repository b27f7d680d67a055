#if DEBUG
import LayoutModel
import Testing

@testable import CassowarySolver

/// `checkInvariants` must catch a corrupted index, one kind at a time: each case below
/// damages a copy of a healthy tableau in one place and expects the check to name it.
@Suite("Cassowary invariant check")
struct CassowaryInvariantTests {
    /// A small system with every kind of symbol: required equalities and inequalities,
    /// optional constraints at two priorities and an edit, after a few changes.
    static func healthy() throws -> CassowarySolver {
        let s = CassowarySolver(variableCount: 4)
        try s.addConstraint([term(1), term(0, -1)], .equal, 10)
        try s.addConstraint([term(2), term(1, -1)], .greaterThanOrEqual, 5)
        try s.addConstraint([term(3)], .lessThanOrEqual, 200)
        try s.addConstraint([term(0)], .greaterThanOrEqual, 0)
        try s.addConstraint([term(2)], .equal, 40, priority: 300)
        try s.addConstraint([term(3), term(2, -1)], .equal, 30, priority: 500)
        let edit = try s.addEditVariable(0, priority: 700)
        try s.suggestValue(edit, 12)
        _ = values(s)
        try s.suggestValue(edit, 20)
        return s
    }

    @Test("a healthy tableau passes, before and after updateValues")
    func healthyPasses() throws {
        let s = try Self.healthy()
        #expect(s.checkInvariants() == nil)
        _ = values(s)
        #expect(s.checkInvariants() == nil)
    }

    /// The first slot holding a row with at least `minimumTerms` symbols.
    static func slot(_ core: SolverCore, minimumTerms: Int = 1) -> Int {
        core.rows.indices.first { core.basic[$0] >= 0 && core.rows[$0].symbols.count >= minimumTerms }!
    }

    static let corruptions: [(name: String, expected: String, damage: @Sendable (inout SolverCore) -> Void)] = [
        ("rowOf forgets a basic symbol", "rowOf", { core in
            let slot = CassowaryInvariantTests.slot(core)
            core.rowOf[Int(core.basic[slot])] = -1
        }),
        ("rowOf points a non-basic symbol at a row", "rowOf", { core in
            let slot = CassowaryInvariantTests.slot(core)
            core.rowOf[Int(core.rows[slot].symbols[0])] = Int32(slot)
        }),
        ("a lazy column loses a row", "column", { core in
            let slot = CassowaryInvariantTests.slot(core)
            let symbol = Int(core.rows[slot].symbols[0])
            core.column[symbol].removeAll { $0 == Int32(slot) }
        }),
        ("freeSlots lists a live slot", "freeSlots", { core in core.freeSlots.append(Int32(CassowaryInvariantTests.slot(core))) }),
        ("freeSymbols lists a live symbol", "freeSymbols", { core in core.freeSymbols.append(0) }),
        ("a row loses its order", "ascending", { core in
            let slot = CassowaryInvariantTests.slot(core, minimumTerms: 2)
            core.rows[slot].symbols.swapAt(0, 1)
            core.rows[slot].coefficients.swapAt(0, 1)
        }),
        ("a row keeps a negligible coefficient", "drop tolerance", { core in
            let slot = CassowaryInvariantTests.slot(core)
            core.rows[slot].coefficients[0] = 1e-12
        }),
        ("a level's member list loses a symbol", "members", { core in
            let level = core.objective.levelsByRank[0]
            core.objective.members[Int(level)].removeAll()
        }),
        ("a level's entry count drifts", "entryCount", { core in
            core.objective.entryCount[Int(core.objective.levelsByRank[0])] += 1
        }),
        ("levelUse drifts", "levelUse", { core in core.levelUse[300, default: 0] += 1 }),
        ("a level's rank drifts", "rank", { core in core.objective.rank[Int(core.objective.levelsByRank[0])] = 5 }),
        ("a cost entry leaks", "neither free nor in use", { core in
            core.objective.entryLevel.append(core.objective.levelsByRank[0])
            core.objective.entryValue.append(1)
            core.objective.entryNext.append(-1)
        }),
        ("a touched-row flag without its list entry", "isTouchedRow", { core in
            let slot = core.isTouchedRow.firstIndex(of: false)!
            core.isTouchedRow[slot] = true
        }),
        ("a dirty flag without its heap entry", "isDirtySymbol", { core in
            let s = core.isDirtySymbol.firstIndex(of: false)!
            core.isDirtySymbol[s] = true
        }),
        ("a visit stamp from the future", "visitStamp", { core in core.visitStamp[0] = core.stamp &+ 1 }),
        ("a member stamp from the future", "memberStamp", { core in
            core.objective.memberStamp[0] = core.objective.memberEpoch &+ 1
        }),
        ("a symbol's owner changes", "owner", { core in
            let s = core.kind.firstIndex(of: .slack)!
            core.owner[s] = core.owner[s] == 0 ? 1 : 0
        }),
        ("a value disagrees with its untouched row", "values", { core in
            let slot = core.rows.indices.first { core.basic[$0] >= 0 && Int(core.basic[$0]) < core.externalCount }!
            core.values[Int(core.basic[slot])] += 1
        }),
        ("the journal is left open", "journal", { core in core.journaling = true }),
    ]

    @Test("each corrupted index is caught and named", arguments: corruptions.indices)
    func corruptionIsCaught(index: Int) throws {
        let s = try Self.healthy()
        _ = values(s)
        try #require(s.core.checkInvariants() == nil)
        let corruption = Self.corruptions[index]
        var damaged = s.core
        corruption.damage(&damaged)
        let problem = damaged.checkInvariants()
        #expect(problem != nil, "\(corruption.name): not caught")
        #expect(problem?.contains(corruption.expected) == true, "\(corruption.name): \(problem ?? "nil")")
    }

    @Test("the wrapper's name index is checked too")
    func nameIndexIsChecked() throws {
        let s = try Self.healthy()
        try s.addConstraint([term(3)], .greaterThanOrEqual, 1, name: "floor")
        #expect(s.checkInvariants() == nil)
        s.nameIndex["floor"] = 0
        #expect(s.checkInvariants()?.contains("nameIndex") == true)
    }
}
#endif
