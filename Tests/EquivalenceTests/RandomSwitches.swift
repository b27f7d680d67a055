import LayoutModel
import SceneGenerator

/// A constraint of a random scene that switch ops replace: its current id and terms.
struct SwitchableRow {
    var id: String
    var spec: ConstraintSpec
}

/// Ops that take `row` out and put in one on the same terms with another constant,
/// and sometimes another priority (a required row may come back optional), as Auto
/// Layout code switches an attribute between two values. A third of the time an
/// intermediate row goes in and out first. `row` names the new constraint after.
func switchOps(_ row: inout SwitchableRow, frame: Int, _ rng: inout SeededRandom) -> [Op] {
    var ops: [Op] = [.remove(constraint: row.id)]
    func next(_ suffix: String) -> SwitchableRow {
        var spec = row.spec
        spec.constant = Double(spec.relation == .equal ? rng.int(10...200) : rng.int(0...60))
        if spec.priority == .required {
            if rng.int(0...2) == 0 { spec.priority = Priority(Double(rng.int(1...999))) }
        } else if rng.int(0...1) == 0 {
            spec.priority = Priority(Double(rng.int(1...999)))
        }
        return SwitchableRow(id: row.id + suffix, spec: spec)
    }
    if rng.int(0...2) == 0 {
        let middle = next("m\(frame)")
        ops += [.add(middle.spec.constraint(id: middle.id)), .remove(constraint: middle.id)]
    }
    row = next("s\(frame)")
    ops.append(.add(row.spec.constraint(id: row.id)))
    return ops
}
