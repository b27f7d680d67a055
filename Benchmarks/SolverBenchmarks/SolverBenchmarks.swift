// Per-frame re-solve of each back end on each family, for `swift package benchmark`:
// wall clock, mallocs (package-benchmark's interposer) and peak memory. One
// benchmark iteration is one frame (ops, solve, read the changed rectangles). The
// stream is longer than a run's iterations: replaying it from the start would turn
// churn and toggle frames into no-ops (activating what is already active).
// Scenes are built and solved once, outside the measurement.
import Benchmark
import CassowarySolver
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import SceneGenerator

/// More frames than warm-up plus the most iterations a benchmark runs.
let framesPerScene = 2_100

/// A loaded scene that plays one frame per call.
final class FramePlayer: @unchecked Sendable {
    let session: SceneSession
    var next = 0
    var buffer: [Double]
    var changed: [Int32] = []

    init?(_ family: Family, views: Int, backend: any LayoutBackend.Type) {
        guard let scene = try? SceneGenerator.generate(family, GeneratorParameters(views: views, frames: framesPerScene)).compile(),
            case .supported = backend.assess(scene, options: BackendOptions()),
            let session = try? SceneSession(scene: scene, backend: backend)
        else { return nil }
        self.session = session
        buffer = [Double](repeating: 0, count: scene.variableCount)
        changed.reserveCapacity(scene.viewCount)
    }

    func frame() {
        let frames = session.scene.frames
        guard !frames.isEmpty else { return }
        _ = try? session.runFrame(next)
        next = (next + 1) % frames.count
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 2_000
    )
    let cases: [(any LayoutBackend.Type, Int)] = [
        (CassowaryBackend.self, 1_000), (CassowaryBackend.self, 10_000),
        (FrameArithmeticBackend.self, 1_000), (FrameArithmeticBackend.self, 10_000),
        (FactoredBackend.self, 1_000), (FactoredBackend.self, 10_000),
        (DenseSimplexBackend.self, 100),
    ]
    // package-benchmark allocates for its own bookkeeping in every sample: this empty
    // iteration measures that floor, to subtract from the malloc counts below.
    Benchmark("floor: an empty iteration") { benchmark in
        for i in benchmark.scaledIterations { blackHole(i) }
    }
    for (backend, views) in cases {
        for family in [Family.stack, .tree, .clamp, .toggle, .churn] {
            guard let player = FramePlayer(family, views: views, backend: backend) else { continue }
            Benchmark("\(backend.name) \(family.rawValue)-\(views) frame") { benchmark in
                for _ in benchmark.scaledIterations { player.frame() }
            }
        }
    }
}
