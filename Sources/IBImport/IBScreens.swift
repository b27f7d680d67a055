// The real-looking screens shipped inside the binary (Sources/IBImport/Screens, embedded at
// build time), so the default bench suite needs no file outside the package.

import Foundation
import LayoutModel

public enum IBScreens {
    /// The embedded screens' names (file names without extension), sorted.
    public static var names: [String] { embeddedScreenXML.keys.sorted() }

    /// The embedded screen `name` parsed; its path in messages is `screen:NAME`.
    public static func document(_ name: String) throws(IBImportError) -> IBDocument {
        guard let text = embeddedScreenXML[name] else {
            throw IBImportError(file: "screen:\(name)", line: nil, message: "no such embedded screen (have: \(names.joined(separator: ", ")))")
        }
        return try IBDocument(data: Data(text.utf8), path: "screen:\(name)")
    }

    /// The embedded screen's hierarchies as scenes, optionally replicated (cells only) and
    /// animated, as `layoutbench import screen --replicate N --animate A --frames F` would.
    public static func scenes(
        _ name: String, replicate: Int? = nil, animate: IBAnimation, frames: Int
    ) throws(IBImportError) -> [IBImportedScene] {
        let file = "screen:\(name)"
        var scenes = try IBImporter.importDocument(try document(name))
        if let replicate { scenes = scenes.filter(\.isCell).map { $0.replicated(replicate) } }
        var animated: [IBImportedScene] = []
        for scene in scenes {
            if let a = try scene.animated(animate, frames: frames, file: file) { animated.append(a) }
        }
        if animated.isEmpty {
            throw IBImportError(file: file, line: nil, message: "no hierarchy to animate with \(animate)")
        }
        return animated
    }
}
