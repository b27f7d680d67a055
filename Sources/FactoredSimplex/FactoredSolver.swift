import LayoutModel

/// The problem and its basis. Every row `i` reads `a_i·x + pos_i - neg_i = b_i`
/// with `pos_i, neg_i >= 0` and the unknowns `x` free. An equality's `pos` and
/// `neg` are its two errors; an inequality `≤` has `pos` as its slack (no cost) and
/// `neg` as its error, `≥` the other way round. A required row's errors cost at
/// level 0, an optional row's at its priority's level; levels compare
/// lexicographically, never as weights. A basis is a set of tight rows `T`
/// (both own columns non-basic) and as many basic unknowns; every other row has
/// exactly one of its own columns basic. So the basis matrix is `A_T` over the
/// basic unknowns, bordered by unit columns, and only `A_T` is factored.
///
/// The state is a few value types, each declared in its own file and mutated in
/// place through its property here (`basis.x[v] = value`; never copied out, changed
/// and stored back, which would copy its arrays).
///
/// Every stored `var` is `@exclusivity(unchecked)`. Swift checks each access to
/// a class's stored property at run time (about 80 instructions through the
/// runtime's thread-local access set), which was half of a small frame and of a
/// large build. The check tracks a state struct as one property, so it would also
/// report what the solver does on purpose, one field written in place (a buffer
/// of `basis.x`) while another is read (`basis.isBasic`), as a conflict. The solver
/// runs on its caller's thread (a helper takes chunks of a long block pass too,
/// through raw buffers only: BlockPassThreads.swift) and no access to a field
/// overlaps another to the same field, so the check can only cost, never catch.
public final class FactoredSolver {
    /// The problem, fixed at load (Problem.swift). A constant: reading a `let`
    /// property needs no exclusivity check, a `var` one does.
    let problem: Problem

    /// Each row's right-hand side and level, and the levels (RowSettings.swift).
    @exclusivity(unchecked) var settings: RowSettings
    /// Which rows are in force and tight, which unknowns basic, and the values (Basis.swift).
    @exclusivity(unchecked) var basis: Basis
    /// The factor of the basis and the frame program, and whether they are current
    /// (FactorValidity.swift). Constants, as `problem`: see there.
    let factor: BasisFactor
    let program = ForwardProgram()
    @exclusivity(unchecked) var factorValidity = FactorValidity()
    /// The duals and what is known of them (PricingCache.swift).
    @exclusivity(unchecked) var prices: PricingCache
    /// The frame path's marks (FramePathMarks.swift) and the scratch of the pivots,
    /// the dual simplex and the factor's local updates (Scratch.swift).
    @exclusivity(unchecked) var framePath: FramePathMarks
    @exclusivity(unchecked) var roundScratch: PivotRoundScratch
    @exclusivity(unchecked) var dualScratch: DualSimplexScratch
    @exclusivity(unchecked) var localScratch: LocalUpdateScratch
    /// The scratch of re-optimising blocks on their own (LocalBlockBuffers.swift).
    @exclusivity(unchecked) var blockLocal: BlockLocalScratch
    let localBuffers: LocalBlockBuffers
    /// The blocks' listings and pinned verdicts, kept while the structure stands (BlockListings.swift).
    let listings: BlockListings
    @exclusivity(unchecked) var statistics = SolveStatistics()
    /// `statistics.pivots` when the current solve began, and what it may add (Simplex.swift).
    @exclusivity(unchecked) var pivotsAtSolveStart = 0
    @exclusivity(unchecked) var pivotBudget: Int
    /// The sizes of the bump's independent blocks, as factored now (a test hook).
    public var factorBlockSizes: [Int] {
        ensureFactor()
        return (0..<(factor.blockStart.count - 1)).filter { !factor.blockDead[$0] }.map {
            factor.blockStart[$0 + 1] - factor.blockStart[$0]
        }
    }
    /// Full pricings so far (every level's duals from scratch): what a frame that
    /// only flips a loose row avoids (DualUpdate.swift).
    @exclusivity(unchecked) public internal(set) var pricings = 0
    /// Solves that re-optimised blocks on their own instead of pricing (a test hook, BlockReoptimisation.swift).
    @exclusivity(unchecked) public internal(set) var blockReoptimisations = 0
    /// Blocks given to a copy of the local simplex for their size, whether or not it
    /// succeeded (a test hook: `LocalBlockSize`, `LocalBlockBuffers.specialisesSizes`).
    @exclusivity(unchecked) public internal(set) var blocksOnSizeCopies = 0
    /// Refactorisations of the basis (a test hook: what in-place changes avoid).
    @exclusivity(unchecked) public internal(set) var refactorisations = 0
    /// Structural pivots absorbed by a local update of the factor (LocalFactorUpdate.swift).
    @exclusivity(unchecked) public internal(set) var localUpdates = 0
    /// Local updates that found the room for holes used up and re-factored to compact them.
    @exclusivity(unchecked) public internal(set) var compactions = 0


    init(variableCount: Int, rows: [(terms: [LinearTerm], kind: RowKind, name: String)], priorities: [Double]) {
        problem = Problem(variableCount: variableCount, rows: rows)
        let rowCount = rows.count
        // Far more pivots than a correct solve takes (a frame's few crossings, a build's one per
        // row the crash guessed wrong): reaching it means rounding made the simplex cycle. The
        // primal simplex checks it after each round; the dual simplex has its own, smaller, limit.
        pivotBudget = simplexPivotBudget(rows: rows.count, columns: variableCount)
        settings = RowSettings(rowCount: rowCount, priorities: priorities)
        basis = Basis(rowCount: rowCount, variableCount: variableCount)
        factor = BasisFactor(rowCount: rowCount, variableCount: variableCount)
        prices = PricingCache(rowCount: rowCount, variableCount: variableCount, levelCount: settings.levelCount)
        framePath = FramePathMarks(rowCount: rowCount, variableCount: variableCount)
        roundScratch = PivotRoundScratch(rowCount: rowCount, variableCount: variableCount)
        dualScratch = DualSimplexScratch(rowCount: rowCount, variableCount: variableCount, levelCount: settings.levelCount)
        localScratch = LocalUpdateScratch(rowCount: rowCount, variableCount: variableCount)
        blockLocal = BlockLocalScratch(rowCount: rowCount, variableCount: variableCount)
        localBuffers = LocalBlockBuffers(
            rowCount: rowCount, blockCount: rowCount + BasisFactor.localRoom(rowCount) + 1, variableCount: variableCount,
            termCount: problem.termVariable.count)
        listings = BlockListings(blockCapacity: rowCount + BasisFactor.localRoom(rowCount) + 1, rowCapacity: rowCount)
    }

    func levelFor(_ priority: Double) -> Int32 { settings.level(of: min(priority, 1000)) }

    /// Whether `pos` / `neg` of row `r` carries a cost (at the row's level).
    @inline(__always) func positiveCosts(_ r: Int) -> Bool { kind[r] != .lessThanOrEqual }
    @inline(__always) func negativeCosts(_ r: Int) -> Bool { kind[r] != .greaterThanOrEqual }

    func ensureFactor() {
        guard !factorValidity.isValid else { return }
        // Local lets and a local list: class-property access per row costs an exclusivity check.
        var tight: [Int32] = []
        swap(&tight, &basis.tightRows)
        tight.removeAll(keepingCapacity: true)
        let inForce = self.basis.inForce, isTight = self.basis.isTight
        basis.tightSlot.withUnsafeMutableBufferPointer { slot in
            for r in 0..<rowCount where inForce[r] && isTight[r] {
                slot[r] = Int32(tight.count)
                tight.append(Int32(r))
            }
        }
        swap(&tight, &basis.tightRows)
        let ok = factor.factor(self, tight: basis.tightRows, basic: basis.isBasic)
        refactorisations += 1
        factorValidity.generation += 1
        noteStructureChange()
        precondition(ok, "factored simplex: singular basis")
        factorValidity.isValid = true
        basis.requiredLoose = hasLooseRequiredRow()
    }

    // MARK: values

    /// x_B = A_T⁻¹ (b_T - A_T,N x_N), then every other row's basic own column.
    func computeValues() {
        ensureFactor()
        factorValidity.valueEpoch += 1
        RawInsertion.clear(flags: &framePath.isDirty, list: &framePath.dirtyRows)
        // Local lets: a class property read per element costs an exclusivity check.
        let rowStart = self.rowStart, termVariable = self.termVariable, termCoefficient = self.termCoefficient
        let isBasic = self.basis.isBasic, rhs = self.settings.rhs, inForce = self.basis.inForce, isTight = self.basis.isTight
        let positiveBasic = self.basis.positiveBasic, tightRows = self.basis.tightRows
        roundScratch.rowScratch.withUnsafeMutableBufferPointer { b in
        basis.x.withUnsafeMutableBufferPointer { xs in
        basis.ownValue.withUnsafeMutableBufferPointer { own in
            for r32 in tightRows {
                let r = Int(r32)
                var s = rhs[r]
                for k in rowStart[r]..<rowStart[r + 1] {
                    let v = Int(termVariable[k])
                    if !isBasic[v] { s -= termCoefficient[k] * xs[v] }
                }
                b[r] = s
            }
            factor.solve(self, rhs: b, x: xs, basic: isBasic)
            for r in 0..<rowCount where inForce[r] && !isTight[r] {
                var activity = 0.0
                for k in rowStart[r]..<rowStart[r + 1] { activity += termCoefficient[k] * xs[Int(termVariable[k])] }
                let residual = rhs[r] - activity
                own[r] = positiveBasic[r] ? residual : -residual
            }
        }}}
        statistics.variablesUpdated += tightRows.count
    }

    /// The tolerance for "a basic column is negative" (or, for a required row, positive)
    /// at row `r`: relative to the largest of 1, the row's constant and its terms at the
    /// current values, since its own column is their difference. A link between two
    /// views near the ±1e9 limit has a constant of a few points and terms of 1e9, whose
    /// round-off (1.2e-7 a unit in the last place) the constant alone would call a
    /// violation. The frame path's scans test against the constant alone first
    /// (`constantTolerance`), and this one only for the rows that fail it.
    func feasibilityTolerance(_ r: Int) -> Double {
        var scale = max(1, abs(settings.rhs[r]))
        for k in rowStart[r]..<rowStart[r + 1] { scale = max(scale, abs(termCoefficient[k] * basis.x[Int(termVariable[k])])) }
        return Tolerance.feasibility * scale
    }

    /// The quick tolerance for row `r`: relative to its constant alone, so never looser
    /// than `feasibilityTolerance`.
    @inline(__always) func constantTolerance(_ r: Int) -> Double { Tolerance.feasibility * max(1, abs(settings.rhs[r])) }

    /// Whether loose row `r`'s basic own column is negative beyond round-off: the quick
    /// test, then `feasibilityTolerance`.
    @inline(__always) func ownColumnIsNegative(_ r: Int) -> Bool {
        let own = basis.ownValue[r]
        return own < -constantTolerance(r) && own < -feasibilityTolerance(r)
    }

    /// Whether loose row `r`'s basic own column is positive beyond round-off (for a
    /// required row: violated), tested as `ownColumnIsNegative` tests.
    @inline(__always) func ownColumnIsPositive(_ r: Int) -> Bool {
        let own = basis.ownValue[r]
        return own > constantTolerance(r) && own > feasibilityTolerance(r)
    }

    /// Total violation at level 0 (required rows): zero when the required rows hold.
    func requiredViolation() -> Double {
        // No required row loose, none violated: skips the scan of every row.
        guard basis.requiredLoose else { return 0 }
        // The quick test in the scan, which runs at most solves; the rows it finds
        // violated are judged again against their terms' size (rare).
        let scan = scanLooseRequiredRows(beyondRoundOff: false)
        // The flag is set by whatever may loosen a required row and cleared by a
        // refactorisation; the scan just saw the truth (churn adds required rows that
        // a pivot tightens, and takes no refactorisation for the flag to clear).
        basis.requiredLoose = scan.anyLoose
        return scan.violation > 0 ? scanLooseRequiredRows(beyondRoundOff: true).violation : 0
    }

    /// The loose required rows' violation, each row judged by the quick test
    /// (`constantTolerance`) or, `beyondRoundOff`, by `ownColumnIsPositive` too; and
    /// whether any required row is loose. Inlined, so the quick scan carries no call.
    @inline(__always) private func scanLooseRequiredRows(beyondRoundOff: Bool) -> (violation: Double, anyLoose: Bool) {
        var violation = 0.0
        var anyLoose = false
        for r in 0..<rowCount where basis.inForce[r] && !basis.isTight[r] && settings.level[r] == 0 {
            anyLoose = true
            let costs = basis.positiveBasic[r] ? positiveCosts(r) : negativeCosts(r)
            guard costs, basis.ownValue[r] > constantTolerance(r) else { continue }
            if !beyondRoundOff || ownColumnIsPositive(r) { violation += basis.ownValue[r] }
        }
        return (violation, anyLoose)
    }
}
