/// The duals kept between ops and what is known of them: the pricing state (one
/// enum, PricingState.swift), the queued dual changes (DualBatch.swift), the
/// incremental updates' counts (DualUpdate.swift), the columns noted for the next
/// pricing and the improving columns listed (ReducedCosts.swift), with the
/// scratch of a full pricing (SparsePricing.swift).
struct PricingCache {
    /// What `duals` holds and the pricing the next solve owes.
    var state = PricingState.stale
    /// Every level's duals, sparse by row (SparseDuals.swift).
    var duals: SparseDuals
    /// Incremental updates since the last full pricing, and since the last solve:
    /// see `dualUpdateLimit`.
    var updatesSinceRefresh = 0
    var updatesThisFrame = 0
    /// Dual changes queued by the frame's priority changes, applied in one batch.
    var dualSeeds: [DualSeed] = []
    /// The levels the last transposed solves reached.
    var transposedHighest = -1
    var transposedLowest = Int.max
    /// Rows put at another level since the basis was last known optimal with no
    /// pricing owed, and whether they are every cost change since (no other kind of
    /// change noted): then the solve may re-optimise their blocks on their own
    /// instead of pricing (BlockReoptimisation.swift).
    var levelChanges: MarkedIndices
    var levelChangesAreAll = false
    /// The columns the next `priceNoted` prices.
    var pricedUnknowns: MarkedIndices
    var pricedRows: MarkedIndices
    /// Every improving column, when `state` is `.candidatesListed` (scratch otherwise).
    var candidates: [Candidate] = []
    /// Scratch of `computeDuals`: the levels with a costed row, and per level the
    /// first of its costed rows, linked through `nextInLevel`.
    var activeLevels: [Int32] = []
    var levelHead: [Int32]
    var nextInLevel: [Int32]
    /// Scratch of a reduced cost's sign: (level << 32 | index) keys and their values.
    var termKeys: [UInt64] = []
    var termValues: [Double] = []

    init(rowCount: Int, variableCount: Int, levelCount: Int) {
        duals = SparseDuals(rowCount: rowCount)
        pricedUnknowns = MarkedIndices(count: variableCount)
        pricedRows = MarkedIndices(count: rowCount)
        levelChanges = MarkedIndices(count: rowCount)
        levelHead = [Int32](repeating: -1, count: levelCount)
        nextInLevel = [Int32](repeating: -1, count: rowCount)
        // At their largest, so no frame allocates.
        candidates.reserveCapacity(variableCount + rowCount)
        activeLevels.reserveCapacity(levelCount)
        dualSeeds.reserveCapacity(4 * FactoredSolver.dualUpdateLimit)
        termKeys.reserveCapacity(256)
        termValues.reserveCapacity(256)
    }
}
