// The factored basis: the tight rows' matrix A_T over the basic unknowns, put in
// triangular order by peeling row singletons (layouts are mostly triangular: a
// root pinned, each child placed from its parent), with the rest (a "bump", e.g.
// equal-width siblings summing to their parent) split into its independent blocks,
// each factored densely with partial pivoting (BumpBlocks.swift). Between
// refactorisations, pivots that change the structure append positions and blocks
// and leave holes and dead blocks behind (LocalFactorUpdate.swift).

/// One pivot of the triangular part: `row` determines unknown `column`.
struct TriangularPivot {
    var row: Int32
    var column: Int32
    var coefficient: Double

    /// A position a local update vacated (LocalFactorUpdate.swift): solves skip it.
    static let hole = TriangularPivot(row: -1, column: -1, coefficient: 0)
    var isHole: Bool { row < 0 }
}

final class BasisFactor {
    // Stored properties unchecked for exclusivity: see FactoredSolver.
    /// Row singletons in the order they were peeled (forward substitution order).
    @exclusivity(unchecked) var pivots: [TriangularPivot] = []
    /// The bump: its rows and columns, grouped by block (block `b` holds indices
    /// `blockStart[b]..<blockStart[b + 1]` of both), and each block's dense LU
    /// (row-major, size², from `blockOffset[b]`) with its row permutation (local indices).
    @exclusivity(unchecked) var bumpRows: [Int32] = []
    @exclusivity(unchecked) var bumpColumns: [Int32] = []
    @exclusivity(unchecked) var blockStart: [Int] = [0]
    @exclusivity(unchecked) var blockOffset: [Int] = [0]
    @exclusivity(unchecked) var bumpLU: [Double] = []
    @exclusivity(unchecked) var bumpPermutation: [Int] = []
    /// Blocks a local update dissolved: their ranges stay in the arrays, unread.
    @exclusivity(unchecked) var blockDead: [Bool] = []
    /// Positions and bump rows left dead by local updates since the last factorisation:
    /// a local update re-factors once they use up their room.
    @exclusivity(unchecked) var holeCount = 0
    @exclusivity(unchecked) var deadBumpRows = 0
    /// The most positions (or bump rows) the factor can hold: a basis has at most
    /// min(rows, unknowns) tight rows, plus the room local updates append to. Arrays
    /// are reserved for it once, so no factorisation or local update grows them in a
    /// frame, whichever shape the basis takes (toggle's rows alternate between a
    /// block and a chain).
    let positionLimit: Int
    var bumpSize: Int { bumpRows.count }
    /// Σ size² over the blocks: the work of one bump solve.
    var bumpEntries: Int { blockOffset.last ?? 0 }
    /// The fewest positions for which the triangular part is ordered for streaming: its layers
    /// each in row order, or by unknown (see `factor`). In cache, peel order is faster: a layer's rows do not read each other, so
    /// the processor overlaps them, where an order by unknown chains each position to the one
    /// before it. Far out of cache, streaming wins. Measured on tree (release, this 2-core
    /// machine): by unknown is 1.5 times slower at 1,000 and 10,000 views, even at 100,000 and
    /// 300,000, and 1.35 times faster at 1,000,000 views (4 million positions).
    @exclusivity(unchecked) var columnOrderMinimumPositions = 1 << 21
    /// Whether the last factorisation put the triangular part in the order of its unknowns.
    @exclusivity(unchecked) var isInColumnOrder = false
    /// Each tight row's index in `pivots` (-1: a bump row or not tight).
    @exclusivity(unchecked) var position: [Int32]
    /// The position in `pivots` that determines each unknown (-1: bump or not basic).
    @exclusivity(unchecked) var columnPosition: [Int32]
    /// Position of each unknown among `bumpColumns` (-1 when not in the bump).
    @exclusivity(unchecked) var bumpIndex: [Int32]
    // Scratch.
    @exclusivity(unchecked) var remaining: [Int32]
    @exclusivity(unchecked) var queue: [Int32] = []
    @exclusivity(unchecked) var pivotStorage: [TriangularPivot] = []
    @exclusivity(unchecked) var assigned: [Bool]
    @exclusivity(unchecked) var bumpRhs: [Double] = []
    @exclusivity(unchecked) var bumpWork: [Double] = []
    @exclusivity(unchecked) var blockParent: [Int32] = []
    @exclusivity(unchecked) var firstBumpRow: [Int32]
    @exclusivity(unchecked) var blockOfRoot: [Int32] = []
    @exclusivity(unchecked) var bumpOrder: [Int32] = []
    @exclusivity(unchecked) var blockRowFill: [Int] = []
    /// Each bump row's block (-1 for any other row).
    @exclusivity(unchecked) var rowBlock: [Int32]
    // `blockMarked` and `markedStorage` start from `repeating:` (a buffer of their own):
    // an array literal or the shared empty array is copied on its first mutable access,
    // which a frame would pay for (48 bytes, once per load).
    @exclusivity(unchecked) var blockMarked = [Bool](repeating: false, count: 1)
    @exclusivity(unchecked) var markedBlocks: [Int32] = []
    /// Room for the frame path to list marked blocks on a raw buffer.
    @exclusivity(unchecked) var markedStorage = [Int32](repeating: 0, count: 1)
    @exclusivity(unchecked) var blockColumnFill: [Int] = []

    init(rowCount: Int, variableCount: Int) {
        positionLimit = min(rowCount, variableCount) + Self.localRoom(rowCount)
        remaining = [Int32](repeating: 0, count: rowCount)
        position = [Int32](repeating: -1, count: rowCount)
        assigned = [Bool](repeating: false, count: variableCount)
        bumpIndex = [Int32](repeating: -1, count: variableCount)
        columnPosition = [Int32](repeating: -1, count: variableCount)
        firstBumpRow = [Int32](repeating: -1, count: variableCount)
        rowBlock = [Int32](repeating: -1, count: rowCount)
        markedBlocks.reserveCapacity(rowCount)
    }

    /// Factors the tight rows `tight` over the unknowns marked in `basic`.
    /// Returns false when the matrix is singular (or not square).
    func factor(_ p: FactoredSolver, tight: [Int32], basic: [Bool]) -> Bool {
        clear(room: tight.count)
        let (peeled, pivotCount, layers) = peelSingletons(p, tight: tight, basic: basic)
        // Room for the positions local updates append (LocalFactorUpdate.swift).
        pivots.reserveCapacity(positionLimit)
        // A layout far larger than the cache with few layers, each wide: a layer's rows lie
        // across the whole layout, so peel order reads and writes all over it (a tree: its
        // levels and sibling chains mixed). Many narrow layers (a chain, as a stack's tops)
        // are already in a streaming order.
        let wideLayers = layers * layers < pivotCount
        if peeled && pivotCount >= columnOrderMinimumPositions && wideLayers
            && columnOrderIsTriangular(p, pivotCount: pivotCount, basic: basic) {
            appendInColumnOrder(pivotCount: pivotCount, basic: basic)
            isInColumnOrder = true
        } else {
            pivots.append(contentsOf: pivotStorage[0..<pivotCount])
        }
        for (i, pivot) in pivots.enumerated() { columnPosition[Int(pivot.column)] = Int32(i) }
        guard peeled else { return false }
        for r in tight where remaining[Int(r)] >= 0 { bumpRows.append(r) }
        for v in 0..<basic.count where basic[v] && !assigned[v] {
            bumpIndex[v] = Int32(bumpColumns.count)
            bumpColumns.append(Int32(v))
        }
        guard bumpRows.count == bumpColumns.count else { return false }
        return factorBump(p)
    }

    /// Whether the peeled rows can be solved in the order of their pivot unknowns: every row
    /// reads only basic unknowns numbered below its own. A scene numbers its unknowns view by
    /// view, usually parents before children, so this is the common case; forward
    /// substitution in that order reads what it depends on and writes the values as
    /// ascending streams (tree-1000000's frames: 1.4 times faster than in peel order).
    private func columnOrderIsTriangular(_ p: FactoredSolver, pivotCount: Int, basic: [Bool]) -> Bool {
        let rowStart = p.rowStart, termVariable = p.termVariable
        for i in 0..<pivotCount {
            let pivot = pivotStorage[i]
            for k in rowStart[Int(pivot.row)]..<rowStart[Int(pivot.row) + 1] {
                let v = termVariable[k]
                if v > pivot.column, basic[Int(v)] { return false }
            }
        }
        return true
    }

    /// Appends the peeled pivots to `pivots` by ascending unknown, their rows' positions to match.
    private func appendInColumnOrder(pivotCount: Int, basic: [Bool]) {
        for i in 0..<pivotCount { columnPosition[Int(pivotStorage[i].column)] = Int32(i) }
        for v in 0..<basic.count where basic[v] && assigned[v] {
            let pivot = pivotStorage[Int(columnPosition[v])]
            position[Int(pivot.row)] = Int32(pivots.count)
            pivots.append(pivot)
        }
    }

    /// Forgets the previous factor (its marks by row and by unknown too) and sizes
    /// the peeling's scratch for `room` tight rows.
    func clear(room: Int) {
        for c in bumpColumns { bumpIndex[Int(c)] = -1 }
        for r in bumpRows { rowBlock[Int(r)] = -1 }
        for pivot in pivots where !pivot.isHole {
            position[Int(pivot.row)] = -1
            columnPosition[Int(pivot.column)] = -1
        }
        pivots.removeAll(keepingCapacity: true)
        isInColumnOrder = false
        holeCount = 0
        deadBumpRows = 0
        bumpRows.removeAll(keepingCapacity: true)
        bumpColumns.removeAll(keepingCapacity: true)
        // Room for the rows local updates regroup (LocalFactorUpdate.swift).
        bumpRows.reserveCapacity(positionLimit)
        bumpColumns.reserveCapacity(positionLimit)
        if queue.count < room + 1 { queue = [Int32](repeating: 0, count: max(room + 1, 2 * queue.count)) }
        if pivotStorage.count < room {
            pivotStorage = [TriangularPivot](
                repeating: TriangularPivot(row: 0, column: 0, coefficient: 0), count: max(room, 2 * pivotStorage.count))
        }
    }

    /// The triangular part: rows with one unassigned basic unknown left are peeled
    /// in turn (a queue), each pivoting on that unknown, into `pivotStorage`. The rows
    /// left unpeeled keep `remaining >= 0`, the unknowns left `assigned == false`.
    /// Returns false (with the pivots so far) when the basis is not square or a row
    /// is left with no unknown.
    func peelSingletons(_ p: FactoredSolver, tight: [Int32], basic: [Bool]) -> (peeled: Bool, pivotCount: Int, layers: Int) {
        // Local lets and raw buffers: a class property read per element costs an exclusivity check.
        let rowStart = p.rowStart, termVariable = p.termVariable, termCoefficient = p.termCoefficient
        let columnStart = p.columnStart, columnRow = p.columnRow, isTight = p.basis.isTight
        var pivotCount = 0
        var layers = 0
        let outOfCache = tight.count >= columnOrderMinimumPositions
        let peeled: Bool = remaining.withUnsafeMutableBufferPointer { remaining in
        position.withUnsafeMutableBufferPointer { position in
        assigned.withUnsafeMutableBufferPointer { assigned in
        queue.withUnsafeMutableBufferPointer { queue in
        pivotStorage.withUnsafeMutableBufferPointer { pivots in
            var queued = 0
            var basicCount = 0
            for r32 in tight {
                let r = Int(r32)
                var count: Int32 = 0
                for k in rowStart[r]..<rowStart[r + 1] where basic[Int(termVariable[k])] { count += 1 }
                remaining[r] = count
                if count == 1 {
                    queue[queued] = r32
                    queued += 1
                }
            }
            for v in 0..<basic.count where basic[v] {
                basicCount += 1
                assigned[v] = false
            }
            guard basicCount == tight.count else { return false }
            var head = 0
            var layerEnd = queued
            while head < queued {
                if head == layerEnd {
                    // A new layer: the rows the previous one made singletons, which do not
                    // read each other. Far out of cache, in row order (a scene's constraints
                    // come view by view), forward substitution reads the earlier layers as
                    // ascending streams instead of scattered over the layout; in cache the
                    // order they were found in is as fast or faster (tree-100000: 1.5 against
                    // 2.1 ms a frame).
                    layerEnd = queued
                    layers += 1
                    if outOfCache { sortLayer(queue, from: head, to: layerEnd) }
                }
                let r = Int(queue[head])
                head += 1
                guard remaining[r] == 1 else {
                    if remaining[r] == 0 { return false }
                    continue
                }
                var column = -1
                var coefficient = 0.0
                for k in rowStart[r]..<rowStart[r + 1] {
                    let v = Int(termVariable[k])
                    if basic[v], !assigned[v] {
                        column = v
                        coefficient = termCoefficient[k]
                    }
                }
                guard column >= 0 else { return false }
                assigned[column] = true
                remaining[r] = -1
                position[r] = Int32(pivotCount)
                pivots[pivotCount] = TriangularPivot(row: Int32(r), column: Int32(column), coefficient: coefficient)
                pivotCount += 1
                for k in columnStart[column]..<columnStart[column + 1] {
                    let other = Int(columnRow[k])
                    guard remaining[other] > 0, isTight[other] else { continue }
                    remaining[other] -= 1
                    if remaining[other] == 1 {
                        queue[queued] = Int32(other)
                        queued += 1
                    }
                }
            }
            return true
        }}}}}
        return (peeled, pivotCount, layers)
    }

    /// Sorts `queue[from..<to]` unless it already is (a layer of one row, or of rows already
    /// met in order, costs one pass).
    @inline(__always) private func sortLayer(_ queue: UnsafeMutableBufferPointer<Int32>, from: Int, to: Int) {
        guard to - from > 1 else { return }
        var sorted = true
        for i in from + 1..<to where queue[i - 1] > queue[i] { sorted = false; break }
        if !sorted {
            var layer = UnsafeMutableBufferPointer(rebasing: queue[from..<to])
            layer.sort()
        }
    }

    /// FTRAN: solves A_T x_B = rhs, `rhs` indexed by row, writing the basic unknowns into `x`.
    /// The non-basic unknowns must already be folded into `rhs`.
    func solve(_ p: FactoredSolver, rhs: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>, basic: [Bool]) {
        let rowStart = p.rowStart, termVariable = p.termVariable, termCoefficient = p.termCoefficient
        pivots.withUnsafeBufferPointer { pivots in
            for pivot in pivots where !pivot.isHole {
                let r = Int(pivot.row)
                let column = Int(pivot.column)
                var sum = rhs[r]
                for k in rowStart[r]..<rowStart[r + 1] {
                    let v = Int(termVariable[k])
                    if v != column, basic[v] { sum -= termCoefficient[k] * x[v] }
                }
                x[column] = sum / pivot.coefficient
            }
        }
        solveBumpOnly(p, rhs: rhs, x: x, basic: basic)
    }

    /// BTRAN: solves A_T^T y = rhs, `rhs` indexed by unknown (consumed as scratch), writing `y` by row.
    func solveTransposed(_ p: FactoredSolver, rhs: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>, basic: [Bool]) {
        solveBumpTransposed(p, rhs: rhs, y: y, basic: basic)
        let rowStart = p.rowStart, termVariable = p.termVariable, termCoefficient = p.termCoefficient
        pivots.withUnsafeBufferPointer { pivots in
            for pivot in pivots.reversed() where !pivot.isHole {
                let r = Int(pivot.row)
                let column = Int(pivot.column)
                let value = rhs[column] / pivot.coefficient
                y[r] = value
                guard value != 0 else { continue }
                for k in rowStart[r]..<rowStart[r + 1] {
                    let v = Int(termVariable[k])
                    if v != column, basic[v] { rhs[v] -= termCoefficient[k] * value }
                }
            }
        }
    }
}
