// Runs EmbedExamples on the target's `Examples/*.json` before the target compiles.

import Foundation
import PackagePlugin

@main
struct EmbedExamplesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Examples")
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedExamples.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) example scenes",
                executable: try context.tool(named: "EmbedExamples").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
