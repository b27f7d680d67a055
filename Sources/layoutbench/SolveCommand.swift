import ArgumentParser
import BenchHarness
import LayoutModel

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a scene frame by frame and write the rectangles as JSON lines.",
        discussion: """
            Writes one line per solve, the initial solve as frame 0: \
            {"frame": N, "rects": [[left, top, width, height], ...]}, views in the scene's order. \
            A frame whose layout is not unique (some view is free to move without making any priority level worse) \
            names the free views by id in "ambiguous" (back ends that can tell: cassowary, factored, exact; manual, which accepts only layouts that are unique). \
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

    @Option(name: .shortAndLong, help: "The back end: \(BackendRegistry.namesWithDrivers.joined(separator: ", ")).")
    var backend = BackendChoice(argument: "cassowary")!

    @Option(name: .shortAndLong, help: "Write the JSON lines to this file instead of standard output.")
    var output: String?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for back ends that estimate their memory (dense).",
            transform: memoryLimitMiB)
    var memoryLimit: Int?

    @Flag(help: "Print each view's frame in its parent's coordinates (as UIView.frame), not the window's.")
    var relative = false

    /// The frame's JSON line; a frame whose layout is not unique names its free views in `"ambiguous"`.
    func line(frame: Int, session: SceneSession, errors: [String]) -> String {
        var text = frameLine(frame: frame, rects: relative ? session.relativeRects : session.screenRects, errors: errors)
        if let free = session.backend.ambiguousViews(), !free.isEmpty {
            text.removeLast()  // the closing brace
            text += ", \"ambiguous\": [" + free.map { jsonQuoted(session.scene.viewIDs[Int($0)]) }.joined(separator: ", ") + "]}"
        }
        return text + "\n"
    }

    /// Loads the scene on the back end; a stall in the initial solve is named as frame 0's.
    func openSession(
        _ compiled: CompiledScene, _ backendType: any LayoutBackend.Type, _ options: BackendOptions
    ) throws -> SceneSession {
        do {
            return try SceneSession(scene: compiled, backend: backendType, options: options)
        } catch {
            guard case .pivotBudgetExceeded = error else { throw error }
            printError("\(scene): frame 0: \(error) — \(backend) stops here")
            throw ExitCode.failure
        }
    }

    func run() throws {
        let backendType = backend.type
        var options = BackendOptions()
        if let memoryLimit { options.memoryLimitBytes = memoryLimit << 20 }
        let compiled = try loadCompiledScene(scene).compiled
        do {
            let session = try openSession(compiled, backendType, options)
            // A back end over parent-relative positions then hands its frames over as they are.
            if relative { session.readRelativeFrames() }
            // Opened only once the scene loads, and written under a temporary name: a failed solve leaves no file.
            let sink = try output.map { path throws(FileError) in try ByteSink(path: path) } ?? ByteSink.standardOutput
            // A rectangle that is not finite never reaches the output: SceneSession refuses it by view and attribute.
            func writeLine(_ frame: Int, _ errors: [String]) {
                sink.write(line(frame: frame, session: session, errors: errors))
            }
            writeLine(0, [])
            for index in compiled.frames.indices {
                let errors: [String]
                do {
                    errors = try session.runFrame(index)
                } catch {
                    sink.discard()
                    printError("\(scene): frame \(index + 1): \(error) — \(backend) stops here")
                    throw ExitCode.failure
                }
                writeLine(index + 1, errors)
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
