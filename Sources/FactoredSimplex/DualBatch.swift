/// Priority changes batched until the solve. A loose row that changes level moves
/// its dual from one level to the other, which moves the duals upstream of it: one
/// transposed solve per level. Done op by op, a frame that swaps the priorities of
/// many rows (toggle) repeated the solve per row, each visiting the row's path to
/// the root. Queued instead, the changes of a frame are applied together at the
/// solve (or before any op that reads the duals): one transposed solve per level,
/// visiting each upstream row once however many changes reach it. Past the frame's
/// incremental budget (`dualUpdateLimit` changes) the batch is dropped and the solve
/// re-optimises the blocks the changes reach (BlockReoptimisation.swift) or prices
/// from scratch, keeping the values, which no cost change moves.
extension FactoredSolver {
    /// Queues the seeds of one priority change. The queue is never grown in a frame:
    /// when full, the batch so far is applied first.
    func batchDualSeeds(_ first: DualSeed, _ second: DualSeed) {
        if prices.dualSeeds.count + 2 > prices.dualSeeds.capacity { applyBatchedSeeds() }
        // Applying it may have found the basis not optimal (the duals then go).
        guard basisOptimal else { return }
        prices.dualSeeds.append(first)
        prices.dualSeeds.append(second)
        prices.state.notePricingDue()
    }

    /// Applies the queued priority changes to the duals and notes the columns whose
    /// reduced costs may have moved; on failure the basis is no longer known optimal.
    func applyBatchedSeeds() {
        guard !prices.dualSeeds.isEmpty else { return }
        applySeedsForPricing(budget: .max)
    }

    /// Leaves the duals to a full pricing at the solve, with the values current: the
    /// basis stays known optimal for the values' sake (costs move no value), and the
    /// pending pricing makes the solve price every level from scratch.
    func requestFullPricing() {
        // Already so (every later change of the frame comes here): nothing to clear.
        if prices.state == .fullPricingDue, prices.dualSeeds.isEmpty, prices.pricedRows.members.isEmpty, prices.pricedUnknowns.members.isEmpty {
            return
        }
        dropBatchedSeeds()
        discardPricingNotes()
        prices.state = .fullPricingDue
    }

    /// Forgets a batch the duals will not see (they are recomputed instead).
    func dropBatchedSeeds() {
        guard !prices.dualSeeds.isEmpty else { return }
        prices.dualSeeds.removeAll(keepingCapacity: true)
    }

    /// Orders the queued seeds by level (within one level the order does not matter:
    /// each only adds). A heapsort for a few, or when they span many levels; a batch
    /// over a few levels (toggle's two) is grouped in place, one partition pass per
    /// level, linear in the seeds.
    func groupSeedsByLevel() {
        let n = prices.dualSeeds.count
        guard n > Self.seedsSortedByHeap else {
            prices.dualSeeds.withUnsafeMutableBufferPointer { heapSort($0) }
            return
        }
        prices.dualSeeds.withUnsafeMutableBufferPointer { seeds in
            var start = 0
            for _ in 0..<Self.seedLevelsGroupedInPlace {
                guard start < n else { return }
                var lowest = seeds[start].level
                for i in start..<n where seeds[i].level < lowest { lowest = seeds[i].level }
                // Moves the seeds at the lowest level left to the front of what is left.
                for i in start..<n where seeds[i].level == lowest {
                    seeds.swapAt(i, start)
                    start += 1
                }
            }
            if start < n { heapSort(UnsafeMutableBufferPointer(rebasing: seeds[start...])) }
        }
    }

    /// Up to this many seeds, a heapsort orders them.
    static let seedsSortedByHeap = 64
    /// Levels a batch's grouping partitions out one by one before sorting the rest.
    static let seedLevelsGroupedInPlace = 4
}
