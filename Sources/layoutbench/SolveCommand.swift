import ArgumentParser
import BenchHarness
import LayoutModel

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a scene frame by frame and write the rectangles as JSON lines.",
        discussion: """
            Writes one line per solve, the initial solve as frame 0: \
            {"frame": N, "rects": [[left, top, width, height], ...]}, views in the scene's order. \
            A refused op (an unknown id, a conflict among required constraints) adds "errors" to its \
            frame's line and leaves the layout as it was before that op; the frame's other ops still apply. \
            A scene whose initial required constraints conflict, or that the back end declines, exits 1.

            Example:
              layoutbench solve example:slider-stack --backend cassowary
              layoutbench solve scene.json --backend dense --output frames.jsonl
            """
    )

    @Argument(help: "The scene file (or example:NAME; - for standard input).")
    var scene: String

    @Option(name: .shortAndLong, help: "The back end: \(BackendRegistry.names.joined(separator: ", ")).")
    var backend = BackendChoice(argument: "cassowary")!

    @Option(name: .shortAndLong, help: "Write the JSON lines to this file instead of standard output.")
    var output: String?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for back ends that estimate their memory (dense).",
            transform: memoryLimitMiB)
    var memoryLimit: Int?

    func run() throws {
        let backendType = backend.type
        var options = BackendOptions()
        if let memoryLimit { options.memoryLimitBytes = memoryLimit << 20 }
        do {
            let compiled = try Scene.load(readSceneBytes(scene)).compile()
            let session = try SceneSession(scene: compiled, backend: backendType, options: options)
            // Opened only once the scene loads, and written under a temporary name: a failed solve leaves no file.
            let sink = try output.map { path throws(FileError) in try ByteSink(path: path) } ?? ByteSink.standardOutput
            sink.write(frameLine(frame: 0, rects: session.rects, errors: []) + "\n")
            for index in compiled.frames.indices {
                do {
                    let errors = try session.runFrame(index)
                    sink.write(frameLine(frame: index + 1, rects: session.rects, errors: errors) + "\n")
                } catch {
                    sink.discard()
                    printError("\(scene): frame \(index + 1): \(error) — \(backend) stops here")
                    throw ExitCode.failure
                }
            }
            try sink.finish()
        } catch let error as LayoutError {
            printError("\(scene): \(backend): \(error)")
            throw ExitCode.failure
        } catch let error as FileError {
            printError("solve: \(error)")
            throw ExitCode.failure
        }
    }
}
