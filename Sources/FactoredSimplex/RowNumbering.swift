/// How the solver numbers the back end's rows (the scene's constraints, then its
/// edits, each by its handle). The solver keeps each field of a row in an array of
/// its own, so a block's pass (BlockLocalPass.swift) reads one entry of each of
/// those arrays for each of the block's rows; with the rows apart, as toggle's four
/// among the 13 constraints of their layout row, each entry brings in a line of
/// memory of its own, most of it other rows'. So the back end numbers the rows of
/// each block the build lists (BlockListings.swift) one after another, block after
/// block, and the other rows after them in the handles' order (toggle-100000's swap:
/// 57 MB through the last-level cache in the cache simulation, 34 MB so numbered).
/// The blocks are those of the build's basis; a later change of structure keeps the
/// numbering. The rows are numbered between two builds: the first, in the handles'
/// order, finds the blocks; the second starts from its basis, so its solve only factors.
struct RowNumbering {
    /// The solver's row of each handle, and the handle of each solver row.
    let rowOfHandle: [Int32]
    let handleOfRow: [Int32]

    /// Fewer listed rows than this stay in the handles' order: a pass over them
    /// keeps its lines in the cache either way, and the build is not made twice.
    static let minimumListedRows = 4096

    /// The numbering that puts the rows of the blocks `solver` (built with its rows in
    /// the handles' order) lists first; nil when it lists fewer than `minimumListedRows`
    /// rows or its blocks' rows are already so numbered.
    init?(blocksOf solver: FactoredSolver, minimumListedRows: Int) {
        // The pool holds each listed row once: a layout that lists too few allocates nothing here.
        guard solver.listings.poolCount >= max(1, minimumListedRows) else { return nil }
        let rowCount = solver.rowCount
        var handleOfRow: [Int32] = []
        handleOfRow.reserveCapacity(rowCount)
        var placed = [Bool](repeating: false, count: rowCount)
        for b in 0..<max(0, solver.factor.blockStart.count - 1) {
            guard let rows = solver.listings.rows(of: b) else { continue }
            for r in rows where !placed[Int(r)] {
                placed[Int(r)] = true
                handleOfRow.append(r)
            }
        }
        for r in 0..<rowCount where !placed[r] { handleOfRow.append(Int32(r)) }
        guard handleOfRow.indices.contains(where: { handleOfRow[$0] != Int32($0) }) else { return nil }
        self.init(handleOfRow: handleOfRow)
    }

    /// The numbering whose solver row `r` is handle `handleOfRow[r]` (a permutation).
    init(handleOfRow: [Int32]) {
        var rowOfHandle = [Int32](repeating: -1, count: handleOfRow.count)
        for (r, h) in handleOfRow.enumerated() {
            precondition(rowOfHandle[Int(h)] < 0, "row numbering: handle \(h) numbered twice")
            rowOfHandle[Int(h)] = Int32(r)
        }
        self.rowOfHandle = rowOfHandle
        self.handleOfRow = handleOfRow
    }

    @inline(__always) func row(_ handle: Int) -> Int { Int(rowOfHandle[handle]) }

    /// `byHandle` (one entry per handle) in the solver's order.
    func inSolverOrder<T>(_ byHandle: [T]) -> [T] { handleOfRow.map { byHandle[Int($0)] } }
}

extension [Int] {
    /// These solver rows in their handles' order (a message lists constraints as the scene does).
    func inHandleOrder(_ numbering: RowNumbering?) -> [Int] {
        guard let numbering else { return self }
        return sorted { numbering.handleOfRow[$0] < numbering.handleOfRow[$1] }
    }
}
