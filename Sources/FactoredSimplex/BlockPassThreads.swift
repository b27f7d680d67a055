import LayoutModel

/// The pass over the listed blocks (BlockLocalPass.swift) on two threads when it is
/// long. A block's local simplex reads the solver's arrays and writes only its own
/// workspace and, at its write-back, its own rows, its own unknowns and the loose
/// rows that read them (a loose row reads one block at most; the unknowns it reads
/// outside the block are pinned, which no block writes). So the blocks of two halves
/// of the list can run at once, each half in its own workspace, writing its changed
/// unknowns and its rows left negative from its own place in the lists; the second
/// half's are moved after the first's, so the lists come out in the order one thread
/// writes them. Toggle-100000's swap frame re-optimises 33,333 blocks, two thirds
/// of its instructions.
///
/// A share stops re-optimising at its own first failure (the blocks after it in the
/// share get their values only), so after a failure a block of the second half may
/// be re-optimised where one thread would only have solved its values: either way the
/// basis left is primal feasible and the caller prices and finishes from it.
enum BlockPassThreads {
    /// Workspaces per solver: the most shares a pass is split into.
    static let count = 2

    /// Below this many blocks the pass runs on the calling thread alone: the helper
    /// starts 30-55 µs after it is woken (measured here), what a hundred of toggle's
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

/// The second share's job, handed to the helper thread (`HelperThread`, which takes
/// a C function and a pointer): the workspace and the blocks it runs, the tables,
/// where its tally goes, and its result.
struct ShareJob {
    var workspace: BlockWorkspace
    var listed: Range<Int>
    var blocks: UnsafeBufferPointer<Int32>
    var reoptimise: Bool
    var looseStart: UnsafeMutablePointer<Int32>
    var tables: LocalBlockTables
    var tally: UnsafeMutablePointer<LocalBlockTally>
    var result = false

    static let run: HelperThread.Job = { raw in
        let job = raw.assumingMemoryBound(to: ShareJob.self)
        job.pointee.result = job.pointee.workspace.runShare(
            job.pointee.listed, of: job.pointee.blocks, reoptimise: job.pointee.reoptimise,
            looseStart: job.pointee.looseStart, job.pointee.tables, &job.pointee.tally.pointee)
    }
}

extension LocalBlockBuffers {
    /// How many shares a pass over `blocks` blocks is split into.
    func shares(ofBlocks blocks: Int) -> Int {
        helper != nil && splitsLongPasses && blocks >= BlockPassThreads.minimumBlocksToSplit ? 2 : 1
    }

    /// Runs listed blocks `0..<split` on this thread and, when `split < count`, blocks
    /// `split..<count` on the helper at the same time, each share in its own workspace
    /// and with its own tally. True when both shares re-optimised every block.
    func runShares(
        split: Int, count: Int, of blocks: UnsafeBufferPointer<Int32>, reoptimise: Bool, _ t: LocalBlockTables
    ) -> Bool {
        guard split < count, let helper else {
            return workspaces[0].runShare(0..<split, of: blocks, reoptimise: reoptimise, looseStart: looseStart, t, &tallies[0])
        }
        shareJob.initialize(to: ShareJob(
            workspace: workspaces[1], listed: split..<count, blocks: blocks, reoptimise: reoptimise,
            looseStart: looseStart, tables: t, tally: tallies + 1))
        splitPasses += 1
        helper.start(ShareJob.run, context: UnsafeMutableRawPointer(shareJob))
        let first = workspaces[0].runShare(0..<split, of: blocks, reoptimise: reoptimise, looseStart: looseStart, t, &tallies[0])
        helper.waitForJob()
        return first && shareJob.pointee.result
    }
}

extension BlockWorkspace {
    /// Runs the listed blocks `listed` (indices into `blocks`, their loose rows from
    /// `LocalBlockBuffers.looseStart`): re-optimised while each one's local simplex
    /// succeeds, then their values only. True when every one was re-optimised.
    func runShare(
        _ listed: Range<Int>, of blocks: UnsafeBufferPointer<Int32>, reoptimise: Bool,
        looseStart: UnsafeMutablePointer<Int32>, _ t: LocalBlockTables, _ tally: inout LocalBlockTally
    ) -> Bool {
        // A local tally, stored once at the end: the two shares' tallies sit side by side,
        // and a store to one per block made both threads wait on the line they share.
        var local = tally
        defer { tally = local }
        var m = listed.lowerBound
        while reoptimise, m < listed.upperBound {
            let loose = Int(looseStart[m])..<Int(looseStart[m + 1])
            guard reoptimiseBlock(Int(blocks[m]), loose: loose, t, &local) else { break }
            m += 1
        }
        let reoptimised = m == listed.upperBound
        while m < listed.upperBound {
            solveBlockValuesOnly(Int(blocks[m]), loose: Int(looseStart[m])..<Int(looseStart[m + 1]), t, &local)
            m += 1
        }
        return reoptimise && reoptimised
    }
}
