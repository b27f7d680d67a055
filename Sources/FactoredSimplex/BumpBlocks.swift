// The bump (what peeling row singletons leaves) is block diagonal: disjoint parts
// of a layout give disjoint blocks, such as the equal-width pair in each of
// toggle's rows. One dense LU over all of them would cost the square of their
// total (toggle-100000: ~100,000 rows, 80 GB) and couple rows that never meet, so
// each block, a connected component of the bump's rows and columns, is factored
// and solved densely on its own.
extension BasisFactor {
    /// Groups the bump into blocks and factors each. Returns false when singular.
    func factorBump(_ p: FactoredSolver) -> Bool {
        blockStart.removeAll(keepingCapacity: true)
        blockOffset.removeAll(keepingCapacity: true)
        blockDead.removeAll(keepingCapacity: true)
        blockStart.append(0)
        blockOffset.append(0)
        reserveScratch()
        guard groupBumpTail(from: 0, mayGrow: true, p) else { return false }
        // Room for the LU entries of the blocks local updates append: one that needs
        // more re-factors (LocalFactorUpdate.swift).
        let entries = bumpEntries + BasisFactor.localRoom(bumpEntries)
        if bumpLU.count < entries { bumpLU += [Double](repeating: 0, count: entries - bumpLU.count) }
        return true
    }

    /// Sizes the bump's per-row and per-block arrays for every row the bump can hold
    /// (`bumpRows`' capacity, reserved once for the largest basis plus the local
    /// updates' room; a block has a row at least), so neither a factorisation nor a
    /// local update grows them in a frame. Allocates only the first time.
    private func reserveScratch() {
        let rows = bumpRows.capacity
        if blockParent.count < rows {
            blockParent += [Int32](repeating: 0, count: rows - blockParent.count)
            blockOfRoot += [Int32](repeating: -1, count: rows - blockOfRoot.count)
            bumpRhs += [Double](repeating: 0, count: rows - bumpRhs.count)
            bumpWork += [Double](repeating: 0, count: rows - bumpWork.count)
            bumpPermutation += [Int](repeating: 0, count: rows - bumpPermutation.count)
        }
        if bumpOrder.count < rows { bumpOrder += [Int32](repeating: 0, count: rows - bumpOrder.count) }
        let blocks = rows + 1
        if blockRowFill.count < blocks {
            blockRowFill += [Int](repeating: 0, count: blocks - blockRowFill.count)
            blockColumnFill += [Int](repeating: 0, count: blocks - blockColumnFill.count)
        }
        if blockMarked.count < blocks {
            blockMarked += [Bool](repeating: false, count: blocks - blockMarked.count)
            markedStorage += [Int32](repeating: 0, count: blocks - markedStorage.count)
        }
        blockStart.reserveCapacity(blocks + 1)
        blockOffset.reserveCapacity(blocks + 1)
        blockDead.reserveCapacity(blocks + 1)
    }

    /// Groups the bump rows and columns from index `from` on (those of the blocks
    /// before are already grouped) into new blocks after the existing ones, and
    /// factors each. Their columns' `bumpIndex` must be set; their rows read no column
    /// of an earlier block. The scratch is sized by `reserveScratch`. Returns false
    /// when singular or not square, or when `mayGrow` is false and the LU entries would
    /// have to grow.
    func groupBumpTail(from: Int, mayGrow: Bool, _ p: FactoredSolver) -> Bool {
        let n = bumpRows.count
        guard n > from else { return n == bumpColumns.count }
        guard bumpColumns.count == n else { return false }
        precondition(n <= blockParent.count, "factored simplex: bump past its reserved room")
        guard linkBumpRows(from: from, p) else { return false }
        let blockCount = numberNewBlocks(from: from)
        let existing = blockStart.count - 1
        guard appendNewBlocks(from: from, count: blockCount) else { return false }
        regroupByBlock(from: from, blocks: existing..<(existing + blockCount))
        let entries = bumpEntries
        guard mayGrow || bumpLU.count >= entries else { return false }
        if bumpLU.count < entries { bumpLU += [Double](repeating: 0, count: max(entries, 2 * bumpLU.count) - bumpLU.count) }
        for b in existing..<(existing + blockCount) where !factorBlock(b, p) { return false }
        return true
    }

    /// The root of bump row `i`'s set (union-find, path halving).
    @inline(__always) func blockRoot(_ i: Int) -> Int {
        var i = i
        while Int(blockParent[i]) != i {
            blockParent[i] = blockParent[Int(blockParent[i])]
            i = Int(blockParent[i])
        }
        return i
    }

    /// Links the bump rows from `from` on through the bump columns they share, each
    /// column noting its first row in `firstBumpRow`. False when a row reads a column
    /// of an earlier block.
    func linkBumpRows(from: Int, _ p: FactoredSolver) -> Bool {
        let rowStart = p.rowStart, termVariable = p.termVariable
        let n = bumpRows.count
        for c in bumpColumns[from...] { firstBumpRow[Int(c)] = -1 }
        for i in from..<n { blockParent[i] = Int32(i) }
        for i in from..<n {
            let r = Int(bumpRows[i])
            for k in rowStart[r]..<rowStart[r + 1] {
                let v = Int(termVariable[k])
                let j = Int(bumpIndex[v])
                guard j >= 0 else { continue }
                guard j >= from else { return false }  // a row reading an earlier block
                let first = Int(firstBumpRow[v])
                if first < 0 {
                    firstBumpRow[v] = Int32(i)
                } else {
                    let a = blockRoot(i), b = blockRoot(first)
                    if a != b { blockParent[a] = Int32(b) }
                }
            }
        }
        return true
    }

    /// Numbers the new blocks in order of first row (local numbers, in `blockOfRoot`
    /// by root). Returns how many there are.
    func numberNewBlocks(from: Int) -> Int {
        var blockCount = 0
        for i in from..<bumpRows.count { blockOfRoot[i] = -1 }
        for i in from..<bumpRows.count {
            let root = blockRoot(i)
            if blockOfRoot[root] < 0 {
                blockOfRoot[root] = Int32(blockCount)
                blockCount += 1
            }
        }
        return blockCount
    }

    /// Counts each new block's rows and columns and appends the blocks (start, LU
    /// offset), leaving in `blockRowFill` and `blockColumnFill` each one's fill
    /// cursor. False when a column no bump row reads, or a block is not square.
    func appendNewBlocks(from: Int, count blockCount: Int) -> Bool {
        for b in 0...blockCount {
            blockRowFill[b] = 0
            blockColumnFill[b] = 0
        }
        for i in from..<bumpRows.count { blockRowFill[Int(blockOfRoot[blockRoot(i)]) + 1] += 1 }
        for c in bumpColumns[from...] {
            let first = Int(firstBumpRow[Int(c)])
            guard first >= 0 else { return false }  // a column no bump row reads
            blockColumnFill[Int(blockOfRoot[blockRoot(first)]) + 1] += 1
        }
        let existing = blockStart.count - 1
        blockRowFill[0] = from
        blockColumnFill[0] = from
        for b in 0..<blockCount {
            guard blockRowFill[b + 1] == blockColumnFill[b + 1] else { return false }  // a non-square block
            blockRowFill[b + 1] += blockRowFill[b]
            blockColumnFill[b + 1] = blockRowFill[b + 1]
            blockStart.append(blockRowFill[b + 1])
            let size = blockRowFill[b + 1] - blockRowFill[b]
            blockOffset.append(blockOffset[existing + b] + size * size)
            blockDead.append(false)
        }
        return true
    }

    /// Regroups the bump rows and columns from `from` on by block (a counting sort
    /// keeps their order within one), and notes each row's block.
    func regroupByBlock(from: Int, blocks: Range<Int>) {
        let n = bumpRows.count
        for i in from..<n {
            let b = Int(blockOfRoot[blockRoot(i)])
            bumpOrder[blockRowFill[b]] = bumpRows[i]
            blockRowFill[b] += 1
        }
        for i in from..<n { bumpRows[i] = bumpOrder[i] }
        for b in blocks {
            for i in blockStart[b]..<blockStart[b + 1] { rowBlock[Int(bumpRows[i])] = Int32(b) }
        }
        for c in bumpColumns[from...] {
            let b = Int(blockOfRoot[blockRoot(Int(firstBumpRow[Int(c)]))])
            bumpOrder[blockColumnFill[b]] = c
            blockColumnFill[b] += 1
        }
        for i in from..<n {
            bumpColumns[i] = bumpOrder[i]
            bumpIndex[Int(bumpOrder[i])] = Int32(i)
        }
    }

    /// Dense LU with partial pivoting of block `b`.
    func factorBlock(_ b: Int, _ p: FactoredSolver) -> Bool {
        let start = blockStart[b]
        let n = blockStart[b + 1] - start
        let offset = blockOffset[b]
        let rowStart = p.rowStart, termVariable = p.termVariable, termCoefficient = p.termCoefficient
        let bumpRows = self.bumpRows, bumpIndex = self.bumpIndex
        // Raw buffers: element access through class properties costs an exclusivity check each.
        return bumpLU.withUnsafeMutableBufferPointer { lu in
        bumpPermutation.withUnsafeMutableBufferPointer { permutation in
            for i in offset..<(offset + n * n) { lu[i] = 0 }
            for i in 0..<n {
                permutation[start + i] = i
                let r = Int(bumpRows[start + i])
                for k in rowStart[r]..<rowStart[r + 1] {
                    let j = Int(bumpIndex[Int(termVariable[k])])
                    if j >= 0 { lu[offset + i * n + (j - start)] += termCoefficient[k] }
                }
            }
            return eliminateInPlace(lu, base: offset, n: n, permutation: permutation, permutationStart: start)
        }}
    }

    /// The bump part of FTRAN: needs the triangular part's unknowns already in `x`.
    func solveBumpOnly(_ p: FactoredSolver, rhs: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>, basic: [Bool]) {
        let s = BlockSolver(self, p, basic: basic)
        bumpRhs.withUnsafeMutableBufferPointer { blockRhs in
        bumpWork.withUnsafeMutableBufferPointer { work in
            for b in 0..<(blockStart.count - 1) where !blockDead[b] {
                s.solve(block: b, rowValue: UnsafeBufferPointer(rhs), x: x, foldNonbasic: false, before: nil,
                        blockRhs: blockRhs, work: work)
            }
        }}
    }

    /// Marks the block of bump row `r` for `takeMarkedBlocks` (a direction or a
    /// frame that reaches the bump solves only the blocks it reached).
    @inline(__always) func markBlock(ofRow r: Int) {
        let b = Int(rowBlock[r])
        guard b >= 0, !blockMarked[b] else { return }
        blockMarked[b] = true
        markedBlocks.append(Int32(b))
    }

    /// Clears the marks (the list stays in `markedBlocks` until the next call).
    func unmarkBlocks() {
        for b in markedBlocks { blockMarked[Int(b)] = false }
    }

    /// The bump part of BTRAN (it comes first: triangular rows read no bump column).
    /// Writes the bump rows' `y` and folds them into `rhs` of the triangular unknowns.
    func solveBumpTransposed(_ p: FactoredSolver, rhs: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>, basic: [Bool]) {
        guard bumpSize > 0 else { return }
        let s = BlockSolver(self, p, basic: basic)
        bumpWork.withUnsafeMutableBufferPointer { work in
            for b in 0..<(blockStart.count - 1) where !blockDead[b] {
                let start = s.blockStart[b]
                s.solveTransposed(block: b, rhs: { rhs[$0] }, work: work)
                for i in start..<s.blockStart[b + 1] {
                    let r = Int(s.bumpRows[start + s.permutation[i]])
                    let value = work[i]
                    y[r] = value
                    for k in s.rowStart[r]..<s.rowStart[r + 1] {
                        let v = Int(s.termVariable[k])
                        if basic[v], s.bumpIndex[v] < 0 { rhs[v] -= s.termCoefficient[k] * value }
                    }
                }
            }
        }
    }
}

/// Gaussian elimination with partial pivoting of the n × n matrix stored row by row
/// from `base` in `lu`, in place: U on and above the diagonal, L's multipliers below
/// it; `permutation[permutationStart...]` follows the row swaps when given. False
/// when a pivot is not above `Tolerance.blockPivot` (the block is singular).
@inline(__always)
func eliminateInPlace(
    _ lu: UnsafeMutableBufferPointer<Double>, base: Int, n: Int,
    permutation: UnsafeMutableBufferPointer<Int>?, permutationStart: Int
) -> Bool {
    for col in 0..<n {
        var best = col
        var magnitude = abs(lu[base + col * n + col])
        for i in (col + 1)..<n where abs(lu[base + i * n + col]) > magnitude {
            magnitude = abs(lu[base + i * n + col])
            best = i
        }
        guard magnitude > Tolerance.blockPivot else { return false }
        if best != col {
            for j in 0..<n { lu.swapAt(base + col * n + j, base + best * n + j) }
            permutation?.swapAt(permutationStart + col, permutationStart + best)
        }
        let pivot = lu[base + col * n + col]
        for i in (col + 1)..<n {
            let f = lu[base + i * n + col] / pivot
            guard f != 0 else { continue }
            lu[base + i * n + col] = f
            for j in (col + 1)..<n { lu[base + i * n + j] -= f * lu[base + col * n + j] }
        }
    }
    return true
}
