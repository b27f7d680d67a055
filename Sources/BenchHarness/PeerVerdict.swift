import LayoutModel

/// How kiwisolver's layout of a scene compares with Cassowary's, frame by frame.
/// Where they differ, the scene format's evaluation says why: equal violation totals at
/// every priority (an alternative optimum), or a higher priority that kiwi violates more
/// because it trades it against a weighted sum of lower ones. kiwi doing *better* at the
/// highest differing priority would mean a wrong answer on one side, so that, and kiwi
/// breaking a required constraint, fail.
public struct PeerVerdict: Sendable {
    /// `N frames`, or `-` when nothing could be compared.
    public var frames: String
    public var summary: String
    public var failed: Bool

    public init(frames: String, summary: String, failed: Bool) {
        self.frames = frames
        self.summary = summary
        self.failed = failed
    }

    /// Judges kiwi's output lines (`{"frame": N, "rects": [...]}`, frame 0 the initial solve).
    public static func judge(peerLines output: String, scene: CompiledScene, options: BackendOptions) -> PeerVerdict {
        guard let session = try? SceneSession(scene: scene, backend: BackendRegistry.named("cassowary")!, options: options) else {
            return PeerVerdict(frames: "-", summary: "cassowary could not load the scene", failed: true)
        }
        var same = 0, alternative = 0, weighted: [String] = [], wrong: [String] = []
        let lines = output.split(separator: "\n")
        for (frame, line) in lines.enumerated() {
            if frame > 0 { _ = try? session.runFrame(frame - 1) }
            guard case let .array(rects)? = (try? JSONReader.parse(String(line)))?["rects"] else {
                wrong.append("frame \(frame): unreadable line from kiwi")
                break
            }
            var kiwi: [Double] = []
            for r in rects { if case let .array(xs) = r { for x in xs { if case let .number(n) = x { kiwi.append(n) } } } }
            guard kiwi.count == session.rects.count else {
                wrong.append("frame \(frame): kiwi gave \(kiwi.count / 4) rects for \(session.rects.count / 4) views")
                break
            }
            if zip(kiwi, session.rects).allSatisfy({ abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }) {
                same += 1
                continue
            }
            let ours = session.evaluate(), theirs = session.evaluate(kiwi)
            if let broken = theirs.brokenRequired.first {
                wrong.append("frame \(frame): kiwi breaks required constraint '\(broken.id)' by \(formatNumber(broken.violation))")
            } else if let top = ours.disagreements(with: theirs).first {
                let detail = "frame \(frame): at priority \(formatNumber(top.priority)) cassowary violates \(formatNumber(top.mine)), kiwi \(formatNumber(top.theirs))"
                if top.mine < top.theirs { weighted.append(detail) } else { wrong.append(detail) }
            } else {
                alternative += 1
            }
        }
        var parts: [String] = []
        parts.append(same == lines.count ? "same rects as cassowary" : "same rects at \(same)")
        if alternative > 0 { parts.append("equally good alternative at \(alternative)") }
        if !weighted.isEmpty {
            parts.append("strict priorities differ from kiwi's weights at \(weighted.count) (first: \(weighted[0]))")
        }
        if !wrong.isEmpty { parts.append("KIWI BETTER OR BROKEN at \(wrong.count) (first: \(wrong[0]))") }
        return PeerVerdict(frames: "\(lines.count) frames", summary: parts.joined(separator: "; "), failed: !wrong.isEmpty)
    }
}
