/// A tight row taken out, held back for one op.
///
/// Taking a tight row out of force costs a refactorisation (its unknown leaves the
/// basis); putting in a row on the same terms right after costs another. When the
/// next op puts in such a row, it takes the old row's place instead
/// (RowReplacement.swift). So `takeOutRow` only notes a tight row in
/// `heldRemoval` (the row stays in force and tight), and the next op decides:
/// `replacementSlot(for:)` hands it to an activation that can take its place, and
/// anything else takes it out for good first with `settleHeldRemoval()`.
extension FactoredSolver {
    /// Takes row `r` out of force: a loose row at once, a tight one held back.
    func takeOutRow(_ r: Int) {
        if isTightRow(r) {
            basis.heldRemoval = r
        } else {
            removeRow(r)
        }
    }

    var hasHeldRemoval: Bool { basis.heldRemoval >= 0 }

    /// Takes the row held back out for good (nothing when none is).
    func settleHeldRemoval() {
        guard basis.heldRemoval >= 0 else { return }
        let t = basis.heldRemoval
        basis.heldRemoval = -1
        removeRow(t)
    }

    /// Row `r`, held back, is put back in force before the solve: it simply stays.
    func keepHeldRow(_ r: Int) {
        if r == basis.heldRemoval { basis.heldRemoval = -1 }
    }

    /// Row `r`, not in force, is about to be put in. Returns the row held back when
    /// `r` can take its place (`replaceRow`), no longer held; otherwise takes the row
    /// held back out for good and returns nil.
    func replacementSlot(for r: Int) -> Int? {
        guard basis.heldRemoval >= 0 else { return nil }
        let t = basis.heldRemoval
        basis.heldRemoval = -1
        if canReplace(t, with: r) { return t }
        removeRow(t)
        return nil
    }
}
