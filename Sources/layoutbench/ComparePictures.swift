import BenchHarness
import Foundation
import LayoutModel

extension Compare {
    /// `--pictures DIR`: draws the frame of a disagreement and says where it went and which views differ.
    func writePicture(_ disagreement: Equivalence.Disagreement, scene: CompiledScene, backends: [any LayoutBackend.Type], options: BackendOptions, directory: String) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let written = try DisagreementPicture.write(disagreement, scene: scene, backends: backends, options: options, directory: directory)
            let views = written.views.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            printError("picture: \(written.path) (views that differ: \(views.isEmpty ? "none; see the caption" : views)\(written.views.count > 5 ? " and \(written.views.count - 5) more" : ""))")
        } catch {
            printError("cannot write the picture into '\(directory)': \(error)")
        }
    }
}
