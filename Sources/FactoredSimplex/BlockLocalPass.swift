/// The pass over the listed blocks (BlockReoptimisation.swift): each one's local
/// simplex (BlockLocalSimplex.swift) and its write-back, through raw buffers taken
/// once for the pass. Toggle-100000's swap frame re-optimises 33,333 blocks of 3 × 3:
/// an array reached through the solver per element (a uniqueness check per write, a
/// bounds check per read) cost more than the blocks' arithmetic.

/// The arrays the pass reads and writes, as raw buffers for the whole pass: the
/// problem's, the factor's block layout and the rows' settings, none of which changes
/// while blocks are re-optimised; the values, the rows' states, the blocks' rows and
/// LUs, which only the write-back writes; and the lists it fills (`changed`, the
/// changed unknowns' room; `infeasible`, the rows left negative, in `touchedStorage`,
/// which is free after the propagation).
struct LocalBlockTables {
    let rowStart: UnsafeBufferPointer<Int>, termVariable: UnsafeBufferPointer<Int32>
    let termCoefficient: UnsafeBufferPointer<Double>, kind: UnsafeBufferPointer<RowKind>
    let bumpIndex: UnsafeBufferPointer<Int32>, bumpColumns: UnsafeBufferPointer<Int32>
    let blockStart: UnsafeBufferPointer<Int>, blockOffset: UnsafeBufferPointer<Int>
    let level: UnsafeBufferPointer<Int32>, rhs: UnsafeBufferPointer<Double>
    let x: UnsafeMutableBufferPointer<Double>
    let bumpRows: UnsafeMutableBufferPointer<Int32>, rowBlock: UnsafeMutableBufferPointer<Int32>
    let bumpLU: UnsafeMutableBufferPointer<Double>, bumpPermutation: UnsafeMutableBufferPointer<Int>
    let isTight: UnsafeMutableBufferPointer<Bool>, tightSlot: UnsafeMutableBufferPointer<Int32>
    let tightRows: UnsafeMutableBufferPointer<Int32>
    let positiveBasic: UnsafeMutableBufferPointer<Bool>, ownValue: UnsafeMutableBufferPointer<Double>
    let changed: UnsafeMutableBufferPointer<Int32>, infeasible: UnsafeMutableBufferPointer<Int32>
    /// The blocks' kept rows (`BlockListings`: every listed block's is current).
    let keptRows: UnsafePointer<Int32>, keptRowsStart: UnsafePointer<Int32>, keptRowsCount: UnsafePointer<Int32>
    /// Where rows start in Bland's order (after the unknowns).
    let variableCount: Int32
    /// Whether blocks of a size known at compile time take their own copy of the local
    /// simplex (`LocalBlockSize`); a test hook: tests compare both ways.
    let specialisesSizes: Bool
}

/// What the pass adds up, written to the solver once at its end.
struct LocalBlockTally {
    var changed: Int
    var infeasible = 0
    var pivots = 0
    var requiredLoose = false
    /// Blocks given to a copy of the local simplex for their size (`LocalBlockSize`).
    var sizeCopies = 0
}

/// A block's size, its unknowns and its loose rows: known when the code is compiled
/// or not. The local simplex is generic over it, so that its copies for blocks of
/// three unknowns have their loops over the unknowns unrolled (the generic loops'
/// overhead was most of such a block's work), and the copy for three with one loose
/// row, toggle's blocks, its loops over the slots and the levels too (toggle-100000's
/// swap frame 79.9 M -> 69.7 M instructions on one thread).
protocol LocalBlockSize {
    /// The block's unknowns (its tight rows) and its loose rows.
    var n: Int { get }
    var loose: Int { get }
}

extension LocalBlockSize {
    /// The slots: the tight rows, then the loose.
    var slots: Int { n + loose }
}

struct ThreeUnknowns: LocalBlockSize {
    var n: Int { 3 }
    let loose: Int
}

struct ThreeUnknownsOneLoose: LocalBlockSize {
    var n: Int { 3 }
    var loose: Int { 1 }
}

struct AnyBlockSize: LocalBlockSize {
    let n: Int
    let loose: Int
}

/// A tight slot's duals as its reduced costs read them (`localSlotDuals`).
struct LocalSlotDuals {
    var atOwn: Double
    var otherLevel: Int32, other: Double
    var firstLevel: Int32, first: Double
}

extension FactoredSolver {
    /// Runs the listed blocks `0..<count` (`blockLocal.blocks`, as `noteAndListBlocks`
    /// listed them): re-optimised when `reoptimise`, else only their values solved
    /// (`solveBlockValuesOnly`). A block whose local simplex fails stops the
    /// re-optimisation of the blocks after it (of its chunk, in a pass split between
    /// two threads: BlockPassThreads.swift); they get their values only, and the result
    /// is false (the caller prices from the primal feasible basis left).
    func runListedBlocks(count: Int, reoptimise: Bool) -> Bool {
        let blocks = blockLocal.blocks.members
        let p = localBuffers
        let split = p.splits(ofBlocks: count)
        // In a split pass each chunk writes its changed unknowns from its own place: after
        // the room the blocks before it may fill (a block's columns).
        let changedBefore = framePath.changedVariables.count
        var columns = 0
        blocks.withUnsafeBufferPointer { blocks in
        factor.blockStart.withUnsafeBufferPointer { blockStart in
            for m in 0..<count {
                if split, m % BlockPassThreads.chunkSize == 0 { p.chunkChangedStart[m / BlockPassThreads.chunkSize] = changedBefore + columns }
                let b = Int(blocks[m])
                columns += blockStart[b + 1] - blockStart[b]
            }
        }}
        framePath.changedVariables.reserve(columns)
        var tally = LocalBlockTally(changed: changedBefore)
        let done = withLocalTables { t in
            blocks.withUnsafeBufferPointer { blocks in
                guard split else {
                    return p.workspaces[0].runShare(
                        0..<count, of: blocks, reoptimise: reoptimise, failing: p.failsListedBlock, t, &tally)
                }
                for c in 0..<BlockPassThreads.chunkCount(ofBlocks: count) {
                    p.chunkTallies[c] = LocalBlockTally(
                        changed: p.chunkChangedStart[c], infeasible: Int(p.keptBefore[c * BlockPassThreads.chunkSize]))
                }
                return p.runChunksOnTwoThreads(count: count, of: blocks, reoptimise: reoptimise, t)
            }
        }
        if split { joinChunks(count: count, into: &tally) }
        framePath.changedVariables.count = tally.changed
        framePath.infeasibleRows.append(contentsOf: framePath.touchedStorage[0..<tally.infeasible])
        statistics.pivots += tally.pivots
        blocksOnSizeCopies += tally.sizeCopies
        statistics.variablesUpdated += columns
        if tally.requiredLoose { basis.requiredLoose = true }
        return done
    }

    /// A split pass's chunks' lists joined in chunk order (each moved down to follow
    /// the one before: a chunk fills at most the room it was given), and their tallies
    /// added up into `tally`.
    private func joinChunks(count: Int, into tally: inout LocalBlockTally) {
        let p = localBuffers
        framePath.changedVariables.storage.withUnsafeMutableBufferPointer { changed in
        framePath.touchedStorage.withUnsafeMutableBufferPointer { infeasible in
            for c in 0..<BlockPassThreads.chunkCount(ofBlocks: count) {
                let chunk = p.chunkTallies[c]
                let changedFrom = p.chunkChangedStart[c], infeasibleFrom = Int(p.keptBefore[c * BlockPassThreads.chunkSize])
                for i in changedFrom..<chunk.changed { changed[tally.changed + i - changedFrom] = changed[i] }
                for i in infeasibleFrom..<chunk.infeasible { infeasible[tally.infeasible + i - infeasibleFrom] = infeasible[i] }
                tally.changed += chunk.changed - changedFrom
                tally.infeasible += chunk.infeasible - infeasibleFrom
                tally.pivots += chunk.pivots
                tally.sizeCopies += chunk.sizeCopies
                tally.requiredLoose = tally.requiredLoose || chunk.requiredLoose
            }
        }}
    }

    /// Calls `body` with the pass's raw buffers.
    private func withLocalTables(_ body: (LocalBlockTables) -> Bool) -> Bool {
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient, kind = self.kind
        let bumpIndex = factor.bumpIndex, bumpColumns = factor.bumpColumns
        let blockStart = factor.blockStart, blockOffset = factor.blockOffset
        let level = settings.level, rhs = settings.rhs
        let f = factor
        let kept = listings.keptTables
        return rowStart.withUnsafeBufferPointer { rowStart in
        termVariable.withUnsafeBufferPointer { termVariable in
        termCoefficient.withUnsafeBufferPointer { termCoefficient in
        kind.withUnsafeBufferPointer { kind in
        bumpIndex.withUnsafeBufferPointer { bumpIndex in
        bumpColumns.withUnsafeBufferPointer { bumpColumns in
        blockStart.withUnsafeBufferPointer { blockStart in
        blockOffset.withUnsafeBufferPointer { blockOffset in
        level.withUnsafeBufferPointer { level in
        rhs.withUnsafeBufferPointer { rhs in
        basis.x.withUnsafeMutableBufferPointer { x in
        f.bumpRows.withUnsafeMutableBufferPointer { bumpRows in
        f.rowBlock.withUnsafeMutableBufferPointer { rowBlock in
        f.bumpLU.withUnsafeMutableBufferPointer { bumpLU in
        f.bumpPermutation.withUnsafeMutableBufferPointer { bumpPermutation in
        basis.isTight.withUnsafeMutableBufferPointer { isTight in
        basis.tightSlot.withUnsafeMutableBufferPointer { tightSlot in
        basis.tightRows.withUnsafeMutableBufferPointer { tightRows in
        basis.positiveBasic.withUnsafeMutableBufferPointer { positiveBasic in
        basis.ownValue.withUnsafeMutableBufferPointer { ownValue in
        framePath.changedVariables.storage.withUnsafeMutableBufferPointer { changed in
        framePath.touchedStorage.withUnsafeMutableBufferPointer { infeasible in
            body(LocalBlockTables(
                rowStart: rowStart, termVariable: termVariable, termCoefficient: termCoefficient, kind: kind,
                bumpIndex: bumpIndex, bumpColumns: bumpColumns, blockStart: blockStart, blockOffset: blockOffset,
                level: level, rhs: rhs, x: x, bumpRows: bumpRows, rowBlock: rowBlock, bumpLU: bumpLU,
                bumpPermutation: bumpPermutation, isTight: isTight, tightSlot: tightSlot, tightRows: tightRows,
                positiveBasic: positiveBasic, ownValue: ownValue, changed: changed, infeasible: infeasible,
                keptRows: kept.rows, keptRowsStart: kept.start, keptRowsCount: kept.count, variableCount: Int32(variableCount),
                specialisesSizes: localBuffers.specialisesSizes))
        }}}}}}}}}}}}}}}}}}}}}}
    }

}

extension BlockWorkspace {
    /// Writes back block `b` after its local simplex made `pivots` swaps (none: its
    /// values only): its tight slots' rows take the block's places in order (each in
    /// the tight-list slot of the row it replaced, as `swapBlockRow` puts it), their
    /// LU is the block's, the loose slots' rows get their basic own columns; then the
    /// block's unknowns (`values`, solved from its LU as the frame path's `solveBump`
    /// solves them) and its loose rows' own values (summed as `recomputeTouchedOwnColumns`
    /// sums them) are written, the moved unknowns listed as changed and the rows left
    /// negative as infeasible.
    func writeBackBlock<S: LocalBlockSize>(_ b: Int, start: Int, size: S, pivots: Int, _ t: LocalBlockTables, _ tally: inout LocalBlockTally) {
        let n = size.n, slots = size.slots
        let p = self
        if pivots > 0 {
            writeBackRows(b, start: start, size: size, t)
            let offset = t.blockOffset[b]
            (t.bumpLU.baseAddress! + offset).update(from: p.lu, count: n * n)
            (t.bumpPermutation.baseAddress! + start).update(from: p.permutation, count: n)
            tally.pivots += pivots
        }
        // The count in a local: through `tally`, it was stored and loaded again around every list entry.
        var changed = tally.changed
        let (x, list) = (t.x, t.changed)
        for j in 0..<n {
            let c = Int(t.bumpColumns[start + j])
            guard x[c] != p.values[j] else { continue }
            x[c] = p.values[j]
            list[changed] = Int32(c)
            changed += 1
        }
        tally.changed = changed
        for s in n..<slots {
            let r = Int(p.rows[s])
            let positive = p.positive[s]
            if t.positiveBasic[r] != positive { t.positiveBasic[r] = positive }
            if t.level[r] == 0 { tally.requiredLoose = true }
            let own = localOwnValue(r, positive: positive, start: start, size: size, t)
            t.ownValue[r] = own
            if own < -Tolerance.feasibility * max(1, abs(t.rhs[r])) {
                t.infeasible[tally.infeasible] = Int32(r)
                tally.infeasible += 1
            }
        }
    }

    /// The block's places and the tight list after the pivots. Only the places whose
    /// row changed are written (toggle's blocks: one of three); all the rows that
    /// leave are cleared before any that joins is set, as a row can leave one place
    /// and take another.
    @inline(__always) private func writeBackRows<S: LocalBlockSize>(_ b: Int, start: Int, size: S, _ t: LocalBlockTables) {
        let n = size.n
        let p = self
        for i in 0..<n {
            let old = t.bumpRows[start + i]
            p.oldRows[i] = old
            if old != p.rows[i] { p.oldSlots[i] = t.tightSlot[Int(old)] }
        }
        for i in 0..<n where p.oldRows[i] != p.rows[i] {
            let old = Int(p.oldRows[i])
            t.isTight[old] = false
            t.tightSlot[old] = -1
            t.rowBlock[old] = -1
        }
        for i in 0..<n where p.oldRows[i] != p.rows[i] {
            let r = Int(p.rows[i])
            t.bumpRows[start + i] = Int32(r)
            t.rowBlock[r] = Int32(b)
            t.isTight[r] = true
            t.tightSlot[r] = p.oldSlots[i]
            t.tightRows[Int(p.oldSlots[i])] = Int32(r)
        }
    }
}
