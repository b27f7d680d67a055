import LayoutModel

/// The `manual` back end (formerly `frames`): what hand-written layout code does. Each unknown is
/// computed by direct arithmetic from unknowns already known, in dependency order
/// (the one-way dataflow of the active equalities), every frame. A plan (the order
/// and the arithmetic) is made when the set of equalities in force changes; a frame
/// of suggests and constant changes only evaluates it.
///
/// It handles scenes whose active constraints are equalities that determine every
/// unknown exactly once without cycles, after priorities decide which equality wins
/// where two compete (the highest-priority equation that is ready fires first; a
/// lower one left over must touch only unknowns derived entirely from strictly higher
/// priorities). Anything else it declines, naming the first constraint involved.
public final class FrameArithmeticBackend: LayoutBackend {
    public static let name = "manual"
    public static let summary = "hand-written frame arithmetic in dependency order (equalities only)"
    /// Exact on every scene it accepts: it declines any scene whose active
    /// equalities do not fix every unknown exactly once, priorities decided.
    public static let isExact = true
    /// Its work counter counts unknowns evaluated, not simplex pivots.
    public static let workUnit = "unknowns"

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        if let c = scene.constraints.first(where: { $0.relation != .equal }) {
            return .declined("frame arithmetic handles equalities only: constraint '\(c.id)' is an inequality (\(c.relation.rawValue))")
        }
        do {
            // It finds out by trying: the plan with the scene's edits declared.
            _ = try SceneSession(scene: scene, unassessedBackend: FrameArithmeticBackend.self, options: options)
            return .supported
        } catch {
            if case let .unsupported(reason) = error { return .declined(reason) }
            return .declined("\(error)")
        }
    }

    struct Equation {
        var terms: [LinearTerm]
        var priority: Double
        /// Constraint handle, or `-1 - edit` for an edit.
        var source: Int32
    }

    struct Step {
        var target: Int32
        var inverse: Double
        var termStart: Int32
        var termEnd: Int32
        var source: Int32
    }

    let scene: CompiledScene
    var constants: [Double]
    var priorities: [Double]
    var inForce: [Bool]  // live and active
    var editDeclared: [Bool]
    var editPriority: [Double]
    var editValue: [Double]

    var steps: [Step] = []
    var stepTerms: [LinearTerm] = []
    /// Required equations with nothing left to determine: they must hold every frame.
    var checks: [Equation] = []
    var values: [Double]
    var needsPlan = true
    public private(set) var statistics = SolveStatistics()

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        self.scene = scene
        constants = scene.constraints.map(\.constant)
        priorities = scene.constraints.map(\.priority)
        inForce = scene.constraints.indices.map { $0 < scene.initialConstraintCount && scene.constraints[$0].isActive }
        editDeclared = [Bool](repeating: false, count: scene.edits.count)
        editPriority = [Double](repeating: 0, count: scene.edits.count)
        editValue = [Double](repeating: 0, count: scene.edits.count)
        values = [Double](repeating: 0, count: scene.variableCount)
        if let c = scene.constraints.first(where: { $0.relation != .equal }) {
            throw .unsupported("frame arithmetic handles equalities only: constraint '\(c.id)' is an inequality (\(c.relation.rawValue))")
        }
        try plan()
        try evaluate()
    }

    func name(_ source: Int32) -> String {
        source >= 0 ? "'\(scene.constraints[Int(source)].id)'" : "edit '\(scene.edits[Int(-1 - source)].attribute)'"
    }

    func unknownName(_ v: Int32) -> String {
        let attribute = ["left", "top", "width", "height"][Int(v) & 3]
        return "\(scene.viewIDs[Int(v) >> 2]).\(attribute)"
    }

    /// Orders the equations in force into steps, or says why it cannot. `partial`: an op in
    /// the middle of a frame is being checked (a subtree's placing equalities swapped for
    /// others one op at a time leaves it undetermined until the frame's last op), so unknowns
    /// left undetermined are allowed and the required equations over them not checked; such a
    /// plan stays due (`needsPlan`), and the frame's solve makes the whole one.
    func plan(partial: Bool = false) throws(LayoutError) {
        var equations: [Equation] = []
        for h in scene.constraints.indices where inForce[h] {
            equations.append(Equation(terms: scene.constraints[h].terms, priority: priorities[h], source: Int32(h)))
        }
        for e in scene.edits.indices where editDeclared[e] {
            equations.append(Equation(terms: scene.edits[e].terms, priority: editPriority[e], source: -1 - Int32(e)))
        }
        let n = scene.variableCount
        var uses = [[Int32]](repeating: [], count: n)
        var unknownCount = [Int](repeating: 0, count: equations.count)
        for (i, eq) in equations.enumerated() {
            for t in eq.terms {
                uses[Int(t.variable)].append(Int32(i))
            }
            unknownCount[i] = eq.terms.count
        }
        var known = [Bool](repeating: false, count: n)
        var rank = [Double](repeating: .infinity, count: n)
        var fired = [Bool](repeating: false, count: equations.count)
        var heap = ReadyHeap()
        for i in equations.indices where unknownCount[i] == 1 { heap.push(equations[i].priority, Int32(i)) }
        steps.removeAll(keepingCapacity: true)
        stepTerms.removeAll(keepingCapacity: true)
        checks.removeAll(keepingCapacity: true)
        while let i = heap.pop() {
            let eq = equations[Int(i)]
            guard !fired[Int(i)], unknownCount[Int(i)] == 1 else { continue }
            fired[Int(i)] = true
            var target: Int32 = -1
            var a = 0.0
            var r = eq.priority
            let start = Int32(stepTerms.count)
            for t in eq.terms {
                if known[Int(t.variable)] {
                    stepTerms.append(t)
                    r = min(r, rank[Int(t.variable)])
                } else {
                    target = t.variable
                    a = t.coefficient
                }
            }
            steps.append(Step(target: target, inverse: 1 / a, termStart: start, termEnd: Int32(stepTerms.count), source: eq.source))
            known[Int(target)] = true
            rank[Int(target)] = r
            for j in uses[Int(target)] {
                unknownCount[Int(j)] -= 1
                if unknownCount[Int(j)] == 1, !fired[Int(j)] { heap.push(equations[Int(j)].priority, j) }
            }
        }
        let undetermined = known.firstIndex(of: false)
        if !partial, let v = undetermined {
            let involved = uses[v].first.map { " — first constraint involved: \(name(equations[Int($0)].source))" } ?? " (no equality mentions it)"
            throw .unsupported("unknown \(unknownName(Int32(v))) is not determined by the equalities in force (a cycle, or under-determined)\(involved)")
        }
        for (i, eq) in equations.enumerated() where !fired[i] {
            if partial, eq.terms.contains(where: { !known[Int($0.variable)] }) { continue }
            if eq.priority >= 1000 {
                checks.append(eq)
                continue
            }
            // A losing optional equality: fine only if what it touches is derived from strictly higher priorities.
            for t in eq.terms where rank[Int(t.variable)] <= eq.priority {
                throw .unsupported(
                    "equalities of the same or lower priority compete for \(unknownName(t.variable)): \(name(eq.source)) at \(formatNumber(eq.priority)) loses to a chain through priority \(formatNumber(rank[Int(t.variable)])), which frame arithmetic cannot weigh")
            }
        }
        // A partial plan that determined every unknown is the whole plan: the solve need not plan again.
        needsPlan = undetermined != nil
    }

    @inline(__always) func constant(of source: Int32) -> Double {
        source >= 0 ? constants[Int(source)] : editValue[Int(-1 - source)]
    }

    func evaluate() throws(LayoutError) {
        stepTerms.withUnsafeBufferPointer { terms in
            values.withUnsafeMutableBufferPointer { x in
                for step in steps {
                    var sum = constant(of: step.source)
                    for k in Int(step.termStart)..<Int(step.termEnd) {
                        sum -= terms[k].coefficient * x[Int(terms[k].variable)]
                    }
                    x[Int(step.target)] = sum * step.inverse
                }
            }
        }
        statistics.pivots += steps.count
        statistics.rowsTouched += steps.count
        statistics.variablesUpdated += steps.count
        try verifyChecks()
    }

    /// The required equations left over must hold; otherwise the required constraints conflict.
    func verifyChecks() throws(LayoutError) {
        for eq in checks {
            var residual = -constant(of: eq.source)
            var scale = max(1, abs(constant(of: eq.source)))
            for t in eq.terms {
                let v = t.coefficient * values[Int(t.variable)]
                residual += v
                scale = max(scale, abs(v))
            }
            if abs(residual) > Tolerance.contract * scale {
                let determiners = steps.filter { step in eq.terms.contains { $0.variable == step.target } && step.source >= 0 }
                throw .unsatisfiable(
                    constraint: scene.constraints[Int(eq.source)].id,
                    conflicts: determiners.map { scene.constraints[Int($0.source)].id })
            }
        }
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            editValue[Int(e)] = value
        case let .setConstant(h, value):
            let old = constants[Int(h)]
            constants[Int(h)] = value
            // Only a required equation left over as a check can be contradicted by a new constant.
            if scene.constraints[Int(h)].isRequired && inForce[Int(h)] && (!checks.isEmpty || needsPlan) {
                try transact { constants[Int(h)] = old }
            }
        case let .setPriority(h, value):
            priorities[Int(h)] = value
            if inForce[Int(h)] { needsPlan = true }
        case let .activate(h), let .add(h):
            if case .add = op, !scene.constraints[Int(h)].isActive { return }
            inForce[Int(h)] = true
            needsPlan = true
            if scene.constraints[Int(h)].isRequired { try transact { inForce[Int(h)] = false; needsPlan = true } }
        case let .deactivate(h), let .remove(h):
            if inForce[Int(h)] { needsPlan = true }
            inForce[Int(h)] = false
        case let .addEdit(e, priority, held):
            editDeclared[Int(e)] = true
            editPriority[Int(e)] = priority
            editValue[Int(e)] = held
            needsPlan = true
        case let .removeEdit(e):
            editDeclared[Int(e)] = false
            needsPlan = true
        case .invalid:
            break
        }
    }

    /// Checks a change to the required constraints now, undoing it if they conflict. The
    /// frame's later ops may still be due to determine some unknowns: a partial plan.
    private func transact(undo: () -> Void) throws(LayoutError) {
        let saved = values
        do {
            if needsPlan { try plan(partial: true) }
            try evaluate()
            values = saved
        } catch {
            undo()
            values = saved
            if needsPlan || error.isFatal { try plan(partial: true) }
            if case .unsatisfiable = error { throw error }
            throw error
        }
    }

    public func solve() throws(LayoutError) {
        if needsPlan { try plan() }
        try evaluate()
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<min(values.count, buffer.count) { buffer[i] = values[i] }
    }

    /// None: a plan fixes every unknown by exactly one equation, so the layout is unique.
    public func ambiguousViews() -> [Int32]? { [] }
}

/// A max-heap of ready equations by priority, ties to the lower index (deterministic).
struct ReadyHeap {
    var items: [(priority: Double, index: Int32)] = []

    @inline(__always) static func before(_ a: (priority: Double, index: Int32), _ b: (priority: Double, index: Int32)) -> Bool {
        a.priority > b.priority || (a.priority == b.priority && a.index < b.index)
    }

    mutating func push(_ priority: Double, _ index: Int32) {
        items.append((priority, index))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard ReadyHeap.before(items[i], items[parent]) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var best = i
                if l < items.count, ReadyHeap.before(items[l], items[best]) { best = l }
                if r < items.count, ReadyHeap.before(items[r], items[best]) { best = r }
                if best == i { break }
                items.swapAt(i, best)
                i = best
            }
        }
        return top.index
    }
}
