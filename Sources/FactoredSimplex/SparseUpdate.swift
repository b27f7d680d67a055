/// The frame path: when only right-hand sides changed and the basis is known
/// optimal, the new values come from one forward substitution that visits only
/// the rows downstream of a changed constant (in triangular order, through a
/// bit set of pivot positions), whatever the number of changed constants. Disjoint
/// parts of the layout are never visited. If a basic column goes negative, the
/// caller falls back to the full solve (pivots).
extension FactoredSolver {
    /// Records that row `r`'s right-hand side changed.
    @inline(__always) func markChanged(_ r: Int) {
        guard !isDirty[r] else { return }
        isDirty[r] = true
        dirtyRows.append(Int32(r))
    }

    @inline(__always) func touchLoose(_ r: Int) {
        guard !isTouched[r] else { return }
        isTouched[r] = true
        touchedRows.append(Int32(r))
    }

    /// Compiles the frame path's program now (it is part of the build, so the
    /// first frame does not pay for it).
    func prepareFramePath() {
        guard factorValid, basisOptimal else { return }
        program.build(self)
    }

    /// Compiles the program for dual pivots on a basis not yet known optimal (the
    /// build's repair, Simplex.swift), which patch and propagate through it.
    func prepareFramePathForRepair() {
        guard factorValid else { return }
        program.build(self)
    }

    /// Updates the values for the changed right-hand sides alone. Returns false
    /// (values then need the full path) when the shortcut does not apply.
    func sparseSolve() -> Bool {
        changedVariables.removeAll(keepingCapacity: true)
        guard factorValid, basisOptimal else { return false }
        return propagateChanges()
    }

    /// Recomputes, through the current factor, the unknowns downstream of the rows
    /// marked changed and the own columns of the loose rows they touch. Returns
    /// whether every own column stays non-negative (the others are in `infeasibleRows`).
    func propagateChanges() -> Bool {
        let changedBefore = changedVariables.count
        infeasibleRows.removeAll(keepingCapacity: true)
        var bumpTouched = false
        if program.builtGeneration != factorGeneration || program.builtEpoch != valueEpoch {
            program.build(self)
        }
        // The lowest and highest pending positions, so the scan covers only that span.
        var lowest = Int.max
        var highest = -1
        for r32 in dirtyRows {
            let r = Int(r32)
            isDirty[r] = false
            guard inForce[r] else { continue }
            if isTight[r] {
                let p = Int(factor.position[r])
                if p < 0 {
                    factor.markBlock(ofRow: r)
                    bumpTouched = true
                } else {
                    program.refreshConstant(p, self)
                    pendingPositions[p >> 6] |= 1 << UInt64(p & 63)
                    lowest = min(lowest, p)
                    highest = max(highest, p)
                }
            } else {
                touchLoose(r)
            }
        }
        dirtyRows.removeAll(keepingCapacity: true)
        // The propagation runs on the compiled program (ForwardProgram.swift), through
        // raw buffers: class-property access in this loop costs an exclusivity check
        // per element otherwise. Positions are visited in increasing order (a bit
        // scan, cheaper than a heap when a frame moves thousands of rows), so each
        // row is computed after every row it reads.
        var changedCount = 0
        var markedCount = 0
        var touchedCount = touchedRows.count
        touchedStorage.withUnsafeMutableBufferPointer { ts in
            for (i, r) in touchedRows.enumerated() { ts[i] = r }
        }
        touchedRows.removeAll(keepingCapacity: true)
        // Everything the loop reads or writes is moved into locals first: a class
        // property costs a dynamic exclusivity check per access, and a nest of
        // closures over many of them costs more with every level (the runtime
        // checks each new access against every open one). Mutable arrays are
        // swapped out and back (no copy); the others are read through `let`s.
        let columnOfArray = program.column, pivotArray = program.pivotCoefficient, constantArray = program.constant
        let spanArray = program.termSpan, sourceArray = program.termSource, coefficientArray = program.termCoefficient
        let dependentStartArray = program.dependentStart, dependentArray = program.dependent
        let forceArray = inForce, tightArray = isTight, rowBlockArray = factor.rowBlock
        var valueArray: [Double] = [], xArray: [Double] = [], touchedArray: [Bool] = [], bitArray: [UInt64] = []
        var touchedList: [Int32] = [], changedList: [Int32] = [], blockMarkedArray: [Bool] = [], markedList: [Int32] = []
        swap(&valueArray, &program.value)
        swap(&xArray, &x)
        swap(&touchedArray, &isTouched)
        swap(&bitArray, &pendingPositions)
        swap(&touchedList, &touchedStorage)
        swap(&changedList, &changedStorage)
        swap(&blockMarkedArray, &factor.blockMarked)
        swap(&markedList, &factor.markedStorage)
        columnOfArray.withUnsafeBufferPointer { columnOf in
        pivotArray.withUnsafeBufferPointer { pivotCoefficient in
        constantArray.withUnsafeBufferPointer { constant in
        spanArray.withUnsafeBufferPointer { termSpan in
        sourceArray.withUnsafeBufferPointer { termSource in
        coefficientArray.withUnsafeBufferPointer { termCoefficient in
        dependentStartArray.withUnsafeBufferPointer { dependentStart in
        dependentArray.withUnsafeBufferPointer { dependent in
        valueArray.withUnsafeMutableBufferPointer { values in
        forceArray.withUnsafeBufferPointer { force in
        tightArray.withUnsafeBufferPointer { tight in
        xArray.withUnsafeMutableBufferPointer { xs in
        touchedArray.withUnsafeMutableBufferPointer { touched in
        bitArray.withUnsafeMutableBufferPointer { bits in
        touchedList.withUnsafeMutableBufferPointer { ts in
        changedList.withUnsafeMutableBufferPointer { changed in
        rowBlockArray.withUnsafeBufferPointer { rowBlock in
        blockMarkedArray.withUnsafeMutableBufferPointer { blockMarked in
        markedList.withUnsafeMutableBufferPointer { marked in
            guard highest >= 0 else { return }
            var word = lowest >> 6
            while word <= highest >> 6 {
                let pending = bits[word]
                if pending == 0 {
                    word += 1
                    continue
                }
                let p = word << 6 | pending.trailingZeroBitCount
                bits[word] = pending & (pending - 1)
                var sum = constant[p]
                let span = termSpan[p]
                for k in Int(span.start)..<Int(span.end) {
                    sum -= termCoefficient[k] * values[Int(termSource[k])]
                }
                let value = sum / pivotCoefficient[p]
                if value == values[p] { continue }
                values[p] = value
                let column = columnOf[p]
                xs[Int(column)] = value
                changed[changedCount] = column
                changedCount += 1
                for k in Int(dependentStart[p])..<Int(dependentStart[p + 1]) {
                    let d = Int(dependent[k])
                    if d >= 0 {
                        bits[d >> 6] |= 1 << UInt64(d & 63)
                        if d > highest { highest = d }
                        continue
                    }
                    let other = -d - 1
                    if !force[other] { continue }
                    if tight[other] {
                        // A tight row outside the triangular part: its bump block is re-solved.
                        let block = Int(rowBlock[other])
                        if !blockMarked[block] {
                            blockMarked[block] = true
                            marked[markedCount] = Int32(block)
                            markedCount += 1
                        }
                        bumpTouched = true
                    } else if !touched[other] {
                        touched[other] = true
                        ts[touchedCount] = Int32(other)
                        touchedCount += 1
                    }
                }
            }
        }}}}}}}}}}}}}}}}}}}
        swap(&valueArray, &program.value)
        swap(&xArray, &x)
        swap(&touchedArray, &isTouched)
        swap(&bitArray, &pendingPositions)
        swap(&touchedList, &touchedStorage)
        swap(&changedList, &changedStorage)
        swap(&blockMarkedArray, &factor.blockMarked)
        swap(&markedList, &factor.markedStorage)
        factor.markedBlocks.append(contentsOf: factor.markedStorage[0..<markedCount])
        statistics.rowsTouched += changedCount
        // Whole-slice appends: one exclusivity check each, not one per element.
        changedVariables.append(contentsOf: changedStorage[0..<changedCount])
        touchedRows.append(contentsOf: touchedStorage[0..<touchedCount])
        if bumpTouched { solveBump() }
        var infeasibleCount = 0
        // Locals again, as above.
        let rhsArray = rhs, xValues = x, positiveArray = positiveBasic
        var ownArray: [Double] = [], touchedFlags: [Bool] = [], infeasibleList: [Int32] = []
        swap(&ownArray, &ownValue)
        swap(&touchedFlags, &isTouched)
        swap(&infeasibleList, &touchedStorage)
        rowStart.withUnsafeBufferPointer { rs in
        termVariable.withUnsafeBufferPointer { tv in
        termCoefficient.withUnsafeBufferPointer { tc in
        rhsArray.withUnsafeBufferPointer { b in
        xValues.withUnsafeBufferPointer { xs in
        positiveArray.withUnsafeBufferPointer { positive in
        ownArray.withUnsafeMutableBufferPointer { own in
        touchedFlags.withUnsafeMutableBufferPointer { touched in
        // touchedStorage is free again (its rows were copied into touchedRows): it
        // collects the rows left negative.
        infeasibleList.withUnsafeMutableBufferPointer { infeasible in
            for r32 in touchedRows {
                let r = Int(r32)
                touched[r] = false
                var activity = 0.0
                for k in rs[r]..<rs[r + 1] { activity += tc[k] * xs[Int(tv[k])] }
                let residual = b[r] - activity
                own[r] = positive[r] ? residual : -residual
                if own[r] < -1e-9 * max(1, abs(b[r])) {
                    infeasible[infeasibleCount] = r32
                    infeasibleCount += 1
                }
            }
        }}}}}}}}}
        swap(&ownArray, &ownValue)
        swap(&touchedFlags, &isTouched)
        swap(&infeasibleList, &touchedStorage)
        touchedRows.removeAll(keepingCapacity: true)
        statistics.variablesUpdated += changedVariables.count - changedBefore
        infeasibleRows.append(contentsOf: touchedStorage[0..<infeasibleCount])
        return infeasibleCount == 0
    }

    /// Re-solves the bump blocks the propagation reached, for the current values of
    /// the triangular part.
    func solveBump() {
        factor.unmarkBlocks()
        let bumpRows = factor.bumpRows, bumpColumns = factor.bumpColumns, blockStart = factor.blockStart
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let isBasic = self.isBasic, rhs = self.rhs, columnStart = self.columnStart, columnRow = self.columnRow
        let inForce = self.inForce, isTight = self.isTight
        for b32 in factor.markedBlocks {
            let b = Int(b32)
            rowScratch.withUnsafeMutableBufferPointer { scratch in
            variableScratch.withUnsafeMutableBufferPointer { before in
            x.withUnsafeMutableBufferPointer { xs in
                for i in blockStart[b]..<blockStart[b + 1] {
                    let r = Int(bumpRows[i])
                    var s = rhs[r]
                    for k in rowStart[r]..<rowStart[r + 1] {
                        let v = Int(termVariable[k])
                        if !isBasic[v] { s -= termCoefficient[k] * xs[v] }
                    }
                    scratch[r] = s
                    before[Int(bumpColumns[i])] = xs[Int(bumpColumns[i])]
                }
                factor.solveBlock(b, self, rhs: scratch, x: xs, basic: isBasic)
            }}}
            for i in blockStart[b]..<blockStart[b + 1] {
                let c32 = bumpColumns[i]
                let c = Int(c32)
                guard variableScratch[c] != x[c] else { continue }
                changedVariables.append(c32)
                for k in columnStart[c]..<columnStart[c + 1] where inForce[Int(columnRow[k])] && !isTight[Int(columnRow[k])] {
                    touchLoose(Int(columnRow[k]))
                }
            }
        }
        factor.markedBlocks.removeAll(keepingCapacity: true)
    }
}
