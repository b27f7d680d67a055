import LayoutModel

/// A frame's list for the pass over blocks (BlockLocalSimplex.swift is the simplex
/// it runs): the blocks the frame's cost changes reach, and how many of them the
/// propagation skipped.
struct BlockLocalScratch {
    static let pinned: UInt8 = 1
    static let notPinned: UInt8 = 2

    /// The blocks a frame's cost changes reach.
    var blocks: MarkedIndices
    /// How many of `blocks` (the first ones) the propagation skipped: their values
    /// are the local pass's to solve. 0 when none was listed before the propagation.
    var deferred = 0

    init(rowCount: Int, variableCount: Int) {
        blocks = MarkedIndices(count: rowCount + BasisFactor.localRoom(rowCount) + 1)
    }
}

/// The raw buffers of the block pass and its listing, allocated once per solver: the
/// kept rows before each listed block, the memo of `isPinned`, the workspaces of the
/// blocks' local simplexes (BlockWorkspace.swift), one per thread of the pass, and a
/// split pass's helper thread and chunks (BlockPassThreads.swift).
final class LocalBlockBuffers {
    /// Loose rows one block may have: more sends the frame to the global simplex.
    static let looseRowLimit = 64
    static let slotLimit = FactoredSolver.inPlaceBlockLimit + looseRowLimit

    /// Per listed block (by its index in the list): how many rows the blocks before it
    /// keep (BlockListings.swift), tight and loose, a bound on the loose rows they may
    /// leave negative (a split pass's chunk lists its own from there on).
    let keptBefore: UnsafeMutablePointer<Int32>
    /// `isPinned`'s memo per unknown (0: not known yet), the unknowns it decided (to
    /// clear it), and its stack (a push per term at most).
    let pinState: UnsafeMutablePointer<UInt8>
    let pinVisited: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) var pinVisitedCount = 0
    let pinStack: UnsafeMutablePointer<Int32>
    /// The pass's threads' workspaces.
    let workspaces: [BlockWorkspace]
    /// The thread that takes chunks of a split pass beside the caller, and its job's room
    /// (BlockPassThreads.swift); nil in a solver too small to split a pass.
    let helper: HelperThread?
    let chunkJob: UnsafeMutablePointer<ChunkJob>
    /// Per chunk of a split pass: its tally (set up with where its lists start), where
    /// its changed unknowns start (after the listed blocks' columns before it), and
    /// whether it re-optimised every block. Room for every chunk when there is a helper.
    let chunkTallies: UnsafeMutablePointer<LocalBlockTally>
    let chunkChangedStart: UnsafeMutablePointer<Int>
    let chunkDone: UnsafeMutablePointer<Bool>
    /// Whether blocks of three unknowns take the local simplex's copies for their size
    /// (`LocalBlockSize`; a test hook: tests compare them with the general copy).
    @exclusivity(unchecked) var specialisesSizes = true
    /// Whether long passes are split, the block pass's and the read's comparison of every
    /// view (ViewComparison.swift) alike (a test hook: tests compare both ways), and how
    /// many block passes were.
    @exclusivity(unchecked) var splitsLongPasses = true
    @exclusivity(unchecked) var splitPasses = 0
    /// A test hook: the listed block at this index in a pass fails its local simplex (-1: none).
    @exclusivity(unchecked) var failsListedBlock = -1

    init(rowCount: Int, blockCount: Int, variableCount: Int, termCount: Int) {
        keptBefore = .allocate(capacity: blockCount + 1)
        pinState = .allocate(capacity: max(variableCount, 1))
        pinState.initialize(repeating: 0, count: max(variableCount, 1))
        pinVisited = .allocate(capacity: max(variableCount, 1))
        pinStack = .allocate(capacity: termCount + 1)
        workspaces = (0..<BlockPassThreads.count).map { _ in BlockWorkspace() }
        helper = BlockPassThreads.mayNeedHelper(rowCount: rowCount) ? HelperThread() : nil
        chunkJob = .allocate(capacity: 1)
        let chunks = helper == nil ? 1 : blockCount / BlockPassThreads.chunkSize + 1
        chunkTallies = .allocate(capacity: chunks)
        chunkTallies.initialize(repeating: LocalBlockTally(changed: 0), count: chunks)
        chunkChangedStart = .allocate(capacity: chunks)
        chunkDone = .allocate(capacity: chunks)
    }

    deinit {
        for p in [keptBefore, pinVisited, pinStack] { p.deallocate() }
        pinState.deallocate()
        for w in workspaces { w.deallocate() }
        chunkJob.deallocate()
        chunkTallies.deallocate()
        chunkChangedStart.deallocate()
        chunkDone.deallocate()
    }
}
