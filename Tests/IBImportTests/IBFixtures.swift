import CassowarySolver
import Foundation
import IBImport
import LayoutModel

// Helpers the IB import test suites share.

/// The path of a file in this target's Fixtures folder.
func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
}

/// Solves an imported scene once with Cassowary: each view's id to its [x, y, width, height].
func solve(_ s: IBImportedScene) throws -> [String: [Double]] {
    let session = try SceneSession(scene: s.scene.compile(), backend: CassowaryBackend.self)
    var out: [String: [Double]] = [:]
    for (n, v) in s.scene.views.enumerated() { out[v.id] = Array(session.rects[4 * n..<4 * n + 4]) }
    return out
}
