import CassowarySolver
import DenseSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

@Suite("Dense simplex")
struct DenseSimplexTests {
    @Test("strict priorities: one priority-2 constraint beats 2,000 at priority 1")
    func strict() throws {
        #expect(try solveFrames(PriorityScenes.strict(), DenseSimplexBackend.self)[0] == [0, 0, 10, 10])
    }

    @Test("an inequality clamps and the next priority decides inside the clamp")
    func clamp() throws {
        #expect(try solveFrames(PriorityScenes.clamp(), DenseSimplexBackend.self)[0] == [0, 0, 50, 10])
    }

    @Test("a scene too large for the limit is declined with its estimate, not loaded")
    func tooLarge() throws {
        let scene = try SceneGenerator.generate(.stack, GeneratorParameters(views: 2000, frames: 1)).compile()
        var options = BackendOptions()
        options.memoryLimitBytes = 1 << 20
        let reason = try #require(DenseSimplexBackend.assess(scene, options: options).declineReason)
        #expect(reason.contains("needs an estimated") && reason.contains("over the limit of 1 MiB"), "\(reason)")
        #expect(throws: LayoutError.self) { try DenseSimplexBackend(scene: scene, options: options) }
        let estimate = DenseSimplexBackend.estimateBytes(scene)
        #expect(estimate.rows == scene.constraints.count + scene.edits.count)
    }

    @Test("a 300-view scene solves and matches the Cassowary back end")
    func threeHundred() throws {
        for family in [Family.stack, .clamp] {
            let scene = SceneGenerator.generate(family, GeneratorParameters(views: 300, frames: 3))
            let dense = try solveFrames(scene, DenseSimplexBackend.self)
            let cassowary = try solveFrames(scene, CassowaryBackend.self)
            #expect(dense.count == 4 && cassowary.count == 4)
            for (d, c) in zip(dense, cassowary) {
                #expect(Tolerance.approximatelyEqual(d, c), "\(family)")
            }
        }
    }

    @Test("an unsatisfiable initial scene fails naming a conflicting set")
    func initialConflict() throws {
        let b = SceneBuilder(name: "bad")
        let a = b.view("a")
        b.add(a.left == 0, id: "zero")
        b.add(a.left == 5, id: "five")
        b.add(a.top == 0); b.add(a.width == 1); b.add(a.height == 1)
        #expect {
            _ = try SceneSession(scene: b.build().compile(), backend: DenseSimplexBackend.self)
        } throws: { error in
            guard let e = error as? LayoutError, case let .unsatisfiable(culprit, conflicts) = e else { return false }
            return Set([culprit] + conflicts) == ["zero", "five"] && conflicts.count == 1
        }
    }

    @Test("setPriority 999.5 and a constant beyond 1e9 are refused by name; the layout stays")
    func outOfRangeOps() throws {
        let b = SceneBuilder(name: "range")
        let a = b.view("a")
        b.add(a.left == 0); b.add(a.top == 0); b.add(a.height == 10)
        b.add(a.width == 10 ~ 500, id: "w")
        b.add(a.width == 30 ~ 400, id: "v")
        b.frame([.setPriority(constraint: "w", value: 999.5)])
        b.frame([.setConstant(constraint: "w", value: 5e9)])
        b.frame([.setPriority(constraint: "v", value: 600)])
        #expect(try refusals(b.build(), DenseSimplexBackend.self) == [
            [],
            ["frame 1 op 0: setPriority \"w\": priority 999.5 is out of range 1...999"],
            ["frame 2 op 0: setConstant \"w\": value 5000000000 is outside the supported range ±1e9"],
            [],
        ])
        #expect(try solveFrames(b.build(), DenseSimplexBackend.self).map { $0[2] } == [10, 10, 10, 30])
    }
}
