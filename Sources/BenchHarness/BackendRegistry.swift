import CassowarySolver
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutModel

/// The back ends LayoutBench knows, by their command-line names. Listing them is
/// this type's only business with them: nothing asks a back end anything by its type.
public enum BackendRegistry {
    public static var all: [any LayoutBackend.Type] {
        [CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, FactoredBackend.self]
    }

    public static var names: [String] { all.map { $0.name } }

    /// Former names still accepted on the command line.
    public static let aliases: [String: String] = ["frames": FrameArithmeticBackend.name]

    /// The back end called `name` (or an alias of it).
    public static func named(_ name: String) -> (any LayoutBackend.Type)? {
        let canonical = aliases[name] ?? name
        return all.first { $0.name == canonical }
    }
}
