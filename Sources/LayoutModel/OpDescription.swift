extension CompiledScene {
    /// `op constraint-or-attribute`, naming the scene's ids; with `values`, also the op's value
    /// (`= 12`, `@750`) and an invalid op's reason. Messages use the short form, captions the long.
    public func describe(_ op: CompiledOp, values: Bool = false) -> String {
        func constraint(_ h: ConstraintHandle) -> String { constraints[Int(h)].id }
        func edit(_ e: EditHandle) -> String { edits[Int(e)].attribute.description }
        func value(_ v: Double, _ mark: String) -> String { values ? " \(mark)\(formatNumber(v))" : "" }
        switch op {
        case let .suggest(e, v): return "suggest \(edit(e))" + value(v, "= ")
        case let .setConstant(h, v): return "setConstant \(constraint(h))" + value(v, "= ")
        case let .setPriority(h, v): return "setPriority \(constraint(h))" + value(v, "= ")
        case let .activate(h): return "activate \(constraint(h))"
        case let .deactivate(h): return "deactivate \(constraint(h))"
        case let .add(h): return "add \(constraint(h))"
        case let .remove(h): return "remove \(constraint(h))"
        case let .addEdit(e, priority, _): return "addEdit \(edit(e))" + value(priority, "@")
        case let .removeEdit(e): return "removeEdit \(edit(e))"
        case let .invalid(index):
            let refused = refusal(index)
            return values ? "\(refused.label) (refused): \(refused.error)" : refused.label
        }
    }
}
