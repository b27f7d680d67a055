@testable import DenseSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// A solve that would pass its pivot budget stops with an error instead of looping.
@Suite("Dense simplex: pivot budget")
struct DensePivotBudgetTests {
    @Test("a solve past its budget throws pivotBudgetExceeded, naming the back end, and the error is fatal")
    func budgetStopsASolve() throws {
        let compiled = try PriorityScenes.clamp().compile()
        let backend = try DenseSimplexBackend(scene: compiled, options: BackendOptions())
        backend.pivotBudgetOverride = 0
        // The elimination's pivots, one per unknown (4), then the first phase's first is refused.
        #expect(throws: LayoutError.pivotBudgetExceeded(backend: "dense", operation: "solving", pivots: 4)) { try backend.solve() }
        let error = LayoutError.pivotBudgetExceeded(backend: "dense", operation: "solving", pivots: 0)
        #expect(error.isFatal)
        #expect("\(error)".hasPrefix("the dense back end stalled while solving: one simplex run used up its budget of 0 pivots"))
    }

    @Test("every generator family at 50 views: no solve comes within a tenth of its budget")
    func familiesStayFarBelow() throws {
        for family in Family.allCases {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: 50, frames: 10)).compile()
            let session = try SceneSession(scene: scene, backend: DenseSimplexBackend.self)
            let backend = try #require(session.backend as? DenseSimplexBackend)
            for f in scene.frames.indices {
                _ = try session.runFrame(f)
                #expect(backend.solvePivots * 10 < backend.pivotBudget, "\(family) frame \(f + 1): \(backend.solvePivots) of \(backend.pivotBudget)")
            }
        }
    }
}
