import CassowarySolver
import DenseSimplex
import ExactReference
import LayoutFuzzing
import LayoutModel
import SceneGenerator

/// One call that checks a solver author's back end against the reference semantics:
/// on the example scenes, on every generated family at small sizes, and on random op
/// streams. Each scene is judged by `exact` (exact rational arithmetic) where it fits,
/// else by `cassowary` and `dense` agreeing. A disagreement is shrunk to a minimal
/// scene, and the report's description carries it as scene JSON.
///
///     let report = ReferenceCheck.run(MyBackend.self)
///     #expect(report.passed, "\(report)")          // Swift Testing
///     XCTAssertTrue(report.passed, "\(report)")    // XCTest
public enum ReferenceCheck {
    public struct Settings: Sendable {
        /// The hand-written example scenes (`ExampleScenes`).
        public var examples = true
        /// Generated families, each at every size in `familyViews`.
        public var families: [Family] = Family.allCases
        public var familyViews: [Int] = [10]
        public var familyFrames = 20
        /// One random scene and op stream per seed (`RandomScenes`); empty for none.
        public var randomSeeds: ClosedRange<UInt64>? = 1...100
        public var randomScenes = RandomScenes.Parameters(views: 3...15)
        /// How long the shrinking of one failure may take.
        public var shrinkTime: Duration = .seconds(20)
        /// The back end's `checkInvariants()` after every op (random scenes only).
        public var checkingInvariants = false
        public var options = BackendOptions()
        public init() {}
    }

    /// Checks `backend`. A back end that declines a scene is not failed for it (the
    /// report lists it), but one that declines every scene does not pass.
    public static func run(_ backend: any LayoutBackend.Type, settings: Settings = Settings()) -> Report {
        var report = Report(backend: backend.name)
        var scenes: [(source: String, scene: Scene)] = []
        if settings.examples {
            for example in ExampleScenes.all {
                if let scene = try? example.scene() { scenes.append(("example:\(example.key)", scene)) }
            }
        }
        for family in settings.families {
            for views in settings.familyViews {
                let parameters = GeneratorParameters(views: views, frames: settings.familyFrames)
                guard parameters.sizeProblem(family) == nil else { continue }
                scenes.append(("family \(family.rawValue)-\(views)", SceneGenerator.generate(family, parameters)))
            }
        }
        for (source, scene) in scenes {
            check(scene, source: source, backend: backend, settings: settings, into: &report)
        }
        if let seeds = settings.randomSeeds { fuzz(seeds, backend: backend, settings: settings, into: &report) }
        return report
    }

    static func check(
        _ scene: Scene, source: String, backend: any LayoutBackend.Type, settings: Settings, into report: inout Report
    ) {
        let (reference, verdict) = judge(scene, backend: backend, options: settings.options)
        if !verdict.isDeclined { report.judgedBy[reference, default: 0] += 1 }
        switch verdict {
        case let .agrees(frames, _):
            report.scenesChecked += 1
            report.framesChecked += frames
        case let .declined(reason):
            report.declined.append(.init(source: source, reason: reason))
        case let .disagrees(frame, message):
            report.scenesChecked += 1
            var shrinker = Shrinker(deadline: .now + settings.shrinkTime) {
                judge($0, backend: backend, options: settings.options).verdict.isDisagreement
            }
            var small = shrinker.shrink(scene, failingFrame: frame)
            small.name = "\(backend.name)-\(source.replacingSpaces)-shrunk"
            var shrunkMessage = message
            if case let .disagrees(f, m) = judge(small, backend: backend, options: settings.options).verdict {
                shrunkMessage = "frame \(f): \(m)"
            }
            report.failures.append(Report.Failure(
                source: source, reference: reference, frame: frame, message: message, shrunk: small, shrunkMessage: shrunkMessage))
        }
    }

    /// The verdict on one scene, and which reference gave it.
    static func judge(
        _ scene: Scene, backend: any LayoutBackend.Type, options: BackendOptions
    ) -> (reference: String, verdict: Judge.Verdict) {
        guard let compiled = try? scene.compile() else { return ("exact", .declined("the scene does not compile")) }
        if ExactBackend.assess(compiled, options: options) == .supported {
            return ("exact", Judge.check(scene, backend: backend, options: options))
        }
        return ("cassowary and dense", judgeByPair(compiled, backend: backend, options: options))
    }

    /// Where `exact` does not fit: cassowary first (the layout edits hold at), then
    /// dense, then the back end. Where the two references disagree, nothing is judged.
    static func judgeByPair(_ scene: CompiledScene, backend: any LayoutBackend.Type, options: BackendOptions) -> Judge.Verdict {
        if let reason = backend.assess(scene, options: options).declineReason { return .declined("\(backend.name): \(reason)") }
        let references: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self]
        if let reason = references.lazy.compactMap({ $0.assess(scene, options: options).declineReason }).first {
            return .declined("the references decline it: \(reason)")
        }
        let outcome = Equivalence.compare(name: scene.name, scene: scene, backends: references + [backend], options: options)
        if let stopped = outcome.skipped.first(where: { $0.backend == backend.name }) {
            return .disagrees(frame: outcome.framesCompared, message: "\(backend.name) \(stopped.reason)")
        }
        guard let first = outcome.disagreements.first else {
            return .agrees(frames: outcome.framesCompared, ops: scene.frames.reduce(0) { $0 + $1.count })
        }
        if !first.message.contains(backend.name) || !outcome.skipped.isEmpty {
            return .declined("the references cassowary and dense disagree here: \(first.description)")
        }
        return .disagrees(frame: first.frame, message: first.message)
    }

    static func fuzz(_ seeds: ClosedRange<UInt64>, backend: any LayoutBackend.Type, settings: Settings, into report: inout Report) {
        var fuzz = FuzzCampaign.Settings(seeds: seeds, scenes: settings.randomScenes, shrinkTime: settings.shrinkTime, options: settings.options)
        fuzz.checkingInvariants = settings.checkingInvariants
        let outcome = FuzzCampaign.run(backends: [backend], settings: fuzz)
        for tally in outcome.tallies {
            report.judgedBy["exact", default: 0] += tally.scenes + outcome.counterexamples.count
            report.scenesChecked += tally.scenes
            report.framesChecked += tally.frames
            if tally.declined > 0 {
                report.declined.append(.init(
                    source: "\(tally.declined) random scenes", reason: tally.declineReason ?? "declined"))
            }
        }
        for c in outcome.counterexamples {
            report.scenesChecked += 1
            report.failures.append(Report.Failure(
                source: "random seed \(c.seed)", reference: "exact", frame: c.frame, message: c.message, shrunk: c.shrunk,
                shrunkMessage: c.shrunkMessage))
        }
    }
}

extension Judge.Verdict {
    var isDeclined: Bool {
        if case .declined = self { return true }
        return false
    }
}

extension String {
    var replacingSpaces: String { String(map { $0 == " " || $0 == ":" ? "-" : $0 }) }
}
