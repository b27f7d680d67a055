/// Scratch buffers, sized at load so no frame allocates, clean between ops (as
/// `checkInvariants()` checks). One struct per user.

/// A pivot's direction and a round of primal pivots (PivotRound.swift), and the
/// right-hand sides of the full solves (FactoredSolver.swift).
struct PivotRoundScratch {
    var rowScratch: [Double]
    var variableScratch: [Double]
    /// The entering column's direction over the unknowns and the rows' rates along it.
    var direction: [Double]
    var rowRate: [Double]
    var sparseRhs: [Double]
    var roundPivots: [RoundPivot] = []
    /// Unknowns that entered and rows that an earlier pivot of the round moved into or out of the basis.
    var claimedVariables: MarkedIndices
    var claimedRows: MarkedIndices
    var seededRows: [Int32] = []
    var support: [Int32] = []
    var rateRows: [Int32] = []

    init(rowCount: Int, variableCount: Int) {
        rowScratch = [Double](repeating: 0, count: rowCount)
        variableScratch = [Double](repeating: 0, count: variableCount)
        direction = [Double](repeating: 0, count: variableCount)
        rowRate = [Double](repeating: 0, count: rowCount)
        sparseRhs = [Double](repeating: 0, count: rowCount)
        claimedVariables = MarkedIndices(count: variableCount)
        claimedRows = MarkedIndices(count: rowCount)
        roundPivots.reserveCapacity(rowCount)
        support.reserveCapacity(variableCount)
        rateRows.reserveCapacity(rowCount)
        seededRows.reserveCapacity(rowCount)
    }
}

/// The dual simplex (DualSimplex.swift).
struct DualSimplexScratch {
    /// Loose rows to repair, in the order found (repeats skipped when met).
    var dualWork: [Int32] = []
    /// One row of the basis inverse, by row, and the rows where it is nonzero.
    var inverseRow: [Double]
    var inverseRowSupport: [Int32] = []
    /// The non-basic unknowns the ratio test's row of the inverse reaches.
    var ratioUnknowns: MarkedIndices
    /// Reduced-cost vectors of the ratio test's candidate and best column.
    var costLevels: [Int32] = []
    var costValues: [Double] = []
    var bestLevels: [Int32] = []
    var bestValues: [Double] = []
    var dualRhs: [Double]

    init(rowCount: Int, variableCount: Int, levelCount: Int) {
        inverseRow = [Double](repeating: 0, count: rowCount)
        ratioUnknowns = MarkedIndices(count: variableCount)
        dualRhs = [Double](repeating: 0, count: variableCount)
        inverseRowSupport.reserveCapacity(rowCount)
        dualWork.reserveCapacity(rowCount)
        costLevels.reserveCapacity(levelCount + 1)
        costValues.reserveCapacity(levelCount + 1)
        bestLevels.reserveCapacity(levelCount + 1)
        bestValues.reserveCapacity(levelCount + 1)
    }
}

/// A local update of the factor (LocalFactorUpdate.swift): the rows it places again,
/// the unknowns they determine, the blocks it dissolves, and the old positions (by
/// their rows) whose dependents it rewrites; a block's trial LU before a swap in
/// place (BlockReplacement.swift).
struct LocalUpdateScratch {
    var localRows: MarkedIndices
    var localColumns: MarkedIndices
    var localBlocks: MarkedIndices
    var rebuiltPositions: MarkedIndices
    var basisChange: BasisChange
    var blockTrial: [Double]

    init(rowCount: Int, variableCount: Int) {
        localRows = MarkedIndices(count: rowCount)
        localColumns = MarkedIndices(count: variableCount)
        // Blocks: at most one per live bump row, plus the dead ones local updates leave.
        localBlocks = MarkedIndices(count: rowCount + BasisFactor.localRoom(rowCount) + 1)
        rebuiltPositions = MarkedIndices(count: rowCount)
        basisChange = BasisChange(capacity: rowCount)
        blockTrial = [Double](repeating: 0, count: FactoredSolver.inPlaceBlockLimit * FactoredSolver.inPlaceBlockLimit)
    }
}
