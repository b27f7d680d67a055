import LayoutModel
import TestSupport
import Testing

@testable import CassowarySolver

/// Cases the Cassowary back end once got wrong, each with the answer worked out by hand
/// (or, for a stall, the bound it must stay under).
@Suite("Cassowary regressions")
struct CassowaryRegressionTests {
    /// Top and height of view `v` (its left and width are free in these scenes).
    func vertical(_ rects: [Double], _ v: Int) -> [Double] { [rects[v * 4 + 1], rects[v * 4 + 3]] }

    @Test("removing one of two identical required constraints leaves the other in force")
    func duplicateRequired() throws {
        let scene = try compiledScene(RegressionScenes.duplicateRequired)
        let session = try SceneSession(scene: scene, backend: CassowaryBackend.self)
        let backend = try #require(session.backend as? CassowaryBackend)
        for frame in scene.frames.indices {
            #expect(try session.runFrame(frame).isEmpty)
            expectInvariants(backend.solver, "after frame \(frame + 1)")
            // a.top 20, a.height 88 (required; `opt` would like 62), b and c stacked below.
            #expect(vertical(session.rects, 0) == [20, 88], "frame \(frame + 1)")
            #expect(vertical(session.rects, 1) == [116, 44], "frame \(frame + 1)")
            #expect(session.rects[2 * 4 + 1] == 168, "frame \(frame + 1)")
        }
    }

    @Test("the same through the solver's API, removing either copy, with an optional pull between")
    func duplicateRequiredSolver() throws {
        for removeFirst in [true, false] {
            // x0 = a.top, x1 = a.height, x2 = c.top (= a.top + a.height + 60).
            let s = CassowarySolver(variableCount: 3)
            try s.addConstraint([term(0)], .equal, 20)
            try s.addConstraint([term(2), term(0, -1), term(1, -1)], .equal, 60)
            let first = try s.addConstraint([term(1)], .equal, 88)
            let second = try s.addConstraint([term(1)], .equal, 88)
            try s.addConstraint([term(2), term(0, -0.5)], .lessThanOrEqual, 132, priority: 749)
            try s.removeConstraint(removeFirst ? first : second)
            expectInvariants(s, "after the removal")
            #expect(values(s) == [20, 88, 168])
            // With the other copy gone too, the optional pull wins: c.top 142.
            try s.removeConstraint(removeFirst ? second : first)
            #expect(values(s)[2] == 142)
            expectInvariants(s, "after both removals")
        }
    }

    @Test("a scene where two slacks once traded places for ever solves, with few pivots per frame")
    func tradingSlacks() throws {
        let scene = try compiledScene(RegressionScenes.tradingSlacks)
        let session = try SceneSession(scene: scene, backend: CassowaryBackend.self)
        let backend = try #require(session.backend as? CassowaryBackend)
        expectInvariants(backend.solver, "after the initial solve")
        for frame in scene.frames.indices {
            let before = backend.statistics.pivots
            #expect(try session.runFrame(frame).isEmpty, "frame \(frame + 1)")
            let pivots = backend.statistics.pivots - before
            // Re-solving from scratch takes about one pivot per row, and an incremental frame
            // at most that: here at most 15, but 121 (of 101 rows) in frame 32, where a
            // required constraint goes in through phase one. The loop never ended.
            #expect(pivots <= 2 * backend.solver.rowCount, "frame \(frame + 1): \(pivots) pivots")
            if frame + 1 == 32 {
                // Known: a pivot here divides a row by |a| > 1 and leaves a coefficient of
                // 5e-10, below the drop tolerance (Row.solve scales without dropping).
                // Dropping it there flips this frame to a worse optimum at priority 749:
                // the tableau's round-off (residuals of 1e-6 after the initial solve) makes
                // the answer hang on such details.
                withKnownIssue { expectInvariants(backend.solver, "after frame 32") }
            } else {
                expectInvariants(backend.solver, "after frame \(frame + 1)")
            }
        }
    }

    @Test("a simplex run that uses up its pivot budget is reported, and the solver recovers")
    func pivotBudget() throws {
        let s = CassowarySolver(variableCount: 4)
        try s.addConstraint([term(0)], .greaterThanOrEqual, 0)
        try s.addConstraint([term(1), term(0, -1)], .greaterThanOrEqual, 10)
        try s.addConstraint([term(2), term(1, -1)], .greaterThanOrEqual, 10)
        try s.addConstraint([term(3), term(2, -1)], .greaterThanOrEqual, 10)
        let before = values(s)
        // A budget of no pivots at all: the next change that needs one must stop, not loop.
        s.core.budgetPerEntry = 0
        s.core.budgetBase = 0
        let pull = try s.register([term(3)], .equal, 100, priority: 500, name: "pull")
        #expect(throws: LayoutError.pivotBudgetExceeded(backend: "cassowary", operation: "activating pull", pivots: 0)) {
            try s.setActive(pull, true)
        }
        expectInvariants(s, "after the stall")
        // Either the activation was undone (a journaled insert) or it stays, waiting for
        // the optimisation that the next operation resumes.
        if !s.isActive(pull) { #expect(values(s) == before) }
        // With the budget back, the layout reaches the optimum.
        s.core.budgetPerEntry = 64
        s.core.budgetBase = 10_000
        if !s.isActive(pull) { try s.setActive(pull, true) }
        #expect(values(s)[3] == 100)
        expectInvariants(s, "after the recovery")
    }

    @Test("a dual run that uses up its budget is resumed by the next operation")
    func dualPivotBudget() throws {
        let s = CassowarySolver(variableCount: 3)
        try s.addConstraint([term(0)], .equal, 0)
        try s.addConstraint([term(1), term(0, -1)], .equal, 10)
        try s.addConstraint([term(2), term(1, -1)], .greaterThanOrEqual, 10)
        let edit = try s.addEditVariable(2, priority: 500)
        try s.suggestValue(edit, 50)
        #expect(values(s) == [0, 10, 50])
        s.core.budgetPerEntry = 0
        s.core.budgetBase = 0
        // Below 20 the edit breaks a row, which only a dual pivot can repair.
        #expect(throws: LayoutError.self) { try s.suggestValue(edit, 5) }
        expectInvariants(s, "after the stall")
        s.core.budgetPerEntry = 64
        s.core.budgetBase = 10_000
        #expect(values(s) == [0, 10, 20])
        expectInvariants(s, "after the recovery")
    }

    @Test("a stall is fatal for a scene and names what the solver was doing")
    func pivotBudgetMessage() {
        let error = LayoutError.pivotBudgetExceeded(backend: "cassowary", operation: "removing c8", pivots: 12)
        #expect(error.isFatal)
        #expect(error.description == "the cassowary back end stalled while removing c8: one simplex run used up its budget of 12 pivots (a cycle or numerical trouble)")
    }
}
