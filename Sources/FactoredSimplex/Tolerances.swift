/// Every tolerance of the factored solver, named once. Layouts' coefficients are
/// small multipliers and halves, and their numbers points, so absolute tolerances
/// (scaled by 1 or the size of the row's numbers) fit them; round-off in a solve
/// stays many orders of magnitude below each.
enum Tolerance {
    /// A basic own column (slack or error) counts as negative below `-feasibility`
    /// times the row's scale, and a required row as violated above it: the scale is
    /// the largest of 1, the row's constant and its terms at the current values
    /// (`FactoredSolver.feasibilityTolerance`; the frame path's quick scans use the
    /// constant alone, which is stricter).
    static let feasibility = 1e-9
    /// A dual, or a reduced cost's term at one level, counts as nonzero above this.
    static let dual = 1e-9
    /// An entry of a direction (how a basic unknown or own column moves per unit
    /// step) or of a row of the inverse counts as nonzero above this: smaller ones
    /// neither limit a step nor make a column eligible to enter.
    static let nonzeroRate = 1e-9
    /// Ratio-test ties: two step lengths within `ratioTie × max(1, step)` are equal,
    /// and the lower row index leaves (Bland's rule).
    static let ratioTie = 1e-12
    /// A round whose steps are all at most this made no progress: the next rounds
    /// keep to Bland's rule until one does.
    static let positiveStep = 1e-12
    /// A row can take over an unknown in place only if its coefficient on it is
    /// above `relativePivot` times its largest coefficient.
    static let relativePivot = 1e-7
    /// The smallest pivot magnitude a bump block's dense LU accepts.
    static let blockPivot = 1e-12
    /// What `checkInvariants()` accepts between a kept number and the one it
    /// recomputes, relative to their size (at least 1).
    static let invariantCheck = 1e-7
}
