// A pivot that changes the factor's structure (a row's 3 × 3 block becoming a
// chain when a toggle swaps which constraint wins, or back) used to re-factor,
// re-value and re-price the whole layout, so one toggling row of 33,333 cost
// 48 ms. The factor is updated where the pivot lands instead. The rows whose
// placement the pivot invalidates are closed under "downstream": every tight row
// reading an unknown whose determining row moved, and every bump block such a
// row reads or shares an unknown with. Their old positions become holes, their
// blocks die, and they are peeled again on their own: the peeled part goes at the
// end of the triangular order (it reads only earlier positions: nothing left
// reads an unknown of the closure), the rest becomes new blocks. Holes and dead
// blocks are skipped by every solve until a full refactorisation, which a local
// update asks for once they use up the room reserved at the last one.
extension BasisFactor {
    /// Positions (and program entries) reserved past a factorisation's for local updates.
    static func localRoom(_ count: Int) -> Int { max(1024, count / 4) }
}

/// What changed in the basis since the factor was made: the rows that left and
/// joined the tight set, the unknowns that joined and left the basic set. Lists kept
/// by the solver, with room for a round's worth, so describing a change allocates nothing.
struct BasisChange {
    var loosened: [Int32] = []
    var tightened: [Int32] = []
    var entered: [Int32] = []
    var left: [Int32] = []

    init(capacity: Int) {
        // A round may pivot on every row: room for that, so recording one never allocates.
        loosened.reserveCapacity(capacity)
        tightened.reserveCapacity(capacity)
        entered.reserveCapacity(capacity)
        left.reserveCapacity(4)
    }

    mutating func removeAll() {
        loosened.removeAll(keepingCapacity: true)
        tightened.removeAll(keepingCapacity: true)
        entered.removeAll(keepingCapacity: true)
        left.removeAll(keepingCapacity: true)
    }

    /// The round's pivots: the leaving rows tightened, the entering rows loosened or unknowns entered.
    mutating func record(_ pivots: [RoundPivot]) {
        for pivot in pivots {
            tightened.append(pivot.leaving)
            switch pivot.entering {
            case let .loosen(t, _): loosened.append(Int32(t))
            case let .unknown(v, _): entered.append(Int32(v))
            }
        }
    }
}

extension FactoredSolver {
    /// After `basisChange` was applied to the basis (`isTight`, `isBasic`, `inForce`)
    /// while the factor still describes the basis before it: updates the factor, the
    /// frame program and the tight-row list locally, and marks the rows whose values
    /// must be recomputed. Returns false when the change is not local enough; the
    /// caller then re-factors and re-solves from scratch. When the room for holes is
    /// used up, it re-factors itself but keeps the change local for values and duals.
    func updateFactorLocally() -> Bool {
        defer {
            localScratch.basisChange.removeAll()
            localScratch.localRows.removeAll()
            localScratch.localColumns.removeAll()
            localScratch.localBlocks.removeAll()
            localScratch.rebuiltPositions.removeAll()
        }
        let limit = (factor.pivots.count - factor.holeCount) / 8 + 64
        guard factorValidity.isValid, localScratch.basisChange.tightened.count <= limit, collectLocalClosure(limit: limit) else { return false }
        let count = localScratch.localRows.members.count
        guard count == localScratch.localColumns.members.count else { return false }
        if program.builtGeneration != factorValidity.generation || program.builtEpoch != factorValidity.valueEpoch { buildProgramBeforeChange() }
        guard hasLocalRoom(for: count) else { return compactAndPlace() }
        let firstNew = factor.pivots.count
        vacateLocalClosure()
        // The new blocks' LU may find its room used up too (a singular block would
        // fail the refactorisation's check as it fails the full path's).
        guard peelLocalClosure() else { return compactAndPlace() }
        // The program: the new positions, then the entries of the old positions that
        // list a row whose place changed.
        for p in firstNew..<factor.pivots.count { program.appendPosition(p, self) }
        for t in localScratch.basisChange.loosened { noteDependentsToRebuild(ofRow: Int(t), before: firstNew) }
        for a in localScratch.localRows.members { noteDependentsToRebuild(ofRow: Int(a), before: firstNew) }
        for r in localScratch.rebuiltPositions.members { program.rebuildDependents(of: Int(factor.position[Int(r)]), self) }
        factorValidity.generation += 1
        noteStructureChange()
        program.builtGeneration = factorValidity.generation
        updateTightRows()
        localUpdates += 1
        for a in localScratch.localRows.members { markChanged(Int(a)) }
        return true
    }

    /// The room is used up: re-factors the new basis, which drops the holes and dead
    /// blocks, and rebuilds the program. Still a local change for values and duals:
    /// only the closure's rows (marked) are solved again, and the caller updates the
    /// duals incrementally, so the frame pays for the factorisation alone, not for a
    /// full value pass and a pricing too.
    private func compactAndPlace() -> Bool {
        factorValidity.isValid = false
        ensureFactor()
        program.build(self)
        compactions += 1
        for a in localScratch.localRows.members { markChanged(Int(a)) }
        return true
    }

    /// Builds the frame program for the basis before `basisChange` (the one the factor
    /// describes), which only differs from the current one in which unknowns are basic.
    private func buildProgramBeforeChange() {
        for v in localScratch.basisChange.entered { basis.isBasic[Int(v)] = false }
        for u in localScratch.basisChange.left { basis.isBasic[Int(u)] = true }
        program.build(self)
        for v in localScratch.basisChange.entered { basis.isBasic[Int(v)] = true }
        for u in localScratch.basisChange.left { basis.isBasic[Int(u)] = false }
    }

    /// Lists in `localRows` / `localColumns` the rows to place again and the unknowns
    /// they determine, and in `localBlocks` the blocks they dissolve. False when more
    /// than `limit` rows would move.
    private func collectLocalClosure(limit: Int) -> Bool {
        for r in localScratch.basisChange.tightened { addLocalRow(Int(r)) }
        // A loosened row's unknown needs another row to determine it.
        for t32 in localScratch.basisChange.loosened {
            let t = Int(t32)
            let p = Int(factor.position[t])
            if p >= 0 { addLocalColumn(Int(factor.pivots[p].column)) } else { addLocalBlock(Int(factor.rowBlock[t])) }
        }
        for v in localScratch.basisChange.entered { addLocalColumn(Int(v)) }
        // An unknown that left: the row that determined it determines another, and
        // the rows reading it read a constant now.
        for u32 in localScratch.basisChange.left {
            let u = Int(u32)
            let p = Int(factor.columnPosition[u])
            if p >= 0 {
                addLocalRow(Int(factor.pivots[p].row))
            } else if factor.bumpIndex[u] >= 0 {
                addLocalBlock(Int(factor.rowBlock[Int(factor.bumpRows[Int(factor.bumpIndex[u])])]))
            }
            for k in columnStart[u]..<columnStart[u + 1] {
                let o = Int(columnRow[k])
                if basis.inForce[o], basis.isTight[o] { addLocalRow(o) }
            }
        }
        var nextRow = 0
        var nextColumn = 0
        while nextRow < localScratch.localRows.members.count || nextColumn < localScratch.localColumns.members.count {
            guard localScratch.localRows.members.count <= limit else { return false }
            if nextRow < localScratch.localRows.members.count {
                let a = Int(localScratch.localRows.members[nextRow])
                nextRow += 1
                let p = Int(factor.position[a])
                if p >= 0 {
                    addLocalColumn(Int(factor.pivots[p].column))
                } else if factor.rowBlock[a] >= 0 {
                    addLocalBlock(Int(factor.rowBlock[a]))
                }
                // A block this row reads joins: the row may end up after the bump.
                for k in rowStart[a]..<rowStart[a + 1] {
                    let j = Int(factor.bumpIndex[Int(termVariable[k])])
                    if j >= 0 { addLocalBlock(Int(factor.rowBlock[Int(factor.bumpRows[j])])) }
                }
            } else {
                let c = Int(localScratch.localColumns.members[nextColumn])
                nextColumn += 1
                // Every tight row reading a moved unknown moves after it.
                for k in columnStart[c]..<columnStart[c + 1] {
                    let o = Int(columnRow[k])
                    if basis.inForce[o], basis.isTight[o] { addLocalRow(o) }
                }
            }
        }
        return true
    }

    private func addLocalRow(_ r: Int) {
        guard basis.inForce[r], basis.isTight[r] else { return }
        localScratch.localRows.insert(r)
    }

    private func addLocalColumn(_ v: Int) {
        guard basis.isBasic[v] else { return }
        localScratch.localColumns.insert(v)
    }

    private func addLocalBlock(_ b: Int) {
        guard b >= 0, !localScratch.localBlocks.contains(b) else { return }
        localScratch.localBlocks.insert(b)
        for i in factor.blockStart[b]..<factor.blockStart[b + 1] {
            addLocalRow(Int(factor.bumpRows[i]))
            addLocalColumn(Int(factor.bumpColumns[i]))
        }
    }

    /// Whether the factor and the program have room for `count` more positions and
    /// their entries without growing (a frame allocates nothing), and the holes and
    /// dead blocks are still few.
    private func hasLocalRoom(for count: Int) -> Bool {
        let f = factor
        guard count <= f.queue.count,
              f.pivots.count + count <= f.pivots.capacity,
              f.pivots.count + count <= 64 * framePath.pendingPositions.count,
              f.holeCount + count <= BasisFactor.localRoom(rowCount),
              f.bumpRows.count + count <= f.bumpRows.capacity,
              f.deadBumpRows + count <= BasisFactor.localRoom(rowCount),
              program.count + count <= program.row.capacity else { return false }
        var terms = 0
        var dependents = 0
        for a in localScratch.localRows.members { terms += rowStart[Int(a) + 1] - rowStart[Int(a)] }
        for c in localScratch.localColumns.members { dependents += columnStart[Int(c) + 1] - columnStart[Int(c)] }
        return program.termSource.count + terms <= program.termSource.capacity
            && program.dependent.count + dependents <= program.dependent.capacity
    }

    /// Turns the closure's old positions into holes and its blocks dead.
    private func vacateLocalClosure() {
        let f = factor
        for a32 in localScratch.localRows.members {
            let a = Int(a32)
            let p = Int(f.position[a])
            guard p >= 0 else { continue }
            f.columnPosition[Int(f.pivots[p].column)] = -1
            f.pivots[p] = .hole
            f.position[a] = -1
            f.holeCount += 1
            program.vacate(p)
        }
        // A loosened row keeps its position only as a hole (its unknown is in the closure).
        for t32 in localScratch.basisChange.loosened {
            let t = Int(t32)
            let p = Int(f.position[t])
            if p >= 0 {
                f.pivots[p] = .hole
                f.position[t] = -1
                f.holeCount += 1
                program.vacate(p)
            }
            f.rowBlock[t] = -1
        }
        for b32 in localScratch.localBlocks.members {
            let b = Int(b32)
            let size = f.blockStart[b + 1] - f.blockStart[b]
            f.blockDead[b] = true
            f.deadBumpRows += size
            for i in f.blockStart[b]..<f.blockStart[b + 1] {
                f.rowBlock[Int(f.bumpRows[i])] = -1
                f.bumpIndex[Int(f.bumpColumns[i])] = -1
            }
        }
        for c in localScratch.localColumns.members { f.columnPosition[Int(c)] = -1 }
        // An unknown that left the basis: its position is a hole now (its row is in the closure).
        for u in localScratch.basisChange.left {
            f.columnPosition[Int(u)] = -1
            f.bumpIndex[Int(u)] = -1
        }
    }

    /// Peels the closure's rows over its unknowns, appending the singletons to the
    /// triangular order and grouping the rest into new blocks. False when singular.
    private func peelLocalClosure() -> Bool {
        let f = factor
        var queued = 0
        for a32 in localScratch.localRows.members {
            let a = Int(a32)
            var count: Int32 = 0
            for k in rowStart[a]..<rowStart[a + 1] where localScratch.localColumns.contains(Int(termVariable[k])) { count += 1 }
            f.remaining[a] = count
            if count == 1 {
                f.queue[queued] = a32
                queued += 1
            }
        }
        for c in localScratch.localColumns.members { f.assigned[Int(c)] = false }
        var head = 0
        while head < queued {
            let a = Int(f.queue[head])
            head += 1
            guard f.remaining[a] == 1 else {
                if f.remaining[a] == 0 { return false }
                continue
            }
            var column = -1
            var coefficient = 0.0
            for k in rowStart[a]..<rowStart[a + 1] {
                let v = Int(termVariable[k])
                if localScratch.localColumns.contains(v), !f.assigned[v] {
                    column = v
                    coefficient = termCoefficient[k]
                }
            }
            guard column >= 0 else { return false }
            f.assigned[column] = true
            f.remaining[a] = -1
            f.position[a] = Int32(f.pivots.count)
            f.columnPosition[column] = Int32(f.pivots.count)
            f.pivots.append(TriangularPivot(row: Int32(a), column: Int32(column), coefficient: coefficient))
            for k in columnStart[column]..<columnStart[column + 1] {
                let o = Int(columnRow[k])
                guard localScratch.localRows.contains(o), f.remaining[o] > 0 else { continue }
                f.remaining[o] -= 1
                if f.remaining[o] == 1 {
                    f.queue[queued] = Int32(o)
                    queued += 1
                }
            }
        }
        let from = f.bumpRows.count
        for a in localScratch.localRows.members where f.remaining[Int(a)] >= 0 { f.bumpRows.append(a) }
        for c in localScratch.localColumns.members where !f.assigned[Int(c)] {
            f.bumpIndex[Int(c)] = Int32(f.bumpColumns.count)
            f.bumpColumns.append(c)
        }
        return f.groupBumpTail(from: from, mayGrow: false, self)
    }

    /// Notes for `rebuildDependents` the old positions whose unknowns row `r` reads:
    /// their lists name `r` by its old place.
    private func noteDependentsToRebuild(ofRow r: Int, before firstNew: Int) {
        for k in rowStart[r]..<rowStart[r + 1] {
            let q = Int(factor.columnPosition[Int(termVariable[k])])
            if q >= 0, q < firstNew { localScratch.rebuiltPositions.insert(Int(factor.pivots[q].row)) }
        }
    }

    /// The loosened rows leave the tight-row list, the tightened rows join it.
    private func updateTightRows() {
        for t32 in localScratch.basisChange.loosened {
            let t = Int(t32)
            let slot = Int(basis.tightSlot[t])
            let last = basis.tightRows[basis.tightRows.count - 1]
            basis.tightRows[slot] = last
            basis.tightSlot[Int(last)] = Int32(slot)
            basis.tightRows.removeLast()
            basis.tightSlot[t] = -1
            if settings.level[t] == 0, basis.inForce[t] { basis.requiredLoose = true }
        }
        for r in localScratch.basisChange.tightened {
            basis.tightSlot[Int(r)] = Int32(basis.tightRows.count)
            basis.tightRows.append(r)
        }
    }
}

extension ForwardProgram {
    /// Empties position `p` (a hole: nothing reads it, no frame visits it).
    func vacate(_ p: Int) {
        row[p] = -1
        column[p] = -1
        termSpan[p] = TermSpan(start: 0, end: 0)
    }

    /// Appends the factor's position `p` (the next one), reading the solver's current
    /// values; its dependents are the rows reading its unknown, by their new places.
    func appendPosition(_ p: Int, _ s: FactoredSolver) {
        precondition(p == count, "factored simplex: program positions out of step")
        let pivot = s.factor.pivots[p]
        let r = Int(pivot.row)
        let c = Int(pivot.column)
        row.append(pivot.row)
        column.append(pivot.column)
        pivotCoefficient.append(pivot.coefficient)
        value.append(s.basis.x[c])
        let start = Int32(termSource.count)
        var b = s.settings.rhs[r]
        for k in s.rowStart[r]..<s.rowStart[r + 1] {
            let v = Int(s.termVariable[k])
            if v == c { continue }
            if s.basis.isBasic[v] {
                termSource.append(termSource(ofUnknown: v, s))
                termCoefficient.append(s.termCoefficient[k])
            } else {
                b -= s.termCoefficient[k] * s.basis.x[v]
            }
        }
        constant.append(b)
        termSpan.append(TermSpan(start: start, end: Int32(termSource.count)))
        dependentStart[p] = Int32(dependent.count)
        appendDependents(ofColumn: c, pivotRow: r, at: p, s)
        dependentStart.append(Int32(dependent.count))
    }

    /// Rewrites position `q`'s dependents from the rows' current places (their number
    /// is the column's rows but its own, which no pivot changes).
    func rebuildDependents(of q: Int, _ s: FactoredSolver) {
        var k = Int(dependentStart[q])
        let c = Int(column[q])
        let r = Int(row[q])
        for e in s.columnStart[c]..<s.columnStart[c + 1] {
            let other = Int(s.columnRow[e])
            if other == r { continue }
            dependent[k] = dependentEntry(naming: other, in: q, s)
            k += 1
        }
    }

    private func appendDependents(ofColumn c: Int, pivotRow r: Int, at p: Int, _ s: FactoredSolver) {
        for e in s.columnStart[c]..<s.columnStart[c + 1] {
            let other = Int(s.columnRow[e])
            if other == r { continue }
            dependent.append(dependentEntry(naming: other, in: p, s))
        }
    }

    /// How position `p`'s dependents name row `other`, which reads its unknown: by the
    /// row's later position, or as `-(row + 1)` for a row outside the triangular part.
    private func dependentEntry(naming other: Int, in p: Int, _ s: FactoredSolver) -> Int32 {
        let place = Int(s.factor.position[other])
        precondition(place < 0 || place > p, "factored simplex: a row reads an earlier position")
        return place > p ? Int32(place) : Int32(-(other + 1))
    }
}

