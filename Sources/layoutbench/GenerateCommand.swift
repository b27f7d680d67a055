import ArgumentParser
import Foundation
import LayoutModel
import SceneGenerator

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic scene: a large view tree and an animation edit stream.",
        discussion: """
            Families: \(Family.allCases.map(\.rawValue).joined(separator: ", ")). The same arguments always \
            give byte-identical output. One-way families (frame arithmetic can run them): \
            \(Family.allCases.filter(\.isOneWayEvaluable).map(\.rawValue).joined(separator: ", ")).

            Examples:
              layoutbench generate --family stack --views 1000 --output stack-1000.json
              layoutbench generate --family tree --views 100000 --frames 600 --fanout 4 --output tree.json
              layoutbench generate --family toggle --views 301 --toggle-every 10 --frames 60
              layoutbench generate --family mixed --views 500 --seed 42 > mixed.json
              layoutbench generate --family stack --views 50 --ambiguous --output loose.json
              layoutbench generate --family grid --views 10000 --frames 20 --change-constants 100 -o grid-k100.json
              layoutbench generate --suite scenes/          # every family at 10, 1,000 and 10,000 views

            Sizes: --views is the total view count, the root included; stack, tree, churn and \
            mixed give exactly that many, scroll at least 4, grid 1 + rows × columns (nearly \
            square, at most --views), clamp and toggle 1 + 3 per container or row; every family \
            gives at least 2 (the root and one view).
            """
    )

    @Option(name: .shortAndLong, help: "The family: \(Family.allCases.map(\.rawValue).joined(separator: ", ")).")
    var family: Family?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Total views, the root included (default 100).",
            transform: wholeNumber("--views", atLeast: 1))
    var views: Int?

    @Option(parsing: .unconditional, help: "Frames of animation.", transform: wholeNumber("--frames", atLeast: 0))
    var frames = 120

    @Option(parsing: .unconditional,
            help: "Random seed: varies every family (row heights, insets, spacing, animation paths, phases; default 1).",
            transform: unsignedWholeNumber("--seed"))
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Children per parent (tree; default 4).",
            transform: wholeNumber("--fanout", atLeast: 2, atMost: 1_000_000))
    var fanout: Int?

    @Option(parsing: .unconditional, help: "K: frames between toggles (toggle; default 30).",
            transform: wholeNumber("--toggle-every", atLeast: 1))
    var toggleEvery: Int?

    @Flag(help: "Leave the last view's height free, so the layout is ambiguous.")
    var ambiguous = false

    @Option(name: .customLong("change-constants"), parsing: .unconditional,
            help: "K: replace the animation with frames of K setConstant ops each, on distinct required constraints, every value within ±1 of the original constant (seeded by --seed).",
            transform: wholeNumber("--change-constants", atLeast: 1))
    var changeConstants: Int?

    @Flag(help: "With --change-constants: change the same K constraints in every frame (by default drawn afresh each frame).")
    var sameConstraints = false

    @Option(name: .shortAndLong, help: "Write the scene here (standard output when absent).")
    var output: String?

    @Option(help: "Write the standard suite into this folder: every family at each of --suite-sizes, as FAMILY-VIEWS.json, with default parameters (only --frames applies).")
    var suite: String?

    @Option(parsing: .unconditional, help: "Sizes for --suite, comma-separated (default 10,1000,10000).", transform: viewCountList)
    var suiteSizes: [Int]?

    var sizesOfSuite: [Int] { suiteSizes ?? [10, 1000, 10000] }

    func validate() throws {
        if suite == nil, family == nil { throw ValidationError("give --family NAME (or --suite FOLDER)") }
        if suite != nil, output != nil { throw ValidationError("--output and --suite cannot be combined") }
        if sameConstraints, changeConstants == nil { throw ValidationError("--same-constraints needs --change-constants K") }
        if suite != nil {
            // The suite uses every family with default parameters: these would be ignored.
            let ignored: [(String, Bool)] = [
                ("--family", family != nil), ("--views", views != nil), ("--seed", seed != nil), ("--fanout", fanout != nil),
                ("--toggle-every", toggleEvery != nil), ("--ambiguous", ambiguous), ("--change-constants", changeConstants != nil),
            ]
            if let (option, _) = ignored.first(where: \.1) {
                throw ValidationError("\(option) and --suite cannot be combined (the suite is every family with default parameters; use --suite-sizes and --frames)")
            }
        } else if suiteSizes != nil {
            throw ValidationError("--suite-sizes goes with --suite FOLDER")
        }
        if let family, let problem = parameters.sizeProblem(family) { throw ValidationError(problem) }
        if suite != nil {
            for (f, p) in SceneGenerator.suiteParameters(sizes: sizesOfSuite, frames: frames) {
                if let problem = p.sizeProblem(f) { throw ValidationError(problem) }
            }
        }
    }

    var parameters: GeneratorParameters {
        GeneratorParameters(
            views: views ?? 100, frames: frames, seed: seed ?? 1, fanout: fanout ?? 4, toggleEvery: toggleEvery ?? 30, ambiguous: ambiguous,
            jitter: changeConstants.map { ConstantJitter(perFrame: $0, sameConstraints: sameConstraints) })
    }

    func run() throws {
        do {
            if let suite {
                try SceneGenerator.writeSuite(to: suite, sizes: sizesOfSuite, frames: frames) { printError("wrote \($0)") }
                return
            }
            try write(family!, to: output)
        } catch {
            printError("generate: \(error)")
            throw ExitCode.failure
        }
    }

    func write(_ family: Family, to path: String?) throws(FileError) {
        let scene = SceneGenerator.generate(family, parameters)
        // K is at most the scene's required constraints: say so when fewer were asked for than given.
        if let k = changeConstants, let changed = scene.frames.first?.count, changed < k {
            printError("generate: --change-constants \(k): the scene has \(changed) required constraints whose constants can change, so each frame changes \(changed)")
        }
        let sink = try path.map { p throws(FileError) in try ByteSink(path: p) } ?? ByteSink.standardOutput
        scene.write(to: sink)
        try sink.finish()
    }
}
