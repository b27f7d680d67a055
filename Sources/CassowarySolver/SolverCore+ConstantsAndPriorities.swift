// Changing a constraint's constant in place (through its marker's column, then the
// dual simplex) and its priority in place (its error symbols move between levels).

extension SolverCore {
    /// Changes a constraint's constant in place (dual simplex); refuses a change
    /// that makes the required constraints unsatisfiable, leaving the state as it was.
    mutating func setConstant(_ id: ConstraintID, _ value: Double) throws(ConflictError) {
        optimizeIfDeferred()
        let record = records[Int(id)]
        let delta = value - record.constant
        guard delta != 0 else { return }
        records[Int(id)].constant = value
        guard record.inTableau else { return }
        // Only a required constraint's change can be refused (error symbols absorb an
        // optional one's), so only it pays for the journal that makes refusal exact.
        let journaled = record.priority >= 1000
        if journaled { beginJournal() }
        var failing = shiftConstant(id, by: delta)
        if failing == nil { failing = dualOptimize() }
        if let slot = failing {
            let conflicts = requiredOwners(in: slot)
            records[Int(id)].constant = record.constant
            if journaled {
                // The pivots are undone from the journal; a shift along the marker's column
                // (not journaled: it is the hot path of every required setConstant) is undone
                // by shifting back, exact up to one rounding per row.
                rollback()
                if rowOf[Int(record.marker)] < 0 {
                    _ = shiftColumn(record.marker, by: delta / record.markerSign)
                }
                infeasible.removeAll(keepingCapacity: true)
            } else {
                infeasible.removeAll(keepingCapacity: true)
                _ = shiftConstant(id, by: -delta)
                _ = dualOptimize()
            }
            throw ConflictError(conflicts: conflicts.filter { $0 != id })
        }
        if journaled { endJournal() }
    }

    /// Shifts the constraint's constant by `delta` through its marker column. Returns a
    /// dummy-basic row left non-zero (a conflict), if any.
    mutating func shiftConstant(_ id: Int32, by delta: Double) -> Int32? {
        let record = records[Int(id)]
        // The row holds -constant; the marker absorbs the change: marker → marker + shift.
        let shift = -delta / record.markerSign
        let marker = record.marker
        let r = rowOf[Int(marker)]
        guard r >= 0 else { return shiftColumn(marker, by: shift) }
        if journaling { constantJournal.append((r, rows[Int(r)].constant)) }
        rows[Int(r)].constant -= shift
        touch(r)
        let b = basic[Int(r)]
        if kind[Int(b)] == .dummy {
            if !nearZero(rows[Int(r)].constant) { return r }
        } else if kind[Int(b)].isRestricted, rows[Int(r)].constant < 0 {
            infeasible.append(r)
        }
        return nil
    }

    /// Adds `coefficient(symbol) * shift` to the constant of every row holding the
    /// non-basic `symbol`: one pass over its column that also compacts it (drops
    /// stale and repeated slots), marks the rows touched and queues the infeasible
    /// ones. Returns a dummy-basic row left non-zero (a conflict), if any.
    mutating func shiftColumn(_ symbol: Int32, by shift: Double) -> Int32? {
        let mark = nextStamp()
        var conflict: Int32? = nil
        var list = column[Int(symbol)]
        column[Int(symbol)] = []
        var kept = 0
        let count = list.count
        list.withUnsafeMutableBufferPointer { l in
            rows.withUnsafeMutableBufferPointer { rs in
                basic.withUnsafeBufferPointer { bs in
                    visitStamp.withUnsafeMutableBufferPointer { vs in
                        kind.withUnsafeBufferPointer { ks in
                            isTouchedRow.withUnsafeMutableBufferPointer { touched in
                                for i in 0..<count {
                                    let slot = Int(l[i])
                                    let b = bs[slot]
                                    guard b >= 0, vs[slot] != mark else { continue }
                                    let c = rs[slot].coefficient(of: symbol)
                                    guard c != 0 else { continue }
                                    vs[slot] = mark
                                    l[kept] = Int32(slot)
                                    kept += 1
                                    let value = rs[slot].constant + c * shift
                                    rs[slot].constant = value
                                    if !touched[slot] {
                                        touched[slot] = true
                                        touchedRows.append(Int32(slot))
                                    }
                                    let k = ks[Int(b)]
                                    if k == .external { continue }
                                    if k == .dummy {
                                        if !nearZero(value) { conflict = Int32(slot) }
                                    } else if value < 0 {
                                        infeasible.append(Int32(slot))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        statistics.rowsTouched += kept
        list.removeLast(count - kept)
        column[Int(symbol)] = list
        return conflict
    }

    /// Changes an optional constraint's priority in place; the re-optimisation waits
    /// for `optimizeIfDeferred()`.
    mutating func setPriority(_ id: ConstraintID, _ priority: Double) {
        let record = records[Int(id)]
        guard record.priority != priority else { return }
        records[Int(id)].priority = priority
        guard record.inTableau else { return }
        let from = objective.level(priority: record.priority)!
        for e in record.errorSymbols { addObjective(e, weight: -1, level: from) }
        let to = level(for: priority)
        for e in records[Int(id)].errorSymbols { addObjective(e, weight: 1, level: to) }
        levelUse[record.priority, default: 0] -= 1
        levelUse[priority, default: 0] += 1
        // Only the level this constraint left can have emptied.
        if levelUse[record.priority] == 0 { dropLevel(from) }
        // Deferred: a run of priority changes (a toggle frame) is optimised once, from
        // the final objective, instead of through each intermediate one.
        pendingOptimize = true
    }

    /// Re-optimises after deferred priority changes. Everything that needs an optimal
    /// tableau (the dual simplex, inserts, reading values) calls it first.
    @inline(__always) mutating func optimizeIfDeferred() {
        guard pendingOptimize else { return }
        if pendingDual {
            // A dual run stopped at its pivot budget: finish it first.
            pendingDual = false
            _ = dualOptimize()
        }
        optimize()
    }
}
