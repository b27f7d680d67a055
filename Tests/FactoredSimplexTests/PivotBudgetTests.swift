@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// A solve that would pass its pivot budget stops with an error instead of looping.
@Suite("Factored simplex: pivot budget")
struct FactoredPivotBudgetTests {
    @Test("a solve past its budget throws pivotBudgetExceeded, naming the back end, and a session stops on it")
    func budgetStopsASolve() throws {
        // Frame 1 raises a priority: loosening a required cap then improves, one primal pivot.
        let (backend, scene) = try FactoredInvariantTests.healthy()
        backend.solver.pivotBudget = 0
        for op in scene.frames[1] { try backend.apply(op) }
        #expect(throws: LayoutError.pivotBudgetExceeded(backend: "factored", operation: "solving", pivots: 1)) { try backend.solve() }
        let session = try SceneSession(scene: scene, backend: FactoredBackend.self)
        try #require(session.backend as? FactoredBackend).solver.pivotBudget = 0
        _ = try session.runFrame(0)
        #expect(throws: LayoutError.pivotBudgetExceeded(backend: "factored", operation: "solving", pivots: 1)) { try session.runFrame(1) }
    }

    @Test("every generator family at 300 views: no solve comes within a hundredth of its budget")
    func familiesStayFarBelow() throws {
        for family in Family.allCases {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: 300, frames: 20)).compile()
            let session = try SceneSession(scene: scene, backend: FactoredBackend.self)
            let backend = try #require(session.backend as? FactoredBackend)
            let budget = backend.solver.pivotBudget
            #expect(backend.statistics.pivots * 100 < budget, "\(family) build: \(backend.statistics.pivots) of \(budget)")
            for f in scene.frames.indices {
                let before = backend.statistics.pivots
                _ = try session.runFrame(f)
                let pivots = backend.statistics.pivots - before
                #expect(pivots * 100 < budget, "\(family) frame \(f + 1): \(pivots) of \(budget)")
            }
        }
    }
}
