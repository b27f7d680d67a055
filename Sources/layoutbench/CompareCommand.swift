import ArgumentParser
import BenchHarness
import ExternalBackend
import Foundation
import LayoutModel
import SceneGenerator

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prove back ends equivalent on scenes, frame by frame.",
        discussion: """
            After every frame, checks the scene format's equivalence: every back end satisfies the required \
            constraints, the violation totals per priority agree (1e-6 relative), the same ops are refused, and \
            the rectangles agree (1e-6 relative) wherever the layout is unique. On scenes small enough for it, \
            `exact` (the reference in exact rational arithmetic) runs first and is the judge: every back end is \
            checked against its optimum, and where it finds a view not fixed by the constraints, that view's \
            rectangle is not compared (--no-judge leaves it out). Prints the first disagreement precisely \
            and a summary; exits 1 on any disagreement. A back end that declines a scene is listed, not failed.

            External solvers (kiwi, kiwisolver, cassowary-py, yoga, taffy, exec:COMMAND; in --backends or --peer) run on the \
            scene's solver-level trace; their answers are set beside cassowary's frame by frame, and where a \
            weighted solver's layout differs from strict priorities the row says where and why: that is \
            information, not a failure (a peer better at a higher priority, or breaking a required constraint, fails).
            The flexbox engines (yoga, taffy) run on the scene's flexbox twin instead; a scene flexbox cannot \
            express is declined with the reason, and where their rectangles differ the row names the first view \
            and why (a size Cassowary makes negative, which flexbox stops at 0; 32-bit float rounding).

            Examples:
              layoutbench compare example:slider-stack example:drag-tip
              layoutbench compare --family stack,tree,mixed --views 10,1000
              layoutbench compare scene.json --backends cassowary,dense,kiwi
              layoutbench compare --family grid --views 100 --json verdicts.json   # one record per scene and back-end set
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

    @Option(help: "External solvers to set beside cassowary, comma-separated (kiwi, kiwisolver, cassowary-py, yoga, taffy, exec:COMMAND).")
    var peer: String?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for dense.", transform: memoryLimitMiB)
    var memoryLimit = 4096

    @Flag(inversion: .prefixedNo, help: "Judge the back ends against exact, the reference in exact arithmetic, on every scene small enough for it.")
    var judge = true

    @Option(help: "Write the verdicts as JUnit XML to this file: one test case per scene and back-end pair, a disagreement as its failure.")
    var junit: String?

    @Option(help: "Also write the verdicts as JSON to this file: one record per scene and back-end set (or peer), with frames compared, result and first disagreement.")
    var json: String?

    @Option(help: "On a disagreement, write its frame as SVG into this folder (both back ends, differing views in red).")
    var pictures: String?

    /// Built-in back ends are proved equivalent; external drivers (weighted solvers) are set beside cassowary.
    func requested() throws -> (builtIn: [any LayoutBackend.Type], peers: [String]) {
        let choices = try chosenBackendChoices(backend, backendsAlias)
        let builtIn = choices.map { $0.filter { !$0.isExternal }.map(\.type) } ?? BackendRegistry.all
        let peers = (choices ?? []).filter(\.isExternal).map(\.argument) + (peer?.split(separator: ",").map(String.init) ?? [])
        return (builtIn, peers)
    }

    func validate() throws {
        if views != nil, family == nil { throw ValidationError("--views applies to generated scenes: give --family too") }
        let (builtIn, peers) = try requested()
        if builtIn.count < 2, peers.isEmpty {
            throw ValidationError("compare needs at least two back ends, got \(builtIn.map { $0.name }.joined(separator: ", "))")
        }
        for name in peers where !DriverRegistry.isExternal(name) {
            throw ValidationError("unknown peer '\(name)' (known: \(DriverRegistry.shippedNames.joined(separator: ", ")), exec:COMMAND)")
        }
        for f in family ?? [] {
            for v in views ?? [10, 1000] {
                if let problem = GeneratorParameters(views: v, frames: frames, seed: seed).sizeProblem(f) { throw ValidationError(problem) }
            }
        }
        // Where the reports go.
        if let junit { try checkWritable(file: junit, option: "--junit") }
        if let json { try checkWritable(file: json, option: "--json") }
        if let pictures { try checkWritable(folder: pictures, option: "--pictures") }
    }

    /// `types` with the judge first, where it is wanted and the scene fits it.
    func judged(_ types: [any LayoutBackend.Type], _ scene: CompiledScene, _ options: BackendOptions) -> [any LayoutBackend.Type] {
        let judgeType = BackendRegistry.judge
        let others = types.filter { $0 != judgeType }
        guard judge, judgeType.assess(scene, options: options) == .supported else { return types }
        return [judgeType] + others
    }

    func run() throws {
        let (types, peers) = try requested()
        var options = BackendOptions()
        options.memoryLimitBytes = memoryLimit << 20
        var jobs: [(String, () throws -> CompiledScene)] = []
        for path in scenes {
            jobs.append((path, { try loadScene(path).compile() }))
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
        var rows: [CompareRecord] = []
        var report = JUnitReport()
        for (label, load) in jobs {
            let scene: CompiledScene
            do { scene = try load() } catch {
                printError("\(label): \(error)")
                report.addError(scene: label, message: "\(error)")
                failed = true
                continue
            }
            // With one built-in back end and peers, the peers' verdicts are the comparison.
            if types.count >= 2 || peers.isEmpty {
                let outcome = Equivalence.compare(name: label, scene: scene, backends: judged(types, scene, options), options: options)
                report.add(outcome)
                for skip in outcome.skipped { printError("\(label): \(skip.backend) not compared: \(skip.reason)") }
                if let refusal = outcome.firstRefusal { printError("\(label): note: ops are refused, the first: \(refusal)") }
                // An unsatisfiable scene, or one all but one back end declines: nothing was proved, nor disproved.
                let nothingCompared = outcome.nothingCompared != nil && outcome.disagreements.count == 1
                if nothingCompared {
                    failed = true
                    printError("\(label): nothing compared: \(outcome.nothingCompared!)")
                } else if let first = outcome.disagreements.first {
                    failed = true
                    printError("DISAGREEMENT \(first)")
                    if let pictures { writePicture(first, scene: scene, backends: types, options: options, directory: pictures) }
                }
                let status = nothingCompared ? "NOTHING COMPARED" : outcome.passed ? "equivalent" : "DIFFERENT"
                rows.append(CompareRecord(
                    scene: label, backends: outcome.backends, framesCompared: outcome.framesCompared,
                    ambiguousFrames: outcome.ambiguousFrames, result: status, passed: outcome.passed && outcome.backends.count >= 2,
                    firstDisagreement: outcome.disagreements.first?.description))
            }
            for name in peers {
                let verdict = PeerVerdict.compare(peer: name, scene: scene, options: options)
                report.add(verdict, scene: label, reference: BackendRegistry.reference.name)
                rows.append(CompareRecord(
                    scene: label, backends: ["cassowary", name], peer: name, framesCompared: verdict.frames,
                    result: verdict.summary, passed: verdict.passed, firstDisagreement: verdict.wrong.first ?? verdict.weighted.first))
                if !verdict.passed { failed = true }
            }
        }
        print("scene\tbackends\tframes\tambiguous\tresult")
        for row in rows { print(row.tableRow) }
        if let junit { try writeFile(report.xml, to: junit) }
        if let json { try CompareRecord.write(rows, to: json) }
        if failed { throw ExitCode.failure }
    }
}
