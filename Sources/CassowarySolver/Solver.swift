import LayoutModel

/// An incremental Cassowary solver over `Double` variables with exact
/// (lexicographic) priorities. Variables are integer ids `0..<variableCount`;
/// constraints are `Σ coefficient·x REL constant` at a priority in 1...1000.
///
///     let solver = CassowarySolver(variableCount: 2)
///     let c = try solver.addConstraint([LinearTerm(variable: 0, coefficient: 1)], .equal, 10, priority: 1000)
///     try solver.setConstant(c, 20)     // in place: dual simplex, no remove-and-re-add
///     solver.value(of: 0)               // 20
struct SolverCore {
    typealias ConstraintID = Int32

    struct Record {
        var terms: [LinearTerm]
        var relation: Relation
        var constant: Double
        var priority: Double
        var marker: Int32 = -1
        var other: Int32 = -1
        /// The marker's coefficient in the constraint's first row (±1).
        var markerSign: Double = 1
        var inTableau = false
        var isLive = true
        /// A required equality that will never be removed, deactivated or have its
        /// constant changed needs no marker: without its dummy column, rows stay
        /// short (a dummy records how every basic variable depends on its constant,
        /// which makes a 10,000-view stack's rows O(n) long and its build O(n²)).
        var isStatic = false
    }

    // Symbols.
    var kind: [SymbolKind] = []
    var rowOf: [Int32] = []  // row slot where the symbol is basic, or -1
    var owner: [Int32] = []  // constraint that created the symbol, or -1
    var column: [[Int32]] = []  // row slots that may contain the symbol (lazy)
    var freeSymbols: [Int32] = []
    let externalCount: Int

    // Rows.
    var rows: [Row] = []
    var basic: [Int32] = []  // basic symbol of each row slot, -1 for a free slot
    var freeSlots: [Int32] = []

    // Objective: one level per distinct optional priority, highest first.
    var objective = Objective()
    var scratchCosts: [(level: Int32, value: Double)] = []
    var dirtySymbols: [Int32] = []
    var isDirtySymbol: [Bool] = []

    var records: [Record] = []
    var freeRecords: [Int32] = []

    // Per-frame bookkeeping.
    var infeasible: [Int32] = []
    var touchedRows: [Int32] = []
    var isTouchedRow: [Bool] = []
    var leftBasis: [Int32] = []
    var values: [Double]

    // Reused buffers.
    var scratchSymbols: [Int32] = []
    var scratchCoefficients: [Double] = []
    var visitStamp: [UInt32] = []
    var stamp: UInt32 = 0

    var statistics = SolveStatistics()

    // Undo journal for `insert`: a refused add leaves the solver exactly as it was.
    var journaling = false
    var journalRows: [(slot: Int32, row: Row, basic: Int32)] = []
    var journalSlotStamp: [UInt32] = []
    var journalEpoch: UInt32 = 0
    var journalLevels: [(level: Int32, symbol: Int32, old: Double)] = []
    var journalNewLevels: [Int32] = []
    var journalNewSymbols: [Int32] = []
    /// Row constants changed in place while journaling: (slot, old constant). Only the
    /// single row of a basic marker goes here; a column shift is undone by shifting back.
    var constantJournal: [(slot: Int32, old: Double)] = []

    init(variableCount: Int) {
        externalCount = variableCount
        values = [Double](repeating: 0, count: variableCount)
        for _ in 0..<variableCount { _ = newSymbol(.external, owner: -1) }
    }

    // MARK: Symbols and rows

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
        visitStamp.append(0)
        objective.head.append(-1)
        objective.memberStamp.append(0)
        if journaling { journalNewSymbols.append(s) }
        return s
    }

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

    mutating func newRowSlot(_ row: Row, basic b: Int32) -> Int32 {
        let slot: Int32
        if let s = freeSlots.popLast() {
            slot = s
            remember(s)
            rows[Int(s)] = row
            basic[Int(s)] = b
        } else {
            slot = Int32(rows.count)
            rows.append(Row())
            basic.append(-1)
            isTouchedRow.append(false)
            journalSlotStamp.append(0)
            remember(slot)
            rows[Int(slot)] = row
            basic[Int(slot)] = b
        }
        rowOf[Int(b)] = slot
        for s in row.symbols { column[Int(s)].append(slot) }
        touch(slot)
        return slot
    }

    mutating func releaseRowSlot(_ slot: Int32) {
        remember(slot)
        let b = basic[Int(slot)]
        if b >= 0 { rowOf[Int(b)] = -1 }
        basic[Int(slot)] = -1
        rows[Int(slot)].symbols.removeAll(keepingCapacity: true)
        rows[Int(slot)].coefficients.removeAll(keepingCapacity: true)
        rows[Int(slot)].constant = 0
        freeSlots.append(slot)
    }

    /// Saves a row slot before its first change inside a journaled `insert`.
    @inline(__always) mutating func remember(_ slot: Int32) {
        guard journaling, journalSlotStamp[Int(slot)] != journalEpoch else { return }
        journalSlotStamp[Int(slot)] = journalEpoch
        journalRows.append((slot, rows[Int(slot)], basic[Int(slot)]))
    }

    @inline(__always) mutating func setLevel(_ l: Int32, _ symbol: Int32, _ value: Double) {
        let old = objective.set(l, symbol, value)
        if journaling { journalLevels.append((l, symbol, old)) }
    }

    /// Moves the symbol's cost entries into `scratchCosts` and zeroes them.
    mutating func takeCosts(_ symbol: Int32) {
        scratchCosts.removeAll(keepingCapacity: true)
        var e = objective.head[Int(symbol)]
        while e >= 0 {
            scratchCosts.append((objective.entryLevel[Int(e)], objective.entryValue[Int(e)]))
            e = objective.entryNext[Int(e)]
        }
        for c in scratchCosts { setLevel(c.level, symbol, 0) }
    }

    mutating func clearCosts(_ symbol: Int32) {
        if objective.head[Int(symbol)] >= 0 { takeCosts(symbol) }
    }

    @inline(__always) mutating func touch(_ slot: Int32) {
        if !isTouchedRow[Int(slot)] {
            isTouchedRow[Int(slot)] = true
            touchedRows.append(slot)
        }
        statistics.rowsTouched += 1
    }

    @inline(__always) mutating func isRestricted(_ s: Int32) -> Bool { kind[Int(s)] != .external }

    /// Leaves in the lazy column of `symbol` each live row slot holding it, once.
    mutating func compactColumn(_ symbol: Int32) {
        stamp &+= 1
        if stamp == 0 {
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stamp = 1
        }
        var list = column[Int(symbol)]
        column[Int(symbol)] = []
        var kept = 0
        for i in 0..<list.count {
            let slot = list[i]
            guard basic[Int(slot)] >= 0, visitStamp[Int(slot)] != stamp,
                rows[Int(slot)].coefficient(of: symbol) != 0
            else { continue }
            visitStamp[Int(slot)] = stamp
            list[kept] = slot
            kept += 1
        }
        list.removeLast(list.count - kept)
        column[Int(symbol)] = list
    }

    /// `rows[target] += k * source`, dropping `skip` from the target.
    mutating func addScaled(into target: Int32, _ source: Row, _ k: Double, skip: Int32) {
        remember(target)
        if source.symbols.count <= 4 {
            addShortScaled(into: target, source, k, skip: skip)
            return
        }
        scratchSymbols.removeAll(keepingCapacity: true)
        scratchCoefficients.removeAll(keepingCapacity: true)
        let t = Int(target)
        rows[t].constant += k * source.constant
        rows[t].symbols.withUnsafeBufferPointer { ts in
            rows[t].coefficients.withUnsafeBufferPointer { tc in
                source.symbols.withUnsafeBufferPointer { ss in
                    source.coefficients.withUnsafeBufferPointer { sc in
                        var i = 0
                        var j = 0
                        while i < ts.count || j < ss.count {
                            if j == ss.count || (i < ts.count && ts[i] < ss[j]) {
                                if ts[i] != skip {
                                    scratchSymbols.append(ts[i])
                                    scratchCoefficients.append(tc[i])
                                }
                                i += 1
                            } else if i == ts.count || ss[j] < ts[i] {
                                let v = k * sc[j]
                                if abs(v) >= Tolerance.drop, ss[j] != skip {
                                    scratchSymbols.append(ss[j])
                                    scratchCoefficients.append(v)
                                    column[Int(ss[j])].append(target)
                                }
                                j += 1
                            } else {
                                let v = tc[i] + k * sc[j]
                                if abs(v) >= Tolerance.drop, ts[i] != skip {
                                    scratchSymbols.append(ts[i])
                                    scratchCoefficients.append(v)
                                }
                                i += 1
                                j += 1
                            }
                        }
                    }
                }
            }
        }
        swap(&rows[t].symbols, &scratchSymbols)
        swap(&rows[t].coefficients, &scratchCoefficients)
        touch(target)
    }

    /// `addScaled` for a short source row: edits the target in place (binary search,
    /// insert or remove) instead of rewriting it, so the cost is a few `memmove`s.
    mutating func addShortScaled(into target: Int32, _ source: Row, _ k: Double, skip: Int32) {
        let t = Int(target)
        rows[t].constant += k * source.constant
        if let i = rows[t].index(of: skip) {
            rows[t].symbols.remove(at: i)
            rows[t].coefficients.remove(at: i)
        }
        for j in 0..<source.symbols.count {
            let sym = source.symbols[j]
            guard sym != skip else { continue }
            let v = k * source.coefficients[j]
            var lo = 0
            var hi = rows[t].symbols.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if rows[t].symbols[mid] < sym { lo = mid + 1 } else { hi = mid }
            }
            if lo < rows[t].symbols.count, rows[t].symbols[lo] == sym {
                let c = rows[t].coefficients[lo] + v
                if abs(c) < Tolerance.drop {
                    rows[t].symbols.remove(at: lo)
                    rows[t].coefficients.remove(at: lo)
                } else {
                    rows[t].coefficients[lo] = c
                }
            } else if abs(v) >= Tolerance.drop {
                rows[t].symbols.insert(sym, at: lo)
                rows[t].coefficients.insert(v, at: lo)
                column[Int(sym)].append(target)
            }
        }
        touch(target)
    }

    /// Solves the row in `slot` (basic `leaving`) for `entering` and substitutes it everywhere.
    mutating func pivot(slot: Int32, entering: Int32) {
        statistics.pivots += 1
        remember(slot)
        let s = Int(slot)
        let leaving = basic[s]
        var row = rows[s]
        rows[s] = Row()
        // leaving = c + a·entering + Σ → entering = (leaving - c - Σ) / a
        guard let ei = row.index(of: entering) else { preconditionFailure("pivot on a symbol not in the row") }
        let a = row.coefficients[ei]
        row.symbols.remove(at: ei)
        row.coefficients.remove(at: ei)
        let scale = -1 / a
        row.constant *= scale
        for i in row.coefficients.indices { row.coefficients[i] *= scale }
        // Insert `leaving` with coefficient 1/a, keeping order.
        var at = 0
        while at < row.symbols.count, row.symbols[at] < leaving { at += 1 }
        row.symbols.insert(leaving, at: at)
        row.coefficients.insert(1 / a, at: at)
        column[Int(leaving)].append(slot)
        rows[s] = row
        basic[s] = entering
        rowOf[Int(entering)] = slot
        rowOf[Int(leaving)] = -1
        if kind[Int(leaving)] == .external { leftBasis.append(leaving) }
        touch(slot)
        substitute(entering, slot: slot)
    }

    /// Replaces `symbol` (now basic in `slot`) in every other row and in the objective.
    mutating func substitute(_ symbol: Int32, slot: Int32) {
        let row = rows[Int(slot)]
        compactColumn(symbol)
        for target in column[Int(symbol)] {
            guard target != slot else { continue }
            let k = rows[Int(target)].coefficient(of: symbol)
            addScaled(into: target, row, k, skip: symbol)
            if isRestricted(basic[Int(target)]), rows[Int(target)].constant < 0 { infeasible.append(target) }
        }
        if objective.head[Int(symbol)] >= 0 {
            takeCosts(symbol)
            for j in 0..<row.symbols.count {
                let sym = row.symbols[j]
                objective.addScaledCosts(
                    scratchCosts, row.coefficients[j], to: sym, journaling: journaling, journal: &journalLevels)
                markDirty(sym)
            }
        }
    }

    mutating func addToLevel(_ l: Int32, _ row: Row, _ k: Double) {
        for i in row.symbols.indices { addToLevel(l, row.symbols[i], k * row.coefficients[i]) }
    }

    @inline(__always) mutating func addToLevel(_ l: Int32, _ symbol: Int32, _ v: Double) {
        var c = objective.value(l, symbol) + v
        if abs(c) < Tolerance.drop { c = 0 }
        setLevel(l, symbol, c)
        markDirty(symbol)
    }

    @inline(__always) func costSign(_ symbol: Int32) -> Int { objective.sign(symbol) }

    /// The level of an optional priority, created on demand.
    mutating func level(for priority: Double) -> Int32 {
        if let l = objective.level(priority: priority) { return l }
        let l = objective.createLevel(priority: priority)
        if journaling { journalNewLevels.append(l) }
        return l
    }

    /// Drops a level, zeroing whatever round-off it still holds.
    mutating func dropLevel(_ l: Int32) {
        let symbols = objective.members[Int(l)]
        for sym in symbols where objective.value(l, sym) != 0 { setLevel(l, sym, 0) }
        objective.releaseLevel(l)
    }

    /// Adds `weight * symbol` (expressed in non-basic symbols) to a level.
    mutating func addObjective(_ symbol: Int32, weight: Double, level l: Int32) {
        let r = rowOf[Int(symbol)]
        if r >= 0 {
            addToLevel(l, rows[Int(r)], weight)
        } else {
            addToLevel(l, symbol, weight)
        }
    }

    // MARK: Simplex

    /// Primal simplex on the lexicographic objective; Bland's rule (smallest
    /// eligible symbol enters, ties in the ratio test go to the smallest basic
    /// symbol), which cannot cycle.
    mutating func optimize() {
        pendingOptimize = false
        while true {
            // Bland's rule: the smallest eligible symbol enters. Every symbol whose cost
            // changed since it was last found ineligible is in the min-heap, so popping
            // until an eligible one appears finds it without scanning the objective.
            var entering: Int32 = -1
            var enteringSign = 0
            while let s = popDirty() {
                let k = kind[Int(s)]
                let sign = k == .free || k == .dummy || rowOf[Int(s)] >= 0 ? 0 : costSign(s)
                // A restricted symbol can only rise from 0 (it enters on a negative cost); an
                // unrestricted external that is non-basic (a free parameter) moves either way.
                if sign == 0 || (sign > 0 && k != .external) { continue }
                entering = s
                enteringSign = sign
                break
            }
            if entering < 0 { return }
            // Direction of travel: against the cost.
            let direction: Double = enteringSign < 0 ? 1 : -1
            var best = -1 as Int32
            var bestRatio = Double.infinity
            var bestBasic = Int32.max
            compactColumn(entering)
            for slot in column[Int(entering)] {
                let b = basic[Int(slot)]
                guard isRestricted(b) else { continue }
                let c = rows[Int(slot)].coefficient(of: entering) * direction
                guard c < 0 else { continue }
                let ratio = -rows[Int(slot)].constant / c
                if ratio < bestRatio - Tolerance.zero || (abs(ratio - bestRatio) <= Tolerance.zero && b < bestBasic) {
                    bestRatio = ratio
                    best = slot
                    bestBasic = b
                }
            }
            if best < 0 {
                // Unbounded in this direction: the objective is bounded below by 0, so the
                // cost is round-off; drop the symbol from the candidates.
                continue
            }
            pivot(slot: best, entering: entering)
        }
    }

    /// Queues a symbol whose cost changed as a candidate to enter (a binary min-heap).
    @inline(__always) mutating func markDirty(_ symbol: Int32) {
        guard !isDirtySymbol[Int(symbol)] else { return }
        isDirtySymbol[Int(symbol)] = true
        dirtySymbols.append(symbol)
        var i = dirtySymbols.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            guard dirtySymbols[parent] > symbol else { break }
            dirtySymbols[i] = dirtySymbols[parent]
            i = parent
        }
        dirtySymbols[i] = symbol
    }

    /// The smallest queued symbol, removed from the heap.
    @inline(__always) mutating func popDirty() -> Int32? {
        guard let top = dirtySymbols.first else { return nil }
        let last = dirtySymbols.removeLast()
        isDirtySymbol[Int(top)] = false
        let n = dirtySymbols.count
        if n > 0 {
            var i = 0
            while true {
                let l = 2 * i + 1
                if l >= n { break }
                var c = l
                if l + 1 < n, dirtySymbols[l + 1] < dirtySymbols[l] { c = l + 1 }
                guard dirtySymbols[c] < last else { break }
                dirtySymbols[i] = dirtySymbols[c]
                i = c
            }
            dirtySymbols[i] = last
        }
        return top
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    /// Returns the slot of a row that cannot be made feasible, if any.
    mutating func dualOptimize() -> Int32? {
        while let slot = infeasible.popLast() {
            let b = basic[Int(slot)]
            guard b >= 0, isRestricted(b), rows[Int(slot)].constant < -Tolerance.zero * 0 else { continue }
            if rows[Int(slot)].constant >= 0 { continue }
            let row = rows[Int(slot)]
            var entering: Int32 = -1
            var bestCoefficient = 0.0
            for i in row.symbols.indices {
                let s = row.symbols[i]
                let a = row.coefficients[i]
                if kind[Int(s)] == .external {
                    // A free parameter (its cost is 0 at an optimum) takes any value: it
                    // enters first, whatever the sign of its coefficient.
                    if abs(a) >= Tolerance.drop {
                        entering = s
                        break
                    }
                    continue
                }
                guard a > 0, kind[Int(s)] != .dummy else { continue }
                if entering < 0 || ratioLess(s, a, entering, bestCoefficient) {
                    entering = s
                    bestCoefficient = a
                }
            }
            if entering < 0 {
                if rows[Int(slot)].constant < -Tolerance.zero { return slot }
                continue
            }
            pivot(slot: slot, entering: entering)
        }
        return nil
    }

    /// Whether cost(s)/a < cost(t)/b lexicographically (ties: smaller symbol).
    @inline(__always) func ratioLess(_ s: Int32, _ a: Double, _ t: Int32, _ b: Double) -> Bool {
        objective.ratioLess(s, a, t, b)
    }

    // MARK: Constraints

    /// The constraint's row in terms of the current non-basic symbols.
    mutating func makeRow(_ id: Int32) -> Row {
        var record = records[Int(id)]
        var row = Row()
        row.constant = -record.constant
        // Build in a scratch row slot-free way: accumulate through a temporary dense merge.
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
                record.other = error
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
                record.other = minus
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
            if abs(v) >= Tolerance.drop {
                row.symbols.append(s)
                row.coefficients.append(v)
            }
        }
        return row
    }

    mutating func errorSymbols(_ record: Record) -> ErrorSymbols {
        guard record.priority < 1000 else { return ErrorSymbols(first: -1, second: -1) }
        return record.relation == .equal
            ? ErrorSymbols(first: record.marker, second: record.other) : ErrorSymbols(first: record.other, second: -1)
    }

    /// Puts constraint `id` into the tableau; on conflict leaves everything exactly as it was.
    mutating func insert(_ id: Int32) throws(ConflictError) {
        settle()
        beginJournal()
        let saved = records[Int(id)]
        do {
            try insertUnjournaled(id)
        } catch {
            rollback()
            records[Int(id)] = saved
            journaling = false
            throw error
        }
        endJournal()
        if saved.priority < 1000 { levelUse[saved.priority, default: 0] += 1 }
    }

    /// From here on, every row, constant and cost changed is saved first, so that
    /// `rollback()` can put the tableau back bit for bit.
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
        journalNewSymbols.removeAll(keepingCapacity: true)
        constantJournal.removeAll(keepingCapacity: true)
    }

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
        constantJournal.removeAll(keepingCapacity: true)
        freeSlots = basic.indices.filter { basic[$0] < 0 }.map(Int32.init)
        // Levels: drop those the insert created, then restore coefficients newest first.
        for entry in journalLevels.reversed() where objective.rank[Int(entry.level)] >= 0 {
            objective.set(entry.level, entry.symbol, entry.old)
        }
        for l in journalNewLevels where objective.rank[Int(l)] >= 0 { dropLevel(l) }
        journalNewLevels.removeAll(keepingCapacity: true)
        for sym in journalNewSymbols where kind[Int(sym)] != .free {
            clearCosts(sym)
            column[Int(sym)].removeAll(keepingCapacity: true)
            kind[Int(sym)] = .free
            owner[Int(sym)] = -1
            rowOf[Int(sym)] = -1
            freeSymbols.append(sym)
        }
        journalRows.removeAll(keepingCapacity: true)
        journalLevels.removeAll(keepingCapacity: true)
        journalNewSymbols.removeAll(keepingCapacity: true)
    }

    mutating func insertUnjournaled(_ id: Int32) throws(ConflictError) {
        var row = makeRow(id)
        let record = records[Int(id)]
        if record.priority < 1000 {
            let l = level(for: record.priority)
            for e in errorSymbols(record) { addToLevel(l, e, 1) }
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
            for s in [record.marker, record.other] where s >= 0 {
                let k = kind[Int(s)]
                if k == .slack || k == .error, row.coefficient(of: s) < 0 {
                    subject = s
                    break
                }
            }
        }
        if subject < 0, row.symbols.allSatisfy({ kind[Int($0)] == .dummy }) {
            if !nearZero(row.constant) {
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
            try insertWithArtificial(row, id)
        } else {
            guard let si = row.index(of: subject) else { preconditionFailure("subject not in row") }
            let a = row.coefficients[si]
            row.symbols.remove(at: si)
            row.coefficients.remove(at: si)
            let scale = -1 / a
            row.constant *= scale
            for i in row.coefficients.indices { row.coefficients[i] *= scale }
            let slot = newRowSlot(row, basic: subject)
            substitute(subject, slot: slot)
        }
        // An external subject can leave other rows infeasible: repair, or refuse.
        if let bad = dualOptimize() {
            throw ConflictError(conflicts: requiredOwners(in: bad).filter { $0 != id })
        }
        optimize()
    }

    /// Whether a row with a restricted basic (slack, error, dummy) holds `symbol`.
    mutating func inRestrictedRow(_ symbol: Int32) -> Bool {
        compactColumn(symbol)
        for slot in column[Int(symbol)] where isRestricted(basic[Int(slot)]) { return true }
        return false
    }

    mutating func requiredOwners(in slot: Int32) -> [Int32] {
        var out: [Int32] = []
        let b = basic[Int(slot)]
        for s in [b] + rows[Int(slot)].symbols {
            let o = owner[Int(s)]
            if o >= 0, records[Int(o)].priority >= 1000, !out.contains(o) { out.append(o) }
        }
        return out
    }

    /// A refused change: the required constraints (by id) it contradicts.
    typealias ConflictError = CassowaryConflict

    /// Phase one for a row with no valid subject: minimise an artificial variable.
    mutating func insertWithArtificial(_ row: Row, _ id: Int32) throws(ConflictError) {
        let art = newSymbol(.slack, owner: -1)
        let slot = newRowSlot(row, basic: art)
        // A temporary top level holding the artificial objective.
        let top = level(for: .infinity)
        addToLevel(top, rows[Int(slot)], 1)
        optimize()
        let artSlot = rowOf[Int(art)]
        let value = artSlot >= 0 ? rows[Int(artSlot)].constant : 0
        if !nearZero(value) {
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
        compactColumn(art)
        for target in column[Int(art)] {
            if let i = rows[Int(target)].index(of: art) {
                remember(target)
                rows[Int(target)].symbols.remove(at: i)
                rows[Int(target)].coefficients.remove(at: i)
                touch(target)
            }
        }
        if rowOf[Int(art)] >= 0 { releaseRowSlot(rowOf[Int(art)]) }
        releaseSymbol(art)
    }

    /// Takes constraint `id` out of the tableau (kiwi's removal by marker) and frees its symbols.
    mutating func extract(_ id: Int32) throws(ConflictError) {
        let record = records[Int(id)]
        guard record.inTableau else { return }
        if record.priority < 1000, let l = objective.level(priority: record.priority) {
            for e in errorSymbols(record) { addObjective(e, weight: -1, level: l) }
        }
        let marker = record.marker
        var r = rowOf[Int(marker)]
        if r < 0 {
            // Choose the row the marker enters through.
            var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
            var r1 = Double.infinity, r2 = Double.infinity
            compactColumn(marker)
            for slot in column[Int(marker)] {
                let c = rows[Int(slot)].coefficient(of: marker)
                let b = basic[Int(slot)]
                if kind[Int(b)] == .external {
                    // Any external row will do: take the shortest, which adds the least
                    // fill-in when the marker is substituted (and frees the variable the
                    // constraint pinned, e.g. `h` of `h == 44`, rather than a distant one).
                    if third < 0 || rows[Int(slot)].symbols.count < rows[Int(third)].symbols.count { third = slot }
                } else if c < 0 {
                    let ratio = -rows[Int(slot)].constant / c
                    if ratio < r1 { r1 = ratio; first = slot }
                } else {
                    let ratio = rows[Int(slot)].constant / c
                    if ratio < r2 { r2 = ratio; second = slot }
                }
            }
            let chosen = first >= 0 ? first : (second >= 0 ? second : third)
            if chosen >= 0 {
                pivot(slot: chosen, entering: marker)
                r = chosen
            }
        }
        if r >= 0 { releaseRowSlot(r) }
        // The other error symbol can only linger with round-off coefficients: purge it.
        for s in [record.marker, record.other] where s >= 0 {
            if rowOf[Int(s)] >= 0 {
                let slot = rowOf[Int(s)]
                releaseRowSlot(slot)
            }
            compactColumn(s)
            for target in column[Int(s)] {
                if let i = rows[Int(target)].index(of: s) {
                    remember(target)
                    rows[Int(target)].symbols.remove(at: i)
                    rows[Int(target)].coefficients.remove(at: i)
                    touch(target)
                }
            }
            releaseSymbol(s)
        }
        records[Int(id)].inTableau = false
        records[Int(id)].marker = -1
        records[Int(id)].other = -1
        if record.priority < 1000 {
            levelUse[record.priority, default: 0] -= 1
            dropEmptyLevels()
        }
    }

    /// Optional constraints in the tableau per priority: a level with none is dropped.
    var levelUse: [Double: Int] = [:]

    mutating func dropEmptyLevels() {
        var i = 0
        while i < objective.live.count {
            let l = objective.live[i]
            if (levelUse[objective.priority[Int(l)]] ?? 0) == 0 { dropLevel(l) } else { i += 1 }
        }
    }

    /// Shifts the constraint's constant by `delta` through its marker column.
    mutating func shiftConstant(_ id: Int32, by delta: Double) -> Int32? {
        let record = records[Int(id)]
        // The row holds -constant; the marker absorbs the change: marker → marker + shift.
        let shift = -delta / record.markerSign
        let marker = record.marker
        var dummyConflict: Int32? = nil
        let r = rowOf[Int(marker)]
        if r >= 0 {
            if journaling { constantJournal.append((r, rows[Int(r)].constant)) }
            rows[Int(r)].constant -= shift
            touch(r)
            let b = basic[Int(r)]
            if kind[Int(b)] == .dummy {
                if !nearZero(rows[Int(r)].constant) { dummyConflict = r }
            } else if isRestricted(b), rows[Int(r)].constant < 0 {
                infeasible.append(r)
            }
        } else {
            dummyConflict = shiftColumn(marker, by: shift)
        }
        return dummyConflict
    }

    /// Adds `coefficient(symbol) * shift` to the constant of every row holding the
    /// non-basic `symbol`: one pass over its column that also compacts it (drops
    /// stale and repeated slots), marks the rows touched and queues the infeasible
    /// ones. Returns a dummy-basic row left non-zero (a conflict), if any.
    mutating func shiftColumn(_ symbol: Int32, by shift: Double) -> Int32? {
        stamp &+= 1
        if stamp == 0 {
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stamp = 1
        }
        let mark = stamp
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

    // MARK: Public API

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

    /// Adds an active constraint; refuses (throwing the ids in conflict) one that
    /// would make the required constraints unsatisfiable, changing nothing.
    @discardableResult
    mutating func addConstraint(_ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double) throws(ConflictError) -> ConstraintID {
        let id = register(terms, relation, constant, priority: priority)
        do {
            try insert(id)
        } catch {
            records[Int(id)].isLive = false
            freeRecords.append(id)
            throw error
        }
        return id
    }

    /// The required constraints that `terms RELATION constant` contradicts, found
    /// by replaying the live required constraints, each with a marker, into a fresh
    /// tableau (static constraints carry no marker, so the live tableau cannot name them).
    func explainConflict(_ terms: [LinearTerm], _ relation: Relation, _ constant: Double, excluding: Int32) -> [Int32] {
        var fresh = SolverCore(variableCount: externalCount)
        var original: [Int32] = []
        for (i, r) in records.enumerated() where r.isLive && r.inTableau && r.priority >= 1000 && i != Int(excluding) {
            let id = fresh.register(r.terms, r.relation, r.constant, priority: 1000)
            while original.count <= Int(id) { original.append(-1) }
            original[Int(id)] = Int32(i)
            try? fresh.setActive(id, true)
        }
        let culprit = fresh.register(terms, relation, constant, priority: 1000)
        do {
            try fresh.setActive(culprit, true)
            return []
        } catch {
            return error.conflicts.compactMap { Int($0) < original.count && original[Int($0)] >= 0 ? original[Int($0)] : nil }
        }
    }

    mutating func removeConstraint(_ id: ConstraintID) {
        guard Int(id) < records.count, records[Int(id)].isLive else { return }
        if records[Int(id)].inTableau {
            try? extract(id)
            optimize()
        }
        records[Int(id)].isLive = false
        freeRecords.append(id)
    }

    /// Changes a constraint's constant in place (dual simplex); refuses a change
    /// that makes the required constraints unsatisfiable, leaving the state as it was.
    mutating func setConstant(_ id: ConstraintID, _ value: Double) throws(ConflictError) {
        settle()
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

    /// Changes an optional constraint's priority in place and re-optimises.
    mutating func setPriority(_ id: ConstraintID, _ priority: Double) {
        let record = records[Int(id)]
        guard record.priority != priority else { return }
        records[Int(id)].priority = priority
        guard record.inTableau else { return }
        let from = objective.level(priority: record.priority)!
        for e in errorSymbols(record) { addObjective(e, weight: -1, level: from) }
        let to = level(for: priority)
        for e in errorSymbols(records[Int(id)]) { addObjective(e, weight: 1, level: to) }
        levelUse[record.priority, default: 0] -= 1
        levelUse[priority, default: 0] += 1
        // Only the level this constraint left can have emptied.
        if levelUse[record.priority] == 0 { dropLevel(from) }
        // Deferred: a run of priority changes (a toggle frame) is optimised once, from
        // the final objective, instead of through each intermediate one.
        pendingOptimize = true
    }

    /// Whether priority changes wait for `settle()` to re-optimise.
    var pendingOptimize = false

    /// Re-optimises after deferred priority changes. Everything that needs an optimal
    /// tableau (the dual simplex, inserts, reading values) settles first.
    @inline(__always) mutating func settle() {
        if pendingOptimize { optimize() }
    }

    mutating func isActive(_ id: ConstraintID) -> Bool { records[Int(id)].inTableau }

    mutating func setActive(_ id: ConstraintID, _ active: Bool) throws(ConflictError) {
        if active {
            guard !records[Int(id)].inTableau else { return }
            try insert(id)
        } else {
            guard records[Int(id)].inTableau else { return }
            try? extract(id)
            optimize()
        }
    }

    /// Sizes the per-frame lists for the worst case (every row, every variable), so a
    /// frame never grows them: no allocation per frame in steady state.
    mutating func reserveFrameBuffers() {
        touchedRows.reserveCapacity(rows.count + 16)
        changedVariables.reserveCapacity(externalCount + 16)
        infeasible.reserveCapacity(rows.count + 16)
        leftBasis.reserveCapacity(64)
        dirtySymbols.reserveCapacity(64)
        scratchCosts.reserveCapacity(16)
        scratchSymbols.reserveCapacity(64)
        scratchCoefficients.reserveCapacity(64)
        journalRows.reserveCapacity(16)
        journalLevels.reserveCapacity(16)
        journalNewLevels.reserveCapacity(4)
        journalNewSymbols.reserveCapacity(16)
        constantJournal.reserveCapacity(4)  // one entry per setConstant on a basic marker
        objective.reserveFrameCapacity()
    }

    /// Variables whose value moved in `updateValues` since the list was last cleared.
    var changedVariables: [Int32] = []

    /// Recomputes the values of the variables whose rows changed since the last call.
    mutating func updateValues() {
        settle()
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
        settle()
        let r = rowOf[variable]
        return r >= 0 ? rows[Int(r)].constant : 0
    }

    /// External variables that can move without changing any violation total:
    /// the layout is ambiguous in them (like `hasAmbiguousLayout`).
    mutating func ambiguousVariables() -> [Int] {
        settle()
        var freeSymbols = Set<Int32>()
        for s in 0..<Int32(kind.count) where rowOf[Int(s)] < 0 {
            switch kind[Int(s)] {
            case .external:
                freeSymbols.insert(s)
            case .slack, .error:
                // A restricted non-basic symbol with zero cost that can rise from 0.
                guard costSign(s) == 0 else { continue }
                var blocked = false
                compactColumn(s)
                for slot in column[Int(s)] {
                    let b = basic[Int(slot)]
                    if isRestricted(b), rows[Int(slot)].coefficient(of: s) < 0, rows[Int(slot)].constant <= Tolerance.zero {
                        blocked = true
                    }
                }
                if !blocked { freeSymbols.insert(s) }
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
            if row.symbols.contains(where: { freeSymbols.contains($0) }) { out.append(v) }
        }
        return out
    }

    /// Live symbols and rows: what memory scales with.
    var symbolCount: Int { kind.count - freeSymbols.count }
    var rowCount: Int { rows.count - freeSlots.count }
}

/// A refused change inside the core: the ids of the required constraints it contradicts.
struct CassowaryConflict: Error {
    var conflicts: [Int32]
}

/// An incremental Cassowary solver over `Double` variables with exact
/// (lexicographic) priorities, usable on its own, without scenes.
///
/// Variables are integer ids `0..<variableCount`. A constraint is
/// `Σ coefficient·x[variable] RELATION constant` at a priority: 1000 (or more) is
/// required, anything lower is optional. Optional constraints are compared
/// lexicographically by priority, as Auto Layout documents them: a higher
/// priority beats any amount of lower-priority violation (there is one objective
/// row per distinct priority present, not a weighted sum). An edit variable is an
/// optional equality `Σ terms == value` whose value `suggestValue` changes in place.
///
/// Every change re-solves incrementally (primal simplex after adds and priority
/// changes, dual simplex after constant changes and suggestions); `values` is
/// brought up to date lazily by `updateValues`, which visits only the rows that
/// changed. Errors are `LayoutError`s naming the constraint (its `name`, or `#id`)
/// and, for a conflict, the required constraints it contradicts; a refused change
/// leaves the solver exactly as it was.
///
///     let solver = CassowarySolver(variableCount: 2)
///     let c = try solver.addConstraint([LinearTerm(variable: 0, coefficient: 1)], .equal, 10)
///     try solver.setConstant(c, 20)     // in place: dual simplex, no remove-and-re-add
///     solver.value(of: 0)               // 20
///
/// See `Tolerance` for the numerical policy.
public final class CassowarySolver {
    public typealias ConstraintID = Int32
    /// An edit variable is identified by the id of its edit constraint.
    public typealias EditID = Int32

    var core: SolverCore
    /// Per constraint id: its name (for messages), whether it is live, whether it is an edit.
    var names: [String?] = []
    var live: [Bool] = []
    var isEdit: [Bool] = []
    /// Live named constraints, for `duplicateConstraint`.
    var nameIndex: [String: ConstraintID] = [:]
    /// Live edits by their terms, for `duplicateEdit`.
    var editIndex: [[LinearTerm]: EditID] = [:]

    public init(variableCount: Int) { core = SolverCore(variableCount: variableCount) }

    public var variableCount: Int { core.externalCount }

    /// The name a message uses for a constraint.
    public func name(of id: ConstraintID) -> String {
        Int(id) < names.count ? (names[Int(id)] ?? "#\(id)") : "#\(id)"
    }

    func track(_ id: ConstraintID, name: String?, edit: Bool) {
        while names.count <= Int(id) {
            names.append(nil)
            live.append(false)
            isEdit.append(false)
        }
        names[Int(id)] = name
        live[Int(id)] = true
        isEdit[Int(id)] = edit
    }

    func untrack(_ id: ConstraintID) {
        live[Int(id)] = false
        if let n = names[Int(id)], nameIndex[n] == id { nameIndex[n] = nil }
        names[Int(id)] = nil
    }

    /// Whether `id` names a live constraint (edits included).
    public func contains(_ id: ConstraintID) -> Bool { id >= 0 && Int(id) < live.count && live[Int(id)] }

    func checkConstraint(_ id: ConstraintID) throws(LayoutError) {
        guard contains(id), !isEdit[Int(id)] else { throw .unknownConstraint(name(of: id)) }
    }

    func checkEdit(_ id: EditID) throws(LayoutError) {
        guard contains(id), isEdit[Int(id)] else { throw .unknownEdit(name(of: id)) }
    }

    func checkTerms(_ terms: [LinearTerm], _ constant: Double, _ what: String) throws(LayoutError) {
        guard constant.isFinite else { throw .invalidValue(what: what, value: constant) }
        for t in terms {
            guard t.variable >= 0, Int(t.variable) < core.externalCount else {
                throw .invalidScene(["\(what): variable \(t.variable) is not in 0..<\(core.externalCount)"])
            }
            guard t.coefficient.isFinite else { throw .invalidValue(what: "\(what) coefficient", value: t.coefficient) }
        }
    }

    func conflict(_ culprit: ConstraintID, _ ids: [Int32]) -> LayoutError {
        .unsatisfiable(constraint: name(of: culprit), conflicts: ids.map { name(of: $0) })
    }

    /// Registers a constraint without putting it into the tableau (an inactive
    /// constraint); `setActive(id, true)` adds it. `isStatic` promises that a required
    /// equality is never removed, deactivated or given a new constant: it then needs
    /// no marker symbol, which keeps rows short (a conflict it takes part in is still
    /// named, by replaying the required constraints).
    public func register(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double = 1000,
        name: String? = nil, isStatic: Bool = false
    ) throws(LayoutError) -> ConstraintID {
        let label = name ?? "constraint"
        try checkTerms(terms, constant, label)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: label, value: priority) }
        if let name, let existing = nameIndex[name], contains(existing) { throw .duplicateConstraint(name) }
        let id = core.register(mergeTerms(terms), relation, constant, priority: priority, isStatic: isStatic)
        track(id, name: name, edit: false)
        if let name { nameIndex[name] = id }
        return id
    }

    /// Adds an active constraint `Σ terms RELATION constant` at `priority` (1000:
    /// required). A required constraint that contradicts the required ones present
    /// is refused with `.unsatisfiable` naming it and a conflicting set; nothing changes.
    @discardableResult
    public func addConstraint(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double, priority: Double = 1000, name: String? = nil
    ) throws(LayoutError) -> ConstraintID {
        let id = try register(terms, relation, constant, priority: priority, name: name)
        do {
            try core.setActive(id, true)
        } catch {
            let culprit = self.name(of: id)
            let conflicts = explain(id, constant: constant)
            core.removeConstraint(id)
            untrack(id)
            throw .unsatisfiable(constraint: culprit, conflicts: conflicts)
        }
        return id
    }

    /// Names the required constraints that constraint `id` (at `constant`) contradicts.
    func explain(_ id: ConstraintID, constant: Double) -> [String] {
        let r = core.records[Int(id)]
        return core.explainConflict(r.terms, r.relation, constant, excluding: id).map { name(of: $0) }
    }

    /// Removes a constraint for good, freeing all its symbols and rows.
    public func removeConstraint(_ id: ConstraintID) throws(LayoutError) {
        try checkConstraint(id)
        core.removeConstraint(id)
        untrack(id)
    }

    /// Changes a constant in place (marker column, then dual simplex), on any
    /// constraint, active or not. A change that makes the required constraints
    /// unsatisfiable is undone and refused with `.unsatisfiable`.
    public func setConstant(_ id: ConstraintID, _ value: Double) throws(LayoutError) {
        try checkConstraint(id)
        guard value.isFinite else { throw .invalidValue(what: "setConstant \(name(of: id))", value: value) }
        guard !core.records[Int(id)].isStatic else {
            throw .unsupported("\(name(of: id)) was registered static: its constant cannot change")
        }
        do {
            try core.setConstant(id, value)
        } catch {
            throw .unsatisfiable(constraint: name(of: id), conflicts: explain(id, constant: value))
        }
    }

    /// Changes an optional constraint's priority in place (its error symbols move
    /// to the new level) and re-optimises. To or from required (1000) is refused.
    public func setPriority(_ id: ConstraintID, _ priority: Double) throws(LayoutError) {
        try checkConstraint(id)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: name(of: id), value: priority) }
        guard priority < 1000, core.records[Int(id)].priority < 1000 else {
            throw .requiredPriorityChange(constraint: name(of: id))
        }
        core.setPriority(id, priority)
    }

    public func isActive(_ id: ConstraintID) -> Bool { contains(id) && core.records[Int(id)].inTableau }

    /// Puts a registered constraint into the tableau or takes it out, keeping its
    /// identity (a no-op if it already is). Activation that makes the required
    /// constraints unsatisfiable is refused, changing nothing.
    public func setActive(_ id: ConstraintID, _ active: Bool) throws(LayoutError) {
        try checkConstraint(id)
        if !active && core.records[Int(id)].isStatic {
            throw .unsupported("\(name(of: id)) was registered static: it cannot be deactivated")
        }
        do {
            try core.setActive(id, active)
        } catch {
            throw .unsatisfiable(constraint: name(of: id), conflicts: explain(id, constant: core.records[Int(id)].constant))
        }
    }

    /// The constraint's current constant and priority.
    public func constant(of id: ConstraintID) -> Double { core.records[Int(id)].constant }
    public func priority(of id: ConstraintID) -> Double { core.records[Int(id)].priority }

    // MARK: Edit variables

    /// Declares an edit variable on one variable, held at its current value until
    /// the first `suggestValue`. `priority` must be optional (below 1000).
    @discardableResult
    public func addEditVariable(_ variable: Int, priority: Double, name: String? = nil) throws(LayoutError) -> EditID {
        try addEditVariable(terms: [LinearTerm(variable: Int32(variable), coefficient: 1)], priority: priority, name: name)
    }

    /// Declares an edit on the linear expression `Σ terms`, held at its current value.
    @discardableResult
    public func addEditVariable(terms: [LinearTerm], priority: Double, name: String? = nil) throws(LayoutError) -> EditID {
        try addEdit(terms: terms, priority: priority, name: name, checkDuplicate: true)
    }

    /// `checkDuplicate: false` lets a caller declare two edits on the same expression
    /// (a scene's `left` and `leading` are different attributes with the same terms).
    func addEdit(terms: [LinearTerm], priority: Double, name: String?, checkDuplicate: Bool) throws(LayoutError) -> EditID {
        let key = mergeTerms(terms)
        let label = name ?? key.map { "\($0.coefficient == 1 ? "" : "\($0.coefficient)*")x\($0.variable)" }.joined(separator: "+")
        try checkTerms(key, 0, label)
        guard priority.isFinite, priority > 0 else { throw .invalidPriority(constraint: label, value: priority) }
        guard priority < 1000 else { throw .requiredEdit(label) }
        if checkDuplicate, let existing = editIndex[key], contains(existing) { throw .duplicateEdit(label) }
        var value = 0.0
        for t in key { value += t.coefficient * core.value(of: Int(t.variable)) }
        let id = core.register(key, .equal, value, priority: priority)
        track(id, name: label, edit: true)
        // An optional equality never conflicts with the required constraints.
        try? core.setActive(id, true)
        if checkDuplicate { editIndex[key] = id }
        return id
    }

    /// Suggests a value for an edit (its constant, changed in place; dual simplex).
    public func suggestValue(_ edit: EditID, _ value: Double) throws(LayoutError) {
        try checkEdit(edit)
        guard value.isFinite else { throw .invalidValue(what: "suggest \(name(of: edit))", value: value) }
        try? core.setConstant(edit, value)
    }

    /// The hot path for callers that already know `edit` is a live edit.
    @inline(__always) func suggestUnchecked(_ edit: EditID, _ value: Double) { try? core.setConstant(edit, value) }

    public func removeEditVariable(_ edit: EditID) throws(LayoutError) {
        try checkEdit(edit)
        let key = core.records[Int(edit)].terms
        if editIndex[key] == edit { editIndex[key] = nil }
        core.removeConstraint(edit)
        untrack(edit)
    }

    public func hasEditVariable(_ edit: EditID) -> Bool { contains(edit) && isEdit[Int(edit)] }

    // MARK: Values

    /// Brings `values` up to date with the tableau, visiting only rows changed since
    /// the last call; `changed` receives each variable whose value moved.
    public func updateValues(_ changed: (Int) -> Void = { _ in }) {
        core.updateValues()
        for v in core.changedVariables { changed(Int(v)) }
        core.changedVariables.removeAll(keepingCapacity: true)
    }

    /// Variable values as of the last `updateValues`.
    public var values: [Double] { core.values }

    /// A variable's current value, straight from the tableau.
    public func value(of variable: Int) -> Double { core.value(of: variable) }

    /// Variables that can move without changing any constraint's violation (like
    /// `hasAmbiguousLayout` and `exerciseAmbiguityInLayout`): non-basic externals and
    /// basic ones whose row holds a zero-cost symbol that is free to move.
    /// Walks the whole tableau: meant for tests and small systems.
    public func ambiguousVariables() -> [Int] { core.ambiguousVariables() }

    public var hasAmbiguousLayout: Bool { !core.ambiguousVariables().isEmpty }

    public var statistics: SolveStatistics { core.statistics }
    /// Live symbols (the variables included) and rows: what memory scales with.
    public var symbolCount: Int { core.symbolCount }
    public var rowCount: Int { core.rowCount }
    /// Distinct optional priorities present: the objective's levels.
    public var priorityLevelCount: Int { core.objective.levelCount }
}
