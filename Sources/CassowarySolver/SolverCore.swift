import LayoutModel

/// The tableau of the incremental Cassowary solver: every piece of stored state,
/// declared here and nowhere else. The behaviour lives in extensions by concept:
///
/// - `SolverCore+Slots.swift`: symbol ids and row slots, and the indexes over them;
/// - `SolverCore+Levels.swift`: the lexicographic objective, one level per priority;
/// - `SolverCore+Simplex.swift`: pivots, primal and dual simplex;
/// - `SolverCore+AddRemove.swift`: putting constraints into the tableau and taking them out;
/// - `SolverCore+Journal.swift`: the undo journal that makes a refused change leave no trace;
/// - `SolverCore+ConstantsAndPriorities.swift`: changing constants and priorities in place;
/// - `SolverCore+Values.swift`: reading variable values and ambiguity;
/// - `SolverCore+Invariants.swift`: recomputes every redundant index (debug and test builds).
///
/// Several indexes are redundant (derived from the rows) and kept in step by hand for
/// speed; each is named "index" below, and `checkInvariants()` recomputes them all.
struct SolverCore {
    typealias ConstraintID = Int32

    /// One constraint, in or out of the tableau.
    struct Record {
        var terms: [LinearTerm]
        var relation: Relation
        var constant: Double
        var priority: Double
        /// The symbol whose column records how every row depends on the constant: a
        /// slack (inequality), a dummy (required equality) or the plus error (optional
        /// equality). -1 when out of the tableau or static.
        var marker: Int32 = -1
        /// The optional constraint's other error symbol (the minus error of an equality,
        /// the error of an inequality), or -1.
        var companion: Int32 = -1
        /// The marker's coefficient in the constraint's first row (±1).
        var markerSign: Double = 1
        var inTableau = false
        var isLive = true
        /// A required equality that will never be removed, deactivated or have its
        /// constant changed needs no marker: without its dummy column, rows stay
        /// short (a dummy records how every basic variable depends on its constant,
        /// which makes a 10,000-view stack's rows O(n) long and its build O(n²)).
        var isStatic = false

        /// The error symbols the objective charges for this constraint's violation.
        var errorSymbols: ErrorSymbols {
            guard priority < 1000 else { return ErrorSymbols(first: -1, second: -1) }
            return relation == .equal
                ? ErrorSymbols(first: marker, second: companion) : ErrorSymbols(first: companion, second: -1)
        }
    }

    // Symbols, by symbol id (the first `externalCount` are the variables).
    var kind: [SymbolKind] = []
    var owner: [Int32] = []  // constraint that created the symbol, or -1
    var freeSymbols: [Int32] = []  // recycled ids (kind == .free)
    let externalCount: Int

    // Rows, by slot.
    var rows: [Row] = []
    var basic: [Int32] = []  // basic symbol of each slot, -1 for a free slot
    var freeSlots: [Int32] = []  // index: the slots with basic == -1
    var rowOf: [Int32] = []  // index, by symbol: the slot where it is basic, or -1
    var column: [[Int32]] = []  // index, by symbol: a superset of the slots holding it (lazy)

    // Objective: one level per distinct optional priority, highest first.
    var objective = Objective()
    /// Index: optional constraints in the tableau per priority; a level with none is dropped.
    var levelUse: [Double: Int] = [:]
    /// Whether priority changes wait for `optimizeIfDeferred()` to re-optimise.
    var pendingOptimize = false
    /// Candidates to enter (symbols whose cost changed): a min-heap, and membership.
    var dirtySymbols: [Int32] = []
    var isDirtySymbol: [Bool] = []

    // Constraints, by id.
    var records: [Record] = []
    var freeRecords: [Int32] = []

    // Per-frame bookkeeping.
    var infeasible: [Int32] = []  // slots whose restricted basic may have gone negative
    var touchedRows: [Int32] = []  // slots changed since the last `updateValues`
    var isTouchedRow: [Bool] = []  // index, by slot: membership of `touchedRows`
    var leftBasis: [Int32] = []  // variables that left the basis since the last `updateValues`
    var values: [Double]  // by variable, as of the last `updateValues`
    var changedVariables: [Int32] = []  // moved in `updateValues` since the list was last cleared
    var statistics = SolveStatistics()
    /// Set when a simplex run used up its pivot budget and stopped short of an optimum
    /// (see `pivotLimit()`); the wrapper turns it into `LayoutError.pivotBudgetExceeded`.
    var stalled: (pivots: Int, budget: Int)? = nil
    /// Set when a pivot divided by a coefficient below `SolverTolerance.illConditioned`:
    /// round-off grown over many pivots, which the next pivots can blow up. The back end
    /// then rebuilds the tableau from its constraints (`CassowaryBackend.rebuildIfIllConditioned`).
    var illConditioned = false
    /// The pivot budget of one simplex run: `budgetPerEntry` per live row and symbol,
    /// plus `budgetBase` (tests shrink them to provoke a stall).
    var budgetPerEntry = 64
    var budgetBase = 10_000
    /// Whether a dual run stopped at its budget and waits for `optimizeIfDeferred()`.
    var pendingDual = false

    // Reused buffers.
    var scratchRow = Row()
    var scratchCosts: [(level: Int32, value: Double)] = []
    var visitStamp: [UInt32] = []  // by slot: seen in the column pass numbered `stamp`
    var stamp: UInt32 = 0

    // Undo journal: a refused insert or required setConstant leaves the solver exactly as it was.
    var journaling = false
    var journalRows: [(slot: Int32, row: Row, basic: Int32)] = []
    var journalSlotStamp: [UInt32] = []  // by slot: saved in epoch `journalEpoch`
    var journalEpoch: UInt32 = 0
    var journalLevels: [(level: Int32, symbol: Int32, old: Double)] = []
    var journalNewLevels: [Int32] = []
    var journalNewSymbols: [Int32] = []
    /// Row constants changed in place while journaling: (slot, old constant). Only the
    /// single row of a basic marker goes here; a column shift is undone by shifting back.
    var constantJournal: [(slot: Int32, old: Double)] = []

    init(variableCount: Int) {
        externalCount = variableCount
        values = [Double](repeating: 0, count: variableCount)
        for _ in 0..<variableCount { _ = newSymbol(.external, owner: -1) }
    }

    /// Live symbols and rows: what memory scales with.
    var symbolCount: Int { kind.count - freeSymbols.count }
    var rowCount: Int { rows.count - freeSlots.count }
}
