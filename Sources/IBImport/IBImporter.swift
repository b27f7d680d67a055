// The entry point: an IB file in, one scene per view hierarchy out.

import LayoutModel

public enum IBImporter {
    /// Imports every hierarchy of the file at `path`. Errors name the file, element and line.
    public static func importFile(_ path: String, options: IBImportOptions = IBImportOptions()) throws(IBImportError) -> [IBImportedScene] {
        let document = try IBDocument(path: path)
        return try importDocument(document, options: options)
    }

    public static func importDocument(_ document: IBDocument, options: IBImportOptions = IBImportOptions()) throws(IBImportError) -> [IBImportedScene] {
        do {
            return try importHierarchies(document, options: options)
        } catch {
            var named = error
            if named.file.isEmpty { named.file = document.path }  // errors raised by an element know only their line
            throw named
        }
    }

    private static func importHierarchies(_ document: IBDocument, options: IBImportOptions) throws(IBImportError) -> [IBImportedScene] {
        var out: [IBImportedScene] = []
        let roots = document.hierarchies()
        if roots.isEmpty {
            throw IBImportError(file: document.path, line: document.root.line, message: "no view hierarchy (no top-level view, view controller's view or cell)")
        }
        for root in roots {
            let builder = IBSceneBuilder(document: document, root: root, options: options)
            var imported = try builder.build()
            let problems = imported.scene.validate().filter { !$0.isOpLevel }
            if let first = problems.first {
                throw IBImportError(file: document.path, line: root.element.line, message: "hierarchy \(root.name): \(first)")
            }
            imported.scene.name = root.name
            out.append(imported)
        }
        return out
    }
}

extension IBImportedScene {
    /// The scene as JSON with the top-level `x-ib` metadata: per view its class, user label and
    /// IB frame (`[x, y, width, height]` relative to its superview, and in window coordinates),
    /// per guide what it stands for, per generated constraint its origin.
    public func jsonWithMetadata() -> String {
        var text = scene.jsonString()
        precondition(text.hasSuffix("\n}\n"))
        text.removeLast(3)
        var meta = ",\n  \"x-ib\": {\n    \"views\": {"
        for (n, v) in views.enumerated() {
            meta += n == 0 ? "\n      " : ",\n      "
            meta += "\(jsonQuoted(v.id)): {\"class\": \(jsonQuoted(v.className))"
            if let label = v.userLabel { meta += ", \"userLabel\": \(jsonQuoted(label))" }
            meta += ", \"frame\": \(rectJSON(v.frame)), \"window\": \(rectJSON(v.window)), \"layout\": \"\(v.role.rawValue)\""
            let i = v.alignmentInsets
            if i != .zero { meta += ", \"alignmentInsets\": [\(num(i.top)), \(num(i.left)), \(num(i.bottom)), \(num(i.right))]" }
            if let f = v.flagged { meta += ", \"flag\": \"\(f)\"" }
            meta += "}"
        }
        meta += "\n    },\n    \"guides\": {"
        for (n, g) in guides.enumerated() {
            meta += n == 0 ? "\n      " : ",\n      "
            meta += "\(jsonQuoted(g.id)): {\"kind\": \"\(g.kind)\", \"owner\": \(jsonQuoted(g.owner))}"
        }
        meta += guides.isEmpty ? "},\n    \"origins\": {" : "\n    },\n    \"origins\": {"
        for (n, o) in origins.enumerated() {
            meta += n == 0 ? "\n      " : ",\n      "
            meta += "\(jsonQuoted(o.id)): \(jsonQuoted(o.origin))"
        }
        meta += origins.isEmpty ? "}" : "\n    }"
        meta += ",\n    \"dropped\": [\(dropped.map(jsonQuoted).joined(separator: ", "))]"
        meta += ",\n    \"unsupported\": [\(unsupported.map(jsonQuoted).joined(separator: ", "))]"
        return text + meta + "\n  }\n}\n"
    }

    private func num(_ v: Double) -> String { formatNumber(v) }
    private func rectJSON(_ r: IBRect) -> String { "[\(num(r.x)), \(num(r.y)), \(num(r.width)), \(num(r.height))]" }
}

/// Internal rules exposed for the tests.
public enum IBImporterTestHooks {
    public static func multiplier(_ text: String) -> Double? { IBSceneBuilder.parseMultiplier(text) }
}
