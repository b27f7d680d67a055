// One frame of a scene as SVG: every view a rectangle in window coordinates.

/// What one SVG picture shows.
public struct FramePicture {
    public var sceneName: String
    public var hierarchy: ViewHierarchy
    public var frame: Int
    public var backend: String
    /// `[left, top, width, height]` per view, in the hierarchy's order.
    public var rects: [Double]
    /// The frame's ops, one line each.
    public var ops: [String] = []
    /// Extra caption lines (refused ops, a disagreement).
    public var notes: [String] = []
    /// A second back end's rectangles, drawn dashed on top.
    public var overlay: (backend: String, rects: [Double])?
    /// Views drawn highlighted (the ones that differ from the overlay).
    public var highlighted: [Int] = []

    public init(sceneName: String, hierarchy: ViewHierarchy, frame: Int, backend: String, rects: [Double]) {
        self.sceneName = sceneName
        self.hierarchy = hierarchy
        self.frame = frame
        self.backend = backend
        self.rects = rects
    }

    /// Fill colours by depth (the stroke is the same hue, darker): nesting reads as bands. No reds or
    /// oranges: those mark negative sizes and views outside the window.
    static let hues = [210, 140, 270, 180, 95, 300, 240, 160]

    /// The SVG document. Each view is `<rect data-view="ID" x= y= width= height=>` with a
    /// `<title>`; a negative width or height is drawn from the other edge and classed `neg`,
    /// a view reaching outside the window is classed `out`.
    public func svg() -> ByteBuffer {
        let n = hierarchy.count
        var out = ByteBuffer(capacity: 4096 + n * 160 + (overlay == nil ? 0 : n * 80))
        let w = hierarchy.window
        let win = n > 0 ? (rects[4 * w], rects[4 * w + 1], rects[4 * w + 2], rects[4 * w + 3]) : (0, 0, 0, 0)
        // Bounds: the window and every rectangle, so nothing is cut off.
        var minX = min(win.0, win.0 + win.2), minY = min(win.1, win.1 + win.3)
        var maxX = max(win.0, win.0 + win.2), maxY = max(win.1, win.1 + win.3)
        for set in [rects, overlay?.rects ?? []] {
            var i = 0
            while i + 3 < set.count {
                let l = set[i], t = set[i + 1], r = l + set[i + 2], b = t + set[i + 3]
                if l.isFinite, t.isFinite, r.isFinite, b.isFinite {
                    minX = min(minX, l, r); maxX = max(maxX, l, r)
                    minY = min(minY, t, b); maxY = max(maxY, t, b)
                }
                i += 4
            }
        }
        let extent = max(maxX - minX, maxY - minY, 1)
        let margin = extent * 0.03
        let fontSize = max(extent / 70, 0.01)
        let maxChars = max(40, Int((maxX - minX + 2 * margin) / (0.62 * fontSize)))
        let captionLines = caption().flatMap { wrap($0, width: maxChars) }
        let captionHeight = fontSize * 1.4 * Double(captionLines.count + 1)
        let vx = minX - margin, vy = minY - margin
        let vw = maxX - minX + 2 * margin, vh = maxY - minY + 2 * margin + captionHeight
        let pixelScale = 900 / max(vw, vh)

        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"")
        out.append(hundredths: vx); out.append(" "); out.append(hundredths: vy); out.append(" ")
        out.append(hundredths: vw); out.append(" "); out.append(hundredths: vh)
        out.append("\" width=\""); out.append(int: Int((vw * pixelScale).rounded()))
        out.append("\" height=\""); out.append(int: Int((vh * pixelScale).rounded()))
        out.append("\" font-family=\"sans-serif\">\n<style>rect{vector-effect:non-scaling-stroke;stroke-width:1}")
        for (d, hue) in FramePicture.hues.enumerated() {
            out.append(".d"); out.append(int: d)
            out.append("{fill:hsla("); out.append(int: hue); out.append(",70%,60%,0.18);stroke:hsl(")
            out.append(int: hue); out.append(",60%,35%)}")
        }
        out.append(".win{fill:none;stroke:#000;stroke-width:2}.neg{stroke:#d00;stroke-dasharray:4 2;stroke-width:2}")
        out.append(".out{stroke:#e67e00;stroke-width:2}.ov{fill:none;stroke:#0050d0;stroke-dasharray:5 3;stroke-width:1.5}")
        out.append(".differs{fill:rgba(255,0,0,0.3);stroke:#e00;stroke-width:3}")
        out.append("text{fill:#222;pointer-events:none}.cap{fill:#000}</style>\n")
        out.append("<rect x=\""); out.append(hundredths: vx); out.append("\" y=\""); out.append(hundredths: vy)
        out.append("\" width=\""); out.append(hundredths: vw); out.append("\" height=\""); out.append(hundredths: vh)
        out.append("\" fill=\"#f4f4f4\" stroke=\"none\"/>\n")
        out.append("<rect x=\""); out.append(hundredths: min(win.0, win.0 + win.2))
        out.append("\" y=\""); out.append(hundredths: min(win.1, win.1 + win.3))
        out.append("\" width=\""); out.append(hundredths: abs(win.2))
        out.append("\" height=\""); out.append(hundredths: abs(win.3)); out.append("\" fill=\"#fff\" stroke=\"none\"/>\n<g id=\"views\">\n")
        let highlightedSet = Set(highlighted)
        let order = hierarchy.drawingOrder()
        let labelHeight = fontSize * 1.2
        for v32 in order {
            let v = Int(v32)
            let l = rects[4 * v], t = rects[4 * v + 1], width = rects[4 * v + 2], height = rects[4 * v + 3]
            let negative = width < 0 || height < 0
            let x = min(l, l + width), y = min(t, t + height), aw = abs(width), ah = abs(height)
            let outside = v != w && (x < win.0 - 1e-6 || y < win.1 - 1e-6 || x + aw > win.0 + win.2 + 1e-6 || y + ah > win.1 + win.3 + 1e-6)
            out.append("<rect data-view=\""); out.appendEscaped(hierarchy.ids[v])
            out.append("\" class=\"d"); out.append(int: hierarchy.depths[v] % FramePicture.hues.count)
            if negative { out.append(" neg") }
            if outside { out.append(" out") }
            if highlightedSet.contains(v) { out.append(" differs") }
            out.append("\" x=\""); out.append(hundredths: x); out.append("\" y=\""); out.append(hundredths: y)
            out.append("\" width=\""); out.append(hundredths: aw); out.append("\" height=\""); out.append(hundredths: ah)
            out.append("\"><title>"); out.appendEscaped(hierarchy.ids[v]); out.append(": left ")
            out.append(hundredths: l); out.append(", top "); out.append(hundredths: t); out.append(", width ")
            out.append(hundredths: width); out.append(", height "); out.append(hundredths: height)
            if negative { out.append(" (negative size)") }
            if outside { out.append(" (outside the window)") }
            out.append("</title></rect>\n")
            let id = hierarchy.ids[v]
            let labelWidth = Double(id.utf8.count) * fontSize * 0.6
            if aw >= labelWidth + fontSize * 0.4, ah >= labelHeight {
                out.append("<text x=\""); out.append(hundredths: x + fontSize * 0.2)
                out.append("\" y=\""); out.append(hundredths: y + fontSize)
                out.append("\" font-size=\""); out.append(hundredths: fontSize); out.append("\">")
                out.appendEscaped(id); out.append("</text>\n")
            }
        }
        out.append("</g>\n")
        if let overlay {
            out.append("<g id=\"overlay\" data-backend=\""); out.appendEscaped(overlay.backend); out.append("\">\n")
            for v32 in order {
                let v = Int(v32)
                let l = overlay.rects[4 * v], t = overlay.rects[4 * v + 1], width = overlay.rects[4 * v + 2], height = overlay.rects[4 * v + 3]
                out.append("<rect class=\"ov")
                if highlightedSet.contains(v) { out.append(" differs") }
                out.append("\" data-view=\""); out.appendEscaped(hierarchy.ids[v])
                out.append("\" x=\""); out.append(hundredths: min(l, l + width))
                out.append("\" y=\""); out.append(hundredths: min(t, t + height))
                out.append("\" width=\""); out.append(hundredths: abs(width))
                out.append("\" height=\""); out.append(hundredths: abs(height))
                out.append("\"><title>"); out.appendEscaped(hierarchy.ids[v]); out.append(" ("); out.appendEscaped(overlay.backend)
                out.append("): left "); out.append(hundredths: l); out.append(", top "); out.append(hundredths: t)
                out.append(", width "); out.append(hundredths: width); out.append(", height "); out.append(hundredths: height)
                out.append("</title></rect>\n")
            }
            out.append("</g>\n")
        }
        // The window's outline on top of its views.
        out.append("<rect class=\"win\" data-window=\"")
        out.appendEscaped(n > 0 ? hierarchy.ids[w] : "")
        out.append("\" x=\""); out.append(hundredths: min(win.0, win.0 + win.2))
        out.append("\" y=\""); out.append(hundredths: min(win.1, win.1 + win.3))
        out.append("\" width=\""); out.append(hundredths: abs(win.2))
        out.append("\" height=\""); out.append(hundredths: abs(win.3)); out.append("\"/>\n")
        var y = maxY + margin + fontSize * 1.4
        for (i, line) in captionLines.enumerated() {
            out.append("<text class=\"cap\" x=\""); out.append(hundredths: minX); out.append("\" y=\"")
            out.append(hundredths: y); out.append("\" font-size=\""); out.append(hundredths: fontSize)
            out.append(i == 0 ? "\" font-weight=\"bold\">" : "\">")
            out.appendEscaped(line); out.append("</text>\n")
            y += fontSize * 1.4
        }
        out.append("</svg>\n")
        return out
    }

    /// Caption lines: scene, frame, back end(s), window bounds, ops, notes, markings.
    func caption() -> [String] {
        let w = hierarchy.window
        var lines: [String] = []
        var head = "\(sceneName) — frame \(frame) — \(backend)"
        if let overlay { head += " (solid) vs \(overlay.backend) (dashed)" }
        lines.append(head)
        if hierarchy.count > 0 {
            let r = (0..<4).map { formatCenti(ByteBuffer.centi(rects[4 * w + $0])) }
            lines.append("window '\(hierarchy.ids[w])': left \(r[0]), top \(r[1]), width \(r[2]), height \(r[3]); \(hierarchy.count) views")
        }
        if frame == 0 {
            lines.append("ops: none (initial solve)")
        } else if ops.isEmpty {
            lines.append("ops: none")
        } else {
            var line = "ops: " + ops.prefix(12).joined(separator: "; ")
            if ops.count > 12 { line += "; … (\(ops.count) in all)" }
            lines.append(line)
        }
        lines += notes
        if !highlighted.isEmpty {
            let names = highlighted.prefix(8).map { "'\(hierarchy.ids[$0])'" }.joined(separator: ", ")
            lines.append("differ (red): \(names)" + (highlighted.count > 8 ? " and \(highlighted.count - 8) more" : ""))
        }
        lines.append("red dashed: negative width or height; orange: reaches outside the window; fill and stroke colour: nesting depth")
        return lines
    }
}

/// `line` broken at spaces into lines of at most `width` characters (a longer word stays whole).
func wrap(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    var out: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        if !current.isEmpty, current.count + 1 + word.count > width {
            out.append(current)
            current = "  " + word
        } else {
            current += current.isEmpty ? String(word) : " " + word
        }
    }
    if !current.isEmpty { out.append(current) }
    return out
}

/// Hundredths as text (`1250` → `12.5`).
func formatCenti(_ n: Int) -> String {
    var b = ByteBuffer(capacity: 24)
    b.append(centi: n)
    return b.string
}
