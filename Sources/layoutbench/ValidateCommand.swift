import ArgumentParser
import LayoutModel

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files against every rule of the scene format.",
        discussion: """
            Lists every problem, one per line, each naming its culprit (the JSON path, the constraint id, \
            the op's frame and index); malformed JSON is reported with its line and column. Exits 0 when \
            every scene is valid, 1 otherwise.

            Example:
              layoutbench validate scene.json example:drag-tip
            """
    )

    @Argument(help: "Scene files (or example:NAME).")
    var scenes: [String]

    @Flag(name: .shortAndLong, help: "Print nothing for valid scenes.")
    var quiet = false

    func run() throws {
        var failed = false
        for path in scenes {
            let decoded: DecodedScene
            do {
                decoded = try decodeScene(path)
            } catch {
                printError("\(path): \(error)")
                failed = true
                continue
            }
            var problems = decoded.diagnostics
            if let scene = decoded.scene { problems += scene.validate() }
            if problems.isEmpty, let scene = decoded.scene {
                if !quiet {
                    let ops = scene.frames.reduce(0) { $0 + $1.count }
                    print(
                        "\(path): valid (\(scene.views.count) views, \(scene.constraints.count) constraints, "
                            + "\(scene.edits.count) edits, \(scene.frames.count) frames, \(ops) ops)")
                }
            } else {
                failed = true
                for problem in problems { printError("\(path): \(problem)") }
                printError("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            }
        }
        if failed { throw ExitCode.failure }
    }
}
