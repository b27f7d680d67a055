// The fast path of the scene reader: views, constraints, edits and frames decoded
// straight from the bytes, with no tree of JSON values in between (at a million
// views that tree costs more memory and time than the scene). It reads only
// well-formed scenes: on the first problem of any kind it gives up, and the tree
// decoder (`SceneDecoder`) reads the document again and words every message, so
// diagnostics are written and tested once. Whatever it accepts, it reads into the
// very `Scene` the tree decoder would.

struct SceneStreamDecoder: ~Copyable {
    private var stream: SceneByteStream

    init(_ stream: consuming SceneByteStream) { self.stream = stream }

    private static func names(_ list: [String]) -> [[UInt8]] { list.map { Array($0.utf8) } }
    private static let topLevelKeys = names(["format", "version", "name", "views", "constraints", "edits", "frames"])
    private static let viewKeys = names(["id", "parent"])
    private static let editKeys = names(["attribute", "priority"])
    private static let frameKeys = names(["kind", "duration", "ops"])
    private static let constraintKeys = names(["id", "first", "relation", "second", "multiplier", "constant", "priority", "active"])
    private static let opKeys = names(["op", "attribute", "value", "constraint", "priority", "view", "x", "y"])

    /// The scene, or `nil` when the document needs the tree decoder.
    mutating func scene() -> Scene? {
        do throws(StreamBail) {
            let scene = try readScene()
            return try stream.isAtEnd() ? scene : nil
        } catch {
            return nil
        }
    }

    private mutating func readScene() throws(StreamBail) -> Scene {
        var scene = Scene(name: "", views: [], constraints: [])
        var seen: UInt32 = 0
        var metadataKeys: Set<String> = []
        try stream.expect(UInt8(ascii: "{"))
        guard !(try stream.closesEmpty(UInt8(ascii: "}"))) else { throw StreamBail() }
        repeat {
            let key: Int
            switch try stream.key(Self.topLevelKeys) {
            case let .known(k): key = k
            case let .other(text):
                // Metadata from other tools (`x-…`), checked as JSON and skipped.
                guard text.hasPrefix("x-"), metadataKeys.insert(text).inserted else { throw StreamBail() }
                try stream.skipValue(depth: 1)
                continue
            }
            try mark(key, in: &seen)
            switch key {
            case 0: guard try stream.string() == Scene.formatName else { throw StreamBail() }
            case 1: guard try stream.number() == Double(Scene.formatVersion) else { throw StreamBail() }
            case 2: scene.name = try stream.string()
            case 3: scene.views = try array { (d: inout Self) throws(StreamBail) in try d.view() }
            case 4: scene.constraints = try array { (d: inout Self) throws(StreamBail) in try d.constraint() }
            case 5: scene.edits = try array { (d: inout Self) throws(StreamBail) in try d.edit() }
            default: (scene.frames, scene.presentations) = try frames()
            }
        } while try stream.more(UInt8(ascii: "}"))
        // format, version, views and constraints are required.
        guard seen & 0b1_1011 == 0b1_1011 else { throw StreamBail() }
        return scene
    }

    private func mark(_ key: Int, in seen: inout UInt32) throws(StreamBail) {
        guard seen & (1 << key) == 0 else { throw StreamBail() }
        seen |= 1 << key
    }

    /// An array, each element read by `element`.
    private mutating func array<T>(_ element: (inout Self) throws(StreamBail) -> T) throws(StreamBail) -> [T] {
        try stream.expect(UInt8(ascii: "["))
        var items: [T] = []
        if try stream.closesEmpty(UInt8(ascii: "]")) { return items }
        repeat { items.append(try element(&self)) } while try stream.more(UInt8(ascii: "]"))
        return items
    }

    /// An object's members: `member` reads the value of the key at each position in `names`.
    private mutating func object(
        _ names: [[UInt8]], _ member: (inout Self, Int) throws(StreamBail) -> Void
    ) throws(StreamBail) -> UInt32 {
        try stream.expect(UInt8(ascii: "{"))
        var seen: UInt32 = 0
        if try stream.closesEmpty(UInt8(ascii: "}")) { return seen }
        repeat {
            guard case let .known(key) = try stream.key(names) else { throw StreamBail() }
            try mark(key, in: &seen)
            try member(&self, key)
        } while try stream.more(UInt8(ascii: "}"))
        return seen
    }

    private mutating func finiteNumber() throws(StreamBail) -> Double {
        let value = try stream.number()
        guard value.isFinite else { throw StreamBail() }
        return value
    }

    private mutating func attribute() throws(StreamBail) -> AttributeRef {
        guard let ref = AttributeRef(try stream.string()) else { throw StreamBail() }
        return ref
    }

    private mutating func view() throws(StreamBail) -> View {
        var id = "", parent: String?
        let seen = try object(Self.viewKeys) { (d: inout Self, key) throws(StreamBail) in
            if key == 0 { id = try d.stream.string() } else { parent = try d.stream.string() }
        }
        guard seen & 1 != 0 else { throw StreamBail() }
        return View(id: id, parent: parent)
    }

    private mutating func edit() throws(StreamBail) -> EditDeclaration {
        var attribute: AttributeRef?, priority = 0.0
        let seen = try object(Self.editKeys) { (d: inout Self, key) throws(StreamBail) in
            if key == 0 { attribute = try d.attribute() } else { priority = try d.finiteNumber() }
        }
        guard seen == 0b11, let attribute else { throw StreamBail() }
        return EditDeclaration(attribute: attribute, priority: Priority(priority))
    }

    private mutating func constraint() throws(StreamBail) -> Constraint {
        var c = Constraint(id: "", first: AttributeRef(view: "", attribute: .left), relation: .equal)
        let seen = try object(Self.constraintKeys) { (d: inout Self, key) throws(StreamBail) in
            switch key {
            case 0: c.id = try d.stream.string()
            case 1: c.first = try d.attribute()
            case 2:
                guard let relation = Relation(rawValue: try d.stream.string()) else { throw StreamBail() }
                c.relation = relation
            case 3: c.second = try d.attribute()
            case 4: c.multiplier = try d.finiteNumber()
            case 5: c.constant = try d.finiteNumber()
            case 6: c.priority = Priority(try d.finiteNumber())
            default: c.isActive = try d.stream.bool()
            }
        }
        // id, first and relation are required; a multiplier other than 1 needs `second`.
        guard seen & 0b111 == 0b111, c.second != nil || c.multiplier == 1 else { throw StreamBail() }
        return c
    }

    /// The frames and their presentations, as the tree decoder lists them: a
    /// presentation per frame up to the last transition, none after it.
    private mutating func frames() throws(StreamBail) -> ([Frame], [FramePresentation]) {
        var presentations: [FramePresentation] = []
        var f = 0
        let frames = try array { (d: inout Self) throws(StreamBail) -> Frame in
            let (presentation, ops) = try d.frame()
            if presentation != .interactive {
                presentations += Array(repeating: .interactive, count: f - presentations.count)
                presentations.append(presentation)
            }
            f += 1
            return ops
        }
        return (frames, presentations)
    }

    /// An array of ops, or `{"kind": …, "duration": …, "ops": […]}`.
    private mutating func frame() throws(StreamBail) -> (FramePresentation, Frame) {
        if try stream.peek() == UInt8(ascii: "[") {
            return (.interactive, try array { (d: inout Self) throws(StreamBail) in try d.op() })
        }
        var kind = "", duration = 0.0, ops: Frame = []
        let seen = try object(Self.frameKeys) { (d: inout Self, key) throws(StreamBail) in
            switch key {
            case 0: kind = try d.stream.string()
            case 1: duration = try d.finiteNumber()
            default: ops = try d.array { (d: inout Self) throws(StreamBail) in try d.op() }
            }
        }
        switch (kind, seen) {
        case ("interactive", 0b101): return (.interactive, ops)
        case ("transition", 0b111) where FramePresentation.durationProblem(duration) == nil:
            return (.transition(duration: duration), ops)
        default: throw StreamBail()
        }
    }

    /// The fields an op may have; which ones it must have depends on its kind.
    private struct OpFields {
        var name = "", attribute = "", text = "", value = 0.0, priority = 0.0, x = 0.0, y = 0.0
        var constraint: Constraint?
    }

    private mutating func op() throws(StreamBail) -> Op {
        var fields = OpFields()
        let seen = try object(Self.opKeys) { (d: inout Self, key) throws(StreamBail) in
            switch key {
            case 0: fields.name = try d.stream.string()
            case 1: fields.attribute = try d.stream.string()
            case 2: fields.value = try d.finiteNumber()
            case 3:
                // A constraint's id, or (for `add`) the constraint itself.
                if try d.stream.peek() == UInt8(ascii: "{") { fields.constraint = try d.constraint() } else {
                    fields.text = try d.stream.string()
                }
            case 4: fields.priority = try d.finiteNumber()
            case 5: fields.text = try d.stream.string()
            case 6: fields.x = try d.finiteNumber()
            default: fields.y = try d.finiteNumber()
            }
        }
        return try Self.op(fields, seen: seen)
    }

    /// The op its fields make, when they are exactly the ones its kind takes (each is required).
    private static func op(_ f: OpFields, seen: UInt32) throws(StreamBail) -> Op {
        let (op, attribute, value, constraint, priority, view, xy): (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (1, 2, 4, 8, 16, 32, 64 | 128)
        func ref() throws(StreamBail) -> AttributeRef {
            guard let ref = AttributeRef(f.attribute) else { throw StreamBail() }
            return ref
        }
        let isID = f.constraint == nil
        switch (f.name, seen) {
        case ("suggest", op | attribute | value): return .suggest(attribute: try ref(), value: f.value)
        case ("setConstant", op | constraint | value) where isID: return .setConstant(constraint: f.text, value: f.value)
        case ("setPriority", op | constraint | value) where isID: return .setPriority(constraint: f.text, value: f.value)
        case ("activate", op | constraint) where isID: return .activate(constraint: f.text)
        case ("deactivate", op | constraint) where isID: return .deactivate(constraint: f.text)
        case ("remove", op | constraint) where isID: return .remove(constraint: f.text)
        case ("add", op | constraint): if let c = f.constraint { return .add(c) }
        case ("addEdit", op | attribute | priority): return .addEdit(attribute: try ref(), priority: Priority(f.priority))
        case ("removeEdit", op | attribute): return .removeEdit(attribute: try ref())
        case ("layout", op): return .layout
        case ("setBoundsOrigin", op | view | xy): return .setBoundsOrigin(view: f.text, x: f.x, y: f.y)
        default: break
        }
        throw StreamBail()
    }
}
