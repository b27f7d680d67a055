// The sparse incremental Cassowary solver (Badros, Borning & Stuckey 2001),
// with the priorities kept as a lexicographic objective: one objective row per
// distinct optional priority, compared highest first, so a higher priority
// beats any amount of lower-priority violation.
//
// Numerical policy (one place): a coefficient whose magnitude falls below
// `SolverTolerance.drop` is removed from a row; a value is "zero" for pivoting and
// feasibility decisions below `SolverTolerance.zero`.

enum SolverTolerance {
    static let drop = 1e-9
    static let zero = 1e-8
    /// A pivot on a smaller coefficient is a sign of round-off, not of the layout (whose
    /// coefficients are multipliers and halves, rarely below 1e-3).
    static let illConditioned = 1e-6
}

@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < SolverTolerance.zero }

/// `nearZero` for a value whose round-off grows with `scale` (at least 1).
@inline(__always) func nearZero(_ x: Double, scale: Double) -> Bool { abs(x) < SolverTolerance.zero * scale }

/// What a tableau symbol stands for. `free` marks a recycled id.
enum SymbolKind: UInt8 {
    case free, external, slack, error, dummy

    /// Slack, error and dummy symbols are restricted to be non-negative.
    @inline(__always) var isRestricted: Bool { self != .external }
}

/// A constraint's error symbols (none, one or two), iterated without an array.
struct ErrorSymbols: Sequence, IteratorProtocol {
    var first: Int32
    var second: Int32

    mutating func next() -> Int32? {
        guard first >= 0 else { return nil }
        defer {
            first = second
            second = -1
        }
        return first
    }
}

/// A refused change inside the core: the ids of the required constraints it contradicts.
struct CassowaryConflict: Error {
    var conflicts: [Int32]
}
