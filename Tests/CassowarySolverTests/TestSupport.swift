import LayoutModel
import Testing

@testable import CassowarySolver

// Helpers shared by the Cassowary test files.

func term(_ v: Int, _ c: Double = 1) -> LinearTerm { LinearTerm(variable: Int32(v), coefficient: c) }

func values(_ solver: CassowarySolver) -> [Double] {
    solver.updateValues()
    return solver.values
}

/// Same length, and each pair within `tolerance` relative to the second (at least 1).
func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
    Tolerance.approximatelyEqual(a, b, relative: tolerance)
}

/// Records an issue naming the first inconsistent index, if any; returns whether all agree.
/// (Release test builds have no `checkInvariants`: nothing to check there.)
@discardableResult
func expectInvariants(
    _ solver: CassowarySolver, _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    #if DEBUG
        if let problem = solver.checkInvariants() {
            Issue.record("\(context()): \(problem)", sourceLocation: sourceLocation)
            return false
        }
    #endif
    return true
}

/// A small deterministic generator (SplitMix64).
struct Rng {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

extension Array {
    func randomElement(using rng: inout Rng) -> Element? { isEmpty ? nil : self[rng.int(count)] }
}
