import ArgumentParser
import FactoredSimplex
import Foundation
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
        var arguments = Array(CommandLine.arguments.dropFirst())
        // `help help` is the overview; `help NAME MORE` would ignore MORE.
        if arguments == ["help", "help"] { arguments = ["--help"] }
        if arguments.first == "help", arguments.count > 2 {
            printError("Error: help takes one command name, got \(arguments.dropFirst().map { shortenedForMessage($0) }.joined(separator: " "))")
            exit(withError: ExitCode.validationFailure)
        }
        if arguments.first == "help", let name = arguments.dropFirst().first,
            !configuration.subcommands.contains(where: { $0._commandName == name })
        {
            let known = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            printError("Error: unknown command '\(shortenedForMessage(name))' (known: \(known))")
            exit(withError: ExitCode.validationFailure)
        }
        if let problem = FactoredBackend.threadSettingProblem {
            printError("Error: \(problem)")
            exit(withError: ExitCode.validationFailure)
        }
        main(arguments)
        // Every write is checked: standard output is buffered, so a failed write (a full disk,
        // `> /dev/full`) shows only when it is flushed, here, after the command has run.
        if Platform.standardOutputFailedWhenFlushed() {
            // errno still holds the failed write's reason, unless a later call replaced it.
            let code = Platform.lastError
            printError("cannot write 'standard output': \(code == 0 ? "a write failed" : Platform.errorText(code))")
            exit(withError: ExitCode.failure)
        }
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

/// The scene argument loaded and compiled; when it does not load, its error is printed naming
/// the scene and no back end (a scene that does not load is its own fault), and the command exits 1.
func loadCompiledScene(_ argument: String) throws -> (scene: Scene, compiled: CompiledScene) {
    do {
        let scene = try loadScene(argument)
        return (scene, try scene.compile())
    } catch {
        printError("\(argument): \(error)")
        throw ExitCode.failure
    }
}

/// What a failed write says: a `FileError`'s own text (the file and the system's reason), else Foundation's.
func writeFailureText(_ error: any Error) -> String {
    (error as? FileError)?.description ?? error.localizedDescription
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

/// Checks, before any work, that `path` can be written: its folder exists and takes a new
/// file (the temporary file a write starts with is made and removed). A run that would fail
/// only at its end, after minutes of work, fails at once instead.
func checkWritable(file path: String, option: String) throws {
    // A pipe or device is not opened to probe it: a probe's close would end a reader's input.
    if Platform.kind(of: path) == .other { return }
    do {
        try ByteSink(path: path).discard()
    } catch {
        throw ValidationError("\(option): \(error)")
    }
}

/// Checks, before any work, that `folder` takes files: it exists and takes a new file, or the
/// nearest folder above it that exists does (a probe file is made and removed there).
func checkWritable(folder: String, option: String) throws {
    var existing = folder.isEmpty ? "." : folder
    while Platform.kind(of: existing) == .missing {
        let parent = existing.lastIndex(of: "/").map { String(existing[..<$0]) } ?? "."
        existing = parent.isEmpty ? "/" : parent
    }
    guard Platform.kind(of: existing) == .directory else {
        throw ValidationError("\(option): cannot write into '\(folder)': '\(existing)' is not a folder")
    }
    let probe = existing + "/.layoutbench-probe-\(Platform.processID)"
    let descriptor = Platform.createExclusive(probe)
    guard descriptor >= 0 else {
        throw ValidationError("\(option): cannot write into '\(folder)': \(Platform.errorText(Platform.lastError))")
    }
    _ = Platform.closeDescriptor(descriptor)
    Platform.removeFile(probe)
}
