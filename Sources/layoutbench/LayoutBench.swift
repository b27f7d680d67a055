import ArgumentParser
import LayoutModel

@main
struct LayoutBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Measure what it costs to re-solve an animated Auto Layout scene every frame, back end by back end.",
        discussion: """
            Scenes are JSON files in the LayoutBench scene format (see the README). A scene argument may \
            also name a built-in example as `example:NAME` (see `layoutbench examples`).

            Examples:
              layoutbench examples
              layoutbench validate example:slider-stack
              layoutbench solve example:slider-stack --backend cassowary
              layoutbench generate --family stack --views 1000 --output stack.json
              layoutbench bench
            """,
        version: "layoutbench 1.1 (scene format \(Scene.formatVersion))",
        subcommands: [
            Validate.self, Solve.self, Examples.self, Generate.self, Bench.self, Compare.self, Fuzz.self, Check.self, Import.self, Export.self,
            Render.self, Report.self, Machine.self,
        ]
    )
}

extension LayoutBench {
    /// `layoutbench help NAME` with an unknown NAME is an error (ArgumentParser would print the overview and exit 0).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help", let name = arguments.dropFirst().first,
            !configuration.subcommands.contains(where: { $0._commandName == name })
        {
            let known = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            printError("Error: unknown command '\(shortenedForMessage(name))' (known: \(known))")
            exit(withError: ExitCode.validationFailure)
        }
        main(arguments)
    }
}

/// Standard error, unbuffered, for messages and progress.
func printError(_ message: String) {
    var line = shorteningLongRuns(message)
    if !line.hasSuffix("\n") { line += "\n" }
    let sink = ByteSink(fileDescriptor: 2)
    sink.write(line)
    sink.flush()
}

/// Reads a scene file (decoded as it is read), or `example:NAME`.
func loadScene(_ argument: String) throws(LayoutError) -> Scene {
    if let bytes = try exampleBytes(argument) { return try Scene.load(bytes) }
    return try Scene.loadFile(argument)
}

/// Reads a scene file, or `example:NAME`, and every problem found reading it.
func decodeScene(_ argument: String) throws(LayoutError) -> DecodedScene {
    if let bytes = try exampleBytes(argument) { return Scene.decode(bytes) }
    return try Scene.decodeFile(argument)
}

/// The JSON of `example:NAME`; nil for any other argument.
private func exampleBytes(_ argument: String) throws(LayoutError) -> [UInt8]? {
    guard argument.hasPrefix("example:") else { return nil }
    let key = String(argument.dropFirst("example:".count))
    guard let example = ExampleScenes.named(key) else {
        let known = ExampleScenes.all.map(\.key).joined(separator: ", ")
        throw .invalidScene(["unknown example '\(key)' (known: \(known))"])
    }
    return Array(example.json.utf8)
}
