import CassowarySolver
import LayoutModel
import Testing

@testable import SceneGenerator

@Suite("Scene generator")
struct SceneGeneratorTests {
    @Test("every family at 10 and 1,000 views validates")
    func valid() throws {
        for family in Family.allCases {
            for views in [10, 1000] {
                let scene = SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 30))
                let problems = scene.validate()
                #expect(problems.isEmpty, "\(family)-\(views): \(problems.prefix(3))")
            }
        }
    }

    @Test("structure: views, constraints and ops per frame")
    func structure() {
        func g(_ f: Family, _ v: Int) -> Scene { SceneGenerator.generate(f, GeneratorParameters(views: v, frames: 20)) }
        let stack = g(.stack, 11)
        #expect(stack.views.count == 11 && stack.constraints.count == 4 + 4 * 10 && stack.edits.count == 1)
        #expect(stack.frames.count == 20 && stack.frames.allSatisfy { $0.count == 1 })
        let tree = g(.tree, 21)  // root + 4 + 16
        #expect(tree.views.count == 21 && tree.constraints.count == 4 + 4 * 20)
        let grid = g(.grid, 17)  // 4 × 4 cells
        #expect(grid.views.count == 17 && grid.constraints.count == 4 + 4 * 16 && grid.frames[0].count == 32)
        let clamp = g(.clamp, 31)  // 10 containers of 3 views
        #expect(clamp.views.count == 31 && clamp.constraints.count == 4 + 15 * 10)
        #expect(clamp.frames[0].count == 2 && clamp.frames[1].count == 1)  // addEdit + suggest, then suggest
        let toggle = g(.toggle, 31)
        #expect(toggle.views.count == 31 && toggle.constraints.count == 4 + 13 * 10 && toggle.frames[0].count == 30)
        let scroll = g(.scroll, 14)
        #expect(scroll.views.count == 14 && scroll.frames[0].count == 3)
        let churn = g(.churn, 11)
        #expect(churn.views.count == 11 && churn.constraints.count == 4 + 5 * 10)
        #expect(churn.frames[0].count == 2 && churn.frames[9].count == 3)
        let mixed = g(.mixed, 12)
        #expect(mixed.views.count == 12)
        let kinds = Set(mixed.frames.flatMap { $0.map(\.name) })
        #expect(kinds == ["suggest", "setConstant", "setPriority", "activate", "deactivate", "add", "remove", "addEdit", "removeEdit"])
    }

    @Test("deterministic: same parameters give identical bytes; a different seed changes seeded families")
    func determinism() {
        for family in Family.allCases {
            let p = GeneratorParameters(views: 200, frames: 40, seed: 7)
            #expect(SceneGenerator.generate(family, p).jsonString() == SceneGenerator.generate(family, p).jsonString())
            if family.usesSeed {
                var q = p
                q.seed = 8
                #expect(SceneGenerator.generate(family, p) != SceneGenerator.generate(family, q), "\(family)")
            }
        }
    }

    @Test("layouts are unique at every frame (the solver finds no free unknown); --ambiguous leaves one free")
    func unique() throws {
        for family in Family.allCases {
            let compiled = try SceneGenerator.generate(family, GeneratorParameters(views: 40, frames: 24)).compile()
            let session = try SceneSession(scene: compiled, backend: CassowaryBackend.self)
            let backend = try #require(session.backend as? CassowaryBackend)
            #expect(backend.ambiguousViews().isEmpty, "\(family) frame 0: \(backend.ambiguousViews())")
            for f in compiled.frames.indices {
                try session.runFrame(f)
                #expect(backend.ambiguousViews().isEmpty, "\(family) frame \(f + 1): \(backend.ambiguousViews())")
            }
        }
        let loose = try SceneGenerator.generate(.stack, GeneratorParameters(views: 10, frames: 1, ambiguous: true)).compile()
        let session = try SceneSession(scene: loose, backend: CassowaryBackend.self)
        #expect((session.backend as! CassowaryBackend).ambiguousViews() == ["v8"])
    }

    @Test("the generator knows which families frame arithmetic can run")
    func oneWay() {
        #expect(Family.allCases.filter(\.isOneWayEvaluable) == [.stack, .tree, .grid, .scroll, .churn])
        for family in Family.allCases where family.isOneWayEvaluable {
            let s = SceneGenerator.generate(family, GeneratorParameters(views: 50, frames: 10))
            #expect(s.constraints.allSatisfy { $0.relation == .equal })
        }
    }
}
