import LayoutModel

/// Ops change the state the next solve reads; an op that would leave the required
/// constraints unsatisfiable is undone and refused, naming a minimal conflicting set.
extension ExactBackend {
    public func apply(_ op: CompiledOp) throws(LayoutError) {
        solved = nil
        switch op {
        case let .suggest(e, value):
            editValue[Int(e)] = Rational(decimal: value)
        case let .setConstant(h, value):
            let old = constants[Int(h)]
            constants[Int(h)] = Rational(decimal: value)
            if inForce[Int(h)], priorities[Int(h)] >= LayoutLimits.requiredPriority, let conflict = requiredConflict() {
                constants[Int(h)] = old
                throw refusal(h, conflict)
            }
        case let .setPriority(h, value):
            priorities[Int(h)] = value
        case let .activate(h), let .add(h):
            if case .add = op, !scene.constraints[Int(h)].isActive { return }
            let wasInForce = inForce[Int(h)]
            inForce[Int(h)] = true
            if !wasInForce, priorities[Int(h)] >= LayoutLimits.requiredPriority, let conflict = requiredConflict() {
                inForce[Int(h)] = false
                throw refusal(h, conflict)
            }
        case let .deactivate(h), let .remove(h):
            inForce[Int(h)] = false
        case let .addEdit(e, priority, held):
            editDeclared[Int(e)] = true
            editPriority[Int(e)] = priority
            editValue[Int(e)] = Rational(decimal: held)
        case let .removeEdit(e):
            editDeclared[Int(e)] = false
        case .invalid:
            break
        }
    }

    private func refusal(_ h: ConstraintHandle, _ conflict: [String]) -> LayoutError {
        let id = scene.constraints[Int(h)].id
        return .unsatisfiable(constraint: id, conflicts: conflict.filter { $0 != id })
    }

    /// nil when the required constraints in force can all hold; else a minimal set
    /// that cannot (a deletion filter: each one whose absence leaves the rest still
    /// unsatisfiable is dropped). Scenes with many required constraints get the set
    /// phase one could not satisfy, which is not always minimal.
    func requiredConflict() -> [String]? {
        guard !requiredFeasible() else { return nil }
        let required = scene.constraints.indices.filter { inForce[$0] && priorities[$0] >= LayoutLimits.requiredPriority }
        guard required.count <= 200 else {
            var program = ExactProgram(variableCount: scene.variableCount, rows: programRows(requiredOnly: true))
            if case let .infeasible(owners) = program.feasibility(budget: pivotBudget) { return owners }
            return []
        }
        var kept: [String] = []
        for h in required {
            inForce[h] = false
            if requiredFeasible() {
                inForce[h] = true
                kept.append(scene.constraints[h].id)
            }
        }
        for h in required { inForce[h] = true }
        return kept
    }

    func requiredFeasible() -> Bool {
        var program = ExactProgram(variableCount: scene.variableCount, rows: programRows(requiredOnly: true))
        let outcome = program.feasibility(budget: pivotBudget)
        statistics.pivots += program.tableau.pivots
        if case .infeasible = outcome { return false }
        return true
    }
}
