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

    func validate() throws {
        guard let name else { return }
        if write != nil {
            throw ValidationError("give an example's name (printed) or --write FOLDER (every example), not both: '\(shortenedForMessage(name))' and --write")
        }
        if ExampleScenes.named(name) == nil {
            throw ValidationError("unknown example '\(shortenedForMessage(name))' (known: \(ExampleScenes.all.map(\.key).joined(separator: ", ")))")
        }
    }

    func run() throws {
        if let name {
            print(ExampleScenes.named(name)!.json)
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
