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

    @Option(help: "Back ends, comma-separated, at least two (default: all: \(BackendRegistry.names.joined(separator: ", "))).",
            transform: backendList)
    var backend: [BackendChoice]?

    @Option(name: .customLong("backends"), help: .hidden, transform: backendList)
    var backendsAlias: [BackendChoice]?

    @Option(help: "Generated families to compare, comma-separated.", transform: familyList)
    var family: [Family]?

    @Option(parsing: .unconditional, help: "View counts for --family, comma-separated (default 10,1000).", transform: viewCountList)
    var views: [Int]?

    @Option(parsing: .unconditional, help: "Frames per generated scene.", transform: wholeNumber("--frames", atLeast: 0))
    var frames = 60

    @Option(help: "Seed for generated scenes.")
    var seed: UInt64 = 1

    @Option(help: "A peer solver to replay scene files with (kiwi).")
    var peer: String?

    @Option(help: "kiwi's JSON lines for the (single) scene, from scripts/kiwi_replay.py --output, instead of replaying it again.")
    var peerLines: String?

    @Option(parsing: .unconditional, help: "Replay only the first N frames with kiwi (it is slow on big scenes).",
            transform: wholeNumber("--peer-frames", atLeast: 0))
    var peerFrames: Int?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for dense.", transform: memoryLimitMiB)
    var memoryLimit = 4096

    func validate() throws {
        if let peer, peer != "kiwi" { throw ValidationError("unknown peer '\(peer)' (known: kiwi)") }
        if peerLines != nil, peer == nil { throw ValidationError("--peer-lines needs --peer kiwi") }
        if peerLines != nil, family != nil || scenes.count != 1 {
            throw ValidationError("--peer-lines holds kiwi's answers for one scene; name exactly one scene")
        }
        if views != nil, family == nil { throw ValidationError("--views applies to generated scenes: give --family too") }
        let types = try chosenBackends(backend, backendsAlias)
        if types.count < 2 {
            throw ValidationError("compare needs at least two back ends, got \(types.map { $0.name }.joined(separator: ", "))")
        }
        for f in family ?? [] {
            for v in views ?? [10, 1000] {
                if let problem = GeneratorParameters(views: v, frames: frames, seed: seed).sizeProblem(f) { throw ValidationError(problem) }
            }
        }
    }

    func run() throws {
        let types = try chosenBackends(backend, backendsAlias)
        var options = BackendOptions()
        options.memoryLimitBytes = memoryLimit << 20
        var jobs: [(String, () throws -> CompiledScene)] = []
        for path in scenes {
            jobs.append((path, { try Scene.load(readSceneBytes(path)).compile() }))
        }
        for fam in family ?? [] {
            for v in views ?? [10, 1000] {
                jobs.append(("\(fam.rawValue)-\(v)", { try SceneGenerator.generate(fam, GeneratorParameters(views: v, frames: frames, seed: seed)).compile() }))
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
            }
            if outcome.backends.count < 2 {
                // An unsatisfiable scene, or one all but one back end declines: nothing was proved.
                failed = true
                printError("\(label): nothing compared: fewer than two back ends could run it")
            }
            let status = outcome.passed ? (outcome.backends.count >= 2 ? "equivalent" : "NOTHING COMPARED") : "DIFFERENT"
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

    /// Replays the scene with kiwisolver (or reads its lines from --peer-lines) and has
    /// `PeerVerdict` set its rectangles beside cassowary's.
    func kiwiRow(label: String, scene: CompiledScene, options: BackendOptions) -> (row: String, failed: Bool) {
        func row(_ frames: String, _ verdict: String) -> String { "\(label)\tkiwi\t\(frames)\t-\t\(verdict)" }
        let output: String
        if let peerLines {
            guard let text = try? String(contentsOfFile: peerLines, encoding: .utf8) else {
                return (row("-", "cannot read \(peerLines)"), true)
            }
            output = text
        } else {
            let file = NSTemporaryDirectory() + "layoutbench-kiwi-\(Platform.processID).json"
            do {
                let source = try FileManager.default.fileExists(atPath: label) || label.hasPrefix("example:")
                    ? Scene.load(readSceneBytes(label)) : regenerate(label)
                try writeFile(source.jsonString(), to: file)
            } catch { return (row("-", "cannot write the scene for kiwi: \(error)"), true) }
            defer { try? FileManager.default.removeItem(atPath: file) }
            var arguments = ["python3", kiwiReplayScript(), file, "--quiet"]
            if let peerFrames { arguments += ["--frames", "\(peerFrames)"] }
            guard let text = MachineProbe.shell(arguments) else {
                return (row("-", "kiwi replay failed (python3 scripts/kiwi_replay.py; pip install kiwisolver)"), true)
            }
            output = text
        }
        let verdict = PeerVerdict.judge(peerLines: output, scene: scene, options: options)
        return (row(verdict.frames, verdict.summary), verdict.failed)
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
