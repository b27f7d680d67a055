#if DEBUG
@testable import FactoredSimplex
import LayoutModel
import TestSupport
import Testing

/// `checkInvariants` must catch a corrupted structure, one at a time: each case below
/// damages a healthy back end in one place and expects the check to name it.
@Suite("Factored invariant check")
struct FactoredInvariantTests {
    /// A small layout with every kind of row: a triangular part, an equal-width pair
    /// summing to its parent (a bump block), a required cap holding an edited width
    /// back, loose optional rows at two levels, a loose required minimum, and a
    /// constraint out of force. Frame 1 (played by the pricing case) raises a
    /// priority, which makes loosening the cap improve.
    static func healthy() throws -> (FactoredBackend, CompiledScene) {
        let b = SceneBuilder(name: "invariants")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        let a = b.view("a", parent: root)
        let c = b.view("c", parent: root)
        b.add(a.left == root.left + 10); b.add(c.left == a.right + 8); b.add(c.right == root.right - 10)
        b.add(a.width == c.width)
        for v in [a, c] { b.add(v.top == 0); b.add(v.height == 20) }
        let d = b.view("d", parent: root)
        b.add(d.left == 20 ~ 500); b.add(d.top == 30); b.add(d.height >= 5, id: "minimum"); b.add(d.height == 40 ~ 200)
        b.add(d.width <= 80, id: "cap")
        b.add(d.width == 100 ~ 700, id: "wide")
        b.add(d.width == 30 ~ 300, id: "narrow")
        b.add((d.left == 5).inactive(), id: "off")
        b.edit(d.left, priority: 900)
        b.frame([.suggest(attribute: d.left.ref, value: 25)])
        b.frame([.setPriority(constraint: "narrow", value: 800)])
        let compiled = try b.build().compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        try session.runFrame(0)
        let backend = try #require(session.backend as? FactoredBackend)
        if !backend.solver.dualsCurrent { backend.solver.computeDuals() }
        return (backend, compiled)
    }

    static func row(_ id: String, _ scene: CompiledScene) -> Int { scene.constraints.firstIndex { $0.id == id }! }

    /// The first live triangular position, and the first bump column.
    static func position(_ s: FactoredSolver) -> Int { s.factor.pivots.firstIndex { !$0.isHole }! }

    static let corruptions: [(name: String, expected: String, damage: @Sendable (FactoredBackend, CompiledScene) -> Void)] = [
        ("a row out of force is marked tight", "not in force", { b, scene in b.solver.basis.isTight[row("off", scene)] = true }),
        ("an unknown leaves the basis without a row", "not square", { b, _ in
            b.solver.basis.isBasic[b.solver.basis.isBasic.firstIndex(of: true)!] = false
        }),
        ("the loose-required flag is cleared", "requiredLoose", { b, _ in b.solver.basis.requiredLoose = false }),
        ("a dirty flag without its list entry", "isDirty", { b, scene in b.solver.framePath.isDirty[row("cap", scene)] = true }),
        ("a frame-path bit left marked", "pendingPositions", { b, _ in b.solver.framePath.pendingPositions[0] |= 1 }),
        ("a tight row's slot drifts", "tightSlot", { b, _ in
            let r = Int(b.solver.basis.tightRows[0])
            b.solver.basis.tightSlot[r] += 1
        }),
        ("a pivot's coefficient drifts", "pivot coefficient", { b, _ in
            b.solver.factor.pivots[position(b.solver)].coefficient *= 2
        }),
        ("an unknown's position drifts", "columnPosition", { b, _ in
            let pivot = b.solver.factor.pivots[position(b.solver)]
            b.solver.factor.columnPosition[Int(pivot.column)] = -1
        }),
        ("a bump block's LU entry drifts", "does not solve", { b, _ in b.solver.factor.bumpLU[0] += 1 }),
        ("a program constant drifts", "program constant", { b, _ in b.solver.program.constant[position(b.solver)] += 1 }),
        ("a program term drifts", "program terms", { b, _ in
            let p = b.solver.program.termSpan.firstIndex { $0.end > $0.start }!
            b.solver.program.termCoefficient[Int(b.solver.program.termSpan[p].start)] += 1
        }),
        ("a program dependent drifts", "program dependents", { b, _ in b.solver.program.dependent[0] = Int32.max }),
        ("a value in a bump block drifts", "does not hold", { b, _ in b.solver.basis.x[Int(b.solver.factor.bumpColumns[0])] += 1 }),
        ("a loose row's own value drifts", "own value", { b, scene in b.solver.basis.ownValue[row("wide", scene)] += 1 }),
        ("a loose row's dual drifts", "dual of loose", { b, scene in
            let r = row("wide", scene)
            b.solver.prices.duals.add(level: Int(b.solver.settings.level[r]), row: r, 1)
        }),
        ("a tight row's dual drifts", "price basic unknown", { b, scene in
            let r = row("cap", scene)
            b.solver.prices.duals.add(level: Int(b.solver.settings.level[row("wide", scene)]), row: r, 1)
        }),
        ("a published value drifts", "published value", { b, _ in b.published[0] += 1 }),
        ("a removal held back names a loose row", "held back", { b, scene in b.solver.basis.heldRemoval = row("wide", scene) }),
        ("two priorities swap levels", "levelOfPriority", { b, _ in
            let (high, low) = (b.solver.settings.levelOfPriority[700]!, b.solver.settings.levelOfPriority[300]!)
            b.solver.settings.levelOfPriority[700] = low
            b.solver.settings.levelOfPriority[300] = high
        }),
        ("a pricing list head is left set", "levelHead", { b, _ in b.solver.prices.levelHead[0] = 0 }),
        ("a local factor update's mark is left set", "local factor update", { b, _ in b.solver.localScratch.localRows.insert(0) }),
        ("a tight row's flag is lost", "not square", { b, scene in b.solver.basis.isTight[row("cap", scene)] = false }),
    ]

    @Test("a healthy back end passes")
    func healthyPasses() throws {
        let (backend, _) = try Self.healthy()
        #expect(backend.checkInvariants() == nil)
        #expect(backend.solver.dualsCurrent && backend.solver.basisOptimal && !backend.solver.factorBlockSizes.isEmpty)
    }

    @Test("each corrupted structure is caught and named", arguments: corruptions.indices)
    func corruptionIsCaught(index: Int) throws {
        let (backend, scene) = try Self.healthy()
        try #require(backend.checkInvariants() == nil)
        let corruption = Self.corruptions[index]
        corruption.damage(backend, scene)
        let problem = backend.checkInvariants()
        #expect(problem != nil, "\(corruption.name): not caught")
        #expect(problem?.contains(corruption.expected) == true, "\(corruption.name): \(problem ?? "nil")")
    }

    @Test("a cost change's pricing notes are checked: an improving column left unnoted is caught")
    func pricingNotesAreChecked() throws {
        let (backend, scene) = try Self.healthy()
        for op in scene.frames[1] { try backend.apply(op) }
        // The priority change is batched until the solve; applied as the solve would
        // first, loosening the cap improves: noted, a pricing pending.
        #expect(!backend.solver.prices.dualSeeds.isEmpty)
        #expect(backend.checkInvariants() == nil)
        backend.solver.applyBatchedSeeds()
        #expect(backend.checkInvariants() == nil)
        #expect(backend.solver.pricingPending)
        backend.solver.prices.pricedRows.removeAll()
        backend.solver.prices.pricedUnknowns.removeAll()
        let problem = backend.checkInvariants()
        #expect(problem?.contains("'cap' improves") == true, "got: \(problem ?? "nil")")
        #expect(problem?.contains("not noted for pricing") == true, "\(problem ?? "nil")")
    }

    @Test("candidates claimed current are checked: an improving column left out is caught")
    func candidatesAreChecked() throws {
        let (backend, scene) = try Self.healthy()
        for op in scene.frames[1] { try backend.apply(op) }
        // The priority change is batched until the solve; applied as the solve would first.
        backend.solver.applyBatchedSeeds()
        #expect(backend.checkInvariants() == nil)
        // Loosening the cap improves now; a candidate list that claims to be current must
        // hold it. (Claiming candidates listed owes no pricing: the notes go with it.)
        backend.solver.prices.state = .candidatesListed
        backend.solver.prices.pricedRows.removeAll()
        backend.solver.prices.pricedUnknowns.removeAll()
        backend.solver.prices.candidates.removeAll()
        let problem = backend.checkInvariants()
        #expect(problem?.contains("'cap' improves but the candidates") == true, "got: \(problem ?? "nil")")
    }

    @Test("the frame's solve leaves a state that passes")
    func afterSolve() throws {
        let (backend, scene) = try Self.healthy()
        for op in scene.frames[1] { try backend.apply(op) }
        try backend.solve()
        #expect(backend.checkInvariants() == nil)
        #expect(backend.rects(viewCount: 4)[12...15] == [25, 30, 30, 40])
    }
}
#endif
