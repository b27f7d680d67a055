import CassowarySolver
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutModel

/// The back ends LayoutBench knows, by their command-line names.
public enum BackendRegistry {
    public static var all: [any LayoutBackend.Type] {
        [CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, FactoredBackend.self]
    }

    public static var names: [String] { all.map { $0.name } }

    public static func named(_ name: String) -> (any LayoutBackend.Type)? {
        all.first { $0.name == name }
    }
}
