import LayoutModel

/// How the solver's values reach the caller. `published` holds the values as of the
/// last read (or the last solve, when it was published at once), and the views whose
/// values moved since are pending. A solve that moved few unknowns publishes them at
/// once from the solver's changed list. One that moved much of a large layout (a full
/// solve, a window resize) defers: the read then compares every view with the
/// solver's values, and writes `published` and the caller's rectangles in the same
/// pass. Publishing then reading would copy each value twice and read `published`
/// twice: at a million views the read-back was a fifth of a frame, and memory
/// traffic, not arithmetic, bounds a frame there.
extension FactoredBackend {
    /// Notes what the last solve moved: publishes it from the solver's changed list, or
    /// defers to the read. Raw buffers: an array property's uniqueness and bounds checks
    /// per element would cost more than the copy.
    func publish() {
        // A deferred comparison of every view covers this solve too.
        guard !publishDeferred else { return }
        let changed = solver.framePath.changedVariables
        let unknowns = published.count
        // Small layouts stay in cache: there the list is cheaper (CI guard, stack-200: +7%).
        guard solver.framePath.lastSolveWasSparse && (unknowns < 4 * 4096 || changed.count < unknowns / 8) else {
            publishDeferred = true
            return
        }
        var pendingCount = pendingViews.count
        pendingViews.storage.withUnsafeMutableBufferPointer { list in
        isPending.withUnsafeMutableBufferPointer { flags in
        published.withUnsafeMutableBufferPointer { out in
        solver.basis.x.withUnsafeBufferPointer { x in
        changed.storage.withUnsafeBufferPointer { changed32 in
            for i in 0..<changed.count {
                let v = Int(changed32[i])
                out[v] = x[v]
                let view = v >> 2
                guard !flags[view] else { continue }
                flags[view] = true
                list[pendingCount] = Int32(view)
                pendingCount += 1
            }
        }}}}}
        pendingViews.count = pendingCount
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        if publishDeferred { comparePublished(into: nil) }
        for i in 0..<min(published.count, buffer.count) { buffer[i] = published[i] }
        for view in pendingViews.members { isPending[Int(view)] = false }
        pendingViews.removeAll()
    }

    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        if publishDeferred {
            comparePublished(into: buffer)
        } else {
            published.withUnsafeBufferPointer { values in
            isPending.withUnsafeMutableBufferPointer { flags in
            pendingViews.members.withUnsafeBufferPointer { views in
                for view32 in views {
                    let base = Int(view32) &* 4
                    buffer[base] = values[base]
                    buffer[base + 1] = values[base + 1]
                    buffer[base + 2] = values[base + 2]
                    buffer[base + 3] = values[base + 3]
                    flags[Int(view32)] = false
                }
            }}}
        }
        out.append(contentsOf: pendingViews.members)
        pendingViews.removeAll()
    }

    /// The deferred publish, as the read's first half: one pass in view order compares
    /// each view's values with the solver's, copies those that moved into `published`
    /// (and into `buffer`, when given), and lists them, by increasing view, so whoever
    /// reads them walks memory forward. Views pending from before are listed (and
    /// written) in the same order. Every listed view's flag is left clear: the caller
    /// consumes the list. A large layout's pass runs on two threads (ViewComparison.swift).
    func comparePublished(into buffer: UnsafeMutableBufferPointer<Double>?) {
        publishDeferred = false
        // Their flags are set: the pass lists them where they fall.
        let hadPending = pendingViews.count > 0
        let viewCount = published.count / 4
        let splits = ViewComparison.splits(views: viewCount) && solver.localBuffers.splitsLongPasses
        let helper = splits ? solver.localBuffers.helper : nil
        if helper != nil { splitComparisons += 1 }
        var listed = 0
        // The list has room for every view (see init).
        pendingViews.storage.withUnsafeMutableBufferPointer { list in
        isPending.withUnsafeMutableBufferPointer { flags in
        published.withUnsafeMutableBufferPointer { out in
        solver.basis.x.withUnsafeBufferPointer { x in
        comparisonChunks.withUnsafeMutableBufferPointer { chunkListed in
            listed = ViewComparison(
                x: x.baseAddress!, published: out.baseAddress!, buffer: buffer?.baseAddress, flags: flags.baseAddress!,
                list: list.baseAddress!, chunkListed: chunkListed.baseAddress!, viewCount: viewCount,
                hadPending: hadPending, helper: helper
            ).run()
        }}}}}
        pendingViews.count = listed
    }
}
