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

/// Whether a solved rectangle equals the expected one within 1e-9 (hand-computed frames with
/// fractions that floating point does not hold exactly).
func near(_ a: [Double]?, _ b: [Double]) -> Bool { a.map { zip($0, b).allSatisfy { abs($0 - $1) < 1e-9 } } ?? false }

/// An Interface Builder xib around `objects` (its top-level views), line for line as Xcode writes
/// one: the XML declaration, the document, the device when given, then `<objects>`, so the views
/// start on line 4 (5 with a device) and messages name the lines a written file would have.
func ibDocument(toolsVersion: Int, device: String? = nil, _ objects: String) -> String {
    var lines = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" toolsVersion=\"\(toolsVersion)\">",
    ]
    if let device { lines.append("<device id=\"\(device)\" orientation=\"portrait\"/>") }
    lines += ["<objects>", objects, "</objects>", "</document>"]
    return lines.joined(separator: "\n")
}

/// A controller's root view `root` (`width` × `height`) holding view `ID-t` (IDs prefixed by
/// `prefix`), stored at y = `storedY`, 40 tall, as wide as the root, constrained 10 below the
/// safe area's top (`ID-sa`).
func rootWithTopView(root: String, prefix: String, width: Int, height: Int, storedY: Int) -> String {
    """
    <view key="view" id="\(root)"><rect key="frame" x="0" y="0" width="\(width)" height="\(height)"/>
    <subviews>
    <view translatesAutoresizingMaskIntoConstraints="NO" id="\(prefix)t"><rect key="frame" x="0" y="\(storedY)" width="\(width)" height="40"/></view>
    </subviews>
    <constraints>
    <constraint firstItem="\(prefix)t" firstAttribute="top" secondItem="\(prefix)sa" secondAttribute="top" constant="10" id="\(prefix)tt"/>
    <constraint firstItem="\(prefix)t" firstAttribute="leading" secondItem="\(root)" secondAttribute="leading" id="\(prefix)tl"/>
    <constraint firstAttribute="trailing" secondItem="\(prefix)t" secondAttribute="trailing" id="\(prefix)tr"/>
    <constraint firstItem="\(prefix)t" firstAttribute="height" constant="40" id="\(prefix)th"/>
    </constraints>
    <viewLayoutGuide key="safeArea" id="\(prefix)sa"/>
    </view>
    """
}
