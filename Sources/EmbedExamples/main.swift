// Build tool: turns a target's data files (LayoutModel's example scenes, IBImport's screens)
// into one Swift file holding a dictionary of their texts, so the files travel inside the
// binary (no resource bundle to lose when the executable is copied elsewhere, no Foundation
// in LayoutModel).
// Usage: EmbedExamples OUTPUT.swift VARIABLE INPUT...

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedExamples OUTPUT.swift VARIABLE INPUT...\n".utf8))
    exit(2)
}
let output = arguments[0], variable = arguments[1]
var swift = "// Generated at build time by EmbedExamples; do not edit.\n\n"
swift += "/// Each embedded file's text, by file name without its extension.\n"
swift += "let \(variable): [String: String] = [\n"
for path in arguments.dropFirst(2).sorted() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    // A raw string whose delimiter cannot occur in the text.
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    let key = url.deletingPathExtension().lastPathComponent
    swift += "    \"\(key)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
swift += "]\n"
try swift.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
