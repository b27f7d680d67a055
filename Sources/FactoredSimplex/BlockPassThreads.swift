import LayoutModel

/// The pass over the listed blocks (BlockLocalPass.swift) on two threads when it is
/// long. A block's local simplex reads the solver's arrays and writes only its own
/// workspace and, at its write-back, its own rows, its own unknowns and the loose
/// rows that read them (a loose row reads one block at most; the unknowns it reads
/// outside the block are pinned, which no block writes). So blocks can run at once,
/// each thread in its own workspace. The list is cut in chunks of `chunkSize`
/// blocks, which the calling thread and the solver's helper thread (`HelperThread`)
/// take in turn, as each is free: a helper the system starts late, or runs on the
/// caller's core, leaves its chunks to the caller instead of holding it up (halves
/// fixed in advance took 20 ms instead of 11 in some runs, toggle-100000's swap).
/// Each chunk writes its changed unknowns and its rows left negative from its own
/// place in the lists, and the chunks' lists are joined in chunk order, so the lists
/// come out as one thread writes them, whichever thread ran which chunk.
/// Toggle-100000's swap frame re-optimises 33,333 blocks, two thirds of its instructions.
///
/// A chunk stops re-optimising at its own first failure (the blocks after it in the
/// chunk get their values only), so after a failure a later chunk's blocks may be
/// re-optimised where one thread would only have solved their values: either way the
/// basis left is primal feasible and the caller prices and finishes from it (SplitPassTests
/// forces a failure in the middle of a split pass).
enum BlockPassThreads {
    /// Workspaces per solver: one per thread of a pass.
    static let count = 2

    /// Blocks a chunk holds: toggle-100000's swap has 131 chunks of about 80 µs each;
    /// taking one costs a lock.
    static let chunkSize = 256

    /// The chunks of a pass over `blocks` blocks.
    static func chunkCount(ofBlocks blocks: Int) -> Int { (blocks + chunkSize - 1) / chunkSize }

    /// Below this many blocks the pass runs on the calling thread alone: the helper
    /// starts 20-55 µs after it is woken (measured here), what a hundred of toggle's
    /// blocks take (324 ns each, one thread).
    static let minimumBlocksToSplit = 2048

    /// `LAYOUTBENCH_FACTORED_THREADS=1` keeps every pass on the calling thread (to
    /// count a frame's instructions with callgrind, which counts each thread apart;
    /// or to compare); unset, or 2, splits long passes in two. Any other value is a
    /// mistake: `layoutbench` refuses to start (`FactoredBackend.threadSettingProblem`),
    /// a program of its own traps on its first solver of that size.
    static let setting: (enabled: Bool, problem: String?) = {
        let name = "LAYOUTBENCH_FACTORED_THREADS"
        guard let text = Platform.environmentValue(name) else { return (true, nil) }
        switch text {
        case "1": return (false, nil)
        case "2": return (true, nil)
        default: return (true, "the environment variable \(name) must be 1 or 2, got '\(shortenedForMessage(text))'")
        }
    }()

    static var enabled: Bool {
        if let problem = setting.problem { preconditionFailure(problem) }
        return setting.enabled
    }

    /// Whether a solver of `rowCount` rows may split a pass (it has room for enough
    /// blocks), so needs a helper thread.
    static func mayNeedHelper(rowCount: Int) -> Bool {
        enabled && rowCount >= minimumBlocksToSplit
    }
}

extension FactoredBackend {
    /// Why the environment's `LAYOUTBENCH_FACTORED_THREADS` cannot be used (neither
    /// unset, 1 nor 2), for a command to refuse before any work; nil when it can.
    public static var threadSettingProblem: String? { BlockPassThreads.setting.problem }
}

/// The helper's job in a split pass: what it needs to take chunks and run them as
/// the calling thread does (`LocalBlockBuffers.runChunks`).
struct ChunkJob {
    unowned(unsafe) var buffers: LocalBlockBuffers
    var count: Int
    var blocks: UnsafeBufferPointer<Int32>
    var reoptimise: Bool
    var tables: LocalBlockTables

    static let run: HelperThread.Job = { raw in
        let job = raw.assumingMemoryBound(to: ChunkJob.self).pointee
        job.buffers.runChunks(count: job.count, of: job.blocks, reoptimise: job.reoptimise, workspace: 1, job.tables)
    }
}

extension LocalBlockBuffers {
    /// Whether a pass over `blocks` blocks is split between two threads.
    func splits(ofBlocks blocks: Int) -> Bool {
        helper != nil && splitsLongPasses && blocks >= BlockPassThreads.minimumBlocksToSplit
    }

    /// Runs chunks of the listed blocks `0..<count` on this thread and the helper at
    /// once, each chunk into its own tally (`chunkTallies`, set up by the caller with
    /// where its lists start). True when every chunk re-optimised every block.
    func runChunksOnTwoThreads(count: Int, of blocks: UnsafeBufferPointer<Int32>, reoptimise: Bool, _ t: LocalBlockTables) -> Bool {
        let helper = helper!
        splitPasses += 1
        chunkJob.initialize(to: ChunkJob(buffers: self, count: count, blocks: blocks, reoptimise: reoptimise, tables: t))
        helper.start(ChunkJob.run, context: UnsafeMutableRawPointer(chunkJob))
        runChunks(count: count, of: blocks, reoptimise: reoptimise, workspace: 0, t)
        helper.waitForJob()
        for c in 0..<BlockPassThreads.chunkCount(ofBlocks: count) where !chunkDone[c] { return false }
        return true
    }

    /// Takes chunks until none is left, running each in workspace `w`.
    func runChunks(count: Int, of blocks: UnsafeBufferPointer<Int32>, reoptimise: Bool, workspace w: Int, _ t: LocalBlockTables) {
        let size = BlockPassThreads.chunkSize
        let workspace = workspaces[w]
        while true {
            let c = helper!.nextTicket()
            guard c * size < count else { return }
            let listed = (c * size)..<min(count, (c + 1) * size)
            chunkDone[c] = workspace.runShare(listed, of: blocks, reoptimise: reoptimise, failing: failsListedBlock, t, &chunkTallies[c])
        }
    }
}

extension BlockWorkspace {
    /// Runs the listed blocks `listed` (indices into `blocks`): re-optimised while each
    /// one's local simplex succeeds, then their values only. True when every one was
    /// re-optimised. The listed block `failing` (a test hook; -1: none) fails as its
    /// local simplex may.
    func runShare(
        _ listed: Range<Int>, of blocks: UnsafeBufferPointer<Int32>, reoptimise: Bool, failing: Int,
        _ t: LocalBlockTables, _ tally: inout LocalBlockTally
    ) -> Bool {
        // A local tally, stored once at the end: chunks' tallies sit side by side, and a
        // store to one per block would make both threads wait on the line they share.
        var local = tally
        defer { tally = local }
        var m = listed.lowerBound
        while reoptimise, m < listed.upperBound {
            guard m != failing, reoptimiseBlock(Int(blocks[m]), t, &local) else { break }
            m += 1
        }
        let reoptimised = m == listed.upperBound
        while m < listed.upperBound {
            solveBlockValuesOnly(Int(blocks[m]), t, &local)
            m += 1
        }
        return reoptimise && reoptimised
    }
}
