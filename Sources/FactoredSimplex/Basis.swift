/// The basis and the values it gives. A row in force is tight (both own columns
/// non-basic) or loose (one own column basic, `positiveBasic` says which); there
/// are as many basic unknowns as tight rows. Changed by the pivots (PivotRound.swift,
/// DualSimplex.swift), the row changes (RowChanges.swift, RowReplacement.swift,
/// HeldRemoval.swift) and a restore (BasisSnapshot.swift).
struct Basis {
    var inForce: [Bool]
    var isTight: [Bool]
    /// For a row not tight: whether `pos` (else `neg`) is its basic column.
    var positiveBasic: [Bool]
    /// The value of a non-tight row's basic own column.
    var ownValue: [Double]
    var isBasic: [Bool]
    /// The unknowns' values.
    var x: [Double]
    /// The tight rows in force, as factored, and each one's index there (valid while the factor is).
    var tightRows: [Int32] = []
    var tightSlot: [Int32]
    /// Whether a required row in force is not tight (see `hasLooseRequiredRow`), as of the last factorisation or add.
    var requiredLoose = true
    /// A tight row taken out, held back until the next op (HeldRemoval.swift). -1: none.
    var heldRemoval = -1
    /// Whether the basis is known optimal (PricingState.swift).
    var optimality = Optimality.notOptimal

    init(rowCount: Int, variableCount: Int) {
        inForce = [Bool](repeating: false, count: rowCount)
        isTight = [Bool](repeating: false, count: rowCount)
        positiveBasic = [Bool](repeating: true, count: rowCount)
        ownValue = [Double](repeating: 0, count: rowCount)
        isBasic = [Bool](repeating: false, count: variableCount)
        x = [Double](repeating: 0, count: variableCount)
        tightSlot = [Int32](repeating: -1, count: rowCount)
        tightRows.reserveCapacity(rowCount)
    }
}
