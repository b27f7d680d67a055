/// The lexicographic objective: one level per distinct optional priority present,
/// ordered highest first, so that each symbol has a cost *vector*. Stored sparsely
/// by symbol: a short linked list of `(level, coefficient)` entries kept in rank
/// order (most symbols cost at one level or none), so that memory and the work of a
/// new symbol do not grow with the number of levels (999 levels stay cheap).
/// Levels have stable ids; `rank` orders them (0 = highest priority).
struct Objective {
    var priority: [Double] = []  // by level id
    var rank: [Int32] = []  // by level id; -1 for a free id
    var levelsByRank: [Int32] = []  // the level ids in use, highest priority first
    var freeIDs: [Int32] = []
    var members: [[Int32]] = []  // by level id: symbols that may hold an entry (lazy)
    var entryCount: [Int] = []  // by level id: entries in use

    var head: [Int32] = []  // by symbol: first entry, -1 for none
    var memberStamp: [UInt32] = []  // by symbol, grown with `head`: `compactMembers` saw it in this pass
    var memberEpoch: UInt32 = 0
    var entryLevel: [Int32] = []
    var entryValue: [Double] = []
    var entryNext: [Int32] = []
    var freeEntries: [Int32] = []

    var levelCount: Int { levelsByRank.count }

    func level(priority p: Double) -> Int32? {
        for id in levelsByRank where priority[Int(id)] == p { return id }
        return nil
    }

    mutating func createLevel(priority p: Double) -> Int32 {
        let id: Int32
        if let reused = freeIDs.popLast() {
            id = reused
            priority[Int(id)] = p
        } else {
            id = Int32(priority.count)
            priority.append(p)
            rank.append(-1)
            members.append([])
            entryCount.append(0)
        }
        var at = 0
        while at < levelsByRank.count, priority[Int(levelsByRank[at])] > p { at += 1 }
        levelsByRank.insert(id, at: at)
        for r in at..<levelsByRank.count { rank[Int(levelsByRank[r])] = Int32(r) }
        return id
    }

    /// Forgets a level (its entries must already be zero or be cleared by the caller).
    mutating func releaseLevel(_ id: Int32) {
        guard let at = levelsByRank.firstIndex(of: id) else { return }
        levelsByRank.remove(at: at)
        for r in at..<levelsByRank.count { rank[Int(levelsByRank[r])] = Int32(r) }
        rank[Int(id)] = -1
        members[Int(id)].removeAll(keepingCapacity: true)
        entryCount[Int(id)] = 0
        freeIDs.append(id)
    }

    @inline(__always) func value(_ level: Int32, _ symbol: Int32) -> Double {
        var e = head[Int(symbol)]
        while e >= 0 {
            if entryLevel[Int(e)] == level { return entryValue[Int(e)] }
            e = entryNext[Int(e)]
        }
        return 0
    }

    /// Sets one coefficient; returns the old one.
    @discardableResult
    mutating func set(_ level: Int32, _ symbol: Int32, _ v: Double) -> Double {
        let r = rank[Int(level)]
        var prev: Int32 = -1
        var e = head[Int(symbol)]
        while e >= 0, rank[Int(entryLevel[Int(e)])] < r {
            prev = e
            e = entryNext[Int(e)]
        }
        if e >= 0, entryLevel[Int(e)] == level {
            let old = entryValue[Int(e)]
            if v == 0 {
                if prev >= 0 { entryNext[Int(prev)] = entryNext[Int(e)] } else { head[Int(symbol)] = entryNext[Int(e)] }
                freeEntries.append(e)
                entryCount[Int(level)] -= 1
            } else {
                entryValue[Int(e)] = v
            }
            return old
        }
        guard v != 0 else { return 0 }
        let n: Int32
        if let reused = freeEntries.popLast() {
            n = reused
            entryLevel[Int(n)] = level
            entryValue[Int(n)] = v
            entryNext[Int(n)] = e
        } else {
            n = Int32(entryLevel.count)
            entryLevel.append(level)
            entryValue.append(v)
            entryNext.append(e)
        }
        if prev >= 0 { entryNext[Int(prev)] = n } else { head[Int(symbol)] = n }
        entryCount[Int(level)] += 1
        members[Int(level)].append(symbol)
        if members[Int(level)].count > 2 * entryCount[Int(level)] + 32 { compactMembers(level) }
        return 0
    }

    /// `cost(symbol)[level] += a * value` for every `(level, value)` of `costs` (in rank
    /// order): one forward walk of the symbol's list, so substituting a row into many
    /// levels costs the lengths of the lists, not their product. Old values go to
    /// `journal` when `journaling`.
    mutating func addScaledCosts(
        _ costs: [(level: Int32, value: Double)], _ a: Double, to symbol: Int32,
        journaling: Bool, journal: inout [(level: Int32, symbol: Int32, old: Double)]
    ) {
        var prev: Int32 = -1
        var e = head[Int(symbol)]
        for c in costs {
            let r = rank[Int(c.level)]
            while e >= 0, rank[Int(entryLevel[Int(e)])] < r {
                prev = e
                e = entryNext[Int(e)]
            }
            let v = c.value * a
            if e >= 0, entryLevel[Int(e)] == c.level {
                let old = entryValue[Int(e)]
                var nv = old + v
                if abs(nv) < SolverTolerance.drop { nv = 0 }
                if journaling { journal.append((c.level, symbol, old)) }
                let next = entryNext[Int(e)]
                if nv == 0 {
                    if prev >= 0 { entryNext[Int(prev)] = next } else { head[Int(symbol)] = next }
                    freeEntries.append(e)
                    entryCount[Int(c.level)] -= 1
                } else {
                    entryValue[Int(e)] = nv
                    prev = e
                }
                e = next
            } else if abs(v) >= SolverTolerance.drop {
                if journaling { journal.append((c.level, symbol, 0)) }
                let n: Int32
                if let reused = freeEntries.popLast() {
                    n = reused
                    entryLevel[Int(n)] = c.level
                    entryValue[Int(n)] = v
                    entryNext[Int(n)] = e
                } else {
                    n = Int32(entryLevel.count)
                    entryLevel.append(c.level)
                    entryValue.append(v)
                    entryNext.append(e)
                }
                if prev >= 0 { entryNext[Int(prev)] = n } else { head[Int(symbol)] = n }
                prev = n
                entryCount[Int(c.level)] += 1
                members[Int(c.level)].append(symbol)
                if members[Int(c.level)].count > 2 * entryCount[Int(c.level)] + 32 { compactMembers(c.level) }
            }
        }
    }

    /// Spare capacity so that frames which move costs around do not grow these lists.
    mutating func reserveFrameCapacity() {
        let spare = entryLevel.count + 64
        freeEntries.reserveCapacity(spare)
        entryLevel.reserveCapacity(spare)
        entryValue.reserveCapacity(spare)
        entryNext.reserveCapacity(spare)
        for l in members.indices { members[l].reserveCapacity(2 * Int(entryCount[l]) + 64) }
    }

    /// Keeps a level's member list proportional to its entries (memory flat under churn):
    /// drops symbols without an entry and repeats, in one pass with a stamp per symbol
    /// (no sort, no allocation).
    mutating func compactMembers(_ level: Int32) {
        memberEpoch &+= 1
        if memberEpoch == 0 {
            for i in memberStamp.indices { memberStamp[i] = 0 }
            memberEpoch = 1
        }
        var list = members[Int(level)]
        members[Int(level)] = []
        var kept = 0
        for i in 0..<list.count {
            let symbol = list[i]
            guard memberStamp[Int(symbol)] != memberEpoch, value(level, symbol) != 0 else { continue }
            memberStamp[Int(symbol)] = memberEpoch
            list[kept] = symbol
            kept += 1
        }
        list.removeLast(list.count - kept)
        members[Int(level)] = list
    }

    /// Sign of the symbol's cost vector in lexicographic order (-1, 0, +1).
    @inline(__always) func sign(_ symbol: Int32) -> Int {
        var e = head[Int(symbol)]
        while e >= 0 {
            let c = entryValue[Int(e)]
            if c < -SolverTolerance.zero { return -1 }
            if c > SolverTolerance.zero { return 1 }
            e = entryNext[Int(e)]
        }
        return 0
    }

    /// Whether cost(s)/a < cost(t)/b lexicographically (ties within tolerance go on to
    /// the next level; a full tie goes to the smaller symbol).
    func ratioLess(_ s: Int32, _ a: Double, _ t: Int32, _ b: Double) -> Bool {
        var i = head[Int(s)]
        var j = head[Int(t)]
        while i >= 0 || j >= 0 {
            let ri = i >= 0 ? rank[Int(entryLevel[Int(i)])] : Int32.max
            let rj = j >= 0 ? rank[Int(entryLevel[Int(j)])] : Int32.max
            var x = 0.0
            var y = 0.0
            if ri <= rj {
                x = entryValue[Int(i)] / a
                i = entryNext[Int(i)]
            }
            if rj <= ri {
                y = entryValue[Int(j)] / b
                j = entryNext[Int(j)]
            }
            if x < y - SolverTolerance.zero { return true }
            if x > y + SolverTolerance.zero { return false }
        }
        return s < t
    }
}
