/// Cost changes re-optimised block by block, without pricing.
///
/// A frame that moves many rows to other levels (toggle swaps the priorities of the
/// two trailing constraints of every one of its rows) goes past what the duals can
/// follow incrementally, and pricing from scratch visits the whole layout, twice:
/// before the pivots and after them. But when each changed row lies in one bump
/// block's part of the layout, the frame can be solved block by block:
///
/// - A bump block's tight rows are the only tight rows that read its unknowns (the
///   triangular part reads no bump column), so their duals come from the loose costed
///   rows that read the block's unknowns alone: the block's duals, and the reduced
///   costs of its tight rows' own columns, are the block's business.
/// - Its rows' other unknowns are "pinned": basic in the triangular part, each
///   determined by a required equality whose other unknowns are pinned. The duals
///   the block passes on move only the duals of such rows, and a tight required
///   equality cannot improve while no dual is at level 0 (its own columns cost 1
///   there, with nothing to offset it); nor can a pinned unknown, which is basic.
/// - Every other reduced cost reads only duals that did not move, so it stays as
///   it was: not improving, the basis being optimal before the frame.
///
/// So each block the changes reach is re-optimised on its own, by a small dense
/// primal simplex over its tight rows and the loose rows that read its unknowns
/// (BlockLocalSimplex.swift), with pivots that swap rows inside the block, as
/// `swapBlockRow` swaps them. The blocks the level changes reach are listed before
/// the frame's propagation, which skips them: each block's pass solves its values
/// from the block's own rows (toggle's spacing constants change the very rows that
/// its blocks then swap) and writes them back once (BlockLocalPass.swift). The duals
/// are left stale: the next op that needs them prices from scratch, which is what
/// the frame would have paid now. The path is taken only when the solve would price
/// from scratch anyway (past the incremental updates a frame may make, or with stale
/// duals). When a level change does not fit it, nothing has changed and the solve
/// prices as before; when a row the propagation left negative does not, the skipped
/// blocks' values are solved as the basis stands and the solve prices; a block whose
/// local simplex fails (a loose required row's cost, a singular trial, an unbounded
/// direction, too many pivots) has its values solved too, and leaves a primal
/// feasible basis that the caller prices and finishes.
extension FactoredSolver {
    /// Row `r` changes level, the basis optimal and its factor valid: listed for the
    /// solve. The list is every cost change since the basis was last optimal with no
    /// pricing owed only if no pricing was owed when it started.
    func noteLevelChange(_ r: Int) {
        if prices.levelChanges.members.isEmpty { noteFirstLevelChange() }
        prices.levelChanges.insert(r)
    }

    /// The list of level changes starts (`noteLevelChange`, or a run of them in
    /// `applyListedValueOps`): it is all of them only if no pricing was owed then.
    func noteFirstLevelChange() {
        prices.levelChangesAreAll = !prices.state.isDue
    }

    /// A cost changed otherwise than by a level (a row put in or taken out, a
    /// replacement noted for pricing): the listed level changes are not all.
    func noteOtherCostChange() {
        prices.levelChangesAreAll = false
    }

    func forgetLevelChanges() {
        // Every solve comes here; most frames change no level.
        guard prices.levelChangesAreAll || !prices.levelChanges.members.isEmpty else { return }
        prices.levelChanges.removeAll()
        prices.levelChangesAreAll = false
    }

    /// At the solve, before the propagation of the frame's values: lists the blocks
    /// the frame's level changes reach, if each fits the local path (see above), and
    /// marks them so that the propagation skips them (their values are the local
    /// pass's to solve, `reoptimisesBlocksLocally`: toggle's spacing constants change
    /// the rows of the very blocks re-optimised). Returns whether it listed them;
    /// when not, nothing has changed.
    func defersBlocksToLocalPass() -> Bool {
        guard prices.state == .fullPricingDue, prices.levelChangesAreAll, !prices.levelChanges.members.isEmpty,
              factorValidity.isValid, basisOptimal else { return false }
        guard noteAndListBlocks(of: prices.levelChanges.members, from: 0) else { return abandonLocalPass() }
        let blocks = blockLocal.blocks.members
        factor.blockMarked.withUnsafeMutableBufferPointer { marked in
            for b in blocks { marked[Int(b)] = true }
        }
        blockLocal.deferred = blocks.count
        return true
    }

    private func abandonLocalPass() -> Bool {
        blockLocal.blocks.removeAll()
        return false
    }

    /// At the solve, after the propagation (the loose rows it left negative in
    /// `infeasibleRows`), when `defersBlocksToLocalPass` listed blocks: re-optimises
    /// them and the blocks of the rows left negative, if those fit too. Returns true
    /// when the basis is optimal again, its values current and no pricing owed (the
    /// duals stale). False: the values are current all the same (those of the blocks
    /// the propagation skipped solved as the basis stands, or as the blocks done so
    /// far left it), the rows left negative listed, and the caller flips them and prices.
    func reoptimisesBlocksLocally() -> Bool {
        let deferred = blockLocal.deferred
        guard deferred > 0 else { return false }
        blockLocal.deferred = 0
        defer { _ = abandonLocalPass() }
        // A row reading a skipped block was judged on that block's old values: the block's pass judges it.
        var kept = 0
        for r32 in framePath.infeasibleRows where !readsMarkedBlock(Int(r32)) {
            framePath.infeasibleRows[kept] = r32
            kept += 1
        }
        framePath.infeasibleRows.removeLast(framePath.infeasibleRows.count - kept)
        let blocks = blockLocal.blocks.members
        factor.blockMarked.withUnsafeMutableBufferPointer { marked in
            for b in blocks { marked[Int(b)] = false }
        }
        guard requiredLevelIdle(), noteAndListBlocks(of: framePath.infeasibleRows, from: deferred) else {
            _ = runListedBlocks(count: deferred, reoptimise: false)
            return false
        }
        for r32 in framePath.infeasibleRows { _ = flipOwnColumn(Int(r32), seeding: false) }
        framePath.infeasibleRows.removeAll(keepingCapacity: true)
        guard runListedBlocks(count: blockLocal.blocks.members.count, reoptimise: true), framePath.infeasibleRows.isEmpty
        else { return false }
        blockReoptimisations += 1
        discardPricingNotes()
        return true
    }

    /// Whether loose row `r` reads a bump block marked (one the propagation skipped).
    private func readsMarkedBlock(_ r: Int) -> Bool {
        for k in rowStart[r]..<rowStart[r + 1] {
            let j = Int(factor.bumpIndex[Int(termVariable[k])])
            guard j >= 0 else { continue }
            return factor.blockMarked[Int(factor.rowBlock[Int(factor.bumpRows[j])])]
        }
        return false
    }

    /// Whether no dual is at level 0, now or once the rows left negative are flipped:
    /// no loose required row has a costed own column basic. (The blocks' passes check
    /// their own loose rows after their flips.)
    func requiredLevelIdle() -> Bool {
        for r32 in framePath.infeasibleRows where settings.level[Int(r32)] == 0 { return false }
        guard basis.requiredLoose else { return true }
        for r in 0..<rowCount where basis.inForce[r] && !basis.isTight[r] && settings.level[r] == 0 {
            if looseDual(r) != 0 { return false }
        }
        return true
    }

    /// Notes the blocks of `rows` (`noteChangedRowsBlock`), then checks that each
    /// block of `blockLocal.blocks` from index `first` on fits the local path, and
    /// counts the rows each keeps after those of the blocks before it (`keptBefore`).
    /// A block listed under the current structure is not checked again
    /// (BlockListings.swift): its loose rows are its kept rows not tight now, which its
    /// pass reads itself. Returns false when a row or a block does not fit.
    func noteAndListBlocks<Rows: Collection<Int32>>(of rows: Rows, from first: Int) -> Bool {
        prepareListings()
        return withListTables { l in
            let noted = blockLocal.blocks.withRawInsertion(limit: rows.count) { blocks in
                for r32 in rows where !noteChangedRowsBlock(Int(r32), l, &blocks) { return false }
                return true
            }
            guard noted else { return false }
            let p = localBuffers
            let members = blockLocal.blocks.members
            var count = first == 0 ? 0 : Int(p.keptBefore[first])
            for m in first..<members.count {
                p.keptBefore[m] = Int32(count)
                let b = Int(members[m])
                var kept = listings.rows(of: b)
                if kept == nil {
                    guard let end = listBlockRows(b, l) else { return false }
                    kept = listings.keep(b, end: end)
                }
                count += kept!.count
            }
            p.keptBefore[members.count] = Int32(count)
            return true
        }
    }

    /// Notes the block whose costs row `r`'s change moves: a tight bump row's own, or
    /// the one whose unknowns a loose row reads (`listLocalBlock` checks its other
    /// unknowns). A loose row reading pinned unknowns alone moves only pinned rows'
    /// duals: no block. False for a tight row of the triangular part, or a loose row
    /// reading an unknown neither pinned nor in the bump. A row a current listing holds
    /// is that block's: its own tight row, or a loose one reading it (BlockListings.swift).
    @inline(__always) func noteChangedRowsBlock(_ r: Int, _ l: LocalListTables, _ blocks: inout RawInsertion) -> Bool {
        // Taking a row out or putting one in changes the structure: a listed row is in force.
        if let b = listings.listedBlock(ofRow: r) {
            blocks.insert(b)
            return true
        }
        guard l.inForce[r] else { return true }
        if l.isTight[r] {
            let b = Int(l.rowBlock[r])
            guard b >= 0 else { return false }
            blocks.insert(b)
            return true
        }
        for k in l.rowStart[r]..<l.rowStart[r + 1] {
            let j = Int(l.bumpIndex[Int(l.termVariable[k])])
            guard j >= 0 else { continue }
            blocks.insert(Int(l.rowBlock[Int(l.bumpRows[j])]))
            return true
        }
        for k in l.rowStart[r]..<l.rowStart[r + 1] where !isPinned(Int(l.termVariable[k]), l) { return false }
        return true
    }

    /// Whether block `b` can be re-optimised on its own: small enough for the dense
    /// work, every tight row reading its unknowns its own, at most `looseRowLimit`
    /// loose rows reading them, and every row reading them reading otherwise only
    /// pinned unknowns. Writes the rows in force reading its unknowns (each once, in
    /// the order met) to `listings.pool` from `poolCount` on, and returns where they
    /// end; nil when it does not fit.
    @inline(__always) func listBlockRows(_ b: Int, _ l: LocalListTables) -> Int? {
        guard !l.blockDead[b] else { return nil }
        let start = l.blockStart[b], end = l.blockStart[b + 1]
        guard end - start <= Self.inPlaceBlockLimit else { return nil }
        let pool = listings.pool!
        let first = listings.poolCount
        var count = first, loose = 0
        for i in start..<end {
            guard readsBlockOrPinned(Int(l.bumpRows[i]), start: start, end: end, l) else { return nil }
            let v = Int(l.bumpColumns[i])
            for k in l.columnStart[v]..<l.columnStart[v + 1] {
                let r = Int(l.columnRow[k])
                guard l.inForce[r] else { continue }
                var listed = false
                for q in first..<count where pool[q] == Int32(r) { listed = true }
                guard !listed else { continue }
                if l.isTight[r] {
                    guard Int(l.rowBlock[r]) == b else { return nil }
                } else {
                    guard loose < LocalBlockBuffers.looseRowLimit, readsBlockOrPinned(r, start: start, end: end, l) else { return nil }
                    loose += 1
                }
                guard count < listings.rowCapacity else { return nil }
                pool[count] = Int32(r)
                count += 1
            }
        }
        return count
    }

    /// Whether row `r` reads only the bump columns `start..<end` and pinned unknowns.
    @inline(__always) func readsBlockOrPinned(_ r: Int, start: Int, end: Int, _ l: LocalListTables) -> Bool {
        for k in l.rowStart[r]..<l.rowStart[r + 1] {
            let v = Int(l.termVariable[k])
            let j = Int(l.bumpIndex[v])
            if j >= 0 {
                guard j >= start, j < end else { return false }
            } else if !isPinned(v, l) {
                return false
            }
        }
        return true
    }

    /// Whether unknown `v` is pinned: basic in the triangular part and determined by
    /// a tight required equality whose other unknowns are pinned (so by required
    /// equalities alone, back to the root). Memoised while the structure stands
    /// (BlockListings.swift; `forgetPinned` clears it);
    /// walked with an explicit stack, since a chain can be as long as the layout.
    @inline(__always) func isPinned(_ v: Int, _ l: LocalListTables) -> Bool {
        let known = localBuffers.pinState[v]
        if known != 0 { return known == BlockLocalScratch.pinned }
        return decidePinned(v, l)
    }

    /// `isPinned` for an unknown not decided yet.
    private func decidePinned(_ v: Int, _ l: LocalListTables) -> Bool {
        let memo = localBuffers
        var depth = 0
        // The usual unknown: its row's other unknowns decided before, no walk.
        let verdict = pinVerdict(v, pushingOnto: &depth, l)
        if verdict != 0 {
            memo.pinState[v] = verdict
            memo.pinVisited[memo.pinVisitedCount] = Int32(v)
            memo.pinVisitedCount += 1
            return verdict == BlockLocalScratch.pinned
        }
        // Else `v` goes beneath the unknowns it pushed, to be decided once they are.
        for i in stride(from: depth, to: 0, by: -1) { memo.pinStack[i] = memo.pinStack[i - 1] }
        memo.pinStack[0] = Int32(v)
        depth += 1
        while depth > 0 {
            let u = Int(memo.pinStack[depth - 1])
            if memo.pinState[u] != 0 {
                depth -= 1
                continue
            }
            let verdict = pinVerdict(u, pushingOnto: &depth, l)
            guard verdict != 0 else { continue }  // its unknowns pushed: decided when they are
            memo.pinState[u] = verdict
            memo.pinVisited[memo.pinVisitedCount] = Int32(u)
            memo.pinVisitedCount += 1
            depth -= 1
        }
        return memo.pinState[v] == BlockLocalScratch.pinned
    }

    /// Unknown `u`'s verdict if its row's other unknowns are decided, else 0 with the
    /// undecided ones pushed on the stack (`depth` deep).
    @inline(__always) private func pinVerdict(_ u: Int, pushingOnto depth: inout Int, _ l: LocalListTables) -> UInt8 {
        let memo = localBuffers
        let p = Int(l.columnPosition[u])
        guard l.isBasic[u], p >= 0 else { return BlockLocalScratch.notPinned }
        let t = Int(l.pivots[p].row)
        guard l.level[t] == 0, l.kind[t] == .equal else { return BlockLocalScratch.notPinned }
        // Decided first, so a push never sits above a row that is already decided; one
        // pass decides the usual row, whose other unknowns were decided before.
        var waiting = false
        for k in l.rowStart[t]..<l.rowStart[t + 1] {
            let w = Int(l.termVariable[k])
            let state = memo.pinState[w]
            if state == BlockLocalScratch.notPinned { return BlockLocalScratch.notPinned }
            if w != u, state == 0 { waiting = true }
        }
        guard waiting else { return BlockLocalScratch.pinned }
        for k in l.rowStart[t]..<l.rowStart[t + 1] {
            let w = Int(l.termVariable[k])
            guard w != u, memo.pinState[w] == 0 else { continue }
            memo.pinStack[depth] = Int32(w)
            depth += 1
        }
        return 0
    }

    /// Clears the memo of `isPinned`.
    func forgetPinned() {
        let memo = localBuffers
        for i in 0..<memo.pinVisitedCount { memo.pinState[Int(memo.pinVisited[i])] = 0 }
        memo.pinVisitedCount = 0
    }
}

/// The arrays the listing reads, as raw buffers for the whole of `noteAndListBlocks`:
/// the problem's rows and columns, the rows' states and the factor's block layout,
/// none of which changes while blocks are listed. Through the solver's properties each
/// read cost a bounds check (and an array's retain): 1,260 instructions per toggle block.
struct LocalListTables {
    let rowStart: UnsafeBufferPointer<Int>, termVariable: UnsafeBufferPointer<Int32>
    let columnStart: UnsafeBufferPointer<Int>, columnRow: UnsafeBufferPointer<Int32>
    let inForce: UnsafeBufferPointer<Bool>, isTight: UnsafeBufferPointer<Bool>
    let rowBlock: UnsafeBufferPointer<Int32>, bumpIndex: UnsafeBufferPointer<Int32>
    let bumpRows: UnsafeBufferPointer<Int32>, bumpColumns: UnsafeBufferPointer<Int32>
    let blockStart: UnsafeBufferPointer<Int>, blockDead: UnsafeBufferPointer<Bool>
    /// What `isPinned` reads: which unknowns are basic, where, by which row, and that row's level and relation.
    let isBasic: UnsafeBufferPointer<Bool>, columnPosition: UnsafeBufferPointer<Int32>
    let pivots: UnsafeBufferPointer<TriangularPivot>, level: UnsafeBufferPointer<Int32>, kind: UnsafeBufferPointer<RowKind>
}

extension FactoredSolver {
    /// Calls `body` with the listing's raw buffers.
    func withListTables(_ body: (LocalListTables) -> Bool) -> Bool {
        let rowStart = self.rowStart, termVariable = self.termVariable
        let columnStart = self.columnStart, columnRow = self.columnRow
        let inForce = basis.inForce, isTight = basis.isTight
        let rowBlock = factor.rowBlock, bumpIndex = factor.bumpIndex, bumpRows = factor.bumpRows
        let bumpColumns = factor.bumpColumns, blockStart = factor.blockStart, blockDead = factor.blockDead
        let isBasic = basis.isBasic, columnPosition = factor.columnPosition, pivots = factor.pivots
        let level = settings.level, kind = self.kind
        return rowStart.withUnsafeBufferPointer { rowStart in
        termVariable.withUnsafeBufferPointer { termVariable in
        columnStart.withUnsafeBufferPointer { columnStart in
        columnRow.withUnsafeBufferPointer { columnRow in
        inForce.withUnsafeBufferPointer { inForce in
        isTight.withUnsafeBufferPointer { isTight in
        rowBlock.withUnsafeBufferPointer { rowBlock in
        bumpIndex.withUnsafeBufferPointer { bumpIndex in
        bumpRows.withUnsafeBufferPointer { bumpRows in
        bumpColumns.withUnsafeBufferPointer { bumpColumns in
        blockStart.withUnsafeBufferPointer { blockStart in
        blockDead.withUnsafeBufferPointer { blockDead in
        isBasic.withUnsafeBufferPointer { isBasic in
        columnPosition.withUnsafeBufferPointer { columnPosition in
        pivots.withUnsafeBufferPointer { pivots in
        level.withUnsafeBufferPointer { level in
        kind.withUnsafeBufferPointer { kind in
            body(LocalListTables(
                rowStart: rowStart, termVariable: termVariable, columnStart: columnStart, columnRow: columnRow,
                inForce: inForce, isTight: isTight, rowBlock: rowBlock, bumpIndex: bumpIndex, bumpRows: bumpRows,
                bumpColumns: bumpColumns, blockStart: blockStart, blockDead: blockDead, isBasic: isBasic,
                columnPosition: columnPosition, pivots: pivots, level: level, kind: kind))
        }}}}}}}}}}}}}}}}}
    }
}
