/// What the solver knows about its basis and its duals: two small enums in place of
/// a set of flags, `basis.optimality` (Basis.swift) and `prices.state`
/// (PricingCache.swift). The factor's own validity is `factorValidity.isValid`
/// (FactorValidity.swift) and the queued dual changes are `prices.dualSeeds`
/// (DualBatch.swift): a batch is pending exactly when that queue is not empty
/// between ops.
///
/// Transitions are methods, called where the event happens; nothing changes as a
/// side effect of setting a property.

/// Whether the current basis is known optimal. Reduced costs do not depend on the
/// right-hand side, so an optimal basis stays optimal across a frame's constants.
enum Optimality: Equatable {
    /// Not known optimal: the next solve recomputes every value and runs the simplex.
    case notOptimal
    /// Guessed by the crash (Crash.swift) and not solved yet: the first solve may
    /// repair it by dual pivots (Simplex.swift).
    case fromCrash
    /// Optimal for the current costs, its values current when the factor is valid.
    case optimal
}

/// The duals held in `duals` and the pricing the next solve owes.
enum PricingState: Equatable {
    /// The duals are not the current basis's, and no cost changed since the last
    /// pricing: the solve needs none unless it pivots.
    case stale
    /// The duals are not the current basis's and costs changed: the solve prices
    /// every level from scratch.
    case fullPricingDue
    /// The duals are the current basis's (a full pricing kept by incremental
    /// updates, DualUpdate.swift); nothing to price.
    case current
    /// The duals are current (once the batched seeds are applied), and the columns
    /// noted in `pricedRows` and `pricedUnknowns` must be priced at the solve.
    case notedPricingDue
    /// The duals are current and `candidates` lists every improving column: the
    /// primal simplex starts from them without pricing.
    case candidatesListed

    var dualsCurrent: Bool { self == .current || self == .notedPricingDue || self == .candidatesListed }

    /// Whether the next solve must price (from scratch or the noted columns).
    var isDue: Bool { self == .fullPricingDue || self == .notedPricingDue }

    /// The duals no longer match the basis; pricing owed stays owed (in full).
    mutating func forgetDuals() {
        switch self {
        case .current, .candidatesListed: self = .stale
        case .notedPricingDue: self = .fullPricingDue
        case .stale, .fullPricingDue: break
        }
    }

    /// A full pricing computed every level's duals; pricing owed stays owed.
    mutating func dualsComputed() {
        switch self {
        case .stale: self = .current
        case .fullPricingDue: self = .notedPricingDue
        case .current, .notedPricingDue, .candidatesListed: break
        }
    }

    /// A cost changed: the solve must price (the noted columns, when the duals are current).
    mutating func notePricingDue() {
        switch self {
        case .stale: self = .fullPricingDue
        case .current, .candidatesListed: self = .notedPricingDue
        case .fullPricingDue, .notedPricingDue: break
        }
    }

    /// The pricing owed was done, or its notes dropped.
    mutating func pricingDone() {
        switch self {
        case .fullPricingDue: self = .stale
        case .notedPricingDue: self = .current
        case .stale, .current, .candidatesListed: break
        }
    }

    /// The listed candidates were taken (or went out of date); the duals stay.
    mutating func candidatesUsed() {
        if self == .candidatesListed { self = .current }
    }
}

extension FactoredSolver {
    var basisOptimal: Bool { basis.optimality == .optimal }
    var dualsCurrent: Bool { prices.state.dualsCurrent }
    /// Whether ops since the last solve changed costs (RowChanges.swift, DualBatch.swift):
    /// the solve prices the noted columns, or every level when the duals went.
    var pricingPending: Bool { prices.state.isDue }

    /// The basis is no longer known optimal (a row put in or taken out the slow way,
    /// a failed dual update, a failed solve): the duals, the batch and the candidates
    /// go; so do the pricing notes, which are only taken while the basis is optimal.
    func forgetOptimality() {
        let wasOptimal = basis.optimality == .optimal
        if wasOptimal { basis.optimality = .notOptimal }
        dropBatchedSeeds()
        forgetLevelChanges()
        prices.state.forgetDuals()
        if wasOptimal { discardPricingNotes() }
    }
}
