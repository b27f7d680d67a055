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

    @Option(help: "Memory limit in MiB for dense.")
    var memoryLimit = 4096

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
            }
            let status = outcome.passed ? (outcome.backends.count >= 2 ? "equivalent" : "nothing to compare") : "DIFFERENT"
            rows.append("\(label)\t\(outcome.backends.joined(separator: ","))\t\(outcome.framesCompared) frames\t\(outcome.ambiguousFrames) ambiguous\t\(status)")
            if let peer, !label.hasPrefix("example:") || true {
                if peer != "kiwi" { throw ValidationError("unknown peer '\(peer)' (known: kiwi)") }
                rows.append(kiwiRow(label: label, scene: scene, types: types, options: options))
            }
        }
        print("scene\tbackends\tframes\tambiguous\tresult")
        for row in rows { print(row) }
        if failed { throw ExitCode.failure }
    }

    /// Replays the scene with kiwisolver and counts frames whose rects differ from cassowary's.
    func kiwiRow(label: String, scene: CompiledScene, types: [any LayoutBackend.Type], options: BackendOptions) -> String {
        let file = NSTemporaryDirectory() + "layoutbench-kiwi-\(getpid()).json"
        let source: Scene
        do {
            source = try Scene.load(label.hasPrefix("example:") || FileManager.default.fileExists(atPath: label) ? readSceneBytes(label) : Array(regenerate(label).jsonString().utf8))
        } catch { return "\(label)\tkiwi\t-\t-\tcannot load: \(error)" }
        try? source.jsonString().write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let output = shell("python3", "scripts/kiwi_replay.py", file) else {
            return "\(label)\tkiwi\t-\t-\tkiwi replay failed (python3 scripts/kiwi_replay.py; pip install kiwisolver)"
        }
        guard let session = try? SceneSession(scene: scene, backend: BackendRegistry.named("cassowary")!, options: options) else {
            return "\(label)\tkiwi\t-\t-\tcassowary could not load the scene"
        }
        var differing: [Int] = []
        let lines = output.split(separator: "\n")
        for (f, line) in lines.enumerated() {
            if f > 0 { _ = try? session.runFrame(f - 1) }
            guard case let .array(rects)? = (try? JSONReader.parse(String(line)))?["rects"] else { continue }
            var flat: [Double] = []
            for r in rects { if case let .array(xs) = r { for x in xs { if case let .number(n) = x { flat.append(n) } } } }
            let same = flat.count == session.rects.count && zip(flat, session.rects).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }
            if !same { differing.append(f) }
        }
        let verdict = differing.isEmpty
            ? "same rects as cassowary"
            : "differs from strict priorities at \(differing.count) frames (first: frame \(differing[0])): kiwi folds priorities into weights"
        return "\(label)\tkiwi\t\(lines.count) frames\t-\t\(verdict)"
    }

    func regenerate(_ label: String) throws -> Scene {
        let parts = label.split(separator: "-")
        guard parts.count == 2, let f = Family(rawValue: String(parts[0])), let v = Int(parts[1]) else {
            throw ValidationError("cannot regenerate \(label)")
        }
        return SceneGenerator.generate(f, GeneratorParameters(views: v, frames: frames, seed: seed))
    }
}
