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
    var rows: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.rowsAt) }
    var level: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.levelAt) }
    var coefficients: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.coefficientsAt) }
    var residual: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.residualAt) }
    var positive: UnsafeMutablePointer<Bool> { buffer(at: Layout.positiveAt) }
    var own: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.ownAt) }
    var rates: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.ratesAt) }
    /// A loose slot's dual: its basic own column's cost (±1, or 0 for a slack).
    var cost: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.costAt) }
    /// The block's unknowns, by index in the block.
    var values: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.valuesAt) }
    /// The tight slots' LU and its row order, the duals (level slot × n + tight slot)
    /// at the `levels` that have a costed loose row, a direction and a solve's scratch.
    var lu: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.luAt) }
    var permutation: UnsafeMutablePointer<Int> { buffer(at: 8 * Layout.permutationAt) }
    var duals: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.dualsAt) }
    var levels: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.levelsAt) }
    var direction: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.directionAt) }
    var work: UnsafeMutablePointer<Double> { buffer(at: 8 * Layout.workAt) }
    /// A block's rows before its pivots and their tight-list slots (for the write-back).
    var oldRows: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.oldRowsAt) }
    var oldSlots: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.oldSlotsAt) }
    /// The block's loose rows (`collectLooseRows`).
    var looseRows: UnsafeMutablePointer<Int32> { buffer(at: 4 * Layout.looseRowsAt) }

    @inline(__always) private func buffer<T>(at byteOffset: Int) -> UnsafeMutablePointer<T> {
        (base + byteOffset).assumingMemoryBound(to: T.self)
    }

    init() {
        base = .allocate(byteCount: Layout.byteCount, alignment: MemoryLayout<Double>.alignment)
        // Each run of same-typed buffers is bound at once: its extent is the chain's next start.
        base.bindMemory(to: Double.self, capacity: Layout.permutationAt)
        (base + 8 * Layout.permutationAt).bindMemory(to: Int.self, capacity: Layout.n)
        (base + 4 * Layout.rowsAt).bindMemory(to: Int32.self, capacity: Layout.positiveAt / 4 - Layout.rowsAt)
        (base + Layout.positiveAt).bindMemory(to: Bool.self, capacity: Layout.slots)
    }

    /// Frees what `init` allocated.
    func deallocate() { base.deallocate() }
}

/// Where each of a workspace's buffers starts: the 8-byte ones first, then the 4-byte
/// ones, then the flags, each right after the one before (so each starts aligned, and
/// its size is the step to the next). Constants all, so the compiler folds each offset
/// into the address.
private enum Layout {
    static let n = FactoredSolver.inPlaceBlockLimit, slots = LocalBlockBuffers.slotLimit
    static let loose = LocalBlockBuffers.looseRowLimit

    // Starts in 8-byte words.
    static let valuesAt = 0, luAt = valuesAt + n, directionAt = luAt + n * n, workAt = directionAt + n
    static let residualAt = workAt + n, ownAt = residualAt + slots, ratesAt = ownAt + slots, costAt = ratesAt + slots
    static let dualsAt = costAt + slots, coefficientsAt = dualsAt + loose * n, permutationAt = coefficientsAt + slots * n
    // Starts in 4-byte words, after the 8-byte ones.
    static let rowsAt = 2 * (permutationAt + n), levelAt = rowsAt + slots, levelsAt = levelAt + slots
    static let oldRowsAt = levelsAt + loose, oldSlotsAt = oldRowsAt + n, looseRowsAt = oldSlotsAt + n
    // The flags' start in bytes, after the 4-byte ones; the whole.
    static let positiveAt = 4 * (looseRowsAt + loose), byteCount = positiveAt + slots
}
