// The one comparison of solved values the project uses: the contract's relative tolerance.

public enum Tolerance {
    /// The contract's tolerance: results agree to one part in a million.
    public static let contract: Double = 1e-6

    /// `|a - b| <= relative * max(1, |a|, |b|)`: relative for large values, absolute below 1.
    @inlinable
    public static func approximatelyEqual(_ a: Double, _ b: Double, relative: Double = contract) -> Bool {
        abs(a - b) <= relative * max(1, abs(a), abs(b))
    }

    /// Whether two sequences have the same length and agree element by element.
    @inlinable
    public static func approximatelyEqual<A: Collection, B: Collection>(
        _ a: A, _ b: B, relative: Double = contract
    ) -> Bool where A.Element == Double, B.Element == Double {
        a.count == b.count && zip(a, b).allSatisfy { approximatelyEqual($0, $1, relative: relative) }
    }
}
