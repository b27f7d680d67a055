// Interface Builder files as a tree of elements with their source lines, read
// with Foundation's XMLParser (the one XML reader on every platform Swift runs on).

import Foundation
import LayoutModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element of an IB file: its name, attributes, children and the line it starts on.
public final class IBElement {
    public let name: String
    public let attributes: [String: String]
    public let line: Int
    public internal(set) var children: [IBElement] = []
    public internal(set) weak var parent: IBElement?

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    public subscript(_ key: String) -> String? { attributes[key] }
    public var id: String? { attributes["id"] }
    public var key: String? { attributes["key"] }

    /// The first child named `name` (and keyed `key`, when given).
    public func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0.key == key) }
    }

    /// Every element below this one, depth first, in document order.
    public func descendants() -> [IBElement] {
        var out: [IBElement] = []
        var stack = Array(children.reversed())
        while let e = stack.popLast() {
            out.append(e)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }

    /// `<name id="…"> (line N)`, the way error messages name an element.
    public var described: String {
        let idPart = id.map { " id=\"\($0)\"" } ?? ""
        return "<\(name)\(idPart)> (line \(line))"
    }

    /// A `YES`/`NO` attribute.
    public func flag(_ attribute: String) -> Bool { attributes[attribute] == "YES" }

    /// A numeric attribute; `nil` when absent.
    public func number(_ attribute: String) throws(IBImportError) -> Double? {
        guard let text = attributes[attribute] else { return nil }
        guard let value = Double(text), value.isFinite, abs(value) <= 1e9 else {
            throw IBImportError(element: self, message: "\(attribute)=\"\(text)\" is not a finite number")
        }
        return value
    }
}

/// A parsed `.xib` or `.storyboard`.
public struct IBDocument {
    public let root: IBElement
    public let path: String

    /// Parses `data`; anything that is not well-formed XML with a `<document>` root is refused with its line.
    public init(data: Data, path: String) throws(IBImportError) {
        // The XML parser calls text that does not start with '<' an "empty document": say what it is.
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let first = bytes.firstIndex(where: { !" \t\r\n".utf8.contains($0) }) else {
            throw IBImportError(file: path, line: nil, message: "the file is empty")
        }
        guard bytes[first] == UInt8(ascii: "<") else {
            let line = 1 + bytes[..<first].filter { $0 == UInt8(ascii: "\n") }.count
            throw IBImportError(file: path, line: line, message: "not an XML file: no root element (the text does not start with '<')")
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        let ok = parser.parse() && parser.parserError == nil && builder.stack.isEmpty
        guard ok, let root = builder.root else {
            let line = max(1, parser.lineNumber)
            let reason = parser.parserError.map { error -> String in
                let code = (error as NSError).code
                let names = [4: "empty document", 5: "premature end of document", 9: "invalid character",
                             41: "attribute without a value", 64: "unescaped '<' or '&'", 73: "'>' expected",
                             76: "closing tag does not match the open element", 111: "malformed XML"]
                return "\(names[code] ?? "XML parser error \(code)") (column \(parser.columnNumber))"
            } ?? (builder.stack.last.map { "<\($0.name)> (line \($0.line)) is never closed" } ?? "no root element")
            throw IBImportError(file: path, line: line, message: "not a well-formed XML file: \(reason)")
        }
        guard root.name == "document" else {
            throw IBImportError(file: path, line: root.line, message: "the root element is <\(root.name)>, not an Interface Builder <document>")
        }
        self.root = root
        self.path = path
    }

    public init(path: String) throws(IBImportError) {
        if Platform.kind(of: path) == .directory {
            throw IBImportError(file: path, line: nil, message: "cannot read the file: it is a folder")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            // FileManager does not say why; opening the file again gives the system's reason.
            let descriptor = Platform.openForReading(path)
            let reason = descriptor < 0 ? Platform.errorText(Platform.lastError) : "reading it failed"
            if descriptor >= 0 { _ = Platform.closeDescriptor(descriptor) }
            throw IBImportError(file: path, line: nil, message: "cannot read the file: \(reason)")
        }
        try self.init(data: data, path: path)
    }

    public var isStoryboard: Bool { root["type"]?.contains("Storyboard") ?? false }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: IBElement?
    var stack: [IBElement] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = IBElement(name: elementName, attributes: attributes, line: parser.lineNumber)
        if let top = stack.last {
            element.parent = top
            top.children.append(element)
        } else if root == nil {
            root = element
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }
}

/// Why an IB file was refused: the file, the element and its line, and what is wrong.
public struct IBImportError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// An error about `element`; the file name is filled in by the importer.
    public init(element: IBElement, message: String) {
        self.init(file: "", line: element.line, message: "\(element.described): \(message)")
    }

    public var description: String {
        let place = line.map { ":\($0)" } ?? ""
        return "\(file)\(place): \(message)"
    }
}
