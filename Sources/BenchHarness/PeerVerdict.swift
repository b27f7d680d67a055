import ExternalBackend
import LayoutModel

/// Sets an external solver's answers beside Cassowary's, frame by frame. Where the rectangles
/// differ, the reference semantics say why: equal violation totals at every priority (an
/// equally good alternative), or a higher priority the peer violates more because a weighted
/// solver trades it against a sum of lower ones (kiwi's strengths, cassowary-py's weights).
/// The peer doing *better* at the highest differing priority, or breaking a required
/// constraint, means a wrong answer on one side: that fails.
public enum PeerVerdict {
    public struct Outcome: Sendable {
        public var peer: String
        public var frames = 0
        public var same = 0
        public var alternative = 0
        /// Frames where strict priorities and the peer's weights disagree (information).
        public var weighted: [String] = []
        /// Frames where the peer is better at a higher priority, or breaks a required constraint.
        public var wrong: [String] = []
        /// Why the peer could not be compared at all (its driver failed or is unavailable).
        public var unavailable: String?
        /// Why the peer does not take the scene at all (a flexbox engine and a scene flexbox cannot express).
        public var declined: String?
        /// A flexbox engine's differing frames that flexbox itself explains (negative sizes, float rounding).
        public var explained: [String] = []

        public var passed: Bool { wrong.isEmpty && unavailable == nil }

        public var summary: String {
            if let declined { return "declined: \(declined)" }
            if let unavailable { return "not compared: \(unavailable)" }
            var parts = [same == frames ? "same rects as cassowary" : "same rects at \(same) of \(frames)"]
            if alternative > 0 { parts.append("equally good alternative at \(alternative)") }
            if !weighted.isEmpty {
                parts.append("strict priorities differ from \(peer)'s weights at \(weighted.count) (first: \(weighted[0]))")
            }
            if !explained.isEmpty { parts.append("differs at \(explained.count) (first: \(explained[0]))") }
            if !wrong.isEmpty { parts.append("\(peer.uppercased()) BETTER OR BROKEN at \(wrong.count) (first: \(wrong[0]))") }
            return parts.joined(separator: "; ")
        }
    }

    /// Names in `names` that are external drivers, and the rest.
    public static func split(_ names: [String]) -> (builtIn: [String], peers: [String]) {
        (names.filter { !DriverRegistry.isExternal($0) }, names.filter { DriverRegistry.isExternal($0) })
    }

    public static func compare(peer name: String, scene: CompiledScene, options: BackendOptions = BackendOptions()) -> Outcome {
        var outcome = Outcome(peer: name)
        guard let driver = DriverRegistry.driver(named: name) else {
            outcome.unavailable = "unknown driver '\(name)'"
            return outcome
        }
        ExternalRuns.reference = ExternalRuns.reference ?? BackendRegistry.reference
        let run: DriverRun
        switch ExternalRuns.answers(driver, scene: scene, options: options) {
        case let .success(r): run = r
        case let .failure(failure):
            if failure.declinesScene { outcome.declined = "\(failure)" } else { outcome.unavailable = "\(failure)" }
            return outcome
        }
        let session: SceneSession
        do { session = try SceneSession(scene: scene, backend: BackendRegistry.reference, options: options) } catch {
            outcome.unavailable = "cassowary could not load the scene: \(error)"
            return outcome
        }
        for frame in 0...run.frames.count {
            if frame > 0 {
                do { try session.runFrame(frame - 1) } catch {
                    outcome.wrong.append("frame \(frame): cassowary stopped: \(error)")
                    break
                }
            }
            guard let peer = frame == 0 ? run.initialValues : run.frames[frame - 1].values else { break }
            outcome.frames += 1
            if zip(peer, session.rects).allSatisfy({ abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }) {
                outcome.same += 1
                continue
            }
            if driver.input == .flexbox {
                if let difference = FlexboxVerdict.firstDifference(
                    peer: name, frame: frame, ours: Array(session.rects), theirs: peer, scene: scene)
                {
                    if difference.explained { outcome.explained.append(difference.detail) } else { outcome.wrong.append(difference.detail) }
                }
                continue
            }
            let ours = session.evaluate(), theirs = session.evaluate(peer)
            if let broken = theirs.brokenRequired.first {
                outcome.wrong.append("frame \(frame): \(name) breaks required constraint '\(broken.id)' by \(formatNumber(broken.violation))")
            } else if let top = ours.disagreements(with: theirs).first {
                let detail =
                    "frame \(frame): at priority \(formatNumber(top.priority)) cassowary violates \(formatNumber(top.mine)), \(name) \(formatNumber(top.theirs))"
                if top.mine < top.theirs { outcome.weighted.append(detail) } else { outcome.wrong.append(detail) }
            } else {
                outcome.alternative += 1
            }
        }
        return outcome
    }
}
