import ArgumentParser
import Foundation
import LayoutModel
import SceneGenerator

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a synthetic scene: a large view tree and an animation edit stream.",
        discussion: """
            Families: \(Family.allCases.map(\.rawValue).joined(separator: ", ")). The same arguments always \
            give byte-identical output. One-way families (frame arithmetic can run them): \
            \(Family.allCases.filter(\.isOneWayEvaluable).map(\.rawValue).joined(separator: ", ")).

            Examples:
              layoutbench generate --family stack --views 1000 --output stack-1000.json
              layoutbench generate --family tree --views 100000 --frames 600 --fanout 4 --output tree.json
              layoutbench generate --suite scenes/          # every family at 10, 1,000 and 10,000 views
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

    @Option(help: "Frames between toggles (toggle).")
    var toggleEvery = 1

    @Flag(help: "Leave the last view's height free, so the layout is ambiguous.")
    var ambiguous = false

    @Option(name: .shortAndLong, help: "Write the scene here (standard output when absent).")
    var output: String?

    @Option(help: "Write the standard suite (every family at each --suite-sizes) into this folder.")
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
    }

    func run() throws {
        if let suite {
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
            let sizes = suiteSizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            for family in Family.allCases {
                for size in sizes {
                    let path = "\(suite)/\(family.rawValue)-\(size).json"
                    try write(family, views: size, to: path)
                    printError("wrote \(path)")
                }
            }
            return
        }
        try write(Family(rawValue: family!)!, views: views, to: output)
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
