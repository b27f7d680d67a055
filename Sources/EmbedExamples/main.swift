// Build tool: turns the example scenes (`Sources/LayoutModel/Examples/*.json`) into
// one Swift file, so the scenes travel inside the binary (no resource bundle to lose
// when the executable is copied elsewhere, no Foundation in LayoutModel).
// Usage: EmbedExamples OUTPUT.swift INPUT.json...

import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedExamples OUTPUT.swift INPUT.json...\n".utf8))
    exit(2)
}
var swift = "// Generated at build time by EmbedExamples from Sources/LayoutModel/Examples/*.json; do not edit.\n\n"
swift += "/// Each example scene's JSON text, by file name without `.json`.\n"
swift += "let embeddedExampleJSON: [String: String] = [\n"
for path in arguments.dropFirst().sorted() {
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
