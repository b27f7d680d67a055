import BenchHarness
import CassowarySolver
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutFuzzing
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

private let all: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, FactoredBackend.self]

/// Cassowary with a deliberately wrong answer: view 1 moves 1 pt right after frame 2.
final class WrongBackend: NudgedBackend {
    override class var name: String { "wrong" }
    override class var summary: String { "cassowary, off by one point at frame 2" }
    // The session's solve after declaring the scene's edits is the first.
    override class func nudges(solve: Int) -> Bool { solve == 3 }
}


/// Seeds 1...1000 in ten chunks, so the chunks run in parallel.
private let randomSeedChunks: [ClosedRange<UInt64>] = (UInt64(0)..<10).map { (chunk: UInt64) in (chunk * 100 + 1)...(chunk * 100 + 100) }

@Suite("Equivalence of back ends")
struct EquivalenceTests {
    @Test("every example scene: all applicable back ends agree")
    func examples() throws {
        for e in ExampleScenes.all {
            let outcome = Equivalence.compare(name: e.key, scene: try e.scene().compile(), backends: all)
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.count >= 2)
        }
    }

    @Test("every generator family at small sizes")
    func families() throws {
        for family in Family.allCases {
            for views in [10, 50] {
                let scene = try SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 20)).compile()
                let outcome = Equivalence.compare(name: "\(family)-\(views)", scene: scene, backends: all)
                #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
                #expect(outcome.backends.contains("cassowary") && outcome.backends.contains("dense"))
                #expect(outcome.backends.contains("manual") == family.isOneWayEvaluable)
            }
        }
    }

    @Test("a comparison with fewer than two back ends is an error, not a pass")
    func fewerThanTwo() throws {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let alone = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self])
        #expect(!alone.passed && alone.framesCompared == 0)
        #expect(alone.disagreements.map(\.message) == ["fewer than two back ends could run this scene (ran: cassowary), so nothing was compared"])
        // manual declines slider-stack (it has inequalities): one back end left.
        let declined = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self, FrameArithmeticBackend.self])
        #expect(!declined.passed && declined.skipped.map(\.backend) == ["manual"])
    }

    @Test("back ends are found by name, and `frames` is the manual back end's old name")
    func registryAlias() throws {
        #expect(BackendRegistry.names == ["cassowary", "dense", "manual", "factored"])
        #expect(BackendRegistry.named("frames")?.name == "manual")
        #expect(BackendRegistry.named("manual")?.name == "manual")
        #expect(BackendRegistry.named("kiwi") == nil)
    }

    @Test("a deliberately wrong answer is caught, naming frame, view and attribute")
    func injected() throws {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let outcome = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self, WrongBackend.self])
        let first = try #require(outcome.disagreements.first)
        #expect(first.frame == 2)
        // Moving red breaks `c4: red.left == root.left`: the first thing the check sees.
        #expect(first.message == "wrong breaks required constraint 'c4' by 1.0", "\(first)")
        #expect(first.description.hasPrefix("slider-stack frame 2:"))
    }

    @Test(
        "random scenes and op streams, 1,000 seeds: cassowary, dense and factored give the exact optimum after every frame, invariants checked after every op (a failure is shrunk and printed)",
        arguments: randomSeedChunks)
    func randomScenes(seeds: ClosedRange<UInt64>) throws {
        var settings = FuzzCampaign.Settings(seeds: seeds, scenes: RandomScenes.Parameters(views: 3...24))
        settings.checkingInvariants = true
        let report = FuzzCampaign.run(
            backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self], settings: settings)
        for c in report.counterexamples {
            Issue.record("\(c.backend), seed \(c.seed), frame \(c.frame): \(c.message)\nshrunk: \(c.shrunkMessage)\n\(c.shrunk.jsonString())")
        }
        for t in report.tallies where !report.counterexamples.contains(where: { $0.backend == t.backend }) {
            #expect(t.scenes == seeds.count, "\(t.backend) checked \(t.scenes) scenes")
        }
    }

    @Test("strict priorities where a weighted sum would differ: cassowary and dense give the strict answer")
    func strictVersusWeights() throws {
        let b = SceneBuilder(name: "weights")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 300); b.add(root.height == 300)
        var views: [ViewRef] = []
        for i in 0..<30 {
            let v = b.view("v\(i)", parent: root)
            b.add(v.top == root.top); b.add(v.height == 10); b.add(v.width == 10)
            // Each view's left is pulled to 100 at priority 1; all are tied to one anchor.
            b.add(v.left == 100 ~ 1)
            views.append(v)
        }
        let anchor = b.view("anchor", parent: root)
        b.add(anchor.top == 0); b.add(anchor.height == 1); b.add(anchor.width == 1)
        for v in views { b.add(v.left == anchor.left) }
        // One constraint at priority 2 wants the anchor at 0: 30 units of priority-1 violation
        // per unit of movement lose against it under strict priorities (a weight ratio below 30 would not).
        b.add(anchor.left == 0 ~ 2)
        let compiled = try b.build().compile()
        for backend in [CassowaryBackend.self, DenseSimplexBackend.self] as [any LayoutBackend.Type] {
            let session = try SceneSession(scene: compiled, backend: backend)
            #expect(session.rects[4 * 31] == 0, "\(backend.name): anchor.left")
        }
    }
}
