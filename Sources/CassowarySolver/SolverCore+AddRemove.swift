import LayoutModel

// Registering constraints, putting them into the tableau (with a subject, or through
// an artificial variable) and taking them out again (kiwi's removal by marker).

extension SolverCore {
    /// A refused change: the required constraints (by id) it contradicts.
    typealias ConflictError = CassowaryConflict

    /// Registers a constraint `Σ terms RELATION constant` at `priority` (1...1000)
    /// without putting it into the tableau (an inactive constraint).
    ///
    /// `isStatic` promises that a required equality will never be removed,
    /// deactivated or have its constant changed; it then needs no marker symbol,
    /// which keeps rows short. A conflict it takes part in is still reported.
    mutating func register(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double, isStatic: Bool = false
    ) -> ConstraintID {
        var record = Record(terms: terms, relation: relation, constant: constant, priority: min(priority, 1000))
        record.isStatic = isStatic && relation == .equal && priority >= 1000
        if let reused = freeRecords.popLast() {
            records[Int(reused)] = record
            return reused
        }
        records.append(record)
        return Int32(records.count - 1)
    }

    mutating func removeConstraint(_ id: ConstraintID) {
        guard Int(id) < records.count, records[Int(id)].isLive else { return }
        if records[Int(id)].inTableau {
            extract(id)
            optimize()
        }
        records[Int(id)].isLive = false
        freeRecords.append(id)
    }

    mutating func setActive(_ id: ConstraintID, _ active: Bool) throws(ConflictError) {
        guard records[Int(id)].inTableau != active else { return }
        if active {
            try insert(id)
        } else {
            extract(id)
            optimize()
        }
    }

    /// The constraint's row in terms of the current non-basic symbols, with its new
    /// marker and error symbols.
    mutating func makeRow(_ id: Int32) -> Row {
        var record = records[Int(id)]
        var row = Row()
        row.constant = -record.constant
        var pairs: [(Int32, Double)] = []
        for term in record.terms {
            let s = term.variable
            let r = rowOf[Int(s)]
            if r >= 0 {
                let br = rows[Int(r)]
                row.constant += term.coefficient * br.constant
                for i in br.symbols.indices { pairs.append((br.symbols[i], term.coefficient * br.coefficients[i])) }
            } else {
                pairs.append((s, term.coefficient))
            }
        }
        let isRequired = record.priority >= 1000
        switch record.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = record.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack, owner: id)
            record.marker = slack
            record.markerSign = sign
            pairs.append((slack, sign))
            if !isRequired {
                let error = newSymbol(.error, owner: id)
                record.companion = error
                pairs.append((error, -sign))
            }
        case .equal:
            if isRequired {
                if !record.isStatic {
                    let dummy = newSymbol(.dummy, owner: id)
                    record.marker = dummy
                    record.markerSign = 1
                    pairs.append((dummy, 1))
                }
            } else {
                let plus = newSymbol(.error, owner: id)
                let minus = newSymbol(.error, owner: id)
                record.marker = plus
                record.companion = minus
                record.markerSign = -1
                pairs.append((plus, -1))
                pairs.append((minus, 1))
            }
        }
        records[Int(id)] = record
        pairs.sort { $0.0 < $1.0 }
        var i = 0
        while i < pairs.count {
            var (s, v) = pairs[i]
            i += 1
            while i < pairs.count, pairs[i].0 == s {
                v += pairs[i].1
                i += 1
            }
            if abs(v) >= SolverTolerance.drop {
                row.symbols.append(s)
                row.coefficients.append(v)
            }
        }
        return row
    }

    /// Puts constraint `id` into the tableau; on conflict leaves everything exactly as it was.
    mutating func insert(_ id: Int32) throws(ConflictError) {
        optimizeIfDeferred()
        beginJournal()
        let saved = records[Int(id)]
        do {
            try insertUnjournaled(id)
        } catch {
            rollback()
            records[Int(id)] = saved
            // A phase one cut short by its pivot budget proves no conflict: the stall is
            // what the wrapper reports.
            if stalled != nil {
                pendingOptimize = false
                pendingDual = false
                return
            }
            throw error
        }
        if stalled != nil, journaling {
            // A run stopped at its pivot budget: put everything back as it was.
            rollback()
            records[Int(id)] = saved
            pendingOptimize = false
            pendingDual = false
            return
        }
        endJournal()
        if saved.priority < 1000 { levelUse[saved.priority, default: 0] += 1 }
    }

    mutating func insertUnjournaled(_ id: Int32) throws(ConflictError) {
        var row = makeRow(id)
        let record = records[Int(id)]
        if record.priority < 1000 {
            let l = level(for: record.priority)
            for e in record.errorSymbols { addToLevel(l, e, 1) }
        }
        // Subject: an external symbol, else a slack/error with a negative coefficient.
        var subject: Int32 = -1
        for s in row.symbols where kind[Int(s)] == .external {
            subject = s
            break
        }
        if subject < 0 {
            if row.constant < 0 {
                row.constant = -row.constant
                for i in row.coefficients.indices { row.coefficients[i] = -row.coefficients[i] }
            }
            for s in [record.marker, record.companion] where s >= 0 {
                let k = kind[Int(s)]
                if k == .slack || k == .error, row.coefficient(of: s) < 0 {
                    subject = s
                    break
                }
            }
        }
        if subject < 0, row.symbols.allSatisfy({ kind[Int($0)] == .dummy }) {
            if !nearZero(row.constant, scale: magnitude(of: id)) {
                var conflicts: [Int32] = []
                for s in row.symbols where owner[Int(s)] >= 0 && owner[Int(s)] != id { conflicts.append(owner[Int(s)]) }
                throw ConflictError(conflicts: conflicts)
            }
            if record.marker < 0 {
                // A redundant static equality. Its row still ties the markers of the
                // mutable constraints it repeats (a later constant change must see the
                // conflict), so keep it on one of them; an empty row says nothing.
                records[Int(id)].inTableau = true
                if row.symbols.isEmpty { return }
                subject = row.symbols[0]
            } else {
                subject = record.marker
            }
        }
        records[Int(id)].inTableau = true
        if subject >= 0, kind[Int(subject)] != .external || !inRestrictedRow(subject) {
            // The insert cannot fail: the subject is new (or appears only in rows whose
            // basic is unrestricted), so no row can become infeasible. No undo journal
            // needed, which spares copying every row the substitution rewrites.
            journaling = false
        }
        if subject < 0 {
            try insertWithArtificial(row, id, scale: magnitude(of: id))
        } else {
            if abs(row.solve(for: subject)) < SolverTolerance.illConditioned { illConditioned = true }
            let slot = newRowSlot(row, basic: subject)
            substituteEverywhere(subject, slot: slot)
        }
        // An external subject can leave other rows infeasible: repair, or refuse.
        if let bad = dualOptimize() {
            throw ConflictError(conflicts: requiredOwners(in: bad).filter { $0 != id })
        }
        optimize()
    }

    /// The size of constraint `id`'s numbers now: its constant and each term at the
    /// current value of its unknown (at least 1). A row that repeats other constraints
    /// carries their round-off, which grows with this, so whether it contradicts them
    /// is decided relative to it (far inside the contract's 1e-6).
    func magnitude(of id: Int32) -> Double {
        let record = records[Int(id)]
        var scale = max(1, abs(record.constant))
        for term in record.terms {
            let r = rowOf[Int(term.variable)]
            if r >= 0 { scale = max(scale, abs(term.coefficient * rows[Int(r)].constant)) }
        }
        return scale
    }

    /// Whether a row with a restricted basic (slack, error, dummy) holds `symbol`.
    mutating func inRestrictedRow(_ symbol: Int32) -> Bool {
        compactColumn(symbol)
        for slot in column[Int(symbol)] where kind[Int(basic[Int(slot)])].isRestricted { return true }
        return false
    }

    /// The required constraints whose symbols appear in a row (its basic included).
    func requiredOwners(in slot: Int32) -> [Int32] {
        var out: [Int32] = []
        let b = basic[Int(slot)]
        for s in [b] + rows[Int(slot)].symbols {
            let o = owner[Int(s)]
            if o >= 0, records[Int(o)].priority >= 1000, !out.contains(o) { out.append(o) }
        }
        return out
    }

    /// Phase one for a row with no valid subject: minimise an artificial variable.
    mutating func insertWithArtificial(_ row: Row, _ id: Int32, scale: Double) throws(ConflictError) {
        let art = newSymbol(.slack, owner: -1)
        let slot = newRowSlot(row, basic: art)
        // A temporary top level holding the artificial objective.
        let top = level(for: .infinity)
        addToLevel(top, rows[Int(slot)], 1)
        optimize()
        let artSlot = rowOf[Int(art)]
        let value = artSlot >= 0 ? rows[Int(artSlot)].constant : 0
        if !nearZero(value, scale: scale) {
            throw ConflictError(conflicts: requiredOwners(in: artSlot).filter { $0 != id })
        }
        dropLevel(top)
        if artSlot >= 0 {
            let artRow = rows[Int(artSlot)]
            if artRow.symbols.isEmpty {
                releaseRowSlot(artSlot)
            } else if let entering = artRow.symbols.first(where: { kind[Int($0)] == .slack || kind[Int($0)] == .error })
                ?? artRow.symbols.first(where: { kind[Int($0)] == .dummy })
            {
                pivot(slot: artSlot, entering: entering)
            }
        }
        removeFromEveryRow(art)
        if rowOf[Int(art)] >= 0 { releaseRowSlot(rowOf[Int(art)]) }
        releaseSymbol(art)
    }

    /// Takes constraint `id` out of the tableau (kiwi's removal by marker) and frees its
    /// symbols. Cannot fail: removing a constraint only loosens the system.
    mutating func extract(_ id: Int32) {
        let record = records[Int(id)]
        guard record.inTableau else { return }
        if record.priority < 1000, let l = objective.level(priority: record.priority) {
            for e in record.errorSymbols { addObjective(e, weight: -1, level: l) }
        }
        let marker = record.marker
        var r = rowOf[Int(marker)]
        if r < 0, let chosen = exitRow(for: marker) {
            pivot(slot: chosen, entering: marker)
            r = chosen
        }
        if r >= 0 { releaseRowSlot(r) }
        // The other error symbol can only linger with round-off coefficients: purge it.
        for s in [record.marker, record.companion] where s >= 0 {
            if rowOf[Int(s)] >= 0 { releaseRowSlot(rowOf[Int(s)]) }
            removeFromEveryRow(s)
            releaseSymbol(s)
        }
        records[Int(id)].inTableau = false
        records[Int(id)].marker = -1
        records[Int(id)].companion = -1
        if record.priority < 1000 {
            levelUse[record.priority, default: 0] -= 1
            dropEmptyLevels()
        }
    }

    /// The row a non-basic marker enters through when its constraint leaves: a row
    /// whose basic is a dummy, else the tightest restricted row where it has a negative
    /// coefficient, else the tightest with a positive one, else the shortest row of a
    /// variable. Only coefficients of at least `SolverTolerance.zero` count.
    ///
    /// A dummy-basic row is a required equality that repeats others (`d2 = d1` for two
    /// copies of `h == 88`): its dummy is pinned at 0, not merely non-negative, so the
    /// marker may move through it by 0 only. Entering there is a pivot of ratio 0 that
    /// leaves every constant as it was; any other row would move the marker, and with it
    /// the pinned dummy, breaking the copy that stays (the ratio test of a slack row
    /// only keeps it non-negative).
    mutating func exitRow(for marker: Int32) -> Int32? {
        var first: Int32 = -1
        var second: Int32 = -1
        var third: Int32 = -1
        var r1 = Double.infinity
        var r2 = Double.infinity
        compactColumn(marker)
        for slot in column[Int(marker)] {
            let c = rows[Int(slot)].coefficient(of: marker)
            // A round-off coefficient is no pivot (its 1/a would blow the row up); if only
            // such rows hold the marker, there is none, and the purge below drops it.
            if nearZero(c) { continue }
            let b = basic[Int(slot)]
            if kind[Int(b)] == .dummy { return slot }
            if kind[Int(b)] == .external {
                // Any external row will do: take the shortest, which adds the least
                // fill-in when the marker is substituted (and frees the variable the
                // constraint pinned, e.g. `h` of `h == 44`, rather than a distant one).
                if third < 0 || rows[Int(slot)].symbols.count < rows[Int(third)].symbols.count { third = slot }
            } else if c < 0 {
                let ratio = -rows[Int(slot)].constant / c
                if ratio < r1 {
                    r1 = ratio
                    first = slot
                }
            } else {
                let ratio = rows[Int(slot)].constant / c
                if ratio < r2 {
                    r2 = ratio
                    second = slot
                }
            }
        }
        let chosen = first >= 0 ? first : (second >= 0 ? second : third)
        return chosen >= 0 ? chosen : nil
    }
}
