/// The frame path's solves of many small bump blocks. A frame that reaches tens of
/// thousands of blocks (toggle's 33,333 rows, each a 3 × 3 block) paid more for
/// reaching each block's arrays through the factor's properties (a retain, a
/// release and a uniqueness check per access) than for its arithmetic: these take
/// the buffers once for all the marked blocks.
extension FactoredSolver {
    /// The transposed solve of the marked blocks at level `l` (the bump part of
    /// `transposedSolve`): each block's rows get their duals from `dualRhs` on the
    /// block's unknowns, which are cleared, and pass them on to the triangular
    /// unknowns they read (marked for the triangular part). Clears the marks.
    func transposedSolveMarkedBlocks(level l: Int) {
        let f = factor
        f.unmarkBlocks()
        let count = f.markedBlocks.count
        guard count > 0 else { return }
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let isBasic = self.isBasic, bumpIndex = f.bumpIndex, bumpRows = f.bumpRows, bumpColumns = f.bumpColumns
        let blockStart = f.blockStart, blockOffset = f.blockOffset, permutation = f.bumpPermutation
        let lu = f.bumpLU, marked = f.markedBlocks
        f.bumpWork.withUnsafeMutableBufferPointer { work in
        dualRhs.withUnsafeMutableBufferPointer { rhs in
            for m in 0..<count {
                let b = Int(marked[m])
                let start = blockStart[b], end = blockStart[b + 1]
                let n = end - start, offset = blockOffset[b]
                // (P^T L U)^T y' = r:  U^T z = r, L^T w = z, y = P^T w.
                for i in 0..<n {
                    var s = rhs[Int(bumpColumns[start + i])]
                    for j in 0..<i { s -= lu[offset + j * n + i] * work[start + j] }
                    work[start + i] = s / lu[offset + i * n + i]
                }
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var s = work[start + i]
                    for j in (i + 1)..<n { s -= lu[offset + j * n + i] * work[start + j] }
                    work[start + i] = s
                }
                for i in start..<end { rhs[Int(bumpColumns[i])] = 0 }
                for i in start..<end {
                    let value = work[i]
                    guard value != 0 else { continue }
                    let r = Int(bumpRows[start + permutation[i]])
                    emitTransposed(level: l, row: r, value)
                    for k in rowStart[r]..<rowStart[r + 1] {
                        let v = Int(termVariable[k])
                        guard isBasic[v], bumpIndex[v] < 0 else { continue }
                        rhs[v] -= termCoefficient[k] * value
                        markTransposed(v)
                    }
                }
            }
        }}
        f.markedBlocks.removeAll(keepingCapacity: true)
    }

    /// Solves the marked blocks for their unknowns in `x`: block row `r`'s right-hand
    /// side is `rowValue[r]` minus its terms in the triangular part's unknowns (and,
    /// with `foldNonbasic`, in the non-basic ones), read from `x`. Keeps each block
    /// unknown's value before in `before` (by unknown) when given. Leaves the marked
    /// blocks listed (the callers walk them again) but unmarked.
    func solveMarkedBlocks(
        rowValue: UnsafeBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>,
        foldNonbasic: Bool, before: UnsafeMutableBufferPointer<Double>?
    ) {
        let f = factor
        f.unmarkBlocks()
        let count = f.markedBlocks.count
        guard count > 0 else { return }
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let isBasic = self.isBasic, bumpIndex = f.bumpIndex, bumpRows = f.bumpRows, bumpColumns = f.bumpColumns
        let blockStart = f.blockStart, blockOffset = f.blockOffset, permutation = f.bumpPermutation
        let lu = f.bumpLU, marked = f.markedBlocks
        f.bumpRhs.withUnsafeMutableBufferPointer { blockRhs in
        f.bumpWork.withUnsafeMutableBufferPointer { work in
            for m in 0..<count {
                let b = Int(marked[m])
                let start = blockStart[b], end = blockStart[b + 1]
                let n = end - start, offset = blockOffset[b]
                for i in start..<end {
                    let r = Int(bumpRows[i])
                    var sum = rowValue[r]
                    for k in rowStart[r]..<rowStart[r + 1] {
                        let v = Int(termVariable[k])
                        if isBasic[v] ? bumpIndex[v] < 0 : foldNonbasic { sum -= termCoefficient[k] * x[v] }
                    }
                    blockRhs[i] = sum
                    if let before { before[Int(bumpColumns[i])] = x[Int(bumpColumns[i])] }
                }
                solveBlockLU(lu: lu, offset: offset, permutation: permutation, start: start, n: n, rhs: blockRhs, into: work)
                for j in 0..<n { x[Int(bumpColumns[start + j])] = work[start + j] }
            }
        }}
    }
}

/// One block's `P^T L U z = b` (its LU stored row by row from `offset`, its rows
/// from `start` in `rhs`), solved into `work[start..<start + n]`: L y = P b, then U z = y.
@inline(__always)
func solveBlockLU(
    lu: [Double], offset: Int, permutation: [Int], start: Int, n: Int,
    rhs: UnsafeMutableBufferPointer<Double>, into work: UnsafeMutableBufferPointer<Double>
) {
    for i in 0..<n {
        var s = rhs[start + permutation[start + i]]
        for j in 0..<i { s -= lu[offset + i * n + j] * work[start + j] }
        work[start + i] = s
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
        var s = work[start + i]
        for j in (i + 1)..<n { s -= lu[offset + i * n + j] * work[start + j] }
        work[start + i] = s / lu[offset + i * n + i]
    }
}
