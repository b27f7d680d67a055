// Symbol ids and row slots: creating and recycling them, and keeping the indexes
// over them (rowOf ↔ basic, the lazy columns, the touched rows) in step.

extension SolverCore {
    mutating func newSymbol(_ k: SymbolKind, owner o: Int32) -> Int32 {
        if let s = freeSymbols.popLast() {
            kind[Int(s)] = k
            owner[Int(s)] = o
            rowOf[Int(s)] = -1
            if journaling { journalNewSymbols.append(s) }
            return s
        }
        let s = Int32(kind.count)
        kind.append(k)
        rowOf.append(-1)
        owner.append(o)
        column.append([])
        isDirtySymbol.append(false)
        objective.head.append(-1)
        objective.memberStamp.append(0)
        if journaling { journalNewSymbols.append(s) }
        return s
    }

    /// Recycles a symbol that no row holds any more.
    mutating func releaseSymbol(_ s: Int32) {
        let i = Int(s)
        guard kind[i] != .free else { return }
        clearCosts(s)
        column[i].removeAll(keepingCapacity: true)
        kind[i] = .free
        owner[i] = -1
        rowOf[i] = -1
        freeSymbols.append(s)
    }

    /// Puts `row` into a slot with basic symbol `b`.
    mutating func newRowSlot(_ row: Row, basic b: Int32) -> Int32 {
        let slot: Int32
        if let s = freeSlots.popLast() {
            slot = s
        } else {
            slot = Int32(rows.count)
            rows.append(Row())
            basic.append(-1)
            isTouchedRow.append(false)
            journalSlotStamp.append(0)
            visitStamp.append(0)
        }
        saveRowForUndo(slot)
        rows[Int(slot)] = row
        basic[Int(slot)] = b
        rowOf[Int(b)] = slot
        for s in row.symbols { column[Int(s)].append(slot) }
        touch(slot)
        return slot
    }

    mutating func releaseRowSlot(_ slot: Int32) {
        saveRowForUndo(slot)
        let b = basic[Int(slot)]
        if b >= 0 { rowOf[Int(b)] = -1 }
        basic[Int(slot)] = -1
        rows[Int(slot)].symbols.removeAll(keepingCapacity: true)
        rows[Int(slot)].coefficients.removeAll(keepingCapacity: true)
        rows[Int(slot)].constant = 0
        freeSlots.append(slot)
    }

    @inline(__always) mutating func touch(_ slot: Int32) {
        if !isTouchedRow[Int(slot)] {
            isTouchedRow[Int(slot)] = true
            touchedRows.append(slot)
        }
        statistics.rowsTouched += 1
    }

    /// A fresh pass number for `visitStamp` (clearing the stamps when it wraps).
    mutating func nextStamp() -> UInt32 {
        stamp &+= 1
        if stamp == 0 {
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stamp = 1
        }
        return stamp
    }

    /// Leaves in the lazy column of `symbol` each row slot in use holding it, once.
    mutating func compactColumn(_ symbol: Int32) {
        let mark = nextStamp()
        var list = column[Int(symbol)]
        column[Int(symbol)] = []
        var kept = 0
        for i in 0..<list.count {
            let slot = list[i]
            guard basic[Int(slot)] >= 0, visitStamp[Int(slot)] != mark,
                rows[Int(slot)].coefficient(of: symbol) != 0
            else { continue }
            visitStamp[Int(slot)] = mark
            list[kept] = slot
            kept += 1
        }
        list.removeLast(list.count - kept)
        column[Int(symbol)] = list
    }

    /// Replaces the non-basic `symbol` in row `target` by `definition` (journaled, columns
    /// and touched rows kept in step).
    @inline(__always)
    mutating func substitute(_ symbol: Int32, by definition: Row, in target: Int32) {
        saveRowForUndo(target)
        // Both rows are moved out (not copied) so that the column updates can reach `self`.
        var row = Row()
        var scratch = Row()
        swap(&row, &rows[Int(target)])
        swap(&scratch, &scratchRow)
        let changed = row.substitute(symbol, by: definition, scratch: &scratch) { added in
            column[Int(added)].append(target)
        }
        swap(&row, &rows[Int(target)])
        swap(&scratch, &scratchRow)
        if changed { touch(target) }
    }

    /// Deletes `symbol` from every row that holds it (a symbol about to be recycled,
    /// whose remaining coefficients are round-off).
    mutating func removeFromEveryRow(_ symbol: Int32) {
        compactColumn(symbol)
        for target in column[Int(symbol)] where rows[Int(target)].index(of: symbol) != nil {
            saveRowForUndo(target)
            rows[Int(target)].remove(symbol)
            touch(target)
        }
    }
}
