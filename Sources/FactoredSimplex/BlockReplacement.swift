/// A pivot that swaps two rows inside one bump block, in place.
///
/// When a tight row `t` of a bump block loosens and the leaving row `r` reads, among
/// the basic unknowns, only the block's own and triangular ones, `r` can take `t`'s
/// place in the block: the triangular part, the frame program (which lists rows
/// outside the triangular part by row, and checks their state when it gets there)
/// and every other block stay as they are, and only the block's small dense LU is
/// made again. Toggle's rows do this on every toggle: the split and the full-width
/// constraint take turns in a 3 × 3 block. Before, each such pivot changed the
/// factor's structure (the block became a chain, or back), which a batch of 33,333
/// of them could only do by re-factoring the layout.
extension FactoredSolver {
    /// The largest block swapped in place: its trial LU is a scratch of this size squared.
    static let inPlaceBlockLimit = 32

    /// Whether loosening bump row `t` with `r` leaving can swap `r` into `t`'s block:
    /// `r` reads no basic unknown of another block, reads one of this block, and the
    /// block with `r` for `t` is regular (a trial LU in scratch says so).
    func replacesInBlock(_ t: Int, with r: Int) -> Bool {
        let b = Int(factor.rowBlock[t])
        guard b >= 0, !factor.blockDead[b] else { return false }
        let start = factor.blockStart[b], end = factor.blockStart[b + 1]
        guard end - start <= Self.inPlaceBlockLimit else { return false }
        var readsBlock = false
        for k in rowStart[r]..<rowStart[r + 1] {
            let v = Int(termVariable[k])
            guard basis.isBasic[v] else { continue }
            let j = Int(factor.bumpIndex[v])
            if j < 0 { continue }  // triangular: solved before every block
            guard j >= start, j < end else { return false }
            readsBlock = true
        }
        return readsBlock && blockIsRegular(b, replacing: t, with: r)
    }

    /// Factors block `b` with row `r` in place of row `t` into scratch, by the same
    /// elimination as `factorBlock` (`eliminateInPlace`), and says whether every pivot passes its tolerance.
    func blockIsRegular(_ b: Int, replacing t: Int, with r: Int) -> Bool {
        let start = factor.blockStart[b]
        let n = factor.blockStart[b + 1] - start
        let bumpRows = factor.bumpRows, bumpIndex = factor.bumpIndex
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        return localScratch.blockTrial.withUnsafeMutableBufferPointer { lu in
            for i in 0..<(n * n) { lu[i] = 0 }
            for i in 0..<n {
                var row = Int(bumpRows[start + i])
                if row == t { row = r }
                for k in rowStart[row]..<rowStart[row + 1] {
                    let j = Int(bumpIndex[Int(termVariable[k])])
                    if j >= 0 { lu[i * n + (j - start)] += termCoefficient[k] }
                }
            }
            return eliminateInPlace(lu, base: 0, n: n, permutation: nil, permutationStart: 0)
        }
    }

    /// Puts row `r` in tight bump row `t`'s place in its block (`replacesInBlock`
    /// holds), re-factors the block, and keeps the tight-row list. The callers set
    /// the rows' states.
    func swapBlockRow(from t: Int, to r: Int) {
        noteStructureChange()
        let b = Int(factor.rowBlock[t])
        var i = factor.blockStart[b]
        while Int(factor.bumpRows[i]) != t { i += 1 }
        factor.bumpRows[i] = Int32(r)
        factor.rowBlock[r] = Int32(b)
        factor.rowBlock[t] = -1
        let regular = factor.factorBlock(b, self)
        precondition(regular, "factored simplex: a block swap its trial accepted is singular")
        let slot = Int(basis.tightSlot[t])
        basis.tightRows[slot] = Int32(r)
        basis.tightSlot[r] = Int32(slot)
        basis.tightSlot[t] = -1
    }

    /// Whether a round's pivots all swap rows in place, no two in one block (each
    /// block's trial saw the block as the round found it).
    func roundSwapsInPlace() -> Bool {
        defer { localScratch.localBlocks.removeAll() }
        for pivot in roundScratch.roundPivots {
            guard replacesInPlace(pivot) else { return false }
            guard case let .loosen(t, _) = pivot.entering, factor.position[t] < 0 else { continue }
            let b = Int(factor.rowBlock[t])
            if localScratch.localBlocks.contains(b) { return false }
            localScratch.localBlocks.insert(b)
        }
        return true
    }
}
