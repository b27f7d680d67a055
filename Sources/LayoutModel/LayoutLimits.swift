// The numeric range every scene value must stay in, checked once when a scene is compiled.
//
// Layouts live well inside ±1e9 points, and a double holds 15–16 significant
// digits: keeping every value read from a scene within 1e9 leaves the solvers
// six or more digits below the contract's 1e-6 relative tolerance, whatever
// the history of earlier values.

public enum LayoutLimits {
    /// The largest magnitude of a constant, a suggested value or any value read from a scene.
    public static let maxMagnitude: Double = 1e9
    /// The magnitudes a multiplier may have (its sign is free).
    public static let multiplierRange: ClosedRange<Double> = 1e-6...1e6
    /// The priorities an optional constraint or edit may have.
    public static let optionalPriorityRange: ClosedRange<Double> = 1...999
    /// The priority of a required constraint.
    public static let requiredPriority: Double = 1000

    /// Whether `value` is finite and within ±`maxMagnitude`.
    @inlinable
    public static func isInRange(_ value: Double) -> Bool { value.isFinite && abs(value) <= maxMagnitude }

    /// Whether `value` is a finite multiplier whose magnitude lies in `multiplierRange`.
    @inlinable
    public static func isValidMultiplier(_ value: Double) -> Bool {
        value.isFinite && multiplierRange.contains(abs(value))
    }

    /// Whether `value` is a priority a constraint may have: an optional one or exactly required.
    @inlinable
    public static func isValidConstraintPriority(_ value: Double) -> Bool {
        value == requiredPriority || optionalPriorityRange.contains(value)
    }
}
