import BenchHarness
import CassowarySolver
import DenseSimplex
import FactoredSimplex
import LayoutModel
import TestSupport
import Testing

/// The exact back ends agree on the scenes the Cassowary back end once got wrong.
@Suite("Equivalence on Cassowary regression scenes")
struct RegressionSceneEquivalenceTests {
    let exact: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self]

    @Test("cassowary, dense and factored agree on each regression scene, frame by frame")
    func regressionScenes() throws {
        for (name, text) in [
            ("duplicate required", RegressionScenes.duplicateRequired), ("trading slacks", RegressionScenes.tradingSlacks),
        ] {
            let outcome = Equivalence.compare(name: name, scene: try compiledScene(text, name: name), backends: exact)
            #expect(outcome.passed, "\(name): \(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.count == 3, "\(name)")
        }
    }
}
