import Foundation
import BenchHarness
import CassowarySolver
import DenseSimplex
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

private func solveAll(_ scene: Scene) throws -> [[Double]] {
    let compiled = try scene.compile()
    let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
    var out = [session.rects]
    for f in compiled.frames.indices {
        try session.runFrame(f)
        out.append(session.rects)
    }
    return out
}

/// The back end as `SceneSession` loads it (constraints, then the scene's edits held at the
/// initial solve); the tests then drive it directly.
private func backend(_ scene: Scene) throws -> (FactoredBackend, CompiledScene) {
    let compiled = try scene.compile()
    let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
    return (try #require(session.backend as? FactoredBackend), compiled)
}

/// View `a` (width edited at priority 500, preferring 10 at 100, capped at 100 with
/// priority `cap`) and `c` 8 points to its right, twice as wide.
private func cappedChain(_ name: String, cap: Priority) -> (SceneBuilder, ViewRef) {
    let b = SceneBuilder(name: name)
    let a = b.view("a")
    let c = b.view("c")
    b.add(a.left == 0); b.add(a.top == 0); b.add(a.height == 10)
    b.add(c.left == a.right + 8); b.add(c.top == 0); b.add(c.height == 10)
    b.add(c.width == 2 * a.width)
    b.add(a.width <= 100 ~ cap, id: "cap")
    b.add(a.width == 10 ~ 100)
    b.edit(a.width, priority: 500)
    return (b, a)
}

/// Plays `frames` on the back end directly; per frame: view `a`'s width, the pivots taken
/// and the full pricings run (what an incremental update avoids).
private func playCounting(_ solver: FactoredBackend, _ frames: [[CompiledOp]]) throws -> (
    widths: [Double], pivots: [Int], pricings: [Int]
) {
    var out: (widths: [Double], pivots: [Int], pricings: [Int]) = ([], [], [])
    for frame in frames {
        let before = (solver.statistics.pivots, solver.solver.pricings)
        for op in frame { try solver.apply(op) }
        try solver.solve()
        out.pivots.append(solver.statistics.pivots - before.0)
        out.pricings.append(solver.solver.pricings - before.1)
        out.widths.append(solver.rects(viewCount: 2)[2])
    }
    return out
}

@Suite("Factored simplex")
struct FactoredSimplexTests {
    @Test("strict priorities: one priority-2 constraint beats 2,000 at priority 1")
    func strict() throws {
        #expect(try solveAll(PriorityScenes.strict())[0] == [0, 0, 10, 10])
    }

    @Test("an inequality clamps and the next priority decides inside the clamp")
    func clamp() throws {
        #expect(try solveAll(PriorityScenes.clamp())[0] == [0, 0, 50, 10])
    }

    @Test("edits: a suggestion moves the chain, a bound is crossed and released")
    func edits() throws {
        let (b, a) = cappedChain("edits", cap: .required)
        b.frame([.suggest(attribute: a.width.ref, value: 40)])
        b.frame([.suggest(attribute: a.width.ref, value: 400)])  // capped at 100
        b.frame([.suggest(attribute: a.width.ref, value: 30)])
        let r = try solveAll(b.build())
        #expect(r[0] == [0, 0, 10, 10, 18, 0, 20, 10])
        #expect(r[1] == [0, 0, 40, 10, 48, 0, 80, 10])
        #expect(r[2] == [0, 0, 100, 10, 108, 0, 200, 10])
        #expect(r[3] == [0, 0, 30, 10, 38, 0, 60, 10])
    }

    @Test("refused ops name their conflicts and leave the layout exactly as it was")
    func refused() throws {
        let b = SceneBuilder(name: "refused")
        let a = b.view("a")
        b.add(a.left == 0, id: "zero")
        b.add(a.top == 0, id: "top")
        b.add(a.width == 20, id: "w")
        b.add(a.height == 10, id: "h")
        b.add(a.right <= 100, id: "cap")
        b.add(a.left == 7, id: "seven")
        var scene = b.build()
        scene.constraints[5].isActive = false
        let (solver, compiled) = try backend(scene)
        let before = solver.rects(viewCount: 1)
        #expect(before == [0, 0, 20, 10])
        #expect(throws: LayoutError.unsatisfiable(constraint: "zero", conflicts: ["w", "cap"])) {
            try solver.apply(.setConstant(0, value: 90))
        }
        #expect(throws: LayoutError.unsatisfiable(constraint: "seven", conflicts: ["zero"])) {
            try solver.apply(.activate(5))
        }
        try solver.solve()
        #expect(solver.rects(viewCount: 1) == before)
        try solver.apply(.setConstant(0, value: 80))
        try solver.solve()
        #expect(solver.rects(viewCount: 1) == [80, 0, 20, 10])
        _ = compiled
    }

    @Test("ambiguity: a view whose left nothing fixes is reported")
    func ambiguity() throws {
        let b = SceneBuilder(name: "ambiguous")
        let a = b.view("a")
        let c = b.view("c")
        b.add(a.left == 0); b.add(a.top == 0); b.add(a.width == 5); b.add(a.height == 5)
        b.add(c.top == 0); b.add(c.width == 5); b.add(c.height == 5)
        b.add(c.left >= a.right)
        let (solver, _) = try backend(b.build())
        #expect(solver.ambiguousViews() == [1])
        // Pinning c's left removes the ambiguity.
        b.add(c.left == a.right + 3 ~ 10)
        let (pinned, _) = try backend(b.build())
        #expect(pinned.ambiguousViews() == [])
        #expect(pinned.rects(viewCount: 2) == [0, 0, 5, 5, 8, 0, 5, 5])
        #expect(FactoredBackend.isExact)
    }

    @Test("every example scene agrees with cassowary and dense")
    func examples() throws {
        for e in ExampleScenes.all {
            let outcome = Equivalence.compare(
                name: e.key, scene: try e.scene().compile(),
                backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.contains("factored"), "\(outcome.skipped)")
        }
    }

    @Test("independent bump blocks: equal-width pairs in separate rows are factored apart, and solved exactly")
    func bumpBlocks() throws {
        let b = SceneBuilder(name: "blocks")
        for i in 0..<3 {
            let row = b.view("row\(i)")
            let left = b.view("left\(i)", parent: row)
            let right = b.view("right\(i)", parent: row)
            b.add(row.left == 0); b.add(row.top == Double(i) * 50); b.add(row.width == 300 + Double(i) * 30); b.add(row.height == 40)
            b.add(left.left == row.left); b.add(right.right == row.right); b.add(right.left == left.right + 10)
            b.add(left.width == right.width)
            b.add(left.top == row.top); b.add(right.top == row.top); b.add(left.height == row.height); b.add(right.height == row.height)
        }
        let (solver, _) = try backend(b.build())
        // Each row's right edge, gap and equal widths tie left.width, right.left and
        // right.width in a 3 × 3 block the peel cannot split; the rows stay apart.
        #expect(solver.solver.factorBlockSizes == [3, 3, 3])
        let rects = solver.rects(viewCount: 9)
        for i in 0..<3 {
            let width = (300 + Double(i) * 30 - 10) / 2
            #expect(rects[(3 * i + 1) * 4 + 2] == width)
            #expect(rects[(3 * i + 2) * 4 + 0] == width + 10)
        }
    }

    @Test("a crossing that only flips a weaker inequality ends without a pivot, and exactly")
    func flipWithoutPivot() throws {
        let (b, a) = cappedChain("flip", cap: 200)  // weaker than the edit: violated, not binding
        b.frame([.suggest(attribute: a.width.ref, value: 40)])
        b.frame([.suggest(attribute: a.width.ref, value: 400)])
        b.frame([.suggest(attribute: a.width.ref, value: 30)])
        let scene = b.build()
        let (solver, _) = try backend(scene)
        let (widths, pivots, pricings) = try playCounting(solver, [40.0, 400, 30].map { [.suggest(0, value: $0)] })
        #expect(widths == [40, 400, 30])
        #expect(pivots == [0, 0, 0])
        #expect(pricings == [0, 0, 0])  // the crossings (400 and back) update the duals, they do not price
        let outcome = Equivalence.compare(
            name: "flip", scene: try scene.compile(), backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("a required bound taking over from an edit, and letting go, is one dual pivot each, in place, without pricing")
    func dualPivotInPlace() throws {
        let (b, a) = cappedChain("swap", cap: .required)
        for value in [40.0, 400, 30] { b.frame([.suggest(attribute: a.width.ref, value: value)]) }
        let scene = b.build()
        let (solver, _) = try backend(scene)
        let (widths, pivots, pricings) = try playCounting(solver, [40.0, 400, 30].map { [.suggest(0, value: $0)] })
        #expect(widths == [40, 100, 30])
        #expect(pivots == [0, 1, 1])  // the cap takes a.width from the edit, then gives it back
        #expect(pricings == [0, 0, 0])
        let outcome = Equivalence.compare(
            name: "swap", scene: try scene.compile(), backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("priority changes, deactivation and activation move only costs: exact answers, no full pricing")
    func costChangesWithoutPricing() throws {
        let (b, a) = cappedChain("costs", cap: 200)
        b.frame([.suggest(attribute: a.width.ref, value: 400)])
        b.frame([.setPriority(constraint: "cap", value: 800)])
        b.frame([.setPriority(constraint: "cap", value: 200)])
        b.frame([.deactivate(constraint: "cap")])
        b.frame([.activate(constraint: "cap")])
        let scene = b.build()
        let (solver, compiled) = try backend(scene)
        let (widths, pivots, pricings) = try playCounting(solver, compiled.frames)
        // The cap above the edit wins (100); below it, or gone, the edit does (400).
        #expect(widths == [400, 100, 400, 400, 400])
        #expect(pivots == [0, 1, 1, 0, 0])
        #expect(pricings == [0, 0, 0, 0, 0])
        let outcome = Equivalence.compare(
            name: "costs", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    /// Three stacked views; the middle one's height is 44 (`short`) or, inactive, 60 (`tall`),
    /// both required, and a weak preference for 30 that neither lets win.
    private func switchedHeights() -> (SceneBuilder, ViewRef) {
        let b = SceneBuilder(name: "switch")
        let views = ["a", "m", "z"].map { b.view($0) }
        for v in views { b.add(v.left == 0); b.add(v.width == 100) }
        b.add(views[0].top == 0); b.add(views[0].height == 20)
        b.add(views[1].top == views[0].bottom + 8)
        b.add(views[2].top == views[1].bottom + 8); b.add(views[2].height == 20)
        b.add(views[1].height == 44, id: "short")
        b.add(views[1].height == 60, id: "tall")
        b.add(views[1].height == 30 ~ 100, id: "prefer")
        return (b, views[1])
    }

    @Test("a constraint switched for one on the same terms takes its place in the factor: no pivot, no pricing, no refactorisation")
    func replacementInPlace() throws {
        let (b, _) = switchedHeights()
        b.frame([.deactivate(constraint: "short"), .activate(constraint: "tall")])
        b.frame([.deactivate(constraint: "tall"), .activate(constraint: "short")])
        b.frame([.deactivate(constraint: "short"), .activate(constraint: "short")])  // put back: it stays
        var scene = b.build()
        scene.constraints[scene.constraints.firstIndex { $0.id == "tall" }!].isActive = false
        let (solver, compiled) = try backend(scene)
        let refactorisations = solver.solver.refactorisations
        var tops: [Double] = []
        var work: [Int] = []
        for frame in compiled.frames {
            let before = (solver.statistics.pivots, solver.solver.pricings)
            for op in frame { try solver.apply(op) }
            try solver.solve()
            tops.append(solver.rects(viewCount: 3)[9])
            work.append(solver.statistics.pivots - before.0 + solver.solver.pricings - before.1)
        }
        #expect(tops == [96, 80, 80])  // 20 + 8 + (60 or 44) + 8
        #expect(work == [0, 0, 0])
        #expect(solver.solver.refactorisations == refactorisations)
        let outcome = Equivalence.compare(
            name: "switch", scene: compiled, backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("a refused replacement names its conflict and leaves the layout as the removal alone would")
    func refusedReplacement() throws {
        let (b, m) = switchedHeights()
        b.add(m.height <= 50, id: "cap")
        var scene = b.build()
        scene.constraints[scene.constraints.firstIndex { $0.id == "tall" }!].isActive = false
        let (solver, compiled) = try backend(scene)
        let short = Int32(compiled.constraints.firstIndex { $0.id == "short" }!)
        let tall = Int32(compiled.constraints.firstIndex { $0.id == "tall" }!)
        try solver.apply(.deactivate(short))
        #expect(throws: LayoutError.unsatisfiable(constraint: "tall", conflicts: ["cap"])) {
            try solver.apply(.activate(tall))
        }
        try solver.solve()
        // Without `short`, and without the refused `tall`, the weak preference decides.
        #expect(solver.rects(viewCount: 3)[7] == 30)
        #expect(solver.rects(viewCount: 3)[9] == 66)  // 20 + 8 + 30 + 8
        try solver.apply(.activate(short))
        try solver.solve()
        #expect(solver.rects(viewCount: 3)[7] == 44)
    }

    /// Generates each family at `views` and expects `backends` (factored among them) to agree.
    private func expectAgreement(
        _ families: [Family], views: Int, frames: Int,
        backends: [any LayoutBackend.Type] = [CassowaryBackend.self, FactoredBackend.self]
    ) throws {
        for family in families {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: views, frames: frames)).compile()
            let outcome = Equivalence.compare(name: "\(family)-\(views)", scene: scene, backends: backends)
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.contains("factored"), "\(outcome.skipped)")
        }
    }

    @Test("tree, clamp, toggle and mixed at 2,000 views (bound crossings, bump blocks, many levels) agree with cassowary")
    func crossingFamilies() throws {
        try expectAgreement([.tree, .clamp, .stack, .toggle, .mixed], views: 2000, frames: 60)
    }

    @Test("every generator family at 10 views agrees with cassowary and dense")
    func familiesSmall() throws {
        try expectAgreement(
            Family.allCases, views: 10, frames: 30,
            backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
    }

    @Test("every generator family at 300 views agrees with cassowary")
    func familiesLarge() throws {
        try expectAgreement(Family.allCases, views: 300, frames: 10)
    }

    @Test("frames that move much of a large layout publish in view order: stack, tree, grid, scroll and churn at 5,000 views agree with cassowary")
    func largeFramesPublishInOrder() throws {
        // 5,000 views: above the 4,096 from which `publish` walks the views instead of the changed list.
        try expectAgreement([.stack, .tree, .grid, .scroll, .churn], views: 5000, frames: 4)
    }

    /// Toggle's scene with only the rows in `rows` toggling, every frame, and the first
    /// row moving sideways (so the rows a local update placed again are read through
    /// the positions that were already there).
    private func toggling(rows: Set<Int>, views: Int, frames: Int) throws -> CompiledScene {
        var scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: views, frames: frames, toggleEvery: 1))
        let kept = Set(rows.flatMap { ["split\($0)", "full\($0)"] })
        scene.frames = scene.frames.enumerated().map { f, frame in
            frame.filter { op in
                switch op {
                case .setConstant(let c, _), .setPriority(let c, _): kept.contains(c)
                default: true
                }
            } + [.setConstant(constraint: "c5", value: 20 + Double(f % 7))]  // row0.left
        }
        return try scene.compile()
    }

    @Test("a pivot between two rows of one block swaps them there: one toggling row of 333 re-factors, re-prices and re-places nothing")
    func blockSwapInPlace() throws {
        let compiled = try toggling(rows: [0], views: 1000, frames: 12)
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let solver = try #require(session.backend as? FactoredBackend).solver
        let before = (solver.refactorisations, solver.pricings, solver.localUpdates)
        let yellow = try #require(compiled.viewIDs.firstIndex(of: "yellow0"))
        var yellowWidths: [Double] = []
        for f in compiled.frames.indices {
            try session.runFrame(f)
            yellowWidths.append(session.rects[4 * yellow + 2])
        }
        // The split (spacing 100, then 10) and the full width (335) take turns.
        #expect(yellowWidths == [335, 117.5, 335, 162.5, 335, 117.5, 335, 162.5, 335, 117.5, 335, 162.5])
        #expect(solver.refactorisations == before.0)
        #expect(solver.pricings == before.1)
        // The split and the full width take turns in the row's 3 × 3 block: no local update.
        #expect(solver.localUpdates == before.2)
        let outcome = Equivalence.compare(name: "toggle-row", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("local updates over a long run: holes and dead blocks are compacted by a refactorisation once their room is used, answers stay exact")
    func localUpdatesCompact() throws {
        // A required width taken out and put back every frame: its unknown leaves the basis and
        // comes back, each time a local update (toggle's rows now swap inside their blocks).
        let compiled = try widthTakenOutAndBack(frames: 1_600)
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let solver = try #require(session.backend as? FactoredBackend).solver
        let before = (solver.refactorisations, solver.localUpdates, solver.compactions)
        for f in compiled.frames.indices { try session.runFrame(f) }
        let compactions = solver.compactions - before.2
        #expect(compactions >= 1, "\(compactions)")
        #expect(solver.localUpdates - before.1 >= 390)
        let outcome = Equivalence.compare(
            name: "width-out-and-back", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    /// View a's required width 100 taken out and put back in alternate frames; while it is
    /// out, an optional constraint on c decides a's width.
    private func widthTakenOutAndBack(frames: Int) throws -> CompiledScene {
        let b = SceneBuilder(name: "width-out-and-back")
        let a = b.view("a")
        let c = b.view("c")
        b.add(a.left == 0); b.add(a.top == 0); b.add(a.height == 10)
        b.add(a.width == 100, id: "w")
        b.add(c.left == a.right + 8); b.add(c.top == 0); b.add(c.height == 10); b.add(c.width == 20)
        b.add(c.right == 100 ~ 500, id: "pref")
        for f in 0..<frames { b.frame([f % 2 == 0 ? .deactivate(constraint: "w") : .activate(constraint: "w")]) }
        return try b.build().compile()
    }

    @Test("a tight constraint taken out that no row can replace in place: its unknown leaves the basis in a local update, and the optimum is found")
    func removalUpdatesLocally() throws {
        let b = SceneBuilder(name: "removal")
        let a = b.view("a")
        let c = b.view("c")
        b.add(a.left == 0); b.add(a.top == 0); b.add(a.height == 10)
        b.add(a.width == 100, id: "w")
        b.add(c.left == a.right + 8); b.add(c.top == 0); b.add(c.height == 10); b.add(c.width == 20)
        // Violated while `w` holds; once `w` goes, it decides a's width through c.
        b.add(c.right == 100 ~ 500, id: "pref")
        b.frame([.deactivate(constraint: "w")])
        b.frame([.activate(constraint: "w")])
        b.frame([.deactivate(constraint: "w")])
        let scene = b.build()
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let solver = try #require(session.backend as? FactoredBackend).solver
        let before = (solver.refactorisations, solver.localUpdates)
        var widths: [Double] = []
        for f in compiled.frames.indices {
            try session.runFrame(f)
            widths.append(session.rects[2])
        }
        #expect(widths == [72, 100, 72])  // 100 - 20 - 8
        #expect(solver.refactorisations == before.0)
        #expect(solver.localUpdates > before.1)
        let outcome = Equivalence.compare(
            name: "removal", scene: compiled, backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("duals kept by incremental updates alone over 1,500 toggles (and the local updates between) match a fresh pricing to 1e-12")
    func dualsDoNotDrift() throws {
        // Large enough that the holes of 2,000 local updates fit in their room: no refactorisation.
        let compiled = try toggling(rows: [0], views: 10_000, frames: 1500)
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let solver = try #require(session.backend as? FactoredBackend).solver
        let pricings = solver.pricings
        for f in compiled.frames.indices { try session.runFrame(f) }
        // No full pricing on the way: every update was incremental, more than the
        // 1,024 a refresh used to come after.
        #expect(solver.pricings == pricings)
        #expect(solver.dualsCurrent)
        #expect(solver.prices.updatesSinceRefresh >= 3_000)
        var kept: [[Double]] = []
        for r in 0..<solver.rowCount { kept.append((0..<solver.settings.levelCount).map { solver.prices.duals.dual(level: $0, row: r) }) }
        solver.computeDuals()
        var worst = 0.0
        for r in 0..<solver.rowCount {
            for l in 0..<solver.settings.levelCount {
                let fresh = solver.prices.duals.dual(level: l, row: r)
                worst = max(worst, abs(fresh - kept[r][l]) / max(1, abs(fresh)))
            }
        }
        #expect(worst <= 1e-12, "\(worst)")
    }

    @Test("no drift: 1,000,000 suggest frames end where a fresh solve of the final state does")
    func drift() throws {
        func value(_ i: Int) -> Double { 500 * sin(Double(i) * 0.001) + Double(i % 13) * 0.37 }
        func scene(_ initial: Double) -> Scene {
            let b = SceneBuilder(name: "drift")
            let a = b.view("a")
            let c = b.view("c")
            b.add(a.left == 0); b.add(a.top == 0); b.add(a.height == 10)
            b.add(c.left == a.right + 8); b.add(c.top == 0); b.add(c.height == 0.5 * a.width)
            b.add(c.width == 0.3 * a.width + 7)
            b.add(a.width <= 450)  // crossed now and then: pivots
            b.add(a.width >= -300)
            b.add(a.width == initial ~ 100)
            b.edit(a.width, priority: 500)
            return b.build()
        }
        let (solver, _) = try backend(scene(0))
        var last = 0.0
        for i in 0..<1_000_000 {
            last = value(i)
            try solver.apply(.suggest(0, value: last))
            try solver.solve()
        }
        let (fresh, _) = try backend(scene(last))
        let a = solver.rects(viewCount: 2)
        let b = fresh.rects(viewCount: 2)
        #expect(b[2] == min(450, max(-300, last)))
        for (x, y) in zip(a, b) { #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(a) vs \(b)") }
    }
}
