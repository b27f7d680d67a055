// Scene ↔ JSON, exactly as scene-format.md version 1 writes it.

/// One problem found in a scene: where (a JSON path such as
/// `constraints[3] (id "c4")`) and what.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// An op's problem: `validate` reports it, but `solve` refuses just that op
    /// when its frame runs, as the spec asks, instead of rejecting the scene.
    public var isOpLevel: Bool

    /// Long ids and values in `path` and `message` are shortened (see `shorteningLongRuns`).
    public init(path: String, message: String, isOpLevel: Bool = false) {
        self.path = shorteningLongRuns(path)
        self.message = shorteningLongRuns(message)
        self.isOpLevel = isOpLevel
    }

    public var description: String { "\(path): \(message)" }
}

/// The result of reading a scene file: the scene (when its structure could be
/// read) and every problem found while reading it.
public struct DecodedScene: Sendable {
    public var scene: Scene?
    public var diagnostics: [Diagnostic]
}

extension Scene {
    /// Reads a scene from JSON text. Malformed JSON gives one diagnostic with its
    /// line and column; otherwise every structural problem is listed.
    public static func decode(_ bytes: [UInt8]) -> DecodedScene {
        if let scene = streamed(bytes) { return DecodedScene(scene: scene, diagnostics: []) }
        return decodeTree(bytes)
    }

    public static func decode(_ text: String) -> DecodedScene { decode(Array(text.utf8)) }

    /// Reads a well-formed scene straight from its bytes; `nil` when the document has
    /// any problem (then `decodeTree` reads it and lists them).
    static func streamed(_ bytes: [UInt8]) -> Scene? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = SceneStreamDecoder(SceneByteStream(buffer))
            return decoder.scene()
        }
    }

    /// Reads the document into a tree of JSON values, then the scene from the tree:
    /// slower, but it words every problem.
    static func decodeTree(_ bytes: [UInt8]) -> DecodedScene {
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            return DecodedScene(scene: nil, diagnostics: [Diagnostic(path: "$", message: error.description)])
        }
        var decoder = SceneDecoder()
        let scene = decoder.scene(root)
        return DecodedScene(scene: scene, diagnostics: decoder.diagnostics)
    }

    /// Reads a scene: throws `.invalidScene` with every message the reader has (encoding, JSON,
    /// keys, types). Whether views, constraints and ops make sense is checked once, by `compile()`
    /// (or listed by `validate()`), not here.
    public static func load(_ bytes: [UInt8], allowOpErrors: Bool = true) throws(LayoutError) -> Scene {
        try accepting(decode(bytes), allowOpErrors: allowOpErrors)
    }

    /// The scene, unless the reader found problems (op-level ones are allowed when `allowOpErrors`).
    static func accepting(_ decoded: DecodedScene, allowOpErrors: Bool) throws(LayoutError) -> Scene {
        let problems = decoded.diagnostics.filter { !(allowOpErrors && $0.isOpLevel) }
        if let scene = decoded.scene, problems.isEmpty { return scene }
        throw .invalidScene(problems.map(\.description))
    }
}

// Paths are passed as autoclosures: a scene of a million views has millions of
// objects, and a path is needed only for a message.
private struct SceneDecoder {
    var diagnostics: [Diagnostic] = []
    // Arrays: a few short keys compare faster than they hash.
    static let viewKeys = ["id", "parent"]
    static let editKeys = ["attribute", "priority"]
    static let constraintKeys = ["id", "first", "relation", "second", "multiplier", "constant", "priority", "active"]

    mutating func fail(_ path: String, _ message: String, op: Bool = false) {
        diagnostics.append(Diagnostic(path: path, message: message, isOpLevel: op))
    }

    mutating func object(_ value: JSONValue, _ path: @autoclosure () -> String, allowed: [String], op: Bool = false) -> Bool {
        guard case let .object(members) = value else {
            fail(path(), "expected an object, found \(value.typeName)", op: op)
            return false
        }
        for (i, (key, _)) in members.enumerated() {
            // Objects have a handful of keys: a scan finds a repeated one without hashing.
            if members[..<i].contains(where: { $0.key == key }) { fail(path(), "has the key \(jsonQuoted(key)) twice", op: op) }
            if !allowed.contains(key) { fail(path(), "has an unknown key \(jsonQuoted(key))", op: op) }
        }
        return true
    }

    mutating func string(_ value: JSONValue?, _ path: @autoclosure () -> String, op: Bool = false) -> String? {
        guard let value else {
            fail(path(), "is missing", op: op)
            return nil
        }
        guard case let .string(s) = value else {
            fail(path(), "expected a string, found \(value.typeName)", op: op)
            return nil
        }
        return s
    }

    mutating func number(_ value: JSONValue?, _ path: @autoclosure () -> String, op: Bool = false) -> Double? {
        guard let value else {
            fail(path(), "is missing", op: op)
            return nil
        }
        guard case let .number(n) = value, n.isFinite else {
            fail(path(), "must be a finite number, got \(value.shortJSON)", op: op)
            return nil
        }
        return n
    }

    mutating func attribute(_ value: JSONValue?, _ path: @autoclosure () -> String, op: Bool = false) -> AttributeRef? {
        guard let text = string(value, path(), op: op) else { return nil }
        if let ref = AttributeRef(text) { return ref }
        guard let dot = text.lastIndex(of: ".") else {
            fail(path(), "\"\(text)\" is not VIEW.ATTRIBUTE", op: op)
            return nil
        }
        let name = String(text[text.index(after: dot)...])
        let known = Attribute.allCases.map(\.rawValue).joined(separator: ", ")
        fail(path(), "unknown attribute \"\(name)\" in \"\(text)\" (known: \(known))", op: op)
        return nil
    }

    mutating func scene(_ root: JSONValue) -> Scene? {
        // Top-level keys starting with `x-` are metadata from other tools and are
        // ignored; any other unknown key, here or inside views, constraints and ops,
        // is most likely a typo (`frame`, `multipler`) that would silently change
        // the scene, so it is an error.
        guard case let .object(members) = root else {
            fail("$", "expected a scene object, found \(root.typeName)")
            return nil
        }
        let topLevel: Set<String> = ["format", "version", "name", "views", "constraints", "edits", "frames"]
        for (key, _) in members where !topLevel.contains(key) && !key.hasPrefix("x-") {
            let known = "known: format, version, name, views, constraints, edits, frames; x-… for metadata"
            fail("$", "unknown top-level key \(jsonQuoted(key)) (\(known))")
        }
        if let format = string(root["format"], "$.format"), format != Scene.formatName {
            fail("$.format", "expected \"\(Scene.formatName)\", found \"\(format)\"")
        }
        if let version = number(root["version"], "$.version"), version != Double(Scene.formatVersion) {
            fail("$.version", "unsupported version \(formatNumber(version)) (this reader knows version \(Scene.formatVersion))")
        }
        var name = ""
        if let value = root["name"] { name = string(value, "$.name") ?? "" }

        var views: [View] = []
        switch root["views"] {
        case let .array(items)?:
            views.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                func path() -> String { "$.views[\(i)]" }
                guard object(item, path(), allowed: SceneDecoder.viewKeys) else { continue }
                guard let id = string(item["id"], path() + ".id") else { continue }
                var parent: String?
                if let p = item["parent"] { parent = string(p, path() + ".parent") }
                views.append(View(id: id, parent: parent))
            }
        case nil: fail("$.views", "missing")
        case let other?: fail("$.views", "expected an array, found \(other.typeName)")
        }

        var constraints: [Constraint] = []
        switch root["constraints"] {
        case let .array(items)?:
            constraints.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                if let c = constraint(item, "$.constraints[\(i)]", op: false) { constraints.append(c) }
            }
        case nil: fail("$.constraints", "missing")
        case let other?: fail("$.constraints", "expected an array, found \(other.typeName)")
        }

        var edits: [EditDeclaration] = []
        switch root["edits"] {
        case let .array(items)?:
            for (i, item) in items.enumerated() {
                let path = "$.edits[\(i)]"
                guard object(item, path, allowed: SceneDecoder.editKeys) else { continue }
                let attribute = attribute(item["attribute"], path + ".attribute")
                let priority = number(item["priority"], path + ".priority")
                // An edit whose priority is unreadable (reported) is still declared, with a stand-in
                // priority, so that the ops suggesting it do not each report it undeclared.
                guard let attribute else { continue }
                edits.append(EditDeclaration(attribute: attribute, priority: Priority(priority ?? 1)))
            }
        case nil: break
        case let other?: fail("$.edits", "expected an array, found \(other.typeName)")
        }

        var frames: [Frame] = []
        var scenePresentations: [FramePresentation] = []
        switch root["frames"] {
        case let .array(items)?:
            frames.reserveCapacity(items.count)
            var presentations: [FramePresentation] = []
            for (f, item) in items.enumerated() {
                let (presentation, opsValue) = framePresentation(item, f)
                if presentation != .interactive {
                    presentations += Array(repeating: .interactive, count: f - presentations.count)
                    presentations.append(presentation)
                }
                guard case let .array(ops)? = opsValue else {
                    frames.append([])
                    continue
                }
                var frame: Frame = []
                frame.reserveCapacity(ops.count)
                for (j, op) in ops.enumerated() {
                    frame.append(self.op(op, frame: f, index: j))
                }
                frames.append(frame)
            }
            scenePresentations = presentations
        case nil: break
        case let other?: fail("$.frames", "expected an array, found \(other.typeName)")
        }
        return Scene(
            name: name, views: views, constraints: constraints, edits: edits, frames: frames,
            presentations: scenePresentations)
    }

    /// A frame is an array of ops (interactive) or `{"kind": …, "duration": …, "ops": […]}`:
    /// its presentation and its ops (nil when they cannot be read; reported).
    mutating func framePresentation(_ item: JSONValue, _ f: Int) -> (FramePresentation, JSONValue?) {
        let path = "$.frames[\(f)] (frame \(f + 1))"
        if case .array = item { return (.interactive, item) }
        guard case .object = item else {
            fail(path, "expected an array of ops or a frame object, found \(item.typeName)")
            return (.interactive, nil)
        }
        guard object(item, path, allowed: ["kind", "duration", "ops"]) else { return (.interactive, nil) }
        var presentation = FramePresentation.interactive
        switch string(item["kind"], path + ".kind") {
        case "interactive"?:
            if item["duration"] != nil { fail(path + ".duration", "only a transition has a duration") }
        case "transition"?:
            if let d = number(item["duration"], path + ".duration") {
                if let problem = FramePresentation.durationProblem(d) { fail(path + ".duration", problem) }
                presentation = .transition(duration: d)
            }
        case let other?: fail(path + ".kind", "expected \"interactive\" or \"transition\", found \(jsonQuoted(other))")
        case nil: break
        }
        guard let ops = item["ops"] else {
            fail(path + ".ops", "is missing")
            return (presentation, nil)
        }
        guard case .array = ops else {
            fail(path + ".ops", "expected an array of ops, found \(ops.typeName)")
            return (presentation, nil)
        }
        return (presentation, ops)
    }

    mutating func constraint(_ item: JSONValue, _ path: @autoclosure () -> String, op: Bool) -> Constraint? {
        guard object(item, path(), allowed: SceneDecoder.constraintKeys, op: op) else { return nil }
        let id = string(item["id"], path() + ".id", op: op)
        func labelText() -> String { id.map { "\(path()) (id \"\($0)\")" } ?? path() }
        let first = attribute(item["first"], labelText() + ".first", op: op)
        var relation: Relation?
        if let text = string(item["relation"], labelText() + ".relation", op: op) {
            relation = Relation(rawValue: text)
            if relation == nil { fail(labelText() + ".relation", "expected \"==\", \"<=\" or \">=\", found \"\(text)\"", op: op) }
        }
        var second: AttributeRef?
        var secondOK = true
        if let s = item["second"] {
            second = attribute(s, labelText() + ".second", op: op)
            secondOK = second != nil
        }
        var multiplier = 1.0
        if let m = item["multiplier"] {
            guard let value = number(m, labelText() + ".multiplier", op: op) else { return nil }
            multiplier = value
            if item["second"] == nil, value != 1 {
                fail(labelText() + ".multiplier", "a multiplier is only allowed with \"second\"", op: op)
                multiplier = 1
            }
        }
        // An unreadable value is reported here and refuses the scene (or the op); a stand-in (the
        // default constant, an optional priority that no rule about required ones trips on)
        // takes its place so that `validate()` does not report it a second time.
        var constant = 0.0
        if let c = item["constant"] { constant = number(c, labelText() + ".constant", op: op) ?? 0 }
        var priority = 1000.0
        if let p = item["priority"] { priority = number(p, labelText() + ".priority", op: op) ?? 999 }
        var active = true
        if let a = item["active"] {
            if case let .bool(b) = a { active = b } else { fail(labelText() + ".active", "expected a boolean, found \(a.typeName)", op: op) }
        }
        guard let id, let first, let relation, secondOK else { return nil }
        return Constraint(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: Priority(priority), isActive: active)
    }

    /// Reads op `index` of `frames[frame]`. An op that cannot be read becomes
    /// `.malformed`, whose reason names the op and what is wrong with it, e.g.
    /// `setConstant c4: value must be a finite number, got "tall"`; `solve` refuses
    /// just that op when its frame runs. Frame numbers: `$.frames[4]` is frame 5 of
    /// the output lines (frame 0 is the initial solve), and messages say both, as
    /// `validate` does: `$.frames[4][3] (frame 5 op 3, setConstant).value`.
    mutating func op(_ item: JSONValue, frame: Int, index: Int) -> Op {
        let path = "$.frames[\(frame)][\(index)]"
        let position = "frame \(frame + 1) op \(index)"
        let before = diagnostics.count
        let decoded = op(item, path, position: position)
        let problems = diagnostics[before...]
        if let decoded, problems.isEmpty { return decoded }
        // Name the op by its kind and target, then each problem by its field.
        let name: String
        if case let .string(kind)? = item["op"] { name = shortenedForMessage(kind) } else { name = "unnamed op" }
        var target = ""
        for key in ["constraint", "attribute"] {
            if case let .string(t)? = item[key] { target = " " + shortenedForMessage(t) }
        }
        if case let .string(t)? = item["constraint"]?["id"] { target = " " + shortenedForMessage(t) }
        let details = problems.map { d -> String in
            // The field is what follows the last ")." of the path: `… (setConstant).value` → `value`.
            let characters = Array(d.path)
            guard d.path.hasPrefix(path), let dot = (1..<max(1, characters.count)).last(where: {
                characters[$0] == "." && characters[$0 - 1] == ")"
            }) else { return d.message }
            let field = String(characters[(dot + 1)...])
            // A message that names its field already ("unknown op …" of `op`) is not prefixed again.
            return d.message.hasPrefix("unknown \(field) ") ? d.message : field + " " + d.message
        }
        let what = details.isEmpty ? "unreadable" : details.joined(separator: "; ")
        return .malformed(reason: "\(name)\(target): \(what) (at \(path), \(position))")
    }

    mutating func op(_ item: JSONValue, _ path: String, position: String) -> Op? {
        guard case .object = item else {
            fail("\(path) (\(position))", "expected an op object, found \(item.typeName)", op: true)
            return nil
        }
        guard let name = string(item["op"], "\(path) (\(position)).op", op: true) else { return nil }
        let label = "\(path) (\(position), \(name))"
        func fields(_ keys: [String]) -> Bool { object(item, label, allowed: keys + ["op"], op: true) }
        switch name {
        case "suggest":
            guard fields(["attribute", "value"]), let a = attribute(item["attribute"], label + ".attribute", op: true),
                let v = number(item["value"], label + ".value", op: true)
            else { return nil }
            return .suggest(attribute: a, value: v)
        case "setConstant", "setPriority":
            guard fields(["constraint", "value"]), let c = string(item["constraint"], label + ".constraint", op: true),
                let v = number(item["value"], label + ".value", op: true)
            else { return nil }
            return name == "setConstant" ? .setConstant(constraint: c, value: v) : .setPriority(constraint: c, value: v)
        case "activate", "deactivate", "remove":
            guard fields(["constraint"]), let c = string(item["constraint"], label + ".constraint", op: true) else {
                return nil
            }
            switch name {
            case "activate": return .activate(constraint: c)
            case "deactivate": return .deactivate(constraint: c)
            default: return .remove(constraint: c)
            }
        case "add":
            guard fields(["constraint"]) else { return nil }
            guard let value = item["constraint"] else {
                fail(label + ".constraint", "missing", op: true)
                return nil
            }
            return constraint(value, label + ".constraint", op: true).map(Op.add)
        case "addEdit":
            guard fields(["attribute", "priority"]), let a = attribute(item["attribute"], label + ".attribute", op: true),
                let p = number(item["priority"], label + ".priority", op: true)
            else { return nil }
            return .addEdit(attribute: a, priority: Priority(p))
        case "removeEdit":
            guard fields(["attribute"]), let a = attribute(item["attribute"], label + ".attribute", op: true) else {
                return nil
            }
            return .removeEdit(attribute: a)
        case "layout":
            guard fields([]) else { return nil }
            return .layout
        case "setBoundsOrigin":
            guard fields(["view", "x", "y"]), let v = string(item["view"], label + ".view", op: true) else { return nil }
            let x = number(item["x"], label + ".x", op: true)
            let y = number(item["y"], label + ".y", op: true)
            guard let x, let y else { return nil }
            return .setBoundsOrigin(view: v, x: x, y: y)
        default:
            fail(
                label + ".op",
                "unknown op \"\(name)\" (known: suggest, setConstant, setPriority, activate, deactivate, add, remove, addEdit, removeEdit, layout, setBoundsOrigin)",
                op: true)
            return nil
        }
    }
}

extension JSONValue {
    /// The value as JSON for a message: scalars in full (strings shortened), containers by kind.
    var shortJSON: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return n.isFinite ? formatNumber(n) : "a number beyond the range of a double"
        case let .string(s): return jsonQuoted(shortenedForMessage(s))
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
