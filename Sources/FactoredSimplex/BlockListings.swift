/// What the listing of a block (BlockReoptimisation.swift) finds, kept from one
/// solve to the next: for each small block that fits the local path, the rows in
/// force that read its unknowns, tight and loose, in the order the listing meets
/// them; and the pinned-ness of the unknowns it decided.
///
/// Both depend on the layout's structure only: which rows are in force and tight,
/// the factor's blocks and triangular part, and which rows are required. A block's
/// own pass (BlockLocalPass.swift) changes none of it but which of the block's rows
/// are tight, and a block fits only if every row reading its unknowns reads no other
/// block's: so the rows read stay the same, and the loose ones are those not tight
/// now. Everything else that changes the structure (a refactorisation, a pivot of
/// the global simplex, a row put in or taken out, a required level met) calls
/// `noteStructureChange`, which makes every kept listing and verdict stale at once.
/// Toggle swaps priorities back and forth over one structure: its blocks are listed
/// once, not at every swap (the listing was a fifth of a swap frame).
final class BlockListings {
    /// Bumped by every structure change; a listing or memo kept under another is stale.
    @exclusivity(unchecked) private(set) var structure: UInt32 = 1
    /// The structure the pinned memo (`LocalBlockBuffers.pinState`) was decided under.
    @exclusivity(unchecked) var pinnedStructure: UInt32 = 0
    /// The structure the pool's rows were listed under, and how many it holds.
    @exclusivity(unchecked) private var poolStructure: UInt32 = 0
    @exclusivity(unchecked) private(set) var poolCount = 0
    private let blockCapacity: Int
    /// Room in `pool`: every row once.
    let rowCapacity: Int
    /// Per block: the structure its listing belongs to (0: none), and where its rows are in `pool`.
    private var listedAt: UnsafeMutablePointer<UInt32>?
    private var rowsStart: UnsafeMutablePointer<Int32>?
    private var rowsCount: UnsafeMutablePointer<Int32>?
    /// The listed blocks' rows, one block after another. A row reads at most one block
    /// that fits, so a structure's listings hold each row once at most.
    private(set) var pool: UnsafeMutablePointer<Int32>?
    /// Per row: the block whose listing holds it, in the low half, under the structure in
    /// the high half (another structure's: none). A frame's changed rows find their
    /// blocks here in one read, where a loose row's first bump unknown took a walk over
    /// its terms (toggle-100000's swap: 1.7 M instructions, about 3 lines of memory a block).
    private var rowEntry: UnsafeMutablePointer<UInt64>?

    /// The tables are allocated at the first listing (the build's, when the factor has
    /// blocks): a layout without blocks pays nothing for them.
    init(blockCapacity: Int, rowCapacity: Int) {
        self.blockCapacity = blockCapacity
        self.rowCapacity = max(rowCapacity, 1)
    }

    deinit {
        listedAt?.deallocate()
        rowsStart?.deallocate()
        rowsCount?.deallocate()
        pool?.deallocate()
        rowEntry?.deallocate()
    }

    /// Every kept listing and pinned verdict is stale from now on.
    @inline(__always) func noteStructureChange() {
        structure &+= 1
        guard structure == 0, let listedAt else { return }
        // Wrapped around: a listing kept under an old number must not pass for current.
        listedAt.update(repeating: 0, count: blockCapacity)
        rowEntry!.update(repeating: 0, count: rowCapacity)
        pinnedStructure = 0
        poolStructure = 0
        structure = 1
    }

    /// Allocates the tables if this is the first listing, and empties the pool if the
    /// structure changed since its rows were listed.
    @inline(__always) func prepareForListing() {
        if listedAt == nil {
            listedAt = .allocate(capacity: blockCapacity)
            listedAt!.initialize(repeating: 0, count: blockCapacity)
            rowsStart = .allocate(capacity: blockCapacity)
            rowsCount = .allocate(capacity: blockCapacity)
            pool = .allocate(capacity: rowCapacity)
            rowEntry = .allocate(capacity: rowCapacity)
            rowEntry!.initialize(repeating: 0, count: rowCapacity)
        }
        if poolStructure != structure {
            poolStructure = structure
            poolCount = 0
        }
    }

    /// Block `b`'s rows, if listed under the current structure.
    @inline(__always) func rows(of b: Int) -> UnsafeBufferPointer<Int32>? {
        guard let listedAt, listedAt[b] == structure else { return nil }
        return UnsafeBufferPointer(start: pool! + Int(rowsStart![b]), count: Int(rowsCount![b]))
    }

    /// The block whose listing under the current structure holds row `r`, if one does.
    @inline(__always) func listedBlock(ofRow r: Int) -> Int? {
        guard let rowEntry else { return nil }
        let entry = rowEntry[r]
        guard UInt32(truncatingIfNeeded: entry >> 32) == structure else { return nil }
        return Int(Int32(truncatingIfNeeded: entry))
    }

    /// The pool and where each block's rows are in it, for the local pass's threads,
    /// which read the rows of listed blocks only (each listed under the current structure).
    var keptTables: (rows: UnsafePointer<Int32>, start: UnsafePointer<Int32>, count: UnsafePointer<Int32>) {
        (UnsafePointer(pool!), UnsafePointer(rowsStart!), UnsafePointer(rowsCount!))
    }

    /// Keeps the rows the listing just wrote at `pool[poolCount..<end]` as block `b`'s,
    /// and returns them.
    @discardableResult @inline(__always) func keep(_ b: Int, end: Int) -> UnsafeBufferPointer<Int32> {
        listedAt![b] = structure
        rowsStart![b] = Int32(poolCount)
        rowsCount![b] = Int32(end - poolCount)
        let rows = UnsafeBufferPointer(start: pool! + poolCount, count: end - poolCount)
        let entry = UInt64(structure) << 32 | UInt64(UInt32(b))
        for r in rows { rowEntry![Int(r)] = entry }
        poolCount = end
        return rows
    }

    /// The blocks whose listing is current (for the invariants).
    func currentBlocks() -> [Int] {
        guard let listedAt else { return [] }
        return (0..<blockCapacity).filter { listedAt[$0] == structure }
    }
}

extension FactoredSolver {
    /// The structure changed (see `BlockListings`): kept listings and pinned verdicts are stale.
    @inline(__always) func noteStructureChange() {
        listings.noteStructureChange()
    }

    /// Readies the listings and the pinned memo for listing under the current structure.
    @inline(__always) func prepareListings() {
        listings.prepareForListing()
        guard listings.pinnedStructure != listings.structure else { return }
        forgetPinned()
        listings.pinnedStructure = listings.structure
    }

    /// Lists every block that fits the local path now, as part of the build (as the
    /// frame program is compiled then), so that the first frame changing priorities
    /// does not pay for it, nor for the page faults of the lists such a frame fills
    /// (toggle-100000's first swap took 250). A frame after a structure change lists
    /// what it needs. A layout without blocks allocates nothing for it.
    func listBlocksAhead() {
        guard factorValidity.isValid, basisOptimal, factor.blockStart.count > 1 else { return }
        prepareListings()
        var blocks = 0
        _ = withListTables { l in
            for b in 0..<(l.blockStart.count - 1) where listings.rows(of: b) == nil {
                guard let end = listBlockRows(b, l) else { continue }
                listings.keep(b, end: end)
                blocks += 1
            }
            return true
        }
        let rows = listings.poolCount
        // A frame's inserts fill room as long as its list of changed rows (one per row at most).
        blockLocal.blocks.touchRoom(rows)
        prices.levelChanges.touchRoom(rows)
        framePath.touchDirtyRoom(rows)
        localBuffers.keptBefore.initialize(repeating: 0, count: blocks + 1)
    }
}

extension FactoredSolver {
    /// Between ops, with the factor valid: every listing kept under the current
    /// structure is what listing the block now finds, and every pinned verdict kept
    /// follows from its row and the verdicts of that row's other unknowns, as
    /// deciding it now would. (A change that misses `noteStructureChange` fails here.)
    func keptListings() -> String? {
        let memo = localBuffers
        let decided = (0..<variableCount).filter { memo.pinState[$0] != 0 }
        if decided.count != memo.pinVisitedCount {
            return "the pinned memo holds \(decided.count) verdicts but lists \(memo.pinVisitedCount)"
        }
        guard factorValidity.isValid else { return nil }
        var problem: String?
        _ = withListTables { l in
            if listings.pinnedStructure == listings.structure {
                for v in decided where memo.pinState[v] != pinVerdictFromMemo(v, l) {
                    problem = "unknown \(v)'s kept pinned verdict \(memo.pinState[v]) no longer follows from its row"
                    return false
                }
            }
            for b in listings.currentBlocks() {
                let kept = Array(listings.rows(of: b)!)
                guard let end = listBlockRows(b, l) else {
                    problem = "block \(b) has a kept listing but no longer fits the local path"
                    return false
                }
                let fresh = Array(UnsafeBufferPointer(start: listings.pool! + listings.poolCount, count: end - listings.poolCount))
                if fresh != kept {
                    problem = "block \(b)'s kept rows \(kept) differ from a listing now, \(fresh)"
                    return false
                }
            }
            return true
        }
        return problem ?? keptRowBlocks()
    }

    /// Every row a current listing holds names that block in the row memo and is in
    /// force, and no other row names a block under the current structure.
    private func keptRowBlocks() -> String? {
        var holder = [Int](repeating: -1, count: rowCount)
        for b in listings.currentBlocks() {
            for r in listings.rows(of: b)! { holder[Int(r)] = b }
        }
        for r in 0..<rowCount {
            let named = listings.listedBlock(ofRow: r)
            if named != (holder[r] >= 0 ? holder[r] : nil) {
                return "\(describeRow(r)) is named for block \(named.map(String.init) ?? "none") in the row memo, "
                    + "but held by \(holder[r] >= 0 ? "block \(holder[r])'s listing" : "no listing")"
            }
            if named != nil, !basis.inForce[r] { return "\(describeRow(r)) is in block \(named!)'s listing but not in force" }
        }
        return nil
    }

    /// Unknown `u`'s pinned verdict as its row and the kept verdicts of that row's
    /// other unknowns give it (0 when one of them is undecided, which a kept verdict
    /// of pinned never leaves).
    private func pinVerdictFromMemo(_ u: Int, _ l: LocalListTables) -> UInt8 {
        let p = Int(l.columnPosition[u])
        guard l.isBasic[u], p >= 0 else { return BlockLocalScratch.notPinned }
        let t = Int(l.pivots[p].row)
        guard l.level[t] == 0, l.kind[t] == .equal else { return BlockLocalScratch.notPinned }
        var undecided = false
        for k in l.rowStart[t]..<l.rowStart[t + 1] where Int(l.termVariable[k]) != u {
            let state = localBuffers.pinState[Int(l.termVariable[k])]
            if state == BlockLocalScratch.notPinned { return state }
            if state == 0 { undecided = true }
        }
        return undecided ? 0 : BlockLocalScratch.pinned
    }
}
