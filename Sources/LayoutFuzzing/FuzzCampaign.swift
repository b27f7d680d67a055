import ExactReference
import LayoutModel

/// Random scenes, one per seed, each played on every back end and checked against
/// `exact` after every frame. A back end's first disagreement is shrunk to a
/// minimal scene; that back end is then left out of the remaining seeds.
public struct FuzzCampaign {
    public struct Settings: Sendable {
        public var seeds: ClosedRange<UInt64>
        public var scenes: RandomScenes.Parameters
        /// The whole run stops after this long (the shrinking of a failure included).
        public var timeLimit: Duration?
        /// How long one shrink may take.
        public var shrinkTime: Duration
        public var options: BackendOptions
        /// Each back end's `checkInvariants()` after every op (slower).
        public var checkingInvariants = false
        public init(
            seeds: ClosedRange<UInt64>, scenes: RandomScenes.Parameters = .init(), timeLimit: Duration? = nil,
            shrinkTime: Duration = .seconds(30), options: BackendOptions = BackendOptions()
        ) {
            self.seeds = seeds
            self.scenes = scenes
            self.timeLimit = timeLimit
            self.shrinkTime = shrinkTime
            self.options = options
        }
    }

    /// What was checked on one back end.
    public struct Tally: Sendable {
        public var backend: String
        public var scenes = 0
        public var frames = 0
        public var ops = 0
        /// Scenes the back end declined (with the first reason seen).
        public var declined = 0
        public var declineReason: String?
        public init(backend: String) { self.backend = backend }
    }

    public struct Counterexample: Sendable {
        public var backend: String
        public var seed: UInt64
        public var frame: Int
        public var message: String
        public var original: Scene
        public var shrunk: Scene
        /// The message of the shrunk scene's disagreement.
        public var shrunkMessage: String
        public var shrinkChecks: Int

        public init(
            backend: String, seed: UInt64, frame: Int, message: String, original: Scene, shrunk: Scene, shrunkMessage: String,
            shrinkChecks: Int
        ) {
            self.backend = backend
            self.seed = seed
            self.frame = frame
            self.message = message
            self.original = original
            self.shrunk = shrunk
            self.shrunkMessage = shrunkMessage
            self.shrinkChecks = shrinkChecks
        }
    }

    public struct Report: Sendable {
        public var tallies: [Tally]
        public var counterexamples: [Counterexample] = []
        /// The last seed checked.
        public var lastSeed: UInt64?
        public var stoppedByTimeLimit = false
        public var passed: Bool { counterexamples.isEmpty }
    }

    /// The scene of `seed`, with any required constraint that makes its initial
    /// layout unsatisfiable made optional (999), so that every seed exercises frames.
    public static func scene(seed: UInt64, _ parameters: RandomScenes.Parameters) -> Scene {
        var scene = RandomScenes.scene(seed: seed, parameters)
        while let compiled = try? scene.compile(), let owners = ExactBackend.unsatisfiedRequired(in: compiled),
              let i = scene.constraints.lastIndex(where: { owners.contains($0.id) && $0.priority.isRequired })
        {
            scene.constraints[i].priority = 999
        }
        return scene
    }

    public static func run(
        backends: [any LayoutBackend.Type], settings: Settings,
        progress: (_ seed: UInt64, _ report: Report) -> Void = { _, _ in }
    ) -> Report {
        let start = ContinuousClock.now
        let deadline = settings.timeLimit.map { start + $0 }
        var report = Report(tallies: backends.map { Tally(backend: $0.name) })
        var active = Array(backends.indices)
        for seed in settings.seeds {
            if let deadline, ContinuousClock.now >= deadline {
                report.stoppedByTimeLimit = true
                break
            }
            guard !active.isEmpty else { break }
            let scene = scene(seed: seed, settings.scenes)
            for b in active {
                let verdict = Judge.check(
                    scene, backend: backends[b], options: settings.options, checkingInvariants: settings.checkingInvariants)
                switch verdict {
                case let .agrees(frames, ops):
                    report.tallies[b].scenes += 1
                    report.tallies[b].frames += frames
                    report.tallies[b].ops += ops
                case let .declined(reason):
                    report.tallies[b].declined += 1
                    if report.tallies[b].declineReason == nil { report.tallies[b].declineReason = reason }
                case let .disagrees(frame, message):
                    var shrinkDeadline = ContinuousClock.now + settings.shrinkTime
                    if let deadline { shrinkDeadline = min(shrinkDeadline, max(deadline, ContinuousClock.now + .seconds(5))) }
                    report.counterexamples.append(
                        shrink(scene, seed: seed, frame: frame, message: message, backend: backends[b],
                               settings: settings, deadline: shrinkDeadline))
                }
            }
            active.removeAll { b in report.counterexamples.contains { $0.backend == backends[b].name } }
            report.lastSeed = seed
            progress(seed, report)
        }
        return report
    }

    static func shrink(
        _ scene: Scene, seed: UInt64, frame: Int, message: String, backend: any LayoutBackend.Type,
        settings: Settings, deadline: ContinuousClock.Instant
    ) -> Counterexample {
        let options = settings.options
        let invariants = settings.checkingInvariants
        var shrinker = Shrinker(deadline: deadline) {
            Judge.check($0, backend: backend, options: options, checkingInvariants: invariants).isDisagreement
        }
        var small = shrinker.shrink(scene, failingFrame: frame)
        small.name = "\(backend.name)-seed\(seed)-shrunk"
        var shrunkMessage = message
        if case let .disagrees(f, m) = Judge.check(small, backend: backend, options: options, checkingInvariants: invariants) {
            shrunkMessage = "frame \(f): \(m)"
        }
        return Counterexample(
            backend: backend.name, seed: seed, frame: frame, message: message, original: scene, shrunk: small,
            shrunkMessage: shrunkMessage, shrinkChecks: shrinker.checks)
    }
}
