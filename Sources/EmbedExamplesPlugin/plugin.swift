// Runs EmbedExamples before the target compiles, on the target's data folder:
// `Examples/*.json` (LayoutModel's example scenes) or `Screens/*.xib|*.storyboard`
// (IBImport's real-looking screens for the default bench suite).

import Foundation
import PackagePlugin

@main
struct EmbedExamplesPlugin: BuildToolPlugin {
    /// Per data folder: the file extensions it holds and the name of the generated dictionary.
    private static let folders: [(folder: String, extensions: Set<String>, variable: String)] = [
        ("Examples", ["json"], "embeddedExampleJSON"),
        ("Screens", ["xib", "storyboard"], "embeddedScreenXML"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var commands: [Command] = []
        for (name, extensions, variable) in Self.folders {
            let folder = target.directoryURL.appending(path: name)
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { extensions.contains($0.pathExtension) }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            let output = context.pluginWorkDirectoryURL.appending(path: "Embedded\(name).swift")
            commands.append(
                .buildCommand(
                    displayName: "Embedding \(inputs.count) files of \(target.name)/\(name)",
                    executable: try context.tool(named: "EmbedExamples").url,
                    arguments: [output.path, variable] + inputs.map(\.path),
                    inputFiles: inputs,
                    outputFiles: [output]))
        }
        return commands
    }
}
