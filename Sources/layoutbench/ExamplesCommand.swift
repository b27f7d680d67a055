import ArgumentParser
import LayoutModel

struct Examples: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in example scenes, print one, or write them all to a folder.",
        discussion: """
            Examples:
              layoutbench examples                  # the list
              layoutbench examples drag-tip         # one scene's JSON on standard output
              layoutbench examples --write scenes/  # every example as scenes/NAME.json
            """
    )

    @Argument(help: "An example to print.")
    var name: String?

    @Option(name: .shortAndLong, help: "Write every example into this folder as NAME.json.")
    var write: String?

    func run() throws {
        if let name {
            guard let example = ExampleScenes.named(name) else {
                printError("unknown example '\(name)' (known: \(ExampleScenes.all.map(\.key).joined(separator: ", ")))")
                throw ExitCode.failure
            }
            print(example.json)
            return
        }
        if let folder = write {
            do {
                try Platform.makeDirectories(folder)
                for example in ExampleScenes.all {
                    let path = folder + "/" + example.key + ".json"
                    try writeFile(example.json + "\n", to: path)
                    print(path)
                }
            } catch {
                printError("examples: \(error)")
                throw ExitCode.failure
            }
            return
        }
        let width = ExampleScenes.all.map(\.key.count).max() ?? 0
        for example in ExampleScenes.all {
            print(example.key + String(repeating: " ", count: width + 2 - example.key.count) + example.summary)
        }
    }
}
