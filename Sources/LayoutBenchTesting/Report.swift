import LayoutModel

extension ReferenceCheck {
    /// What `ReferenceCheck.run` found. Its description is the failure message a test
    /// shows: every disagreement, the frame, and the shrunk scene as JSON to replay.
    public struct Report: Sendable, CustomStringConvertible {
        public struct Failure: Sendable {
            /// Where the scene came from: `example:KEY`, `family stack-10`, `random seed 17`.
            public var source: String
            /// What judged it: `exact`, or `cassowary and dense`.
            public var reference: String
            /// The first frame that differs (0 is the initial solve).
            public var frame: Int
            public var message: String
            /// The smallest scene found that still shows the disagreement.
            public var shrunk: Scene
            public var shrunkMessage: String
        }

        public struct Declined: Sendable {
            public var source: String
            public var reason: String
        }

        public var backend: String
        /// Scenes the back end ran and was judged on (agreeing or not).
        public var scenesChecked = 0
        public var framesChecked = 0
        /// How many scenes each reference judged: `exact`, `cassowary and dense`.
        public var judgedBy: [String: Int] = [:]
        public var declined: [Declined] = []
        public var failures: [Failure] = []

        /// No disagreement, and at least one scene judged.
        public var passed: Bool { failures.isEmpty && scenesChecked > 0 }

        public var description: String {
            var lines: [String] = []
            if passed {
                lines.append("\(backend) agrees with the reference on \(scenesChecked) scenes (\(framesChecked) frames)")
            } else if failures.isEmpty {
                lines.append("\(backend) was judged on no scene: it declined every one")
            } else {
                lines.append("\(backend) disagrees with the reference on \(failures.count) of \(scenesChecked) scenes")
            }
            if !declined.isEmpty {
                let first = declined[0]
                lines.append("declined \(declined.count) scene groups, first \(first.source): \(first.reason)")
            }
            for (i, f) in failures.enumerated() {
                lines.append("")
                lines.append("\(i + 1). \(f.source), judged by \(f.reference), frame \(f.frame): \(f.message)")
                let s = f.shrunk
                let ops = s.frames.reduce(0) { $0 + $1.count }
                lines.append(
                    "   shrunk to \(s.views.count) views, \(s.constraints.count) constraints, \(s.frames.count) frames, \(ops) ops: \(f.shrunkMessage)")
                lines.append("   the shrunk scene (save it as a file; `layoutbench fuzz --backend ... --replay FILE` replays it):")
                lines.append(s.jsonString())
            }
            return lines.joined(separator: "\n")
        }
    }
}
