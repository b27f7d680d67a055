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
            if inForce[Int(h)], priorities[Int(h)] >= LayoutLimits.requiredPriority, let conflict = requiredConflict(culprit: Int(h)) {
                constants[Int(h)] = old
                throw refusal(h, conflict)
            }
        case let .setPriority(h, value):
            priorities[Int(h)] = value
        case let .activate(h), let .add(h):
            if case .add = op, !scene.constraints[Int(h)].isActive { return }
            let wasInForce = inForce[Int(h)]
            inForce[Int(h)] = true
            if !wasInForce, priorities[Int(h)] >= LayoutLimits.requiredPriority, let conflict = requiredConflict(culprit: Int(h)) {
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
    /// unsatisfiable is dropped). Every such set contains `culprit`, the constraint
    /// just switched on or changed, and is connected to it through shared unknowns,
    /// so only that part of the layout is filtered. Very large parts get the rows
    /// phase one could not satisfy, which is not always minimal.
    func requiredConflict(culprit: Int? = nil) -> [String]? {
        guard !requiredFeasible() else { return nil }
        var required = scene.constraints.indices.filter { inForce[$0] && priorities[$0] >= LayoutLimits.requiredPriority }
        if let culprit {
            required = ConstraintReach.linked(
                to: culprit, among: required, constraintCount: coefficients.count, variableCount: scene.variableCount,
                unknowns: { coefficients[$0].map(\.variable) })
        }
        guard required.count <= 200 else {
            var program = ExactProgram(variableCount: scene.variableCount, rows: programRows(requiredOnly: true))
            if case let .infeasible(owners) = program.feasibility(budget: pivotBudget) { return owners }
            return []
        }
        let saved = inForce
        defer { inForce = saved }
        // Only the candidates are in force while filtering.
        for h in scene.constraints.indices where priorities[h] >= LayoutLimits.requiredPriority { inForce[h] = false }
        for h in required { inForce[h] = true }
        var kept: [String] = []
        for h in required {
            inForce[h] = false
            if requiredFeasible() {
                inForce[h] = true
                kept.append(scene.constraints[h].id)
            }
        }
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

extension ExactBackend {
    /// nil when the scene's initial required constraints can all hold; else the ones
    /// phase one could not satisfy (quick, not minimal).
    public static func unsatisfiedRequired(in scene: CompiledScene) -> [String]? {
        var rows: [ProgramRow] = []
        for c in scene.constraints.prefix(scene.initialConstraintCount) where c.isActive && c.isRequired {
            rows.append(ProgramRow(
                terms: c.terms.map { ($0.variable, Rational(decimal: $0.coefficient)) }, relation: c.relation,
                constant: Rational(decimal: c.constant), priority: c.priority, owner: c.id))
        }
        var program = ExactProgram(variableCount: scene.variableCount, rows: rows)
        if case let .infeasible(owners) = program.feasibility(budget: 1_000_000) { return owners }
        return nil
    }
}
