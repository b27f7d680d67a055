import LayoutModel

/// The op stream: every op kind, valid for the state the scene is in (an op the
/// solver refuses, a conflicting required constraint, is still a valid op).
extension RandomScenes {
    /// One op, or a short pattern of ops that belong together in one frame.
    mutating func op() -> [Op] {
        switch random.int(0...21) {
        case 0...3: return suggestOrDeclare()
        case 4...6: return setConstant()
        case 7...8: return setPriority()
        case 9...10: return toggle()
        case 11...12: return [add(anyConstraint())]
        case 13: return remove()
        case 14...15: return removeAndReadd()
        case 16...17: return duplicate()
        case 18: return editChurn()
        case 19: return conflict()
        default: return activateAround()
        }
    }

    mutating func presentConstraint() -> Constraint? {
        guard !presentOrder.isEmpty else { return nil }
        return present[presentOrder[random.int(0...(presentOrder.count - 1))]]
    }

    mutating func add(_ c: Constraint) -> Op {
        present[c.id] = c
        presentOrder.append(c.id)
        return .add(c)
    }

    mutating func removeOp(_ c: Constraint) -> Op {
        present[c.id] = nil
        presentOrder.removeAll { $0 == c.id }
        removed.append(c)
        return .remove(constraint: c.id)
    }

    mutating func suggestOrDeclare() -> [Op] {
        if !editDeclared.isEmpty, random.int(0...3) != 0 {
            return [.suggest(attribute: pick(editDeclared), value: value())]
        }
        let attribute = ref(randomView(), randomAttribute())
        guard !editDeclared.contains(attribute) else { return [] }
        let priority = Priority(Double(random.int(1...999)))
        editDeclared.append(attribute)
        var ops: [Op] = [.addEdit(attribute: attribute, priority: priority)]
        if random.int(0...1) == 0 { ops.append(.suggest(attribute: attribute, value: value())) }
        return ops
    }

    mutating func setConstant() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        return [.setConstant(constraint: c.id, value: random.int(0...2) == 0 ? c.constant : value())]
    }

    mutating func setPriority() -> [Op] {
        guard let c = presentConstraint(), !c.priority.isRequired else { return [] }
        var p = priority()
        while p >= 1000 { p = priority() }
        present[c.id]?.priority = Priority(p)
        return [.setPriority(constraint: c.id, value: p)]
    }

    mutating func toggle() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        return [random.int(0...1) == 0 ? .deactivate(constraint: c.id) : .activate(constraint: c.id)]
    }

    mutating func remove() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        return [removeOp(c)]
    }

    /// Removes a constraint and adds its twin, in either order, sometimes two such
    /// pairs interleaved (add one twin, remove the other original, add its twin).
    mutating func removeAndReadd() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        let copy = twin(of: c)
        switch random.int(0...3) {
        case 0: return [add(copy), removeOp(c)]
        case 1:
            guard let other = presentConstraint(), other.id != c.id else { return [removeOp(c), add(copy)] }
            let otherCopy = twin(of: other)
            return [add(copy), removeOp(other), add(otherCopy), removeOp(c)]
        default:
            var ops = [removeOp(c)]
            if random.int(0...2) == 0, let other = presentConstraint() { ops.append(removeOp(other)) }
            ops.append(add(copy))
            return ops
        }
    }

    /// Adds a duplicate or near-duplicate of a present (or removed) constraint.
    mutating func duplicate() -> [Op] {
        let source = random.int(0...3) == 0 && !removed.isEmpty ? pick(removed) : presentConstraint()
        guard let source else { return [] }
        return [add(twin(of: source))]
    }

    /// An edit declared and dropped, or dropped and declared again at another priority.
    mutating func editChurn() -> [Op] {
        guard !editDeclared.isEmpty else { return suggestOrDeclare() }
        let attribute = pick(editDeclared)
        editDeclared.removeAll { $0 == attribute }
        var ops: [Op] = [.removeEdit(attribute: attribute)]
        if random.int(0...1) == 0 {
            let priority = Priority(Double(random.int(1...999)))
            editDeclared.append(attribute)
            ops += [.addEdit(attribute: attribute, priority: priority), .suggest(attribute: attribute, value: value())]
        }
        return ops
    }

    /// A required constraint that contradicts one present (usually refused).
    mutating func conflict() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        var t = twin(of: c)
        t.priority = .required
        t.relation = .equal
        t.constant = c.constant + step * pick([4, -12, 160])
        return [add(t)]
    }

    /// Deactivates one of a pair of twins, activates it again, maybe with a solve between.
    mutating func activateAround() -> [Op] {
        guard let c = presentConstraint() else { return [] }
        let copy = twin(of: c)
        return [add(copy), .deactivate(constraint: c.id), .activate(constraint: c.id), .deactivate(constraint: copy.id)]
    }
}
