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
        while !heap.isEmpty {
            let p = heapPop()
            let pivot = factor.pivots[Int(p)]
            let r = Int(pivot.row)
            inHeap[r] = false
            let column = Int(pivot.column)
            var sum = rhs[r]
            for k in rowStart[r]..<rowStart[r + 1] where Int(termVariable[k]) != column {
                sum -= termCoefficient[k] * x[Int(termVariable[k])]
            }
            let value = sum / pivot.coefficient
            guard value != x[column] else { continue }
            x[column] = value
            changedVariables.append(Int32(column))
            statistics.rowsTouched += 1
            for k in columnStart[column]..<columnStart[column + 1] {
                let other = Int(columnRow[k])
                guard inForce[other] else { continue }
                if !isTight[other] {
                    touchLoose(other)
                } else {
                    let q = factor.position[other]
                    if q < 0 {
                        bumpTouched = true
                    } else if q > p, !inHeap[other] {
                        inHeap[other] = true
                        heapPush(q)
                    }
                }
            }
        }
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
