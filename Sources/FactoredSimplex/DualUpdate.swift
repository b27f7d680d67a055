/// Duals kept current between pricings. A full pricing solves one transposed
/// system per level over every costed row; but after a bound crossing (a loose
/// row swaps its slack for its error, or back) or a pivot that swaps two rows in
/// place, the duals move only upstream of the rows whose status changed. So the
/// change is one transposed solve per level it touches, seeded by those rows'
/// terms (SparsePricing.swift), visiting only the tight rows upstream of them (a
/// path to the root in a tree). Only the columns of the rows whose dual moved can
/// change their reduced cost, so only they, and the candidates a round left, are
/// priced again. A crossing whose re-pricing finds nothing improving ends the frame
/// without a pivot; otherwise the simplex starts from the candidates found.
extension FactoredSolver {
    /// Incremental updates one frame may make: past that many, a frame's batch (toggle
    /// swapping every row's priorities) is cheaper re-optimised block by block
    /// (BlockReoptimisation.swift) or, where that does not apply, priced from scratch. A batch of
    /// priority changes (DualBatch.swift) counts one per change: applied together they
    /// visit fewer rows than one by one, but at 33,333 of them (toggle-100000) the
    /// rows they reach are all of the layout's, which a full pricing visits in order.
    static let dualUpdateLimit = 1024
    /// Incremental updates allowed between two full pricings, so rounding in the
    /// updated duals cannot accumulate over a long run. Each update is an exact
    /// solve with the current factor, so its rounding does not compound: even
    /// added up, 65,536 updates of relative error 1e-16 stay under 1e-11, against the
    /// 1e-9 tolerance. It is large because a refresh prices the whole layout: at
    /// 1,024, one row toggling at 100,000 views took a 56 ms frame every 250 toggles.
    static let dualRefreshInterval = 65_536

    /// Whether `count` more incremental updates may be made to the current duals.
    func mayUpdateDuals(_ count: Int) -> Bool {
        dualsCurrent && prices.updatesSinceRefresh + count <= Self.dualRefreshInterval
            && prices.updatesThisFrame + count <= Self.dualUpdateLimit
    }

    func countDualUpdates(_ count: Int) {
        prices.updatesSinceRefresh += count
        prices.updatesThisFrame += count
    }

    /// The dual a loose row has when its basic own column is as now.
    @inline(__always) func looseDual(_ r: Int) -> Double {
        let costs = basis.positiveBasic[r] ? kind[r] != .lessThanOrEqual : kind[r] != .greaterThanOrEqual
        guard costs else { return 0 }
        return basis.positiveBasic[r] ? 1 : -1
    }

    /// Swaps loose row `r`'s basic own column for its other one (slack for error, or
    /// back) and, when `seeding`, queues the change of its dual. Returns false when the
    /// seed could not be queued.
    func flipOwnColumn(_ r: Int, seeding: Bool) -> Bool {
        let old = looseDual(r)
        basis.positiveBasic[r].toggle()
        basis.ownValue[r] = -basis.ownValue[r]
        let delta = looseDual(r) - old
        guard seeding, delta != 0 else { return true }
        return addDualSeed(row: r, level: settings.level[r], delta)
    }

    /// Flips the rows in `infeasibleRows` and updates the duals for it, then prices
    /// the columns whose duals moved and those noted by cost changes (RowChanges.swift).
    /// Returns whether the basis is still optimal. When it is not and the duals could be
    /// updated, the pricing state is `candidatesListed` and `candidates` lists the improving columns.
    func flipKeepsOptimal() -> Bool {
        var seedsAllowed = mayUpdateDuals(framePath.infeasibleRows.count)
        for r32 in framePath.infeasibleRows {
            let seeded = flipOwnColumn(Int(r32), seeding: seedsAllowed)
            seedsAllowed = seedsAllowed && seeded
        }
        guard seedsAllowed else {
            prices.dualSeeds.removeAll(keepingCapacity: true)
            prices.state.forgetDuals()
            discardPricingNotes()
            return false
        }
        countDualUpdates(framePath.infeasibleRows.count)
        guard applyDualSeeds() else {
            discardPricingNotes()
            return false
        }
        priceChangedDuals()
        if prices.candidates.isEmpty { return true }
        prices.state = .candidatesListed
        return false
    }

    /// After a round's pivots, with the factor of the new basis (swapped in place or
    /// updated locally) and the duals of the old one: the duals of the new basis, and
    /// the improving columns among the round's leftover candidates (already noted by
    /// the caller) and the columns whose duals moved. Returns false (duals not
    /// current, notes cleared) when the update is not the cheap kind.
    func updateDualsAfterRound() -> Bool {
        var ok = mayUpdateDuals(roundScratch.roundPivots.count)
        for pivot in roundScratch.roundPivots where ok {
            switch pivot.entering {
            case let .loosen(t, _): ok = seedDualTarget(of: t, toLoose: true)
            case let .unknown(v, _): ok = seedEnteringUnknown(v)
            }
        }
        if ok {
            countDualUpdates(roundScratch.roundPivots.count)
            ok = applyDualSeeds()
        }
        guard ok else {
            prices.dualSeeds.removeAll(keepingCapacity: true)
            prices.state.forgetDuals()
            prices.pricedUnknowns.removeAll()
            prices.pricedRows.removeAll()
            return false
        }
        for pivot in roundScratch.roundPivots { prices.pricedRows.insert(Int(pivot.leaving)) }
        priceChangedDuals()
        prices.state = .candidatesListed
        return true
    }

    /// Queues the change of row `r`'s duals, at every level it has one, to its loose
    /// cost (`toLoose`: a tight row turned loose, or a row put in force) or to zero
    /// (a row taken out of force). Returns false when too many seeds are queued.
    func seedDualTarget(of r: Int, toLoose: Bool) -> Bool {
        let own = settings.level[r]
        let target = toLoose ? looseDual(r) : 0
        var ok = true
        var sawOwn = false
        var e = Int(prices.duals.head[r])
        while e >= 0, ok {
            let l = prices.duals.level[e]
            if l == own { sawOwn = true }
            let delta = (l == own ? target : 0) - prices.duals.value[e]
            if delta != 0 { ok = addDualSeed(row: r, level: l, delta) }
            e = Int(prices.duals.next[e])
        }
        if ok, !sawOwn, target != 0 { ok = addDualSeed(row: r, level: own, target) }
        return ok
    }

    /// Queues what an unknown entering the basis asks of the duals: its reduced cost
    /// must become zero, so the new tight rows' duals must absorb it (at each level,
    /// the equation for `v` in A_T^T Δy = -A^T y starts at v's reduced cost). Reads the
    /// duals of the basis before the round, so it is queued before any seed is applied.
    func seedEnteringUnknown(_ v: Int) -> Bool {
        gatherColumnDuals(v, times: 1)
        sumTermsByLevel(into: &dualScratch.costLevels, &dualScratch.costValues)
        for i in dualScratch.costLevels.indices where !addDualSeed(unknown: v, level: dualScratch.costLevels[i], dualScratch.costValues[i]) { return false }
        return true
    }

    /// Queues a change `delta` of row `r`'s dual at level `l`. Returns false when
    /// more seeds are queued than a cheap update should have.
    func addDualSeed(row r: Int, level l: Int32, _ delta: Double) -> Bool {
        queueDualSeed(DualSeed(level: l, row: Int32(r), delta: delta))
    }

    /// Queues `amount` on unknown `v`'s entry of the transposed system at level `l`
    /// (a seed with row `-(v + 1)`).
    func addDualSeed(unknown v: Int, level l: Int32, _ amount: Double) -> Bool {
        queueDualSeed(DualSeed(level: l, row: Int32(-(v + 1)), delta: amount))
    }

    private func queueDualSeed(_ seed: DualSeed) -> Bool {
        guard prices.dualSeeds.count < 4 * Self.dualUpdateLimit else { return false }
        prices.dualSeeds.append(seed)
        return true
    }

    /// Applies the queued seeds, one transposed solve per level, noting in
    /// `duals.changed` the rows whose dual moved. Returns false (duals not current)
    /// when a solve would visit more than `budget` positions (by default an eighth
    /// of the factor: past that, pricing from scratch costs about as much).
    func applyDualSeeds(budget: Int? = nil) -> Bool {
        defer {
            prices.dualSeeds.removeAll(keepingCapacity: true)
            prices.duals.tracking = false
        }
        let budget = budget ?? factor.pivots.count / 8 + 64
        groupSeedsByLevel()
        prices.duals.tracking = true
        var i = 0
        while i < prices.dualSeeds.count {
            let l = Int(prices.dualSeeds[i].level)
            while i < prices.dualSeeds.count, Int(prices.dualSeeds[i].level) == l {
                let seed = prices.dualSeeds[i]
                if seed.row >= 0 {
                    seedTransposed(level: l, row: Int(seed.row), dual: seed.delta)
                } else {
                    let v = Int(-seed.row - 1)
                    dualScratch.dualRhs[v] += seed.delta
                    markTransposed(v)
                }
                i += 1
            }
            guard transposedSolve(level: l, budget: budget) else {
                prices.state.forgetDuals()
                prices.duals.clearChanged()
                return false
            }
        }
        return true
    }

    /// Notes for pricing the columns of the rows in `duals.changed` (cleared).
    func noteChangedDuals() {
        for r32 in prices.duals.changed.members { notePriced(row: Int(r32)) }
        prices.duals.clearChanged()
    }

    /// Prices the columns noted so far and those of the rows in `duals.changed` (cleared).
    func priceChangedDuals() {
        noteChangedDuals()
        priceNoted()
    }
}

/// A queued change of one row's dual at one level (ordered by level for `applyDualSeeds`).
struct DualSeed: Comparable {
    var level: Int32
    var row: Int32
    var delta: Double

    static func < (a: DualSeed, b: DualSeed) -> Bool { a.level != b.level ? a.level < b.level : a.row < b.row }
    static func == (a: DualSeed, b: DualSeed) -> Bool { a.level == b.level && a.row == b.row }
}
