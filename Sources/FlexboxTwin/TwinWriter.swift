import LayoutModel

// The twin as the drivers read it: JSON, one node and one frame per line, so that a C driver
// reads it with a small tokenizer and Python with json.load. The format (version 1):
//
//   {"format": "layoutbench-flexbox", "version": 1, "scene": NAME, "views": V,
//    "warmup": W, "values": 0|1, "timelimit": SECONDS,
//    "properties": ["width", "height", "grow", "marginLeft", ..., "insetBottom"],
//    "nodes": [
//      [PARENT, VIEW, DIRECTION, ABSOLUTE, ALIGN, JUSTIFY, width, height, grow, marginLeft, marginTop,
//       marginRight, marginBottom, insetLeft, insetTop, insetRight, insetBottom],
//      ...],
//    "frames": [[NODE, PROPERTY, VALUE, NODE, PROPERTY, VALUE, ...], ...]}
//
// Nodes are listed parents first; PARENT is a node index (-1 for the root), VIEW the scene
// view it lays out (-1 for a row the twin added), DIRECTION 0 row / 1 column, ABSOLUTE 0 / 1,
// ALIGN (align-self) 0 flex-start / 1 flex-end / 2 stretch / 3 center, JUSTIFY (justify-content of
// its children) 0 flex-start / 1 center. A style value is a number or null
// (unset: auto size, no margin, no inset). A node with a grow factor has flex-basis 0. Every
// node has flex-shrink 0, min sizes 0 and no padding, and is laid out without pixel rounding.
// A frame lists the style values its ops change (PROPERTY indexes "properties"); after them
// the driver lays the tree out and reads each view's rectangle in window coordinates
// (the sum of its ancestors' offsets): the values line holds left, top, width, height per view.

extension FlexboxTwin {
    /// The twin as JSON text, with how the driver should play it (bench's warm-up and time limit).
    public func json(warmupFrames: Int, printValues: Bool, timeLimitSeconds: Double) -> String {
        var out = ""
        out.reserveCapacity(80 * nodes.count + 40 * frames.reduce(0) { $0 + $1.count })
        out += "{\"format\": \"\(Self.formatName)\", \"version\": \(Self.formatVersion), \"scene\": \(jsonString(sceneName)), "
        out += "\"views\": \(viewCount), \"warmup\": \(warmupFrames), \"values\": \(printValues ? 1 : 0), "
        out += "\"timelimit\": \(formatNumber(timeLimitSeconds)),\n"
        out += "\"properties\": [" + Self.propertyNames.map { "\"\($0)\"" }.joined(separator: ", ") + "],\n"
        out += "\"nodes\": [\n"
        for (i, node) in nodes.enumerated() {
            var fields = [
                "\(node.parent)", "\(node.view)", "\(node.direction.rawValue)", node.isAbsolute ? "1" : "0", "\(node.alignSelf.rawValue)",
                node.centresChildren ? "1" : "0",
            ]
            for value in node.properties { fields.append(value.map { formatNumber($0.value(initialParameters)) } ?? "null") }
            out += "[" + fields.joined(separator: ", ") + (i + 1 < nodes.count ? "],\n" : "]\n")
        }
        out += "],\n\"frames\": [\n"
        for (f, changes) in frames.enumerated() {
            out += "[" + changes.map { "\($0.node), \($0.property.rawValue), \(formatNumber($0.value))" }.joined(separator: ", ")
            out += f + 1 < frames.count ? "],\n" : "]\n"
        }
        out += "]}\n"
        return out
    }

    func jsonString(_ text: String) -> String {
        var s = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case _ where scalar.value < 0x20: s += "_"
            default: s.unicodeScalars.append(scalar)
            }
        }
        return s + "\""
    }
}
