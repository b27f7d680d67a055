
/// The spec's equivalence of back ends, checked after every frame: required
/// constraints hold, violation totals per priority agree (1e-6 relative), the same
/// ops are refused, and rectangles agree (1e-6 relative) wherever the layout is unique.
/// Which views are free is asked of every back end (`ambiguousViews()`); where none
/// can tell, rectangles are compared anyway and a difference is reported.
public enum Equivalence {
    public struct Disagreement: Sendable, CustomStringConvertible {
        public var scene: String
        public var frame: Int
        public var message: String
        /// The back end that refused or failed a layout the others solved, which the
        /// message names first; nil when the back ends' answers differ.
        public var culprit: String? = nil
        public var description: String { "\(scene) frame \(frame): \(message)" }
    }

    public struct Outcome: Sendable {
        public var scene: String
        public var backends: [String]
        public var skipped: [(backend: String, reason: String)] = []
        public var framesCompared = 0
        /// Frames where some view was ambiguous (rects not compared there).
        public var ambiguousFrames = 0
        public var disagreements: [Disagreement] = []
        /// Why nothing was compared (fewer than two back ends ran the scene), when so; the
        /// outcome then also holds that as a disagreement: nothing compared is not a pass.
        public var nothingCompared: String?
        /// The first op the first back end refused (the others must refuse the same ops).
        public var firstRefusal: String?
        public var passed: Bool { disagreements.isEmpty }
    }

    /// Whether `error` only says the back end cannot go on with the scene, which says nothing of
    /// the layout: its memory estimate is over the limit, or it does not handle what the scene
    /// has become (`unsupported`: frame arithmetic when the equations in force stop fixing every
    /// unknown, a replayed driver past its time limit). Any other error (a refusal as
    /// unsatisfiable, a pivot budget used up, a value that is not finite), where another back
    /// end solves the same layout, is a disagreement: the spec's refusals must match.
    static func isDecline(_ error: any Error) -> Bool {
        switch error as? LayoutError {
        case .tooLarge?, .unsupported?: return true
        default: return false
        }
    }

    /// A disagreement per back end of `stops` that refused or failed (`what`) what `others`
    /// solved, naming it first, as its culprit.
    static func blame(
        _ stops: [(backend: String, reason: String)], _ what: String, _ othersDid: String, _ others: [String], scene: String, frame: Int
    ) -> [Disagreement] {
        stops.map { stop in
            Disagreement(
                scene: scene, frame: frame, message: "\(stop.backend) \(what) (\(stop.reason)); \(othersDid) (\(others.joined(separator: ", ")))",
                culprit: stop.backend)
        }
    }

    static let attributeNames = ["left", "top", "width", "height"]

    /// Runs every applicable back end on `scene` side by side. `stopAtFirst` ends the
    /// comparison at the first disagreement (it is usually the informative one).
    public static func compare(
        name: String, scene: CompiledScene, backends: [any LayoutBackend.Type],
        options: BackendOptions = BackendOptions(), stopAtFirst: Bool = true
    ) -> Outcome {
        var outcome = Outcome(scene: name, backends: [])
        var sessions: [(name: String, session: SceneSession)] = []
        var refusals: [(backend: String, reason: String)] = []
        for b in backends {
            if let reason = b.assess(scene, options: options).declineReason {
                outcome.skipped.append((b.name, reason))
                continue
            }
            do {
                // Every back end's edits hold at the first one's layout (see `SceneSession.editsHoldAt`).
                let session = try SceneSession(scene: scene, backend: b, options: options, initialEditsHoldAt: sessions.first?.session.rects)
                sessions.append((b.name, session))
            } catch {
                outcome.skipped.append((b.name, "\(error)"))
                if !isDecline(error) { refusals.append((b.name, "\(error)")) }
            }
        }
        outcome.backends = sessions.map(\.name)
        if !sessions.isEmpty, !refusals.isEmpty {
            outcome.disagreements += blame(refusals, "refuses the initial layout", "solved by", sessions.map(\.name), scene: name, frame: 0)
            if stopAtFirst || sessions.count < 2 { return outcome }
        }
        guard sessions.count >= 2 else {
            // Nothing compared is not a pass.
            let ran = sessions.isEmpty ? "none" : sessions.map(\.name).joined(separator: ", ")
            let reason = refusals.count >= 2 && sessions.isEmpty
                ? "every back end that ran refuses the initial layout (\(refusals[0].backend): \(refusals[0].reason))"
                : "fewer than two back ends could run this scene (ran: \(ran))"
            outcome.nothingCompared = reason
            outcome.disagreements.append(Disagreement(scene: name, frame: 0, message: "\(reason), so nothing was compared"))
            return outcome
        }
        for frame in 0...scene.frameCount {
            var refused: [[Int]] = []
            if frame > 0 {
                var stopped: [Int] = []
                var failures: [(backend: String, reason: String)] = []
                let referenceLayout = sessions[0].session.rects
                for (i, s) in sessions.enumerated() {
                    if i > 0 { s.session.editsHoldAt = referenceLayout }
                    do {
                        let errors = try s.session.runFrame(frame - 1)
                        if i == 0, outcome.firstRefusal == nil { outcome.firstRefusal = errors.first }
                        refused.append(s.session.refusedOps)
                    } catch {
                        outcome.skipped.append((s.name, "stopped at frame \(frame): \(error)"))
                        stopped.append(i)
                        refused.append([])
                        if !isDecline(error) { failures.append((s.name, "\(error)")) }
                    }
                }
                for i in stopped.reversed() {
                    sessions.remove(at: i)
                    refused.remove(at: i)
                }
                // A back end that fails a frame the others run disagrees with them.
                if !sessions.isEmpty, !failures.isEmpty {
                    outcome.disagreements += blame(failures, "fails this frame", "run by", sessions.map(\.name), scene: name, frame: frame)
                    if stopAtFirst || sessions.count < 2 { break }
                }
                if sessions.count < 2 {
                    outcome.disagreements.append(Disagreement(
                        scene: name, frame: frame, message: "fewer than two back ends left running, so the comparison stops here"))
                    break
                }
            }
            outcome.framesCompared += 1
            let found = check(frame: frame, sessions: sessions, refused: refused, scene: scene, name: name, outcome: &outcome)
            outcome.disagreements += found
            if stopAtFirst, !found.isEmpty { break }
        }
        return outcome
    }

    static func check(
        frame: Int, sessions: [(name: String, session: SceneSession)], refused: [[Int]], scene: CompiledScene,
        name: String, outcome: inout Outcome
    ) -> [Disagreement] {
        var out: [Disagreement] = []
        func fail(_ message: String) { out.append(Disagreement(scene: name, frame: frame, message: message)) }
        let reference = sessions[0]
        let referenceEvaluation = reference.session.evaluate()
        for (i, s) in sessions.enumerated() {
            let evaluation = i == 0 ? referenceEvaluation : s.session.evaluate()
            for broken in evaluation.brokenRequired.prefix(3) {
                fail("\(s.name) breaks required constraint '\(broken.id)' by \(broken.violation)")
            }
            guard i > 0 else { continue }
            if !refused.isEmpty, refused[i] != refused[0] {
                fail("refused ops differ: \(reference.name) refused \(refused[0]), \(s.name) refused \(refused[i])")
            }
            for d in referenceEvaluation.disagreements(with: evaluation) {
                fail("violation total at priority \(formatNumber(d.priority)) differs: \(reference.name) \(d.mine), \(s.name) \(d.theirs)")
            }
        }
        guard out.isEmpty else { return out }
        // Rectangles, where the layout is unique.
        var ambiguous: Set<Int>? = nil
        for s in sessions.dropFirst() {
            for v in 0..<scene.variableCount {
                let a = reference.session.rects[v]
                let b = s.session.rects[v]
                guard !Tolerance.approximatelyEqual(a, b) else { continue }
                if ambiguous == nil { ambiguous = ambiguousViews(sessions) }
                if let ambiguous, ambiguous.contains(v >> 2) { continue }
                let why = ambiguous == nil ? " (no back end here can tell whether this view is free)" : ""
                fail(
                    "view '\(scene.viewIDs[v >> 2])' \(attributeNames[v & 3]): \(reference.name) \(a), \(s.name) \(b)\(why)")
                return out
            }
        }
        if let ambiguous, !ambiguous.isEmpty { outcome.ambiguousFrames += 1 }
        return out
    }

    /// The views some back end says are free at the last solve (nil when none can tell).
    /// A view one back end calls free is free: the layout is not unique there.
    static func ambiguousViews(_ sessions: [(name: String, session: SceneSession)]) -> Set<Int>? {
        var out: Set<Int>? = nil
        for s in sessions {
            guard let views = s.session.backend.ambiguousViews() else { continue }
            out = (out ?? []).union(views.map(Int.init))
        }
        return out
    }
}
