/// What ops change in the rows besides force: each row's right-hand side and the
/// level its errors cost at, and the priority levels those levels stand for. The
/// rows' terms and kinds are the `Problem`'s, fixed at load.
struct RowSettings {
    /// Each row's right-hand side: a constraint's constant, an edit's suggested value.
    var rhs: [Double]
    /// Each row's cost level: 0 = required, then optional priorities from the highest.
    var level: [Int32]
    var levelCount: Int
    var levelOfPriority: [Double: Int32] = [:]
    /// Each level's priority (descending; 1000 first): what `level(of:)` searches, where
    /// hashing a priority per op cost more than a toggle frame's arithmetic per row.
    let priorityOfLevel: [Double]

    /// Every priority the scene may use gets its level now, so none is added later.
    init(rowCount: Int, priorities: [Double]) {
        var sorted = Array(Set(priorities.filter { $0 < 1000 })).sorted(by: >)
        sorted.insert(1000, at: 0)
        for (i, p) in sorted.enumerated() { levelOfPriority[p] = Int32(i) }
        levelCount = sorted.count
        priorityOfLevel = sorted
        rhs = [Double](repeating: 0, count: rowCount)
        level = [Int32](repeating: 0, count: rowCount)
    }
}

extension RowSettings {
    /// The level of `priority` (0 for one the scene never uses): the number of levels
    /// above it, counted without a branch when there are few (a binary search's
    /// branches go each way in turn when frames alternate two priorities, as toggle's
    /// do), else by binary search.
    func level(of priority: Double) -> Int32 {
        Self.level(of: priority, in: priorityOfLevel)
    }

    /// `level(of:)` over the levels' priorities `priorityOfLevel`.
    static func level(of priority: Double, in priorityOfLevel: [Double]) -> Int32 {
        if priorityOfLevel.count <= 16 {
            return priorityOfLevel.withUnsafeBufferPointer { levels in
                var above = 0
                for p in levels { above &+= p > priority ? 1 : 0 }
                return above < levels.count && levels[above] == priority ? Int32(above) : 0
            }
        }
        var low = 0, high = priorityOfLevel.count
        while low < high {
            let mid = (low + high) / 2
            let p = priorityOfLevel[mid]
            if p == priority { return Int32(mid) }
            if p > priority { low = mid + 1 } else { high = mid }
        }
        return 0
    }
}
