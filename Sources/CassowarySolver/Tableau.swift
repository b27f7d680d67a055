import LayoutModel

// The sparse incremental Cassowary solver (Badros, Borning & Stuckey 2001),
// with the priorities kept as a lexicographic objective: one objective row per
// distinct optional priority, compared highest first, so a higher priority
// beats any amount of lower-priority violation.
//
// Numerical policy (one place): a coefficient whose magnitude falls below
// `Tolerance.drop` is removed from a row; a value is "zero" for pivoting and
// feasibility decisions below `Tolerance.zero`.

enum Tolerance {
    static let drop = 1e-9
    static let zero = 1e-8
}

@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < Tolerance.zero }

enum SymbolKind: UInt8 {
    case free, external, slack, error, dummy
}

/// `basic = constant + Σ coefficients[i] * symbols[i]`, symbols sorted ascending.
struct Row {
    var symbols: [Int32] = []
    var coefficients: [Double] = []
    var constant: Double = 0

    @inline(__always) func coefficient(of symbol: Int32) -> Double {
        // Rows are short: a linear scan beats a binary search below ~16 entries.
        symbols.withUnsafeBufferPointer { s in
            if s.count < 16 {
                for i in 0..<s.count where s[i] == symbol { return coefficients[i] }
                return 0
            }
            var lo = 0
            var hi = s.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if s[mid] < symbol { lo = mid + 1 } else { hi = mid }
            }
            return lo < s.count && s[lo] == symbol ? coefficients[lo] : 0
        }
    }

    func index(of symbol: Int32) -> Int? {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if symbols[mid] < symbol { lo = mid + 1 } else { hi = mid }
        }
        return lo < symbols.count && symbols[lo] == symbol ? lo : nil
    }
}

/// One optional priority level of the objective: dense coefficients by symbol.
struct Level {
    var priority: Double
    var coefficients: [Double]
    /// Symbols that may have a non-zero coefficient (may hold stale entries).
    var members: [Int32] = []
    var isMember: [Bool]

    init(priority: Double, capacity: Int) {
        self.priority = priority
        coefficients = [Double](repeating: 0, count: capacity)
        isMember = [Bool](repeating: false, count: capacity)
    }
}
