// The undo journal: while `journaling`, every row, row constant, cost, level and
// symbol a change creates or alters is saved before it is first touched, so that
// `rollback()` puts the tableau back bit for bit after a refused change.

extension SolverCore {
    /// From here on, every row, constant and cost changed is saved first.
    mutating func beginJournal() {
        journaling = true
        journalEpoch &+= 1
        if journalEpoch == 0 {
            for i in journalSlotStamp.indices { journalSlotStamp[i] = 0 }
            journalEpoch = 1
        }
        journalNewLevels.removeAll(keepingCapacity: true)
        constantJournal.removeAll(keepingCapacity: true)
    }

    /// Keeps the changes made since `beginJournal()`.
    mutating func endJournal() {
        journaling = false
        journalRows.removeAll(keepingCapacity: true)
        journalLevels.removeAll(keepingCapacity: true)
        journalNewLevels.removeAll(keepingCapacity: true)
        journalNewSymbols.removeAll(keepingCapacity: true)
        constantJournal.removeAll(keepingCapacity: true)
    }

    /// Saves a row slot before its first change inside a journaled change.
    @inline(__always) mutating func saveRowForUndo(_ slot: Int32) {
        guard journaling, journalSlotStamp[Int(slot)] != journalEpoch else { return }
        journalSlotStamp[Int(slot)] = journalEpoch
        journalRows.append((slot, rows[Int(slot)], basic[Int(slot)]))
    }

    /// Undoes everything saved since `beginJournal()` and stops journaling.
    mutating func rollback() {
        infeasible.removeAll(keepingCapacity: true)
        journaling = false
        for entry in journalRows.reversed() {
            let b = basic[Int(entry.slot)]
            if b >= 0 { rowOf[Int(b)] = -1 }
            rows[Int(entry.slot)] = entry.row
            basic[Int(entry.slot)] = entry.basic
        }
        for entry in journalRows {
            let slot = entry.slot
            let b = basic[Int(slot)]
            if b >= 0 {
                rowOf[Int(b)] = slot
                for sym in rows[Int(slot)].symbols { column[Int(sym)].append(slot) }
            }
            touch(slot)
        }
        // A constant shifted in place in a single row (setConstant on a basic marker) was
        // saved apart from whole rows, before any pivot saved the row: restored last.
        for entry in constantJournal.reversed() {
            rows[Int(entry.slot)].constant = entry.old
            touch(entry.slot)
        }
        freeSlots = basic.indices.filter { basic[$0] < 0 }.map(Int32.init)
        // Levels: drop those the change created, then restore coefficients newest first.
        for entry in journalLevels.reversed() where objective.rank[Int(entry.level)] >= 0 {
            objective.set(entry.level, entry.symbol, entry.old)
        }
        for l in journalNewLevels where objective.rank[Int(l)] >= 0 { dropLevel(l) }
        for sym in journalNewSymbols { releaseSymbol(sym) }
        endJournal()
    }
}
