import ExactReference
import LayoutModel

/// A back end checked against `exact` on one scene, after every frame: the
/// contract's equivalence (`Equivalence.compare`) with the reference as the judge.
public enum Judge {
    public enum Verdict: Sendable {
        /// Agrees on every frame. `frames` solves and `ops` ops were checked.
        case agrees(frames: Int, ops: Int)
        /// The back end (or the judge) does not take the scene, with the reason.
        case declined(String)
        /// The first frame where it differs from the reference (0 is the initial solve).
        case disagrees(frame: Int, message: String)

        public var isDisagreement: Bool {
            if case .disagrees = self { return true }
            return false
        }
    }

    /// `checkingInvariants`: the back end's `checkInvariants()` after every op and solve.
    public static func check(
        _ scene: Scene, backend given: any LayoutBackend.Type, options: BackendOptions = BackendOptions(),
        checkingInvariants: Bool = false
    ) -> Verdict {
        let backend = checkingInvariants ? invariantChecked(given) : given
        let compiled: CompiledScene
        do { compiled = try scene.compile() } catch { return .declined("the scene does not compile: \(error)") }
        let judge = ExactBackend.self
        if let reason = judge.assess(compiled, options: options).declineReason { return .declined("exact: \(reason)") }
        if let reason = backend.assess(compiled, options: options).declineReason { return .declined("\(backend.name): \(reason)") }
        // A scene whose initial required constraints conflict must be refused by both.
        let judgeRefuses = initialRefusal(compiled, judge, options)
        let backendRefuses = initialRefusal(compiled, backend, options)
        switch (judgeRefuses, backendRefuses) {
        case (nil, nil): break
        case (.some, .some): return .agrees(frames: 0, ops: 0)
        case let (.some(reason), nil):
            return .disagrees(frame: 0, message: "exact refuses the initial layout (\(reason)); \(backend.name) solves it")
        case let (nil, .some(reason)):
            return .disagrees(frame: 0, message: "\(backend.name) fails on the initial layout: \(reason)")
        }
        let outcome = Equivalence.compare(name: scene.name, scene: compiled, backends: [judge, backend], options: options)
        if let first = outcome.disagreements.first {
            if let reason = conflictWithinTolerance(compiled, backend, frame: first.frame, options) { return .declined(reason) }
            let stopped = outcome.skipped.map { "\($0.backend) \($0.reason)" }
            let message = stopped.isEmpty ? first.message : stopped.joined(separator: "; ")
            return .disagrees(frame: first.frame, message: message)
        }
        return .agrees(frames: outcome.framesCompared, ops: compiled.frames.reduce(0) { $0 + $1.count })
    }

    /// Whether the back end accepted, at `frame`, an op the reference refused, and
    /// satisfies every required constraint within the contract's tolerance there:
    /// the conflict is below 1e-6 relative, where the contract lets either answer
    /// stand, so the rest of the scene proves nothing either way.
    static func conflictWithinTolerance(
        _ scene: CompiledScene, _ backend: any LayoutBackend.Type, frame: Int, _ options: BackendOptions
    ) -> String? {
        guard frame > 0,
              let judge = try? SceneSession(scene: scene, backend: ExactBackend.self, options: options),
              let other = try? SceneSession(scene: scene, backend: backend, options: options, initialEditsHoldAt: judge.rects)
        else { return nil }
        for f in 0..<frame {
            other.editsHoldAt = judge.rects
            guard (try? judge.runFrame(f)) != nil, (try? other.runFrame(f)) != nil else { return nil }
        }
        let acceptedOnlyThere = Set(judge.refusedOps).subtracting(other.refusedOps)
        guard !acceptedOnlyThere.isEmpty, other.evaluate().satisfiesRequired else { return nil }
        return "frame \(frame): the reference refuses ops \(acceptedOnlyThere.sorted()) for a conflict within the contract's tolerance (1e-6 relative), which \(backend.name) accepts"
    }

    static func initialRefusal(_ scene: CompiledScene, _ type: any LayoutBackend.Type, _ options: BackendOptions) -> String? {
        do {
            _ = try SceneSession(scene: scene, backend: type, options: options)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
