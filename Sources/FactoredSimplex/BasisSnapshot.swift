/// The basis, kept to put it back when an op is refused. Values are not kept: the
/// restored basis has no valid factor, so the next solve recomputes every value
/// from it (and publishes in full), and nothing reads them before. Keeping them
/// cost a copy of every value and own value in each checked frame (COW: the
/// check's solve writes them), 9 MiB a frame on churn-100000.
struct BasisSnapshot {
    var isTight: [Bool]
    var positiveBasic: [Bool]
    var isBasic: [Bool]
    var basisState: Optimality
}

extension FactoredSolver {
    func snapshot() -> BasisSnapshot {
        BasisSnapshot(isTight: basis.isTight, positiveBasic: basis.positiveBasic, isBasic: basis.isBasic, basisState: basis.optimality)
    }

    /// Puts the basis of `s` back; the factor, values and duals are recomputed at the next solve.
    func restore(_ s: BasisSnapshot) {
        noteStructureChange()
        basis.isTight = s.isTight
        basis.positiveBasic = s.positiveBasic
        basis.isBasic = s.isBasic
        basis.optimality = s.basisState
        dropBatchedSeeds()
        discardPricingNotes()
        forgetLevelChanges()
        prices.state = .stale
        factorValidity.isValid = false
    }

    /// Undoes `replaceRow(t, with: r)` from `s`, a snapshot taken just after it:
    /// `t` is back in force and tight in the place `r` held, and `r` out of force.
    /// The basis is then the one before the replacement.
    func restoreBeforeReplacement(_ s: BasisSnapshot, replaced t: Int, by r: Int) {
        restore(s)  // notes the structure change
        basis.isTight[r] = false
        basis.inForce[r] = false
        basis.isTight[t] = true
        basis.inForce[t] = true
    }
}
