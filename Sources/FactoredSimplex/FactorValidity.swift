/// Whether the factor of the basis (`FactoredSolver.factor`, BasisFactor.swift) and
/// the frame path's program compiled from it (`FactoredSolver.program`,
/// ForwardProgram.swift) are current. The two are classes updated in place by the
/// pivots, held by `let` on the solver: a class reference read out of a `var`
/// (this struct's, say) is retained and released at each use, which cost 3% of a
/// toggle frame.
struct FactorValidity {
    /// Whether the factor factors the current basis (`ensureFactor` makes it so).
    var isValid = false
    /// Bumped whenever the factor changes (a refactorisation or an in-place row swap),
    /// and `valueEpoch` whenever every value is recomputed: the program is rebuilt
    /// when either moved since it was built.
    var generation = 0
    var valueEpoch = 0
}
