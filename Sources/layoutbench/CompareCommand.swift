import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel
import SceneGenerator

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prove back ends equivalent on scenes, frame by frame.",
        discussion: """
            After every frame, checks the scene format's equivalence: every back end satisfies the required \
            constraints, the violation totals per priority agree (1e-6 relative), the same ops are refused, and \
            the rectangles agree (1e-6 relative) wherever the layout is unique. Where the Cassowary back end \
            reports a view as ambiguous, its rectangle is not compared. Prints the first disagreement precisely \
            and a summary; exits 1 on any disagreement. A back end that declines a scene is listed, not failed.

            --peer kiwi also replays each scene file with kiwisolver (scripts/kiwi_replay.py) and reports where \
            kiwi's weighted strengths give a different layout than strict priorities; that is information, not \
            a failure.

            Examples:
              layoutbench compare example:slider-stack example:drag-tip
              layoutbench compare --family stack,tree,mixed --views 10,1000
              layoutbench compare scene.json --backends cassowary,dense --peer kiwi
            """
    )

    @Argument(help: "Scene files (or example:NAME). With none and no --family: every example scene.")
    var scenes: [String] = []

    @Option(help: "Back ends, comma-separated (default: all).")
    var backends: String?

    @Option(help: "Generated families to compare, comma-separated.")
    var family: String?

    @Option(help: "View counts for --family, comma-separated.")
    var views = "10,1000"

    @Option(help: "Frames per generated scene.")
    var frames = 60

    @Option(help: "Seed for generated scenes.")
    var seed: UInt64 = 1

    @Option(help: "A peer solver to replay scene files with (kiwi).")
    var peer: String?

    @Option(help: "kiwi's JSON lines for the (single) scene, from scripts/kiwi_replay.py --output, instead of replaying it again.")
    var peerLines: String?

    @Option(help: "Replay only the first N frames with kiwi (it is slow on big scenes).")
    var peerFrames: Int?

    @Option(help: "Memory limit in MiB for dense.")
    var memoryLimit = 4096

    @Option(help: "On a disagreement, write its frame as SVG into this folder (both back ends, differing views in red).")
    var pictures: String?

    func validate() throws {
        if let peer, peer != "kiwi" { throw ValidationError("unknown peer '\(peer)' (known: kiwi)") }
        if peerLines != nil, peer == nil { throw ValidationError("--peer-lines needs --peer kiwi") }
        if peerLines != nil, family != nil || scenes.count != 1 {
            throw ValidationError("--peer-lines holds kiwi's answers for one scene; name exactly one scene")
        }
    }

    func run() throws {
        let names = backends?.split(separator: ",").map(String.init) ?? BackendRegistry.names
        let types = try names.map { name in
            guard let t = BackendRegistry.named(name) else { throw ValidationError("unknown back end '\(name)'") }
            return t
        }
        var options = BackendOptions()
        options.memoryLimitBytes = memoryLimit << 20
        var jobs: [(String, () throws -> CompiledScene)] = []
        for path in scenes {
            jobs.append((path, { try Scene.load(readSceneBytes(path)).compile() }))
        }
        if let family {
            for f in family.split(separator: ",") {
                guard let fam = Family(rawValue: String(f)) else { throw ValidationError("unknown family '\(f)'") }
                for v in views.split(separator: ",").compactMap({ Int($0) }) {
                    jobs.append(("\(fam.rawValue)-\(v)", { try SceneGenerator.generate(fam, GeneratorParameters(views: v, frames: frames, seed: seed)).compile() }))
                }
            }
        }
        if jobs.isEmpty {
            for e in ExampleScenes.all { jobs.append(("example:\(e.key)", { try e.scene().compile() })) }
        }
        var failed = false
        var rows: [String] = []
        for (label, load) in jobs {
            let scene: CompiledScene
            do { scene = try load() } catch {
                printError("\(label): \(error)")
                failed = true
                continue
            }
            let outcome = Equivalence.compare(name: label, scene: scene, backends: types, options: options)
            for skip in outcome.skipped { printError("\(label): \(skip.backend) not compared: \(skip.reason)") }
            if let first = outcome.disagreements.first {
                failed = true
                printError("DISAGREEMENT \(first)")
                if let pictures { writePicture(first, scene: scene, backends: types, options: options, directory: pictures) }
            }
            let status = outcome.passed ? (outcome.backends.count >= 2 ? "equivalent" : "nothing to compare") : "DIFFERENT"
            rows.append("\(label)\t\(outcome.backends.joined(separator: ","))\t\(outcome.framesCompared) frames\t\(outcome.ambiguousFrames) ambiguous\t\(status)")
            if peer != nil {
                let kiwi = kiwiRow(label: label, scene: scene, options: options)
                rows.append(kiwi.row)
                if kiwi.failed { failed = true }
            }
        }
        print("scene\tbackends\tframes\tambiguous\tresult")
        for row in rows { print(row) }
        if failed { throw ExitCode.failure }
    }

    /// Replays the scene with kiwisolver and sets its rectangles beside cassowary's, frame by frame.
    /// Where they differ, the spec's evaluation says why: equal violation totals at every priority
    /// (an alternative optimum), or a higher priority that kiwi violates more because it trades it
    /// against a weighted sum of lower ones. kiwi doing *better* at the highest differing priority
    /// would mean a wrong answer on one side, so that, and kiwi breaking a required constraint, fail.
    func kiwiRow(label: String, scene: CompiledScene, options: BackendOptions) -> (row: String, failed: Bool) {
        func row(_ frames: String, _ verdict: String) -> String { "\(label)\tkiwi\t\(frames)\t-\t\(verdict)" }
        let output: String
        if let peerLines {
            guard let text = try? String(contentsOfFile: peerLines, encoding: .utf8) else {
                return (row("-", "cannot read \(peerLines)"), true)
            }
            output = text
        } else {
            let file = NSTemporaryDirectory() + "layoutbench-kiwi-\(getpid()).json"
            do {
                let source = try FileManager.default.fileExists(atPath: label) || label.hasPrefix("example:")
                    ? Scene.load(readSceneBytes(label)) : regenerate(label)
                try source.jsonString().write(toFile: file, atomically: true, encoding: .utf8)
            } catch { return (row("-", "cannot write the scene for kiwi: \(error)"), true) }
            defer { try? FileManager.default.removeItem(atPath: file) }
            var arguments = ["python3", kiwiReplayScript(), file, "--quiet"]
            if let peerFrames { arguments += ["--frames", "\(peerFrames)"] }
            guard let text = shell(arguments) else {
                return (row("-", "kiwi replay failed (python3 scripts/kiwi_replay.py; pip install kiwisolver)"), true)
            }
            output = text
        }
        guard let session = try? SceneSession(scene: scene, backend: BackendRegistry.named("cassowary")!, options: options) else {
            return (row("-", "cassowary could not load the scene"), true)
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
        return (row("\(lines.count) frames", parts.joined(separator: "; ")), !wrong.isEmpty)
    }

    /// scripts/kiwi_replay.py, found from the working directory or next to the package the executable was built in.
    func kiwiReplayScript() -> String {
        if let path = ProcessInfo.processInfo.environment["LAYOUTBENCH_KIWI_REPLAY"] { return path }
        let local = "scripts/kiwi_replay.py"
        if FileManager.default.fileExists(atPath: local) { return local }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(local).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return local
    }

    func regenerate(_ label: String) throws -> Scene {
        let parts = label.split(separator: "-")
        guard parts.count == 2, let f = Family(rawValue: String(parts[0])), let v = Int(parts[1]) else {
            throw ValidationError("cannot regenerate \(label)")
        }
        return SceneGenerator.generate(f, GeneratorParameters(views: v, frames: frames, seed: seed))
    }
}
