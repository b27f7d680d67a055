// The pivot budget of a solve that runs the simplex over the whole program (the dense
// and factored back ends), in one place: both stop a solve there rather than loop.

/// Pivots one simplex solve over `rows` rows and `columns` columns (the unknowns) may
/// take: the elimination's one per unknown, then far more than the phases take (Bland's
/// rule rules out cycling in exact arithmetic), so reaching it means rounding made the
/// simplex cycle, and the back end throws `LayoutError.pivotBudgetExceeded`.
@inlinable
public func simplexPivotBudget(rows: Int, columns: Int) -> Int { 50 * (rows + columns) + 1000 }
