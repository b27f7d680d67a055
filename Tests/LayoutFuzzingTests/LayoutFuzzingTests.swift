import CassowarySolver
import DenseSimplex
import ExactReference
import FactoredSimplex
import LayoutFuzzing
import LayoutModel
import TestSupport
import Testing

/// Dense that never changes a priority: the bug a fuzzer must find and shrink.
final class IgnoresPriorityChanges: LayoutBackend {
    static let name = "ignores-priorities"
    static let summary = "dense without setPriority"
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: DenseSimplexBackend
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try DenseSimplexBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) {
        if case .setPriority = op { return }
        try inner.apply(op)
    }
    func solve() throws(LayoutError) { try inner.solve() }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    var statistics: SolveStatistics { inner.statistics }
}

@Suite("fuzzing against the exact reference")
struct LayoutFuzzingTests {
    @Test("a seed always makes the same scene, and different seeds different ones")
    func deterministic() {
        let a = FuzzCampaign.scene(seed: 7, RandomScenes.Parameters())
        #expect(a.jsonString() == FuzzCampaign.scene(seed: 7, RandomScenes.Parameters()).jsonString())
        #expect(a.jsonString() != FuzzCampaign.scene(seed: 8, RandomScenes.Parameters()).jsonString())
    }

    @Test("random scenes are well formed, start satisfiable, and use every op kind")
    func wellFormed() throws {
        var kinds = Set<String>()
        var refusedSomewhere = false
        for seed in UInt64(1)...60 {
            let scene = FuzzCampaign.scene(seed: seed, RandomScenes.Parameters(views: 3...12))
            #expect(scene.validate().filter { !$0.isOpLevel }.isEmpty, "seed \(seed)")
            let compiled = try scene.compile()
            let session = try SceneSession(scene: compiled, backend: ExactBackend.self)
            for f in compiled.frames.indices { if try !session.runFrame(f).isEmpty { refusedSomewhere = true } }
            for frame in scene.frames { for op in frame { kinds.insert(op.name) } }
        }
        #expect(kinds == ["suggest", "setConstant", "setPriority", "activate", "deactivate", "add", "remove", "addEdit", "removeEdit"])
        #expect(refusedSomewhere, "some op should conflict with the required constraints")
    }

    @Test("a planted bug is found and shrunk to a small scene that still shows it")
    func plantedBug() throws {
        let settings = FuzzCampaign.Settings(seeds: 1...200, scenes: RandomScenes.Parameters(views: 2...8), shrinkTime: .seconds(60))
        let report = FuzzCampaign.run(backends: [IgnoresPriorityChanges.self], settings: settings)
        let found = try #require(report.counterexamples.first)
        #expect(found.shrunk.views.count <= 4, "\(found.shrunk.jsonString())")
        #expect(found.shrunk.frames.count <= 3, "\(found.shrunk.jsonString())")
        #expect(found.shrunk.frames.joined().contains { $0.name == "setPriority" })
        // The shrunk scene, written and read back, still disagrees; dense itself agrees on it.
        let reread = try Scene.load(Array(found.shrunk.jsonString().utf8))
        #expect(Judge.check(reread, backend: IgnoresPriorityChanges.self).isDisagreement)
        #expect(!Judge.check(reread, backend: DenseSimplexBackend.self).isDisagreement)
    }

    @Test("dense agrees with the reference on random scenes")
    func denseClean() {
        let settings = FuzzCampaign.Settings(seeds: 1...150, scenes: RandomScenes.Parameters(views: 3...15))
        let report = FuzzCampaign.run(backends: [DenseSimplexBackend.self], settings: settings)
        #expect(report.passed, "\(report.counterexamples.first.map { "\($0.shrunkMessage)\n\($0.shrunk.jsonString())" } ?? "")")
        #expect(report.tallies[0].scenes == 150)
    }

    @Test("the shrinker keeps only what the failure needs")
    func shrinker() {
        let scene = FuzzCampaign.scene(seed: 3, RandomScenes.Parameters(views: 10...10))
        // A "failure" that needs one particular view and nothing else.
        var shrinker = Shrinker(deadline: .now + .seconds(60)) { candidate in candidate.views.contains { $0.id == "v5" } }
        let small = shrinker.shrink(scene)
        #expect(small.views.map(\.id) == ["root", "v5"])
        #expect(small.constraints.isEmpty && small.frames.isEmpty && small.edits.isEmpty)
    }
}
