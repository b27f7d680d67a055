/// What the frame path (SparseUpdate.swift) keeps between an op and the solve, and
/// between the solve and the read-back: the rows whose right-hand side changed, the
/// positions to revisit, the unknowns the solve changed, with its scratch.
struct FramePathMarks {
    /// Rows whose right-hand side changed since the last solve, and their flags.
    var isDirty: [Bool]
    var dirtyRows: [Int32] = []
    /// Rows a propagation reached (scratch), and their flags.
    var isTouched: [Bool]
    var touchedRows: [Int32] = []
    var touchedStorage: [Int32]
    /// One bit per triangular position: the rows a frame must revisit, scanned in order.
    var pendingPositions: [UInt64]
    /// Unknowns the last solve changed, when `lastSolveWasSparse`.
    var changedVariables: IndexList
    var lastSolveWasSparse = false
    /// Loose rows whose own column the last propagation left negative.
    var infeasibleRows: [Int32] = []

    init(rowCount: Int, variableCount: Int) {
        isDirty = [Bool](repeating: false, count: rowCount)
        isTouched = [Bool](repeating: false, count: rowCount)
        touchedStorage = [Int32](repeating: 0, count: rowCount + 1)
        // Positions go past the rows' count by the room local updates append to.
        pendingPositions = [UInt64](repeating: 0, count: (rowCount + BasisFactor.localRoom(rowCount)) / 64 + 1)
        // Twice the unknowns: a solve's propagations (one per dual pivot) all append, and
        // each reserves room for a whole program.
        changedVariables = IndexList(capacity: 2 * variableCount)
        dirtyRows.reserveCapacity(rowCount)
        touchedRows.reserveCapacity(rowCount)
        infeasibleRows.reserveCapacity(rowCount)
    }

    /// Writes the room of the first `count` dirty rows once (`RawInsertion.touchRoom`).
    mutating func touchDirtyRoom(_ count: Int) {
        RawInsertion.touchRoom(flags: isDirty, list: &dirtyRows, count: count)
    }
}
