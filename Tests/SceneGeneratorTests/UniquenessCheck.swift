import LayoutModel

// Checks, without a solver, that a scene's layout is unique after every frame.
//
// The argument (a sufficient condition). Let F be the set of optimal layouts after the
// required constraints and the optional levels above some priority: F = A ∩ Q, with A an
// affine subspace (the required equalities and the rows of the levels so far) and Q the
// required inequalities. Split the unknowns that A does not pin into blocks, joining two
// when some row of A, some required inequality or some constraint of the next level
// involves both. If every block holds at most one constraint of the next level whose row
// is not constant on A, then F is a product over blocks and the level's objective a sum of
// one |a·x - t| per block; over a convex set a·x ranges over an interval I, and
// |a·x - t| is smallest exactly where a·x = clamp(t, I), a single value. So the new
// optimal set is F ∩ {a·x = s*} for each such row: again an affine cut of F, whatever the
// inequalities do. After the last level, F lies in the affine space of all those rows; if
// that pins every unknown, the layout is unique. (An optional inequality would break
// the argument; the check reports any it meets.)

/// A scene's live state, advanced op by op (malformed or refused ops are not expected).
struct SceneState {
    let viewIDs: [String]
    let viewIndex: [String: Int]
    var constraints: [Constraint]
    var edits: [EditDeclaration]

    init(_ scene: Scene) {
        viewIDs = scene.views.map(\.id)
        var index: [String: Int] = [:]
        for (i, id) in viewIDs.enumerated() { index[id] = i }
        viewIndex = index
        constraints = scene.constraints
        edits = scene.edits
    }

    private func position(_ id: String) -> Int? { constraints.firstIndex { $0.id == id } }

    mutating func apply(_ op: Op) {
        switch op {
        case .suggest, .layout, .setBoundsOrigin: break
        case .setConstant(let id, let value): constraints[position(id)!].constant = value
        case .setPriority(let id, let value): constraints[position(id)!].priority = Priority(value)
        case .activate(let id): constraints[position(id)!].isActive = true
        case .deactivate(let id): constraints[position(id)!].isActive = false
        case .add(let c): constraints.append(c)
        case .remove(let id): constraints.remove(at: position(id)!)
        case .addEdit(let attribute, let priority): edits.append(EditDeclaration(attribute: attribute, priority: priority))
        case .removeEdit(let attribute): edits.removeAll { $0.attribute == attribute }
        case .malformed(let reason): fatalError("malformed op: \(reason)")
        }
    }

    /// `coefficient · unknown` terms of `attribute` (unknown = view · 4 + 0 left, 1 top, 2 width, 3 height).
    func terms(_ ref: AttributeRef, scale: Double = 1) -> [(Int, Double)] {
        let v = viewIndex[ref.view]!
        return ref.attribute.unknownTerms.map { (v * 4 + $0.unknown, $0.coefficient * scale) }
    }

    /// `first - multiplier · second` as terms; the constraint reads `row == constant`.
    func row(_ c: Constraint) -> [(Int, Double)] {
        terms(c.first) + (c.second.map { terms($0, scale: -c.multiplier) } ?? [])
    }

    func unknownName(_ u: Int) -> String { "\(viewIDs[u / 4]).\(["left", "top", "width", "height"][u % 4])" }
}

/// What the check found: unknowns left free, same-level competitions, required equalities
/// that contradict one another, optional inequalities (outside the argument).
struct UniquenessReport: CustomStringConvertible {
    var free: [String] = []
    var competitions: [String] = []
    var contradictions: [String] = []
    var optionalInequalities: [String] = []
    var isUnique: Bool { free.isEmpty && competitions.isEmpty && contradictions.isEmpty && optionalInequalities.isEmpty }
    var description: String {
        "free \(free.prefix(4)), competing \(competitions.prefix(4)), contradictions \(contradictions.prefix(4)), optional inequalities \(optionalInequalities.prefix(4))"
    }
}

/// A fully reduced row echelon basis over n unknowns plus a right-hand side.
struct Echelon {
    let n: Int
    var rows: [[Double]] = []
    var pivotOf: [Int?]  // unknown → row
    let eps = 1e-9

    init(unknowns: Int) {
        n = unknowns
        pivotOf = Array(repeating: nil, count: unknowns)
    }

    func dense(_ terms: [(Int, Double)], rhs: Double) -> [Double] {
        var r = [Double](repeating: 0, count: n + 1)
        for (u, c) in terms { r[u] += c }
        r[n] = rhs
        return r
    }

    func reduce(_ row: [Double]) -> [Double] {
        var r = row
        for u in 0..<n where abs(r[u]) > eps {
            guard let p = pivotOf[u] else { continue }
            let f = r[u]
            let b = rows[p]
            for k in 0...n where b[k] != 0 { r[k] -= f * b[k] }
            r[u] = 0
        }
        return r
    }

    func isZero(_ r: [Double]) -> Bool { (0..<n).allSatisfy { abs(r[$0]) <= eps } }

    /// Adds a reduced, non-zero row.
    mutating func insert(reduced row: [Double]) {
        var r = row
        var pivot = 0
        for u in 0..<n where abs(r[u]) > abs(r[pivot]) { pivot = u }
        let scale = r[pivot]
        for k in 0...n { r[k] /= scale }
        r[pivot] = 1
        for i in rows.indices where abs(rows[i][pivot]) > eps {
            let f = rows[i][pivot]
            for k in 0...n where r[k] != 0 { rows[i][k] -= f * r[k] }
            rows[i][pivot] = 0
        }
        pivotOf[pivot] = rows.count
        rows.append(r)
    }

    func isPinned(_ u: Int) -> Bool {
        guard let p = pivotOf[u] else { return false }
        return (0..<n).allSatisfy { $0 == u || abs(rows[p][$0]) <= eps }
    }
}

/// Union-find over unknowns.
struct Blocks {
    var parent: [Int]
    init(_ n: Int) { parent = Array(0..<n) }
    mutating func root(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }
    mutating func join(_ xs: [Int]) {
        guard let first = xs.first else { return }
        let r = root(first)
        for x in xs.dropFirst() { parent[root(x)] = r }
    }
}

func checkUniqueness(_ state: SceneState) -> UniquenessReport {
    var report = UniquenessReport()
    let n = state.viewIDs.count * 4
    var basis = Echelon(unknowns: n)
    var inequalities: [[(Int, Double)]] = []
    // Levels: the required constraints, then each optional priority from the top.
    var levels: [Double: [(name: String, row: [(Int, Double)])]] = [:]
    for c in state.constraints where c.isActive {
        if c.priority.isRequired {
            if c.relation == .equal {
                let r = basis.reduce(basis.dense(state.row(c), rhs: c.constant))
                if basis.isZero(r) {
                    if abs(r[n]) > 1e-6 * max(1, abs(c.constant)) { report.contradictions.append(c.id) }
                } else {
                    basis.insert(reduced: r)
                }
            } else {
                inequalities.append(state.row(c))
            }
        } else if c.relation != .equal {
            report.optionalInequalities.append(c.id)
        } else {
            levels[c.priority.rawValue, default: []].append((c.id, state.row(c)))
        }
    }
    for e in state.edits {
        levels[e.priority.rawValue, default: []].append(("edit \(e.attribute)", state.terms(e.attribute)))
    }
    for priority in levels.keys.sorted(by: >) {
        let level = levels[priority]!
        var blocks = Blocks(n)
        var pinned = [Bool](repeating: false, count: n)
        for row in basis.rows {
            let support = (0..<n).filter { abs(row[$0]) > basis.eps }
            if support.count > 1 { blocks.join(support) } else if let u = support.first { pinned[u] = true }
        }
        func free(_ terms: [(Int, Double)]) -> [Int] { terms.map(\.0).filter { !pinned[$0] } }
        for inequality in inequalities { blocks.join(free(inequality)) }
        var moving: [(name: String, reduced: [Double], unknowns: [Int])] = []
        for c in level {
            let reduced = basis.reduce(basis.dense(c.row, rhs: 0))
            if basis.isZero(reduced) { continue }  // constant on the optimal set: no say
            let unknowns = free(c.row) + (0..<n).filter { abs(reduced[$0]) > basis.eps }
            blocks.join(unknowns)
            moving.append((c.name, reduced, unknowns))
        }
        var owner: [Int: String] = [:]
        for m in moving {
            let r = blocks.root(m.unknowns[0])
            if let other = owner[r] {
                report.competitions.append("\(other) and \(m.name) at \(formatNumber(priority))")
            } else {
                owner[r] = m.name
            }
        }
        for m in moving {
            let r = basis.reduce(m.reduced)
            if !basis.isZero(r) { basis.insert(reduced: r) }
        }
    }
    report.free = (0..<n).filter { !basis.isPinned($0) }.map(state.unknownName)
    return report
}

/// The uniqueness report after the initial solve (index 0) and after each frame.
func uniquenessByFrame(_ scene: Scene) -> [UniquenessReport] {
    var state = SceneState(scene)
    var reports = [checkUniqueness(state)]
    for frame in scene.frames {
        for op in frame { state.apply(op) }
        reports.append(checkUniqueness(state))
    }
    return reports
}

/// One-way evaluation, as frame arithmetic does it: walking the active equalities from the
/// highest priority down (edits included), each one that names exactly one unknown not yet
/// known determines it; repeat until nothing moves. An equality whose unknowns are all
/// known is skipped (redundant, or outranked), so each unknown is determined exactly once.
/// Returns the unknowns never determined (a cycle or a gap).
func oneWayUndetermined(_ state: SceneState) -> [String] {
    var equalities: [(priority: Double, unknowns: [Int])] = []
    for c in state.constraints where c.isActive && c.relation == .equal {
        equalities.append((c.priority.rawValue, Array(Set(state.row(c).map(\.0))).sorted()))
    }
    for e in state.edits { equalities.append((e.priority.rawValue, state.terms(e.attribute).map(\.0))) }
    // Stable: by priority, then declaration order.
    equalities = equalities.enumerated().sorted { a, b in
        a.element.priority != b.element.priority ? a.element.priority > b.element.priority : a.offset < b.offset
    }.map(\.element)
    var known = [Bool](repeating: false, count: state.viewIDs.count * 4)
    var used = [Bool](repeating: false, count: equalities.count)
    var progress = true
    while progress {
        progress = false
        for (i, e) in equalities.enumerated() where !used[i] {
            let unknown = e.unknowns.filter { !known[$0] }
            if unknown.isEmpty { used[i] = true } else if unknown.count == 1 {
                known[unknown[0]] = true
                used[i] = true
                progress = true
                break  // back to the highest priority
            }
        }
    }
    return known.indices.filter { !known[$0] }.map(state.unknownName)
}
