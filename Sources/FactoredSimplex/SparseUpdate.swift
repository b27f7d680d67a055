/// The frame path: when only right-hand sides changed and the basis is known
/// optimal, the new values come from one forward substitution that visits only
/// the rows downstream of a changed constant (in triangular order, through a
/// bit set of pivot positions), whatever the number of changed constants. Disjoint
/// parts of the layout are never visited. If a basic column goes negative, the
/// caller falls back to the full solve (pivots).
extension FactoredSolver {
    /// Records that row `r`'s right-hand side changed.
    @inline(__always) func markChanged(_ r: Int) {
        guard !framePath.isDirty[r] else { return }
        framePath.isDirty[r] = true
        framePath.dirtyRows.append(Int32(r))
    }

    @inline(__always) func touchLoose(_ r: Int) {
        guard !framePath.isTouched[r] else { return }
        framePath.isTouched[r] = true
        framePath.touchedRows.append(Int32(r))
    }

    /// Compiles the frame path's program now (it is part of the build, so the
    /// first frame does not pay for it). `forRepair`: for dual pivots on a basis not
    /// yet known optimal (the build's repair, Simplex.swift), which patch and
    /// propagate through it.
    func prepareFramePath(forRepair: Bool = false) {
        guard factorValidity.isValid, basisOptimal || forRepair else { return }
        program.build(self)
    }

    /// Updates the values for the changed right-hand sides alone. Returns false
    /// (values then need the full path) when the shortcut does not apply.
    func sparseSolve() -> Bool {
        framePath.changedVariables.removeAll()
        guard factorValidity.isValid, basisOptimal else { return false }
        return propagateChanges()
    }

    /// Recomputes, through the current factor, the unknowns downstream of the rows
    /// marked changed and the own columns of the loose rows they touch. Returns
    /// whether every own column stays non-negative (the others are in `infeasibleRows`).
    func propagateChanges() -> Bool {
        let changedBefore = framePath.changedVariables.count
        framePath.infeasibleRows.removeAll(keepingCapacity: true)
        if program.builtGeneration != factorValidity.generation || program.builtEpoch != factorValidity.valueEpoch {
            program.build(self)
        }
        let (lowest, highest, dirtyBump) = markDirtyPositions()
        let reachedBump = program.termsReadUnknowns
            ? forwardSubstituteByUnknown(from: lowest, through: highest)
            : forwardSubstitute(from: lowest, through: highest) { values, x in ValuesByPosition(values: values, x: x) }
        statistics.rowsTouched += framePath.changedVariables.count - changedBefore
        if dirtyBump || reachedBump { solveBump() }
        let feasible = recomputeTouchedOwnColumns()
        statistics.variablesUpdated += framePath.changedVariables.count - changedBefore
        return feasible
    }

    /// Turns the dirty rows into work: a tight row of the triangular part marks its
    /// position pending (its constant refreshed in the program), one of a bump block
    /// marks the block, a loose row is touched. Returns the lowest and highest pending
    /// positions, so the scan covers only that span, and whether a block was marked.
    @inline(__always) func markDirtyPositions() -> (lowest: Int, highest: Int, bumpTouched: Bool) {
        var bumpTouched = false
        var lowest = Int.max
        var highest = -1
        // A long list is settled through buffers first (a short one pays more to take them than it saves).
        let cleared = framePath.dirtyRows.count > 64
        var others = framePath.dirtyRows.count
        if cleared { (others, bumpTouched) = clearDirtyFlags() }
        for r32 in framePath.dirtyRows[0..<others] {
            let r = Int(r32)
            if !cleared { framePath.isDirty[r] = false }
            guard basis.inForce[r] else { continue }
            if basis.isTight[r] {
                let p = Int(factor.position[r])
                if p < 0 {
                    factor.markBlock(ofRow: r)
                    bumpTouched = true
                } else {
                    program.refreshConstant(p, self)
                    framePath.pendingPositions[p >> 6] |= 1 << UInt64(p & 63)
                    lowest = min(lowest, p)
                    highest = max(highest, p)
                }
            } else {
                touchLoose(r)
            }
        }
        framePath.dirtyRows.removeAll(keepingCapacity: true)
        return (lowest, highest, bumpTouched)
    }

    /// `markDirtyPositions`' first pass, through buffers: clears every dirty row's flag
    /// and settles the rows that need nothing more, those of a block already marked
    /// (toggle's 33,333 spacing constants lie in the blocks the local pass takes, which
    /// the propagation skips); the others are moved to the front of `dirtyRows`, in
    /// order. Returns their count, and whether a row of the bump was met. Through the
    /// arrays (a uniqueness check per write, the factor's arrays through its properties)
    /// the propagation of toggle-100000's first swap took 2.30 M instructions, now 0.94 M.
    @inline(__always) private func clearDirtyFlags() -> (others: Int, bumpTouched: Bool) {
        var others = 0
        var bumpTouched = false
        framePath.dirtyRows.withUnsafeMutableBufferPointer { dirty in
        framePath.isDirty.withUnsafeMutableBufferPointer { isDirty in
        basis.inForce.withUnsafeBufferPointer { inForce in
        basis.isTight.withUnsafeBufferPointer { isTight in
        factor.position.withUnsafeBufferPointer { position in
        factor.rowBlock.withUnsafeBufferPointer { rowBlock in
        factor.blockMarked.withUnsafeBufferPointer { blockMarked in
            for i in 0..<dirty.count {
                let r = Int(dirty[i])
                isDirty[r] = false
                // A row of a marked block: `markBlock` would find it marked, only the bump's solve is owed.
                var settled = false
                if let b = listings.listedBlock(ofRow: r) {
                    // A listed row is in force, and if tight, its block's own (BlockListings.swift): one read, not three.
                    settled = isTight[r] && blockMarked[b]
                } else if inForce[r], isTight[r], position[r] < 0 {
                    let b = Int(rowBlock[r])
                    settled = b >= 0 && blockMarked[b]
                }
                // Written either way, kept only if not settled: no branch on the common case.
                dirty[others] = Int32(r)
                others &+= settled ? 0 : 1
                bumpTouched = bumpTouched || settled
            }
        }}}}}}}
        return (others, bumpTouched)
    }

    /// Forward substitution from the pending positions (ForwardSweep.swift): each
    /// unknown that moves is appended to `changedVariables`, the loose rows that read
    /// it touched, the bump blocks that do marked. Returns whether it marked a block.
    /// Each position changes at most once, so the changed list has room for all of
    /// them, written in place.
    @inline(__always) func forwardSubstitute<Values: SweepValues>(
        from lowest: Int, through highest: Int,
        _ makeValues: (UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) -> Values
    ) -> Bool {
        framePath.changedVariables.reserve(program.count)
        var counts = SweepCounts(touched: framePath.touchedRows.count, changed: framePath.changedVariables.count)
        framePath.touchedStorage.withUnsafeMutableBufferPointer { ts in
            for (i, r) in framePath.touchedRows.enumerated() { ts[i] = r }
        }
        framePath.touchedRows.removeAll(keepingCapacity: true)
        program.column.withUnsafeBufferPointer { column in
        program.pivotCoefficient.withUnsafeBufferPointer { pivotCoefficient in
        program.constant.withUnsafeBufferPointer { constant in
        program.termSpan.withUnsafeBufferPointer { termSpan in
        program.termSource.withUnsafeBufferPointer { termSource in
        program.termCoefficient.withUnsafeBufferPointer { termCoefficient in
        program.dependentStart.withUnsafeBufferPointer { dependentStart in
        program.dependent.withUnsafeBufferPointer { dependent in
        program.value.withUnsafeMutableBufferPointer { values in
        framePath.pendingPositions.withUnsafeMutableBufferPointer { pending in
        basis.inForce.withUnsafeBufferPointer { inForce in
        basis.isTight.withUnsafeBufferPointer { isTight in
        basis.x.withUnsafeMutableBufferPointer { x in
        framePath.isTouched.withUnsafeMutableBufferPointer { isTouched in
        factor.rowBlock.withUnsafeBufferPointer { rowBlock in
        factor.blockMarked.withUnsafeMutableBufferPointer { blockMarked in
        framePath.touchedStorage.withUnsafeMutableBufferPointer { touched in
        framePath.changedVariables.storage.withUnsafeMutableBufferPointer { changed in
        factor.markedStorage.withUnsafeMutableBufferPointer { marked in
            let sweep = ForwardSweep(
                column: column, pivotCoefficient: pivotCoefficient, constant: constant,
                termSpan: termSpan, termSource: termSource, termCoefficient: termCoefficient,
                dependentStart: dependentStart, dependent: dependent, values: makeValues(values, x),
                pending: pending, inForce: inForce, isTight: isTight, isTouched: isTouched,
                rowBlock: rowBlock, blockMarked: blockMarked, touched: touched, changed: changed,
                marked: marked)
            sweep.run(from: lowest, through: highest, &counts)
        }}}}}}}}}}}}}}}}}}}
        factor.markedBlocks.append(contentsOf: factor.markedStorage[0..<counts.marked])
        framePath.changedVariables.count = counts.changed
        // A whole-slice append: one uniqueness check, not one per element.
        framePath.touchedRows.append(contentsOf: framePath.touchedStorage[0..<counts.touched])
        return counts.bumpTouched
    }

    /// The sweep over the solver's values alone, out of line: only layouts far larger
    /// than the cache take it, and inlined beside the other, it cost the small layouts'
    /// frames 5-7% more instructions (CI guard, the 200-view scenes).
    @inline(never) private func forwardSubstituteByUnknown(from lowest: Int, through highest: Int) -> Bool {
        forwardSubstitute(from: lowest, through: highest) { _, x in ValuesByUnknown(x: x) }
    }

    /// Recomputes the own column of every touched loose row from its residual, and
    /// lists in `infeasibleRows` those left negative. Returns whether none is.
    @inline(__always) func recomputeTouchedOwnColumns() -> Bool {
        var infeasibleCount = 0
        rowStart.withUnsafeBufferPointer { rs in
        termVariable.withUnsafeBufferPointer { tv in
        termCoefficient.withUnsafeBufferPointer { tc in
        settings.rhs.withUnsafeBufferPointer { b in
        basis.x.withUnsafeBufferPointer { xs in
        basis.positiveBasic.withUnsafeBufferPointer { positive in
        basis.ownValue.withUnsafeMutableBufferPointer { own in
        framePath.isTouched.withUnsafeMutableBufferPointer { touched in
        // touchedStorage is free again (its rows were copied into touchedRows): it
        // collects the rows left negative.
        framePath.touchedStorage.withUnsafeMutableBufferPointer { infeasible in
            for r32 in framePath.touchedRows {
                let r = Int(r32)
                touched[r] = false
                var activity = 0.0
                for k in rs[r]..<rs[r + 1] { activity += tc[k] * xs[Int(tv[k])] }
                let residual = b[r] - activity
                own[r] = positive[r] ? residual : -residual
                if own[r] < -Tolerance.feasibility * max(1, abs(b[r])) {
                    infeasible[infeasibleCount] = r32
                    infeasibleCount += 1
                }
            }
        }}}}}}}}}
        framePath.touchedRows.removeAll(keepingCapacity: true)
        framePath.infeasibleRows.append(contentsOf: framePath.touchedStorage[0..<infeasibleCount])
        return infeasibleCount == 0
    }

    /// Re-solves the bump blocks the propagation reached, for the current values of
    /// the triangular part.
    func solveBump() {
        let bumpColumns = factor.bumpColumns, blockStart = factor.blockStart
        let inForce = self.basis.inForce, isTight = self.basis.isTight
        settings.rhs.withUnsafeBufferPointer { b in
        roundScratch.variableScratch.withUnsafeMutableBufferPointer { before in
        basis.x.withUnsafeMutableBufferPointer { xs in
            solveMarkedBlocks(rowValue: b, x: xs, foldNonbasic: true, before: before)
        }}}
        listMovedBumpColumns(bumpColumns: bumpColumns, blockStart: blockStart, inForce: inForce, isTight: isTight)
        factor.markedBlocks.removeAll(keepingCapacity: true)
    }
}

extension FactoredSolver {
    /// After the marked blocks are solved: lists each of their unknowns that moved as
    /// changed, and touches the loose rows that read it. Raw buffers, each list's room
    /// made first (every bump column; every row, in `touchedStorage`): appending per
    /// element through the solver's properties cost a uniqueness check each, more than
    /// the blocks' arithmetic on toggle's 33,333.
    @inline(__always) func listMovedBumpColumns(bumpColumns: [Int32], blockStart: [Int], inForce: [Bool], isTight: [Bool]) {
        let columnStart = self.columnStart, columnRow = self.columnRow
        let touchedBefore = framePath.touchedRows.count
        var touchedCount = touchedBefore
        var columns = 0
        for b in factor.markedBlocks { columns += blockStart[Int(b) + 1] - blockStart[Int(b)] }
        framePath.changedVariables.reserve(columns)
        var changedCount = framePath.changedVariables.count
        framePath.isTouched.withUnsafeMutableBufferPointer { isTouched in
        framePath.touchedStorage.withUnsafeMutableBufferPointer { touched in
        framePath.changedVariables.storage.withUnsafeMutableBufferPointer { changed in
        basis.x.withUnsafeBufferPointer { xs in
        roundScratch.variableScratch.withUnsafeBufferPointer { before in
            for b32 in factor.markedBlocks {
                let b = Int(b32)
                for i in blockStart[b]..<blockStart[b + 1] {
                    let c = Int(bumpColumns[i])
                    guard before[c] != xs[c] else { continue }
                    changed[changedCount] = Int32(c)
                    changedCount += 1
                    for k in columnStart[c]..<columnStart[c + 1] {
                        let r = Int(columnRow[k])
                        guard inForce[r], !isTight[r], !isTouched[r] else { continue }
                        isTouched[r] = true
                        touched[touchedCount] = Int32(r)
                        touchedCount += 1
                    }
                }
            }
        }}}}}
        framePath.changedVariables.count = changedCount
        framePath.touchedRows.append(contentsOf: framePath.touchedStorage[touchedBefore..<touchedCount])
    }
}

/// The first nonzero word of `bits` from `word` on, or one past `limit` when there is
/// none up to it. Four words at a time: a frame's marks can lie far apart (a drag's tip
/// and its label, peeled thousands of positions apart) with only zeros between.
@inline(__always) func nextMarkedWord(_ bits: UnsafeMutableBufferPointer<UInt64>, from word: Int, through limit: Int) -> Int {
    var w = word
    while w + 3 <= limit, bits[w] | bits[w + 1] | bits[w + 2] | bits[w + 3] == 0 { w += 4 }
    while w <= limit, bits[w] == 0 { w += 1 }
    return w
}

/// The last nonzero word of `bits` from `word` down, or one below `limit` when there is
/// none down to it (the transposed solve's scan; see `nextMarkedWord`).
@inline(__always) func previousMarkedWord(_ bits: UnsafeMutableBufferPointer<UInt64>, from word: Int, downTo limit: Int) -> Int {
    var w = word
    while w - 3 >= limit, bits[w] | bits[w - 1] | bits[w - 2] | bits[w - 3] == 0 { w -= 4 }
    while w >= limit, bits[w] == 0 { w -= 1 }
    return w
}
