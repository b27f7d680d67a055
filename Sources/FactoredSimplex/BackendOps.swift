/// The ops the back end calls. `FactoredBackend` (and anything else outside the
/// solver's own extensions) changes the solver only through these methods and
/// those of RowChanges.swift (`addRow`, `removeRow`), RowReplacement.swift
/// (`canReplace`, `replaceRow`) and BasisSnapshot.swift: never by writing a stored
/// property. Each method keeps the derived state (dirty rows, duals, pricing
/// notes, the loose-required flag) in step with what it writes, which a write from
/// outside could not. Swift has no access level narrower than the module that
/// spans several files, so the rule is kept by review: `grep -n 'solver\.[a-zA-Z]*\[.*\] *='`
/// finds nothing outside the solver.
extension FactoredSolver {
    /// Gives row `r`, not in force, its constant and priority before it is put in
    /// force (the scene's constraints at load, an edit when it is declared).
    func defineRow(_ r: Int, constant: Double, priority: Double) {
        precondition(!basis.inForce[r], "factored simplex: row \(names[r]) is redefined while in force")
        settings.rhs[r] = constant
        settings.level[r] = levelFor(priority)
    }

    /// Row `r`'s right-hand side: an edit's suggested value or a constraint's
    /// constant. The basis stays; the next solve propagates the change.
    func setConstant(_ r: Int, _ value: Double) {
        settings.rhs[r] = value
        markChanged(r)
    }

    func constant(of r: Int) -> Double { settings.rhs[r] }

    /// Moves row `r`'s costs to `priority`'s level.
    func setPriority(_ r: Int, _ priority: Double) {
        setLevel(r, levelFor(priority))
    }

    /// Whether row `r` is required (its errors cost at level 0).
    func isRequired(_ r: Int) -> Bool { settings.level[r] == 0 }

    func isInForce(_ r: Int) -> Bool { basis.inForce[r] }

    func isTightRow(_ r: Int) -> Bool { basis.inForce[r] && basis.isTight[r] }

    /// Whether a new constant of row `r` can leave the required rows conflicting, so
    /// the op must be checked by a solve: `r` is required and in force, and some
    /// required row may be loose (with every required row tight, a constant moves
    /// the values through a square system and nothing can be violated).
    func constantChangeNeedsCheck(_ r: Int) -> Bool {
        basis.inForce[r] && settings.level[r] == 0 && basis.requiredLoose
    }
}
