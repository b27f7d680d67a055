/// One block's dense problem, in raw buffers allocated once per solver and thread of
/// the pass (BlockPassThreads.swift). The local simplex (BlockLocalSimplex.swift) is
/// written on this type: it reads the solver's arrays through `LocalBlockTables`
/// and writes only here and, at the write-back, to the block's own rows and unknowns,
/// so two workspaces can run two lists of blocks at once. It indexes these buffers
/// hundreds of times per block, and an array reached through the solver costs a
/// uniqueness check per write: toggle-100000's 33,333 blocks took 7,500
/// instructions each that way.
struct BlockWorkspace {
    /// Per slot (the block's tight rows first, in their block order, then its loose
    /// rows): the row, its level, its coefficients on the block's unknowns (slot × n +
    /// index in the block), its constant less its other terms; for a loose slot, its
    /// basic own column (`positive`), that column's value and the slot's rate along a direction.
    let rows: UnsafeMutablePointer<Int32>
    let level: UnsafeMutablePointer<Int32>
    let coefficients: UnsafeMutablePointer<Double>
    let residual: UnsafeMutablePointer<Double>
    let positive: UnsafeMutablePointer<Bool>
    let own: UnsafeMutablePointer<Double>
    let rates: UnsafeMutablePointer<Double>
    /// A loose slot's dual: its basic own column's cost (±1, or 0 for a slack).
    let cost: UnsafeMutablePointer<Double>
    /// The block's unknowns, by index in the block.
    let values: UnsafeMutablePointer<Double>
    /// The tight slots' LU and its row order, the duals (level slot × n + tight slot)
    /// at the `levels` that have a costed loose row, a direction and a solve's scratch.
    let lu: UnsafeMutablePointer<Double>
    let permutation: UnsafeMutablePointer<Int>
    let duals: UnsafeMutablePointer<Double>
    let levels: UnsafeMutablePointer<Int32>
    let direction: UnsafeMutablePointer<Double>
    let work: UnsafeMutablePointer<Double>
    /// A block's rows before its pivots and their tight-list slots (for the write-back).
    let oldRows: UnsafeMutablePointer<Int32>
    let oldSlots: UnsafeMutablePointer<Int32>
    /// The block's loose rows (`collectLooseRows`).
    let looseRows: UnsafeMutablePointer<Int32>

    init() {
        let n = FactoredSolver.inPlaceBlockLimit, slots = LocalBlockBuffers.slotLimit
        rows = .allocate(capacity: slots)
        level = .allocate(capacity: slots)
        coefficients = .allocate(capacity: slots * n)
        residual = .allocate(capacity: slots)
        positive = .allocate(capacity: slots)
        own = .allocate(capacity: slots)
        rates = .allocate(capacity: slots)
        cost = .allocate(capacity: slots)
        values = .allocate(capacity: n)
        lu = .allocate(capacity: n * n)
        permutation = .allocate(capacity: n)
        duals = .allocate(capacity: LocalBlockBuffers.looseRowLimit * n)
        levels = .allocate(capacity: LocalBlockBuffers.looseRowLimit)
        direction = .allocate(capacity: n)
        work = .allocate(capacity: n)
        oldRows = .allocate(capacity: n)
        oldSlots = .allocate(capacity: n)
        looseRows = .allocate(capacity: LocalBlockBuffers.looseRowLimit)
    }

    /// Frees what `init` allocated.
    func deallocate() {
        for p in [rows, level, levels, oldRows, oldSlots, looseRows] { p.deallocate() }
        for p in [coefficients, residual, own, rates, cost, values, lu, duals, direction, work] { p.deallocate() }
        positive.deallocate()
        permutation.deallocate()
    }
}
