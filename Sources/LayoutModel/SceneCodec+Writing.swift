// Scene → JSON, exactly as scene-format.md version 1 writes it, and the output lines of a solve.

extension Scene {
    /// Writes the scene as JSON: one view, constraint or frame per line, fields
    /// at their defaults left out.
    public func write(to sink: ByteSink) {
        sink.write("{\n  \"format\": \"\(Scene.formatName)\",\n  \"version\": \(Scene.formatVersion),\n  \"name\": ")
        sink.write(jsonQuoted(name))
        sink.write(",\n  \"views\": [")
        for (i, view) in views.enumerated() {
            sink.write(i == 0 ? "\n    " : ",\n    ")
            sink.write("{\"id\": " + jsonQuoted(view.id))
            if let parent = view.parent { sink.write(", \"parent\": " + jsonQuoted(parent)) }
            sink.write("}")
        }
        sink.write("\n  ],\n  \"constraints\": [")
        for (i, c) in constraints.enumerated() {
            sink.write(i == 0 ? "\n    " : ",\n    ")
            sink.write(c.json)
        }
        sink.write(constraints.isEmpty ? "],\n  \"edits\": [" : "\n  ],\n  \"edits\": [")
        for (i, e) in edits.enumerated() {
            sink.write(i == 0 ? "\n    " : ",\n    ")
            sink.write("{\"attribute\": \"\(e.attribute)\", \"priority\": \(formatNumber(e.priority.rawValue))}")
        }
        sink.write(edits.isEmpty ? "],\n  \"frames\": [" : "\n  ],\n  \"frames\": [")
        for (i, frame) in frames.enumerated() {
            sink.write(i == 0 ? "\n    " : ",\n    ")
            let presentation = presentation(ofFrame: i)
            if case let .transition(duration) = presentation {
                sink.write("{\"kind\": \"transition\", \"duration\": \(formatNumber(duration)), \"ops\": ")
            }
            sink.write("[")
            for (j, op) in frame.enumerated() {
                if j > 0 { sink.write(", ") }
                sink.write(op.json)
            }
            sink.write(presentation.isTransition ? "]}" : "]")
        }
        sink.write(frames.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    public func jsonString() -> String {
        let sink = ByteSink()
        write(to: sink)
        return sink.string
    }
}

extension Constraint {
    public var json: String {
        var s = "{\"id\": \(jsonQuoted(id)), \"first\": \"\(first)\", \"relation\": \"\(relation.rawValue)\""
        if let second {
            s += ", \"second\": \"\(second)\""
            if multiplier != 1 { s += ", \"multiplier\": \(formatNumber(multiplier))" }
        }
        if constant != 0 { s += ", \"constant\": \(formatNumber(constant))" }
        if priority.rawValue != 1000 { s += ", \"priority\": \(formatNumber(priority.rawValue))" }
        if !isActive { s += ", \"active\": false" }
        return s + "}"
    }
}

extension Op {
    public var json: String {
        switch self {
        case let .suggest(a, v): return "{\"op\": \"suggest\", \"attribute\": \"\(a)\", \"value\": \(formatNumber(v))}"
        case let .setConstant(c, v):
            return "{\"op\": \"setConstant\", \"constraint\": \(jsonQuoted(c)), \"value\": \(formatNumber(v))}"
        case let .setPriority(c, v):
            return "{\"op\": \"setPriority\", \"constraint\": \(jsonQuoted(c)), \"value\": \(formatNumber(v))}"
        case let .activate(c): return "{\"op\": \"activate\", \"constraint\": \(jsonQuoted(c))}"
        case let .deactivate(c): return "{\"op\": \"deactivate\", \"constraint\": \(jsonQuoted(c))}"
        case let .add(c): return "{\"op\": \"add\", \"constraint\": \(c.json)}"
        case let .remove(c): return "{\"op\": \"remove\", \"constraint\": \(jsonQuoted(c))}"
        case let .addEdit(a, p):
            return "{\"op\": \"addEdit\", \"attribute\": \"\(a)\", \"priority\": \(formatNumber(p.rawValue))}"
        case let .removeEdit(a): return "{\"op\": \"removeEdit\", \"attribute\": \"\(a)\"}"
        case .layout: return "{\"op\": \"layout\"}"
        case let .setBoundsOrigin(v, x, y):
            return "{\"op\": \"setBoundsOrigin\", \"view\": \(jsonQuoted(v)), \"x\": \(formatNumber(x)), \"y\": \(formatNumber(y))}"
        case let .malformed(reason): return "{\"op\": \"malformed\", \"reason\": \(jsonQuoted(reason))}"
        }
    }
}

/// One line of a solve's output: `{"frame": N, "rects": [[l, t, w, h], …], "errors": […]}`.
public func frameLine(frame: Int, rects: [Double], errors: [String]) -> String {
    var s = "{\"frame\": \(frame), \"rects\": ["
    s.reserveCapacity(rects.count * 10 + 32)
    var i = 0
    while i + 3 < rects.count {
        if i > 0 { s += ", " }
        s += "[\(formatCoordinate(rects[i])), \(formatCoordinate(rects[i + 1])), "
        s += "\(formatCoordinate(rects[i + 2])), \(formatCoordinate(rects[i + 3]))]"
        i += 4
    }
    s += "]"
    if !errors.isEmpty { s += ", \"errors\": [" + errors.map(jsonQuoted).joined(separator: ", ") + "]" }
    return s + "}"
}

/// A solved coordinate for output: values within 1e-9 relative of an integer
/// print as that integer, so `20.000000000000004` reads `20`.
public func formatCoordinate(_ value: Double) -> String {
    let rounded = value.rounded()
    if abs(value - rounded) <= 1e-9 * max(1, abs(value)) { return formatNumber(rounded) }
    return formatNumber(value)
}
