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
              layoutbench generate --suite scenes/          # every family at 10, 1,000 and 10,000 views

            Sizes: --views is the total view count, the root included; stack, tree, churn and \
            mixed give exactly that many, scroll at least 4, grid 1 + rows × columns (nearly \
            square, at most --views), clamp and toggle 1 + 3 per container or row.
            """
    )

    @Option(name: .shortAndLong, help: "The family: \(Family.allCases.map(\.rawValue).joined(separator: ", ")).")
    var family: String?

    @Option(name: .shortAndLong, help: "Total views, the root included.")
    var views = 100

    @Option(help: "Frames of animation.")
    var frames = 120

    @Option(help: "Random seed (families mixed and clamp use it).")
    var seed: UInt64 = 1

    @Option(help: "Children per parent (tree).")
    var fanout = 4

    @Option(help: "K: frames between toggles (toggle).")
    var toggleEvery = 30

    @Flag(help: "Leave the last view's height free, so the layout is ambiguous.")
    var ambiguous = false

    @Option(name: .shortAndLong, help: "Write the scene here (standard output when absent).")
    var output: String?

    @Option(help: "Write the standard suite into this folder: every family at each of --suite-sizes, as FAMILY-VIEWS.json, with default parameters (only --frames applies).")
    var suite: String?

    @Option(help: "Sizes for --suite, comma-separated.")
    var suiteSizes = "10,1000,10000"

    func validate() throws {
        if suite == nil, family == nil { throw ValidationError("give --family NAME (or --suite FOLDER)") }
        if let family, Family(rawValue: family) == nil {
            throw ValidationError("unknown family '\(family)' (known: \(Family.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if views < 1 { throw ValidationError("--views must be at least 1") }
        if frames < 0 { throw ValidationError("--frames must not be negative") }
        if fanout < 2 { throw ValidationError("--fanout must be at least 2") }
        if toggleEvery < 1 { throw ValidationError("--toggle-every must be at least 1") }
        if suite != nil, output != nil { throw ValidationError("--output and --suite cannot be combined") }
        if suite != nil, sizes.isEmpty { throw ValidationError("--suite-sizes needs positive whole numbers, e.g. 10,1000,10000") }
    }

    func run() throws {
        if let suite {
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
            try SceneGenerator.writeSuite(to: suite, sizes: sizes, frames: frames) { printError("wrote \($0)") }
            return
        }
        try write(Family(rawValue: family!)!, views: views, to: output)
    }

    /// `--suite-sizes`, parsed; empty when any entry is not a positive whole number.
    var sizes: [Int] {
        let parts = suiteSizes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.allSatisfy({ ($0 ?? 0) > 0 }) else { return [] }
        return parts.compactMap { $0 }
    }

    func write(_ family: Family, views: Int, to path: String?) throws {
        let parameters = GeneratorParameters(
            views: views, frames: frames, seed: seed, fanout: fanout, toggleEvery: toggleEvery, ambiguous: ambiguous)
        let scene = SceneGenerator.generate(family, parameters)
        let sink = try path.map { p throws(LayoutError) in try ByteSink(path: p) } ?? ByteSink.standardOutput
        scene.write(to: sink)
        sink.close()
    }
}
