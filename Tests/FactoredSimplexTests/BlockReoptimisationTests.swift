import BenchHarness
import CassowarySolver
import DenseSimplex
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// Frames whose priority changes each stay inside one bump block's part of the layout
/// are re-optimised block by block, without pricing (BlockReoptimisation.swift).
@Suite("Factored simplex: blocks re-optimised on their own")
struct BlockReoptimisationTests {
    /// `count` rows of toggle's shape, without a root: a row pinned by required
    /// constraints (its width optional at 950 when `optionalRowWidth`), a yellow and a blue
    /// half of equal width, the split (`blue.left == yellow.right + 100`, 750) and the full
    /// width (`yellow.right == row.right`, 250), and two preferences for yellow's width:
    /// 80 at 300 (`near<i>`) and 50 at 200 (`narrow<i>`).
    private func splitRows(count: Int, optionalRowWidth: Bool = false) -> SceneBuilder {
        let b = SceneBuilder(name: "split-rows")
        for i in 0..<count {
            let row = b.view("row\(i)"), yellow = b.view("yellow\(i)"), blue = b.view("blue\(i)")
            b.add(row.left == 20); b.add(row.top == 8 + 52 * Double(i)); b.add(row.height == 44)
            b.add(optionalRowWidth ? row.width == 335 ~ 950 : row.width == 335)
            b.add(yellow.left == row.left); b.add(yellow.top == row.top); b.add(yellow.height == row.height)
            b.add(blue.right == row.right); b.add(blue.top == row.top); b.add(blue.height == row.height)
            b.add(blue.width == yellow.width)
            b.add(blue.left == yellow.right + 100 ~ 750, id: "split\(i)")
            b.add(yellow.right == row.right ~ 250, id: "full\(i)")
            b.add(yellow.width == 80 ~ 300, id: "near\(i)")
            b.add(yellow.width == 50 ~ 200, id: "narrow\(i)")
        }
        return b
    }

    /// Per frame: each row's yellow width, the pivots, full pricings and local re-optimisations.
    /// Before each frame the duals are left stale, as a frame past the incremental updates
    /// leaves them, so the frame's priority changes cannot be followed incrementally.
    private func play(_ scene: Scene, rows: Int) throws -> (widths: [[Double]], pivots: [Int], pricings: [Int], local: [Int]) {
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let solver = backend.solver
        var out: (widths: [[Double]], pivots: [Int], pricings: [Int], local: [Int]) = ([], [], [], [])
        for f in compiled.frames.indices {
            solver.prices.state.forgetDuals()
            let before = (solver.statistics.pivots, solver.pricings, solver.blockReoptimisations)
            try session.runFrame(f)
            #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
            out.widths.append((0..<rows).map { session.rects[4 * (3 * $0 + 1) + 2] })
            out.pivots.append(solver.statistics.pivots - before.0)
            out.pricings.append(solver.pricings - before.1)
            out.local.append(solver.blockReoptimisations - before.2)
        }
        // The basis the frames left is optimal: a fresh pricing finds nothing improving.
        solver.computeDuals()
        solver.collectImprovingColumns()
        #expect(solver.prices.candidates.isEmpty)
        return out
    }

    private func expectAgreement(_ scene: Scene) throws {
        let outcome = Equivalence.compare(
            name: scene.name, scene: try scene.compile(), backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("a preference raised above the split moves yellow in two pivots per row (80, then 50), each block on its own, no pricing")
    func twoPivotsPerBlock() throws {
        let b = splitRows(count: 3)
        b.frame((0..<3).map { .setPriority(constraint: "narrow\($0)", value: 900) })
        b.frame((0..<3).map { .setPriority(constraint: "narrow\($0)", value: 200) })
        b.frame([.setPriority(constraint: "narrow0", value: 900)])
        b.frame([.setPriority(constraint: "split1", value: 100)])  // row 1: the near preference (300) wins
        let scene = b.build()
        let result = try play(scene, rows: 3)
        #expect(result.widths == [[50, 50, 50], [117.5, 117.5, 117.5], [50, 117.5, 117.5], [50, 80, 117.5]])
        #expect(result.pivots == [6, 6, 2, 1])
        #expect(result.pricings == [0, 0, 0, 0])
        #expect(result.local == [1, 1, 1, 1])
        try expectAgreement(scene)
    }

    @Test("a row width set by an optional constraint is not pinned: the frame is priced as before, with the same answers")
    func unpinnedRowsArePriced() throws {
        let b = splitRows(count: 3, optionalRowWidth: true)
        b.frame((0..<3).map { .setPriority(constraint: "narrow\($0)", value: 900) })
        b.frame([.setPriority(constraint: "narrow1", value: 200)])
        let scene = b.build()
        let result = try play(scene, rows: 3)
        #expect(result.widths == [[50, 50, 50], [50, 117.5, 50]])
        #expect(result.local == [0, 0])
        #expect(result.pricings.allSatisfy { $0 > 0 })
        try expectAgreement(scene)
    }

    @Test("a loose row reading two blocks' unknowns couples them: the frame is priced as before, with the same answers")
    func coupledBlocksArePriced() throws {
        let b = splitRows(count: 3)
        // Required and never tight: its slack stays basic, so the two rows' blocks stay apart.
        b.add(ViewRef("yellow0").width <= ViewRef("yellow1").width + 1000)
        b.frame([.setPriority(constraint: "narrow0", value: 900), .setPriority(constraint: "narrow2", value: 900)])
        let scene = b.build()
        let result = try play(scene, rows: 3)
        #expect(result.widths == [[50, 117.5, 50]])
        #expect(result.local == [0])
        #expect(result.pricings.allSatisfy { $0 > 0 })
        try expectAgreement(scene)
    }

    @Test("a frame whose blocks the propagation skipped but whose other change does not fit: the blocks' values are solved, then priced, with the same answers")
    func skippedBlocksSolvedWhenPriced() throws {
        let b = splitRows(count: 3)
        // An unknown set by an optional equality (not pinned), and a required floor under it.
        let extra = b.view("extra")
        b.add(extra.left == 50 ~ 500, id: "extraAt")
        b.add(extra.left >= 10)
        b.add(extra.top == 0); b.add(extra.width == 10); b.add(extra.height == 10)
        // Each row: a level change that keeps its optimum and a new spacing (137.5 = (335 - 60) / 2);
        // the floor's row left negative, reading an unknown that is not pinned.
        var ops: [Op] = (0..<3).flatMap { i -> [Op] in
            [.setPriority(constraint: "near\(i)", value: 350), .setConstant(constraint: "split\(i)", value: 60)]
        }
        ops.append(.setConstant(constraint: "extraAt", value: 5))
        b.frame(ops)
        b.frame((0..<3).map { .setPriority(constraint: "narrow\($0)", value: 900) })
        let scene = b.build()
        let result = try play(scene, rows: 3)
        #expect(result.widths == [[137.5, 137.5, 137.5], [50, 50, 50]])
        #expect(result.local == [0, 1])
        #expect(result.pricings[0] > 0)
        try expectAgreement(scene)
    }

    @Test("blocks of 2 × 2 (not toggle's size, the local simplex's general copy): each toggled on its own, exact values, the same answers")
    func twoByTwoBlocks() throws {
        let b = SceneBuilder(name: "two-by-two")
        for i in 0..<3 {
            let v = b.view("v\(i)")
            b.add(v.top == 10 * Double(i)); b.add(v.height == 10)
            // left + width = 100 and left + width / 2 = 60: no row of the two has one unknown alone, so they make a block.
            b.add(v.right == 100)
            b.add(v.centerX == 60 ~ 750, id: "even\(i)")
            b.add(v.width == 10 ~ 250, id: "narrow\(i)")
        }
        b.frame((0..<3).flatMap { i -> [Op] in
            [.setPriority(constraint: "even\(i)", value: 250), .setPriority(constraint: "narrow\(i)", value: 750)]
        })
        b.frame((0..<3).flatMap { i -> [Op] in
            [.setPriority(constraint: "even\(i)", value: 750), .setPriority(constraint: "narrow\(i)", value: 250)]
        })
        let scene = b.build()
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let solver = backend.solver
        #expect(solver.factorBlockSizes.allSatisfy { $0 == 2 } && solver.factorBlockSizes.count == 3)
        var lefts: [[Double]] = [], local: [Int] = []
        for f in compiled.frames.indices {
            solver.prices.state.forgetDuals()
            let before = solver.blockReoptimisations
            try session.runFrame(f)
            #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
            lefts.append((0..<3).map { session.rects[4 * $0] })
            local.append(solver.blockReoptimisations - before)
        }
        #expect(lefts == [[90, 90, 90], [20, 20, 20]])
        #expect(local == [1, 1])
        try expectAgreement(scene)
    }

    @Test("the local simplex's copies for blocks of three (one loose row: toggle's; three: the split rows') leave the same bits, pivots and local passes as its general copy, every block on its size's copy")
    func sizeCopiesMatchTheGeneralCopy() throws {
        let toggle = SceneGenerator.generate(.toggle, GeneratorParameters(views: 3_400, frames: 4, toggleEvery: 1))
        let b = splitRows(count: 3)
        b.frame((0..<3).map { .setPriority(constraint: "narrow\($0)", value: 900) })
        b.frame((0..<3).flatMap { i -> [Op] in
            [.setPriority(constraint: "narrow\(i)", value: 200), .setConstant(constraint: "split\(i)", value: 60)]
        })
        for scene in [toggle, b.build()] {
            let compiled = try scene.compile()
            var runs: [(rects: [[Double]], pivots: [Int], local: [Int])] = []
            var sizeCopies: [Int] = []
            for specialised in [true, false] {
                let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
                let backend = try #require(session.backend as? FactoredBackend)
                let solver = backend.solver
                solver.localBuffers.specialisesSizes = specialised
                var run: (rects: [[Double]], pivots: [Int], local: [Int]) = ([], [], [])
                for f in compiled.frames.indices {
                    solver.prices.state.forgetDuals()
                    let before = (solver.statistics.pivots, solver.blockReoptimisations)
                    try session.runFrame(f)
                    #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
                    run.rects.append(session.rects)
                    run.pivots.append(solver.statistics.pivots - before.0)
                    run.local.append(solver.blockReoptimisations - before.1)
                }
                runs.append(run)
                sizeCopies.append(solver.blocksOnSizeCopies)
            }
            // Every row's block (three unknowns) is re-optimised in every frame: by a size's copy, then by none.
            let blocks = scene.name == "split-rows" ? 3 : 1_133
            #expect(sizeCopies == [blocks * compiled.frames.count, 0], "\(scene.name)")
            #expect(runs[0].local.allSatisfy { $0 == 1 }, "\(scene.name): \(runs[0].local)")
            #expect(runs[0].pivots == runs[1].pivots, "\(scene.name)")
            #expect(runs[0].local == runs[1].local, "\(scene.name)")
            for f in runs[0].rects.indices {
                #expect(runs[0].rects[f].map(\.bitPattern) == runs[1].rects[f].map(\.bitPattern), "\(scene.name), frame \(f)")
            }
        }
    }

    @Test("toggle past the incremental updates (1,133 rows, 2,266 priority changes a frame): every frame re-optimised locally, exact widths, agrees with cassowary")
    func toggleBeyondIncrementalUpdates() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 3_400, frames: 5, toggleEvery: 1))
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let solver = backend.solver
        let before = (solver.pricings, solver.refactorisations, solver.blockReoptimisations, solver.statistics.pivots)
        let yellows = try [0, 566, 1_132].map { i in try #require(compiled.viewIDs.firstIndex(of: "yellow\(i)")) }
        var widths: [[Double]] = []
        for f in compiled.frames.indices {
            try session.runFrame(f)
            #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
            widths.append(yellows.map { session.rects[4 * $0 + 2] })
        }
        // The full width (335) and the split (spacing 100, then 10) take turns.
        #expect(widths == [[335, 335, 335], [117.5, 117.5, 117.5], [335, 335, 335], [162.5, 162.5, 162.5], [335, 335, 335]])
        #expect(solver.pricings == before.0)
        #expect(solver.refactorisations == before.1)
        #expect(solver.blockReoptimisations - before.2 == 5)
        #expect(solver.statistics.pivots - before.3 == 5 * 1_133)
        solver.computeDuals()
        solver.collectImprovingColumns()
        #expect(solver.prices.candidates.isEmpty)
        let outcome = Equivalence.compare(name: "toggle-3400", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }
}
