import CassowarySolver
import Foundation
import IBImport
import LayoutModel

// Helpers the IB import test suites share.

/// The path of a file in this target's Fixtures folder.
func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
}

/// Imports an Interface Builder document given as text (named `inline.xib` in messages).
func importText(_ xml: String, options: IBImportOptions = IBImportOptions()) throws -> [IBImportedScene] {
    try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.xib"), options: options)
}

/// The one scene of a document given as text.
func importOne(_ xml: String, options: IBImportOptions = IBImportOptions()) throws -> IBImportedScene {
    try importText(xml, options: options)[0]
}

/// Solves an imported scene once with Cassowary: each view's id to its [x, y, width, height].
func solve(_ s: IBImportedScene) throws -> [String: [Double]] {
    let session = try SceneSession(scene: s.scene.compile(), backend: CassowaryBackend.self)
    var out: [String: [Double]] = [:]
    for (n, v) in s.scene.views.enumerated() { out[v.id] = Array(session.rects[4 * n..<4 * n + 4]) }
    return out
}
