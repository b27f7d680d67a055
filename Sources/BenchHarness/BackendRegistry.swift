import CassowarySolver
import DenseSimplex
import ExactReference
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

    /// The judge: the reference semantics in exact arithmetic, for small scenes. Not in
    /// `all` (it is no candidate for timing), but accepted wherever a back end is named.
    public static var judge: any LayoutBackend.Type { ExactBackend.self }

    /// Each timed back end over parent-relative positions (`NAME-relative`): not in
    /// `all` (the default runs keep their meaning), accepted wherever a back end is named.
    public static var relativeVariants: [any LayoutBackend.Type] {
        [ParentRelativeBackend<CassowaryBackend>.self, ParentRelativeBackend<DenseSimplexBackend>.self,
         ParentRelativeBackend<FrameArithmeticBackend>.self, ParentRelativeBackend<FactoredBackend>.self]
    }

    /// Every built-in name `--backend` accepts: the timed back ends, their relative
    /// variants, then the judge.
    public static var selectableNames: [String] { names + relativeVariants.map { $0.name } + [judge.name] }

    /// The back end every other answer is checked against (the reference semantics, exactly).
    public static var reference: any LayoutBackend.Type { CassowaryBackend.self }

    /// Former names still accepted on the command line.
    public static let aliases: [String: String] = ["frames": FrameArithmeticBackend.name]

    /// The back end called `name` (or an alias of it).
    public static func named(_ name: String) -> (any LayoutBackend.Type)? {
        let canonical = aliases[name] ?? name
        return (all + relativeVariants + [judge]).first { $0.name == canonical }
    }
}
