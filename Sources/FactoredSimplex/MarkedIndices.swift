/// A set of row or unknown indices that a step touched: a flag per index for
/// O(1) membership, and the members in the order they were added, so clearing
/// costs what was marked, not the layout's size. The solver keeps one for the
/// rows and unknowns a pivot round claimed, the rows with a dual, and the rows
/// whose dual a crossing changed.
struct MarkedIndices {
    private(set) var isMarked: [Bool]
    private(set) var members: [Int32] = []

    init(count: Int) {
        isMarked = [Bool](repeating: false, count: count)
        members.reserveCapacity(count)
    }

    /// Writes the room of the first `count` members once (`RawInsertion.touchRoom`).
    mutating func touchRoom(_ count: Int) {
        RawInsertion.touchRoom(flags: isMarked, list: &members, count: count)
    }

    @inline(__always) func contains(_ i: Int) -> Bool { isMarked[i] }

    @inline(__always) mutating func insert(_ i: Int) {
        guard !isMarked[i] else { return }
        isMarked[i] = true
        members.append(Int32(i))
    }

    mutating func removeAll() {
        RawInsertion.clear(flags: &isMarked, list: &members)
    }

    /// Runs `body` with an inserter over raw buffers, for a hot loop of at most `limit`
    /// inserts (`RawInsertion.run`). `body` must not reach this set otherwise.
    @inline(__always)
    mutating func withRawInsertion<R>(limit: Int, _ body: (inout RawInsertion) -> R) -> R {
        RawInsertion.run(flags: &isMarked, list: &members, limit: limit, body)
    }
}

/// `MarkedIndices.insert` on raw buffers (`MarkedIndices.withRawInsertion`).
struct RawInsertion {
    let isMarked: UnsafeMutablePointer<Bool>
    let members: UnsafeMutablePointer<Int32>
    /// The members so far.
    private(set) var count: Int

    init(isMarked: UnsafeMutablePointer<Bool>, members: UnsafeMutablePointer<Int32>, count: Int) {
        (self.isMarked, self.members, self.count) = (isMarked, members, count)
    }

    @inline(__always) mutating func insert(_ i: Int) {
        guard !isMarked[i] else { return }
        isMarked[i] = true
        members[count] = Int32(i)
        count &+= 1
    }

    /// Writes the room of the first `count` members of the set of `flags` and `list`
    /// once, while it is empty, so that the frame that first fills it takes none of
    /// its page faults (reserved room is only address space until written).
    static func touchRoom(flags: [Bool], list: inout [Int32], count: Int) {
        guard list.isEmpty else { return }
        list.append(contentsOf: repeatElement(0, count: min(count, flags.count)))
        list.removeAll(keepingCapacity: true)
    }

    /// Clears the set of `flags` and `list` (as `MarkedIndices.removeAll`), through buffers.
    @inline(__always)
    static func clear(flags: inout [Bool], list: inout [Int32]) {
        flags.withUnsafeMutableBufferPointer { flags in
            list.withUnsafeBufferPointer { members in
                for i in members { flags[Int(i)] = false }
            }
        }
        list.removeAll(keepingCapacity: true)
    }

    /// Runs `body` with an inserter into the set of `flags` (one per index) and `list`
    /// (its members), for a hot loop of at most `limit` inserts, one per pass of the
    /// loop (toggle-100000's swap frame: 66,666 level changes, 33,333 rows' constants,
    /// then 66,666 rows' blocks): through the arrays, each insert checked both arrays'
    /// uniqueness. The room is filled first (within the capacity the sets reserve when
    /// made, one member per index, so no frame allocates here) and what was not used
    /// is taken off after.
    @inline(__always)
    static func run<R>(flags: inout [Bool], list: inout [Int32], limit: Int, _ body: (inout RawInsertion) -> R) -> R {
        let before = list.count
        let room = min(limit, flags.count - before)
        list.append(contentsOf: repeatElement(0, count: room))
        var inserted = before
        let result = flags.withUnsafeMutableBufferPointer { marked in
            list.withUnsafeMutableBufferPointer { members in
                var insertion = RawInsertion(isMarked: marked.baseAddress!, members: members.baseAddress!, count: before)
                defer { inserted = insertion.count }
                return body(&insertion)
            }
        }
        precondition(inserted <= before + room, "more inserts than the limit given")
        list.removeLast(before + room - inserted)
        return result
    }
}
