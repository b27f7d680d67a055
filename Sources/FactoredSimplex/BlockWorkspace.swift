/// One block's dense problem, in one raw allocation made once per solver and thread
/// of the pass (BlockPassThreads.swift). The local simplex (BlockLocalSimplex.swift)
/// is written on this type: it reads the solver's arrays through `LocalBlockTables`
/// and writes only here and, at the write-back, to the block's own rows and unknowns,
/// so two workspaces can run two lists of blocks at once. It indexes these buffers
/// hundreds of times per block, and an array reached through the solver costs a
/// uniqueness check per write: toggle-100000's 33,333 blocks took 7,500
/// instructions each that way.
///
/// Every buffer sits at a fixed offset from one base pointer (`Layout`), so an entry
/// at an index known when the code is compiled (the copies for a size, `LocalBlockSize`)
/// is one address off the base. With a separate allocation each, each buffer's address
/// had to be loaded before its entry, and again after any store, since a store through
/// one buffer might have written another's.
struct BlockWorkspace {
    private let base: UnsafeMutableRawPointer

    /// Per slot (the block's tight rows first, in their block order, then its loose
    /// rows): the row, its level, its coefficients on the block's unknowns (slot × n +
    /// index in the block), its constant less its other terms; for a loose slot, its
    /// basic own column (`positive`), that column's value and the slot's rate along a direction.
    var rows: UnsafeMutablePointer<Int32> { buffer(Layout.rows) }
    var level: UnsafeMutablePointer<Int32> { buffer(Layout.level) }
    var coefficients: UnsafeMutablePointer<Double> { buffer(Layout.coefficients) }
    var residual: UnsafeMutablePointer<Double> { buffer(Layout.residual) }
    var positive: UnsafeMutablePointer<Bool> { buffer(Layout.positive) }
    var own: UnsafeMutablePointer<Double> { buffer(Layout.own) }
    var rates: UnsafeMutablePointer<Double> { buffer(Layout.rates) }
    /// A loose slot's dual: its basic own column's cost (±1, or 0 for a slack).
    var cost: UnsafeMutablePointer<Double> { buffer(Layout.cost) }
    /// The block's unknowns, by index in the block.
    var values: UnsafeMutablePointer<Double> { buffer(Layout.values) }
    /// The tight slots' LU and its row order, the duals (level slot × n + tight slot)
    /// at the `levels` that have a costed loose row, a direction and a solve's scratch.
    var lu: UnsafeMutablePointer<Double> { buffer(Layout.lu) }
    var permutation: UnsafeMutablePointer<Int> { buffer(Layout.permutation) }
    var duals: UnsafeMutablePointer<Double> { buffer(Layout.duals) }
    var levels: UnsafeMutablePointer<Int32> { buffer(Layout.levels) }
    var direction: UnsafeMutablePointer<Double> { buffer(Layout.direction) }
    var work: UnsafeMutablePointer<Double> { buffer(Layout.work) }
    /// A block's rows before its pivots and their tight-list slots (for the write-back).
    var oldRows: UnsafeMutablePointer<Int32> { buffer(Layout.oldRows) }
    var oldSlots: UnsafeMutablePointer<Int32> { buffer(Layout.oldSlots) }
    /// The block's loose rows (`collectLooseRows`).
    var looseRows: UnsafeMutablePointer<Int32> { buffer(Layout.looseRows) }

    @inline(__always) private func buffer<T>(_ field: (offset: Int, count: Int)) -> UnsafeMutablePointer<T> {
        (base + field.offset).assumingMemoryBound(to: T.self)
    }

    init() {
        base = .allocate(byteCount: Layout.byteCount, alignment: MemoryLayout<Double>.alignment)
        for field in Layout.doubles { (base + field.offset).bindMemory(to: Double.self, capacity: field.count) }
        (base + Layout.permutation.offset).bindMemory(to: Int.self, capacity: Layout.permutation.count)
        for field in Layout.int32s { (base + field.offset).bindMemory(to: Int32.self, capacity: field.count) }
        (base + Layout.positive.offset).bindMemory(to: Bool.self, capacity: Layout.positive.count)
    }

    /// Frees what `init` allocated.
    func deallocate() { base.deallocate() }
}

/// Where each of a workspace's buffers starts (bytes from the base) and how many
/// entries it holds: the 8-byte ones first, each after the one before, so every
/// offset is a constant the compiler folds into the address.
private enum Layout {
    static let n = FactoredSolver.inPlaceBlockLimit, slots = LocalBlockBuffers.slotLimit
    static let looseLimit = LocalBlockBuffers.looseRowLimit

    // 8-byte entries.
    @inline(__always) static var values: (offset: Int, count: Int) { (0, n) }
    @inline(__always) static var lu: (offset: Int, count: Int) { after(values, 8, count: n * n) }
    @inline(__always) static var direction: (offset: Int, count: Int) { after(lu, 8, count: n) }
    @inline(__always) static var work: (offset: Int, count: Int) { after(direction, 8, count: n) }
    @inline(__always) static var residual: (offset: Int, count: Int) { after(work, 8, count: slots) }
    @inline(__always) static var own: (offset: Int, count: Int) { after(residual, 8, count: slots) }
    @inline(__always) static var rates: (offset: Int, count: Int) { after(own, 8, count: slots) }
    @inline(__always) static var cost: (offset: Int, count: Int) { after(rates, 8, count: slots) }
    @inline(__always) static var duals: (offset: Int, count: Int) { after(cost, 8, count: looseLimit * n) }
    @inline(__always) static var coefficients: (offset: Int, count: Int) { after(duals, 8, count: slots * n) }
    @inline(__always) static var permutation: (offset: Int, count: Int) { after(coefficients, 8, count: n) }
    // 4-byte entries.
    @inline(__always) static var rows: (offset: Int, count: Int) { after(permutation, 8, count: slots) }
    @inline(__always) static var level: (offset: Int, count: Int) { after(rows, 4, count: slots) }
    @inline(__always) static var levels: (offset: Int, count: Int) { after(level, 4, count: looseLimit) }
    @inline(__always) static var oldRows: (offset: Int, count: Int) { after(levels, 4, count: n) }
    @inline(__always) static var oldSlots: (offset: Int, count: Int) { after(oldRows, 4, count: n) }
    @inline(__always) static var looseRows: (offset: Int, count: Int) { after(oldSlots, 4, count: looseLimit) }
    // 1-byte entries.
    @inline(__always) static var positive: (offset: Int, count: Int) { after(looseRows, 4, count: slots) }
    static var byteCount: Int { positive.offset + positive.count }

    static var doubles: [(offset: Int, count: Int)] {
        [values, lu, direction, work, residual, own, rates, cost, duals, coefficients]
    }
    static var int32s: [(offset: Int, count: Int)] { [rows, level, levels, oldRows, oldSlots, looseRows] }

    /// The field that follows `field`, whose entries are `stride` bytes each.
    @inline(__always) private static func after(_ field: (offset: Int, count: Int), _ stride: Int, count: Int) -> (offset: Int, count: Int) {
        (field.offset + field.count * stride, count)
    }
}
