// Reading the solution: values brought up to date from the rows that changed, and
// the variables the constraints leave free (ambiguity).

extension SolverCore {
    /// Sizes the per-frame lists for the worst case (every row, every variable), so a
    /// frame never grows them: no allocation per frame in steady state.
    mutating func reserveFrameBuffers() {
        touchedRows.reserveCapacity(rows.count + 16)
        changedVariables.reserveCapacity(externalCount + 16)
        infeasible.reserveCapacity(rows.count + 16)
        leftBasis.reserveCapacity(64)
        dirtySymbols.reserveCapacity(64)
        scratchCosts.reserveCapacity(16)
        scratchRow.symbols.reserveCapacity(64)
        scratchRow.coefficients.reserveCapacity(64)
        journalRows.reserveCapacity(16)
        journalLevels.reserveCapacity(16)
        journalNewLevels.reserveCapacity(4)
        journalNewSymbols.reserveCapacity(16)
        constantJournal.reserveCapacity(4)  // one entry per setConstant on a basic marker
        objective.reserveFrameCapacity()
    }

    /// Recomputes the values of the variables whose rows changed since the last call,
    /// appending each that moved to `changedVariables`.
    mutating func updateValues() {
        optimizeIfDeferred()
        let n = touchedRows.count
        var updated = 0
        touchedRows.withUnsafeBufferPointer { ts in
            isTouchedRow.withUnsafeMutableBufferPointer { touched in
                basic.withUnsafeBufferPointer { bs in
                    rows.withUnsafeBufferPointer { rs in
                        values.withUnsafeMutableBufferPointer { vs in
                            for i in 0..<n {
                                let slot = Int(ts[i])
                                touched[slot] = false
                                let b = Int(bs[slot])
                                guard b >= 0, b < externalCount else { continue }
                                let v = rs[slot].constant
                                updated += 1
                                if vs[b] != v {
                                    vs[b] = v
                                    changedVariables.append(Int32(b))
                                }
                            }
                        }
                    }
                }
            }
        }
        statistics.variablesUpdated += updated
        touchedRows.removeAll(keepingCapacity: true)
        for s in leftBasis where rowOf[Int(s)] < 0 {
            statistics.variablesUpdated += 1
            if values[Int(s)] != 0 {
                values[Int(s)] = 0
                changedVariables.append(s)
            }
        }
        leftBasis.removeAll(keepingCapacity: true)
    }

    mutating func value(of variable: Int) -> Double {
        optimizeIfDeferred()
        let r = rowOf[variable]
        return r >= 0 ? rows[Int(r)].constant : 0
    }

    /// External variables that can move without changing any violation total:
    /// the layout is ambiguous in them (like `hasAmbiguousLayout`).
    mutating func ambiguousVariables() -> [Int] {
        optimizeIfDeferred()
        var freeToMove = Set<Int32>()
        for s in 0..<Int32(kind.count) where rowOf[Int(s)] < 0 {
            switch kind[Int(s)] {
            case .external:
                freeToMove.insert(s)
            case .slack, .error:
                // A restricted non-basic symbol with zero cost that can rise from 0.
                guard objective.sign(s) == 0 else { continue }
                var blocked = false
                compactColumn(s)
                for slot in column[Int(s)] {
                    let b = basic[Int(slot)]
                    if kind[Int(b)].isRestricted, rows[Int(slot)].coefficient(of: s) < 0, rows[Int(slot)].constant <= SolverTolerance.zero {
                        blocked = true
                    }
                }
                if !blocked { freeToMove.insert(s) }
            default: break
            }
        }
        var out: [Int] = []
        for v in 0..<externalCount {
            if rowOf[v] < 0 {
                out.append(v)
                continue
            }
            let row = rows[Int(rowOf[v])]
            if row.symbols.contains(where: { freeToMove.contains($0) }) { out.append(v) }
        }
        return out
    }
}
