/// The frame path: when only right-hand sides changed and the basis is known
/// optimal, the new values come from one forward substitution that visits only
/// the rows downstream of a changed constant (in triangular order, through a
/// heap of pivot positions), whatever the number of changed constants. Disjoint
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

    func heapPush(_ position: Int32) {
        var i = heap.count
        heap.append(position)
        while i > 0 {
            let parent = (i - 1) >> 1
            guard heap[parent] > heap[i] else { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    func heapPop() -> Int32 {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                guard l < heap.count else { break }
                var smallest = l
                if l + 1 < heap.count, heap[l + 1] < heap[l] { smallest = l + 1 }
                guard heap[smallest] < heap[i] else { break }
                heap.swapAt(smallest, i)
                i = smallest
            }
        }
        return top
    }

    /// Updates the values for the changed right-hand sides alone. Returns false
    /// (values then need the full path) when the shortcut does not apply.
    func sparseSolve() -> Bool {
        changedVariables.removeAll(keepingCapacity: true)
        guard factorValid, basisOptimal else { return false }
        var bumpTouched = false
        for r32 in dirtyRows {
            let r = Int(r32)
            isDirty[r] = false
            guard inForce[r] else { continue }
            if isTight[r] {
                let p = factor.position[r]
                if p < 0 {
                    bumpTouched = true
                } else if !inHeap[r] {
                    inHeap[r] = true
                    heapPush(p)
                }
            } else {
                touchLoose(r)
            }
        }
        dirtyRows.removeAll(keepingCapacity: true)
        // The propagation, on raw buffers: class-property access in this loop costs
        // an exclusivity check per element otherwise.
        var heapCount = heap.count
        for (i, p) in heap.enumerated() { heapStorage[i] = p }
        heap.removeAll(keepingCapacity: true)
        var changedCount = 0
        var touchedCount = touchedRows.count
        for (i, r) in touchedRows.enumerated() { touchedStorage[i] = r }
        touchedRows.removeAll(keepingCapacity: true)
        rowStart.withUnsafeBufferPointer { rs in
        termVariable.withUnsafeBufferPointer { tv in
        termCoefficient.withUnsafeBufferPointer { tc in
        columnStart.withUnsafeBufferPointer { cs in
        columnRow.withUnsafeBufferPointer { cr in
        inForce.withUnsafeBufferPointer { force in
        isTight.withUnsafeBufferPointer { tight in
        rhs.withUnsafeBufferPointer { b in
        x.withUnsafeMutableBufferPointer { xs in
        inHeap.withUnsafeMutableBufferPointer { ih in
        isTouched.withUnsafeMutableBufferPointer { touched in
        factor.position.withUnsafeBufferPointer { position in
        factor.pivots.withUnsafeBufferPointer { pivots in
        heapStorage.withUnsafeMutableBufferPointer { hp in
        touchedStorage.withUnsafeMutableBufferPointer { ts in
        changedStorage.withUnsafeMutableBufferPointer { changed in
            while heapCount > 0 {
                // Pop the lowest position.
                let p = hp[0]
                heapCount -= 1
                if heapCount > 0 {
                    hp[0] = hp[heapCount]
                    var i = 0
                    while true {
                        let l = 2 * i + 1
                        if l >= heapCount { break }
                        var smallest = l
                        if l + 1 < heapCount, hp[l + 1] < hp[l] { smallest = l + 1 }
                        if hp[smallest] >= hp[i] { break }
                        hp.swapAt(smallest, i)
                        i = smallest
                    }
                }
                let pivot = pivots[Int(p)]
                let r = Int(pivot.row)
                ih[r] = false
                let column = Int(pivot.column)
                var sum = b[r]
                for k in rs[r]..<rs[r + 1] where Int(tv[k]) != column { sum -= tc[k] * xs[Int(tv[k])] }
                let value = sum / pivot.coefficient
                if value == xs[column] { continue }
                xs[column] = value
                changed[changedCount] = Int32(column)
                changedCount += 1
                for k in cs[column]..<cs[column + 1] {
                    let other = Int(cr[k])
                    if !force[other] { continue }
                    if !tight[other] {
                        if !touched[other] {
                            touched[other] = true
                            ts[touchedCount] = Int32(other)
                            touchedCount += 1
                        }
                        continue
                    }
                    let q = position[other]
                    if q < 0 {
                        bumpTouched = true
                    } else if q > p, !ih[other] {
                        ih[other] = true
                        var i = heapCount
                        hp[i] = q
                        heapCount += 1
                        while i > 0 {
                            let parent = (i - 1) >> 1
                            if hp[parent] <= hp[i] { break }
                            hp.swapAt(parent, i)
                            i = parent
                        }
                    }
                }
            }
        }}}}}}}}}}}}}}}}
        statistics.rowsTouched += changedCount
        for i in 0..<changedCount { changedVariables.append(changedStorage[i]) }
        for i in 0..<touchedCount { touchedRows.append(touchedStorage[i]) }
        if bumpTouched { solveBump() }
        var feasible = true
        for r32 in touchedRows {
            let r = Int(r32)
            isTouched[r] = false
            let residual = rhs[r] - rowActivity(r)
            ownValue[r] = positiveBasic[r] ? residual : -residual
            if ownValue[r] < -feasibilityTolerance(r) { feasible = false }
        }
        touchedRows.removeAll(keepingCapacity: true)
        statistics.variablesUpdated += changedVariables.count
        return feasible
    }

    /// Re-solves the dense bump for the current values of the triangular part.
    func solveBump() {
        for r in factor.bumpRows {
            var s = rhs[Int(r)]
            for k in rowStart[Int(r)]..<rowStart[Int(r) + 1] {
                let v = Int(termVariable[k])
                if !isBasic[v] { s -= termCoefficient[k] * x[v] }
            }
            rowScratch[Int(r)] = s
        }
        for c in factor.bumpColumns { variableScratch[Int(c)] = x[Int(c)] }
        rowScratch.withUnsafeMutableBufferPointer { b in
            x.withUnsafeMutableBufferPointer { xs in factor.solveBumpOnly(self, rhs: b, x: xs, basic: isBasic) }
        }
        for c32 in factor.bumpColumns {
            let c = Int(c32)
            guard variableScratch[c] != x[c] else { continue }
            changedVariables.append(c32)
            for k in columnStart[c]..<columnStart[c + 1] where inForce[Int(columnRow[k])] && !isTight[Int(columnRow[k])] {
                touchLoose(Int(columnRow[k]))
            }
        }
    }
}
