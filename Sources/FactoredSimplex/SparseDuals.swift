/// The duals, sparse: per row, a list of (level, value) entries, one per level at
/// which it has a dual. A dense levels × rows array would take 7.7 GB for
/// mixed-100000 (963 levels), and only the rows upstream of a costed row have one.
/// A struct, held by the solver as one property: each call costs one exclusivity
/// check, where separate arrays on the solver cost one per array access.
struct SparseDuals {
    /// Entries: level, value and the next entry of the same row (-1 ends a list).
    private(set) var level: [Int32] = []
    private(set) var value: [Double] = []
    private(set) var next: [Int32] = []
    /// Each row's first entry (-1: none).
    private(set) var head: [Int32]
    /// Whether every row's list is in ascending level order (so a new level is a new entry).
    private var ascending = true
    /// Rows with an entry.
    private(set) var support: MarkedIndices
    /// Rows whose dual moved while `tracking` (what an incremental update must re-price).
    private(set) var changed: MarkedIndices
    var tracking = false

    init(rowCount: Int) {
        head = [Int32](repeating: -1, count: rowCount)
        support = MarkedIndices(count: rowCount)
        changed = MarkedIndices(count: rowCount)
        level.reserveCapacity(2 * rowCount)
        value.reserveCapacity(2 * rowCount)
        next.reserveCapacity(2 * rowCount)
    }

    /// Adds `amount` to row `r`'s dual at level `l`.
    @inline(__always) mutating func add(level l: Int, row r: Int, _ amount: Double) {
        let first = Int(head[r])
        let l32 = Int32(l)
        if first >= 0, level[first] == l32 {
            value[first] += amount
        } else if first >= 0, !(ascending && level[first] < l32), let e = entry(level: l32, row: r) {
            value[e] += amount
        } else {
            // A new entry at the head of the row's list.
            if first >= 0, level[first] > l32 { ascending = false }
            next.append(Int32(first))
            level.append(l32)
            value.append(amount)
            head[r] = Int32(level.count - 1)
        }
        support.insert(r)
        if tracking { changed.insert(r) }
    }

    /// The entry of row `r`'s dual at level `l`, if written.
    func entry(level l: Int32, row r: Int) -> Int? {
        var e = Int(head[r])
        while e >= 0 {
            if level[e] == l { return e }
            e = Int(next[e])
        }
        return nil
    }

    /// Row `r`'s dual at level `l` (zero where none was written).
    func dual(level l: Int, row r: Int) -> Double {
        entry(level: Int32(l), row: r).map { value[$0] } ?? 0
    }

    /// Zeroes every dual, at the cost of the rows that had one.
    mutating func removeAll() {
        level.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        ascending = true
        for r in support.members { head[Int(r)] = -1 }
        support.removeAll()
    }

    mutating func clearChanged() { changed.removeAll() }

    /// Gives row `t`'s entries to row `r` (which has none): `r` took `t`'s place in
    /// the basis (RowReplacement.swift).
    mutating func moveRow(from t: Int, to r: Int) {
        guard head[t] >= 0 else { return }
        head[r] = head[t]
        head[t] = -1
        support.insert(r)
        if tracking { changed.insert(r) }
    }
}
