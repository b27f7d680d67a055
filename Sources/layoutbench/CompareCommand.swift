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

            External solvers (kiwi, kiwisolver, cassowary-py, exec:COMMAND; in --backends or --peer) run on the \
            scene's solver-level trace; their answers are set beside cassowary's frame by frame, and where a \
            weighted solver's layout differs from strict priorities the row says where and why: that is \
            information, not a failure (a peer better at a higher priority, or breaking a required constraint, fails).

            Examples:
              layoutbench compare example:slider-stack example:drag-tip
              layoutbench compare --family stack,tree,mixed --views 10,1000
              layoutbench compare scene.json --backends cassowary,dense,kiwi
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

    @Option(help: "External solvers to set beside cassowary, comma-separated (kiwi, kiwisolver, cassowary-py, exec:COMMAND).")
    var peer: String?

    @Option(help: "Memory limit in MiB for dense.")
    var memoryLimit = 4096

    @Option(help: "On a disagreement, write its frame as SVG into this folder (both back ends, differing views in red).")
    var pictures: String?

    func run() throws {
        let requested = PeerVerdict.split(backends?.split(separator: ",").map(String.init) ?? BackendRegistry.names)
        let names = requested.builtIn
        let peers = requested.peers + (peer?.split(separator: ",").map(String.init) ?? [])
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
            for name in peers {
                let verdict = PeerVerdict.compare(peer: name, scene: scene, options: options)
                rows.append("\(label)\t\(name)\t\(verdict.frames) frames\t-\t\(verdict.summary)")
                if !verdict.passed { failed = true }
            }
        }
        print("scene\tbackends\tframes\tambiguous\tresult")
        for row in rows { print(row) }
        if failed { throw ExitCode.failure }
    }
}
