import Foundation
import LayoutModel
import Testing

@testable import CassowarySolver

@Suite("Cassowary property tests")
struct CassowaryPropertyTests {
    /// Random streams of adds, removals, constant and priority changes and toggles on
    /// tiny systems. After every op the incremental solver must satisfy the required
    /// constraints and match, level by level, the violation totals of a fresh solver
    /// built from the final state (the optimum's totals are unique even when the layout
    /// is not); a refused op must leave the values exactly as they were. Every redundant
    /// index of the tableau is recomputed and compared after every op (`checkInvariants`).
    @Test("incremental = fresh solve, per priority level, over random op streams", arguments: 0..<1000)
    func incrementalMatchesFresh(seed: Int) throws {
        var rng = Rng(state: UInt64(seed) &* 7919 &+ 17)
        let n = 3
        let s = CassowarySolver(variableCount: n)
        var model: [Int32: LinearConstraint] = [:]
        var order: [Int32] = []
        for v in 0..<n {
            for (relation, constant) in [(Relation.greaterThanOrEqual, 0.0), (.lessThanOrEqual, 100.0)] {
                let c = LinearConstraint(id: "b\(v)\(constant)", terms: [term(v)], relation: relation, constant: constant, priority: 1000, isActive: true)
                let id = try s.addConstraint(c.terms, c.relation, c.constant, priority: 1000, name: c.id)
                model[id] = c
                order.append(id)
            }
        }
        let fixed = Set(order)
        guard expectInvariants(s, "seed \(seed) setup") else { return }
        var counter = 0
        for step in 0..<120 {
            let before = values(s)
            let mutable = order.filter { !fixed.contains($0) }
            var refused = false
            let choice = rng.int(10)
            switch choice {
            case 0...3:
                let a = rng.int(n)
                var terms = [term(a, rng.pick([1, -1, 2, 0.5]))]
                if rng.int(2) == 0 {
                    let b = (a + 1 + rng.int(n - 1)) % n
                    terms.append(term(b, rng.pick([1, -1, -2])))
                }
                terms.sort { $0.variable < $1.variable }
                let c = LinearConstraint(
                    id: "c\(counter)", terms: terms, relation: rng.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                    constant: Double(rng.int(200) - 50), priority: rng.pick([1000, 100, 300, 300, 500, 700]), isActive: true)
                counter += 1
                do {
                    let id = try s.addConstraint(c.terms, c.relation, c.constant, priority: c.priority, name: c.id)
                    model[id] = c
                    order.append(id)
                } catch {
                    guard case .unsatisfiable = error, c.isRequired else { throw error }
                    refused = true
                }
            case 4:
                guard let id = mutable.randomElement(using: &rng) else { continue }
                try s.removeConstraint(id)
                model[id] = nil
                order.removeAll { $0 == id }
            case 5, 6:
                guard let id = mutable.randomElement(using: &rng) else { continue }
                let value = Double(rng.int(200) - 50)
                do {
                    try s.setConstant(id, value)
                    model[id]!.constant = value
                } catch {
                    guard case .unsatisfiable = error, model[id]!.isRequired else { throw error }
                    refused = true
                    #expect(s.constant(of: id) == model[id]!.constant)
                }
            case 7:
                guard let id = mutable.filter({ !model[$0]!.isRequired }).randomElement(using: &rng) else { continue }
                let p = rng.pick([50.0, 100, 300, 500, 700, 900])
                try s.setPriority(id, p)
                model[id]!.priority = p
            default:
                guard let id = mutable.randomElement(using: &rng) else { continue }
                let active = !model[id]!.isActive
                do {
                    try s.setActive(id, active)
                    model[id]!.isActive = active
                } catch {
                    guard case .unsatisfiable = error, active, model[id]!.isRequired else { throw error }
                    refused = true
                }
            }
            guard expectInvariants(s, "seed \(seed) step \(step) (choice \(choice), refused \(refused))") else { return }
            let got = values(s)
            guard expectInvariants(s, "seed \(seed) step \(step) after updateValues") else { return }
            if refused {
                // Exact up to one rounding: a refused setConstant shifts its column back.
                #expect(close(got, before, 1e-12), "seed \(seed) step \(step): a refused op (choice \(choice)) changed the layout: \(before) -> \(got)")
                continue
            }
            let live = order.compactMap { model[$0] }.filter(\.isActive)
            let fresh = CassowarySolver(variableCount: n)
            for c in live { try fresh.addConstraint(c.terms, c.relation, c.constant, priority: c.priority) }
            let a = Evaluation(constraints: live, rects: got)
            let b = Evaluation(constraints: live, rects: values(fresh))
            #expect(a.satisfiesRequired, "seed \(seed) step \(step): \(a.brokenRequired)")
            let differ = a.disagreements(with: b)
            #expect(differ.isEmpty, "seed \(seed) step \(step): \(differ)")
            if !differ.isEmpty || !a.satisfiesRequired { return }
        }
        // Tear everything down: back to the bare variables.
        for id in order {
            try s.removeConstraint(id)
            guard expectInvariants(s, "seed \(seed) teardown") else { return }
        }
        #expect(s.symbolCount == n && s.rowCount == 0 && s.priorityLevelCount == 0)
    }
}

