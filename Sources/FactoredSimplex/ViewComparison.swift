import LayoutModel

/// The deferred read's pass over every view (`comparePublished`,
/// FactoredBackend+ReadBack.swift), on two threads in a large layout. Each view is
/// compared, copied and listed on its own, so the views are cut in chunks that the
/// calling thread and the solver's helper thread take in turn (as the block pass's
/// chunks are, BlockPassThreads.swift). Each chunk lists the views that moved from
/// its own first view's place in the list, which has room for every view, and the
/// chunks' lists are moved down to follow each other in chunk order: the list comes
/// out in view order, as one thread makes it. The pass is bound by memory traffic
/// (it reads two copies of every value, toggle-100000's swap: 1.3 ms of 11), which
/// two cores share out better than one core alone.
struct ViewComparison {
    let x: UnsafePointer<Double>
    let published: UnsafeMutablePointer<Double>
    let buffer: UnsafeMutablePointer<Double>?
    let flags: UnsafeMutablePointer<Bool>
    let list: UnsafeMutablePointer<Int32>
    /// Per chunk: how many views it listed.
    let chunkListed: UnsafeMutablePointer<Int>
    let viewCount: Int
    /// Whether views were pending before the pass (their flags set): they are listed where they fall.
    let hadPending: Bool
    unowned(unsafe) let helper: HelperThread?

    /// Views a chunk holds: 8,192 views take about 0.1 ms here; taking one costs a lock.
    static let chunkViews = 8_192
    /// Below this many views the pass runs on the calling thread alone (the helper starts 20-55 µs after it is woken).
    static let minimumViews = 65_536

    static func chunkCount(ofViews views: Int) -> Int { (views + chunkViews - 1) / chunkViews }

    /// Whether a layout of `views` views splits its pass (given a helper thread).
    static func splits(views: Int) -> Bool { views >= minimumViews }

    /// Compares, copies and lists every view; returns how many were listed. The caller
    /// decides the split (`splits(views:)`): it gives a helper only to a split pass.
    func run() -> Int {
        guard let helper else { return compare(0..<viewCount) }
        var job = self
        withUnsafeMutablePointer(to: &job) { job in
            helper.start(Self.runOnHelper, context: UnsafeMutableRawPointer(job))
            job.pointee.takeChunks(helper)
            helper.waitForJob()
        }
        var listed = chunkListed[0]
        for c in 1..<Self.chunkCount(ofViews: viewCount) {
            let from = list + c * Self.chunkViews
            (list + listed).update(from: from, count: chunkListed[c])
            listed += chunkListed[c]
        }
        return listed
    }

    static let runOnHelper: HelperThread.Job = { raw in
        let job = raw.assumingMemoryBound(to: ViewComparison.self).pointee
        job.takeChunks(job.helper!)
    }

    /// Takes chunks until none is left.
    private func takeChunks(_ helper: HelperThread) {
        while true {
            let c = helper.nextTicket()
            let first = c * Self.chunkViews
            guard first < viewCount else { return }
            chunkListed[c] = compare(first..<min(viewCount, first + Self.chunkViews))
        }
    }

    /// Compares each view of `views` with the solver's values, copies those that moved
    /// (and those pending from before) into `published` and `buffer`, clears their
    /// flags, and lists them from `list[views.lowerBound]` on. Returns how many.
    private func compare(_ views: Range<Int>) -> Int {
        let (x, out, flags, hadPending) = (x, published, flags, hadPending)
        var listed = views.lowerBound
        for view in views {
            let b = view &* 4
            let x0 = x[b], x1 = x[b + 1], x2 = x[b + 2], x3 = x[b + 3]
            let moved = out[b] != x0 || out[b + 1] != x1 || out[b + 2] != x2 || out[b + 3] != x3
            guard moved || (hadPending && flags[view]) else { continue }
            if hadPending { flags[view] = false }
            out[b] = x0
            out[b + 1] = x1
            out[b + 2] = x2
            out[b + 3] = x3
            if let buffer {
                buffer[b] = x0
                buffer[b + 1] = x1
                buffer[b + 2] = x2
                buffer[b + 3] = x3
            }
            list[listed] = Int32(view)
            listed += 1
        }
        return listed - views.lowerBound
    }
}
