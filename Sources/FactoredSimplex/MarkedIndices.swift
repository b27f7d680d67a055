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

    /// Writes the room of the first `count` members once, so that the frame that
    /// first fills it takes none of its page faults.
    mutating func touchRoom(_ count: Int) {
        guard members.isEmpty else { return }
        members.append(contentsOf: repeatElement(0, count: min(count, isMarked.count)))
        members.removeAll(keepingCapacity: true)
    }

    @inline(__always) func contains(_ i: Int) -> Bool { isMarked[i] }

    @inline(__always) mutating func insert(_ i: Int) {
        guard !isMarked[i] else { return }
        isMarked[i] = true
        members.append(Int32(i))
    }

    mutating func removeAll() {
        for i in members { isMarked[Int(i)] = false }
        members.removeAll(keepingCapacity: true)
    }
}
