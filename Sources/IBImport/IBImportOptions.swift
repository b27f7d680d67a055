// The choices an import makes that the file does not.

/// Options of an import.
public struct IBImportOptions: Sendable {
    /// Read safe-area insets, layout-guide lengths and margins off the file's own
    /// frames (the constraints that reach them and the frames at their other ends)
    /// instead of the device table.
    public var environmentFromFrames = false
    /// Size classes, e.g. `["widthClass": "compact", "heightClass": "regular"]`;
    /// empty means the device's own (iPhone portrait: compact width, regular height; iPad: regular, regular).
    public var traits: [String: String] = [:]

    /// Keep `placeholder="YES"` constraints. The runtime removes them (so scenes drop them),
    /// but Xcode computed the frames it stored with them in force, so `--check` keeps them.
    public var keepPlaceholders = false

    public init(environmentFromFrames: Bool = false, traits: [String: String] = [:], keepPlaceholders: Bool = false) {
        self.environmentFromFrames = environmentFromFrames
        self.traits = traits
        self.keepPlaceholders = keepPlaceholders
    }

    /// Parses `widthClass=regular,heightClass=compact`.
    public static func parseTraits(_ text: String) -> [String: String]? {
        var out: [String: String] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            // Each class once: a second value would silently replace the first.
            guard kv.count == 2, kv[0] == "widthClass" || kv[0] == "heightClass", out[kv[0]] == nil,
                  ["compact", "regular"].contains(kv[1])
            else { return nil }
            out[kv[0]] = kv[1]
        }
        return out
    }
}
