/// A list of indices whose room is allocated up front, so a hot loop fills it
/// through a raw buffer (`storage` from `count` on, then `count` set) and an
/// append neither checks uniqueness nor grows. Before, the frame path wrote into
/// a scratch buffer and appended that to an array: every changed unknown and
/// every moved view was copied twice. The members are `storage[0..<count]`.
struct IndexList {
    var storage: [Int32]
    var count = 0

    init(capacity: Int) { storage = [Int32](repeating: 0, count: max(capacity, 1)) }

    var members: ArraySlice<Int32> { storage[0..<count] }

    /// Makes room for `n` more members (allocates only past the largest size so far).
    mutating func reserve(_ n: Int) {
        guard count + n > storage.count else { return }
        storage.append(contentsOf: repeatElement(0, count: max(count + n, 2 * storage.count) - storage.count))
    }

    @inline(__always) mutating func append(_ i: Int32) {
        if count == storage.count { reserve(1) }
        storage[count] = i
        count += 1
    }

    mutating func removeAll() { count = 0 }
}
