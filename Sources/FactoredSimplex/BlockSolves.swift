/// The solves of bump blocks, written once for the full solves (FTRAN and BTRAN,
/// every live block) and the frame path (the blocks a frame reached). A frame that
/// reaches tens of thousands of blocks (toggle's 33,333 rows, each a 3 × 3 block)
/// paid more for reaching each block's arrays through the factor's properties (a
/// retain, a release and a uniqueness check per access) than for its arithmetic:
/// `BlockSolver` takes the arrays once for all the blocks of one solve.
struct BlockSolver {
    let rowStart: [Int], termVariable: [Int32], termCoefficient: [Double], isBasic: [Bool]
    let bumpIndex: [Int32], bumpRows: [Int32], bumpColumns: [Int32]
    let blockStart: [Int], blockOffset: [Int], permutation: [Int], lu: [Double]

    @inline(__always) init(_ f: BasisFactor, _ p: FactoredSolver, basic: [Bool]) {
        rowStart = p.rowStart
        termVariable = p.termVariable
        termCoefficient = p.termCoefficient
        isBasic = basic
        bumpIndex = f.bumpIndex
        bumpRows = f.bumpRows
        bumpColumns = f.bumpColumns
        blockStart = f.blockStart
        blockOffset = f.blockOffset
        permutation = f.bumpPermutation
        lu = f.bumpLU
    }

    /// Solves block `b` for its unknowns in `x`: block row `r`'s right-hand side is
    /// `rowValue[r]` minus its terms in the triangular part's unknowns (and, with
    /// `foldNonbasic`, in the non-basic ones), read from `x`. Keeps each block
    /// unknown's value before in `before` (by unknown) when given.
    @inline(__always) func solve(
        block b: Int, rowValue: UnsafeBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>,
        foldNonbasic: Bool, before: UnsafeMutableBufferPointer<Double>?,
        blockRhs: UnsafeMutableBufferPointer<Double>, work: UnsafeMutableBufferPointer<Double>
    ) {
        let start = blockStart[b], end = blockStart[b + 1]
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
        solveBlockLU(lu: lu, offset: blockOffset[b], permutation: permutation, start: start, n: end - start, rhs: blockRhs, into: work)
        for i in start..<end { x[Int(bumpColumns[i])] = work[i] }
    }

    /// The transposed solve of block `b`, `rhs` read by unknown: leaves in `work[i]`
    /// (i in the block) the dual of row `bumpRows[start + permutation[i]]`.
    @inline(__always) func solveTransposed(block b: Int, rhs: (Int) -> Double, work: UnsafeMutableBufferPointer<Double>) {
        let start = blockStart[b]
        let n = blockStart[b + 1] - start
        let offset = blockOffset[b]
        // (P^T L U)^T y' = r:  U^T z = r, L^T w = z, y = P^T w.
        for i in 0..<n {
            var s = rhs(Int(bumpColumns[start + i]))
            for j in 0..<i { s -= lu[offset + j * n + i] * work[start + j] }
            work[start + i] = s / lu[offset + i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = work[start + i]
            for j in (i + 1)..<n { s -= lu[offset + j * n + i] * work[start + j] }
            work[start + i] = s
        }
    }
}

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
        let s = BlockSolver(f, self, basic: basis.isBasic)
        // Locals for the fold below, which calls out per dual (`emitTransposed`).
        let rowStart = s.rowStart, termVariable = s.termVariable, termCoefficient = s.termCoefficient
        let isBasic = s.isBasic, bumpIndex = s.bumpIndex, bumpRows = s.bumpRows, bumpColumns = s.bumpColumns
        let blockStart = s.blockStart, permutation = s.permutation, marked = f.markedBlocks
        f.bumpWork.withUnsafeMutableBufferPointer { work in
        dualScratch.dualRhs.withUnsafeMutableBufferPointer { rhs in
            for m in 0..<count {
                let b = Int(marked[m])
                let start = blockStart[b], end = blockStart[b + 1]
                s.solveTransposed(block: b, rhs: { rhs[$0] }, work: work)
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

    /// Solves the marked blocks for their unknowns in `x` (see `BlockSolver.solve`).
    /// Leaves the marked blocks listed (the callers walk them again) but unmarked.
    func solveMarkedBlocks(
        rowValue: UnsafeBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>,
        foldNonbasic: Bool, before: UnsafeMutableBufferPointer<Double>?
    ) {
        let f = factor
        f.unmarkBlocks()
        let count = f.markedBlocks.count
        guard count > 0 else { return }
        let s = BlockSolver(f, self, basic: basis.isBasic)
        let marked = f.markedBlocks
        f.bumpRhs.withUnsafeMutableBufferPointer { blockRhs in
        f.bumpWork.withUnsafeMutableBufferPointer { work in
            for m in 0..<count {
                s.solve(block: Int(marked[m]), rowValue: rowValue, x: x, foldNonbasic: foldNonbasic, before: before,
                        blockRhs: blockRhs, work: work)
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
