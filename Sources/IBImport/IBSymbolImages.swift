// Rule (SF Symbol images): an image view showing a system symbol (`catalog="system"`) is
// positioned by the symbol's alignment rectangle, which differs from the frame Xcode stores by
// insets that depend on the symbol and its configuration (no symbol metrics on Linux). They are
// read off the file: the frame stored, and what the file's constraints to other views, and the
// stack view arranging it, say the alignment rectangle's edges, centre and size are.

import LayoutModel

extension IBElement {
    /// The image an image view shows and its catalog: the `image` and `catalog` attributes,
    /// or, as newer Xcode writes them, those of an `<imageReference key="image">` child
    /// (which also carries the symbol's scale).
    var shownImage: (name: String, catalog: String?)? {
        if let image = self["image"] { return (image, self["catalog"]) }
        if let reference = child("imageReference", key: "image"), let image = reference["image"] {
            return (image, reference["catalog"])
        }
        return nil
    }

    /// An image view showing a system symbol (`<imageView catalog="system">`, or its image
    /// reference with `catalog="system"`).
    var isSymbolImage: Bool { name == "imageView" && shownImage?.catalog == "system" }
}

extension IBSceneBuilder {
    /// For each symbol image view, per axis, the alignment insets (before, after) that the file's
    /// equalities between it and other views (or a constant size) imply, from any two of: its
    /// leading edge, trailing edge, centre, size. Kept when they agree within 0.5 pt with every
    /// other equality of that axis and stay within a quarter of the frame's size; an axis the
    /// constraints do not determine keeps none (listed as not modelled). Where the stack view
    /// arranging it pins both edges across its axis (fill alignment), those two decide: a file
    /// equality that disagrees with them is one the conflict policy drops (the stack's
    /// arrangement wins a conflict with the file's constraints).
    func readSymbolInsets() throws(IBImportError) {
        for i in views.indices where views[i].element.isSymbolImage {
            var seen: [Attribute: [Double]] = [:]
            for (attribute, value) in try symbolEqualities(i) { seen[attribute, default: []].append(value) }
            let arranged = stackAlignmentEqualities(i)
            let w = views[i].window
            var insets = IBInsets()
            var determined = (horizontal: false, vertical: false)
            let horizontal = (min: Attribute.left, max: Attribute.right, center: Attribute.centerX, size: Attribute.width)
            let vertical = (min: Attribute.top, max: Attribute.bottom, center: Attribute.centerY, size: Attribute.height)
            if let (a, b) = axisInsets(arranged, axis: horizontal, start: w.x, length: w.width)
                ?? axisInsets(seen, axis: horizontal, start: w.x, length: w.width) {
                insets.left = a
                insets.right = b
                determined.horizontal = true
            }
            if let (a, b) = axisInsets(arranged, axis: vertical, start: w.y, length: w.height)
                ?? axisInsets(seen, axis: vertical, start: w.y, length: w.height) {
                insets.top = a
                insets.bottom = b
                determined.vertical = true
            }
            views[i].alignmentInsets = insets
            symbolInsetsRead[views[i].id] = determined
        }
    }

    /// The insets (before, after) along one axis, or nil when the equalities do not determine them
    /// or disagree.
    private func axisInsets(
        _ seen: [Attribute: [Double]], axis: (min: Attribute, max: Attribute, center: Attribute, size: Attribute),
        start: Double, length: Double
    ) -> (Double, Double)? {
        // Each equality is one linear equation in (before, after): a * before + b * after = r.
        var rows: [(Double, Double, Double)] = []
        for v in seen[axis.min] ?? [] { rows.append((1, 0, v - start)) }
        for v in seen[axis.max] ?? [] { rows.append((0, 1, start + length - v)) }
        for v in seen[axis.center] ?? [] { rows.append((1, -1, 2 * v - 2 * start - length)) }
        for v in seen[axis.size] ?? [] { rows.append((1, 1, length - v)) }
        var solution: (Double, Double)?
        outer: for (n, p) in rows.enumerated() {
            for q in rows.dropFirst(n + 1) {
                let det = p.0 * q.1 - p.1 * q.0
                if abs(det) < 1e-9 { continue }
                solution = ((p.2 * q.1 - p.1 * q.2) / det, (p.0 * q.2 - p.2 * q.0) / det)
                break outer
            }
        }
        guard let (a, b) = solution, abs(a) <= length / 4, abs(b) <= length / 4 else { return nil }
        for r in rows where abs(r.0 * a + r.1 * b - r.2) > 0.5 { return nil }
        return (a, b)
    }

    /// The edges a fill-aligned stack view pins its visible arranged symbol view to across its
    /// axis, at the stack's stored frame (none for a stack arranging by its margins, whose
    /// container is not a stored frame).
    private func stackAlignmentEqualities(_ i: Int) -> [Attribute: [Double]] {
        guard views[i].role == .arranged, !views[i].element.flag("hidden"), let s = views[i].parent else { return [:] }
        let stack = views[s].element
        guard stack.name == "stackView", (stack["alignment"] ?? "fill") == "fill", !stack.arrangesByMargins else { return [:] }
        let w = views[s].alignmentWindow
        let edges: [Attribute] = stack["axis"] == "vertical" ? [.left, .right] : [.top, .bottom]
        return Dictionary(uniqueKeysWithValues: edges.map { ($0, [w.value($0)]) })
    }

    /// The values the file's active equalities give the symbol view's attributes: a constant size,
    /// or an attribute of another (non-symbol) view of the hierarchy, taken at its stored frame.
    private func symbolEqualities(_ i: Int) throws(IBImportError) -> [(Attribute, Double)] {
        let id = views[i].id
        var out: [(Attribute, Double)] = []
        let plain: Set<String> = ["left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY", "width", "height"]
        for holder in views.indices {
            let element = views[holder].element
            let excluded = excludedReferences(in: element, mask: "constraints")
            for list in element.children where list.name == "constraints" {
                for c in list.children where c.name == "constraint" && c["relation"] == nil {
                    if (c.flag("placeholder") && !options.keepPlaceholders) || excluded.contains(c.id ?? "") { continue }
                    let first = c["firstItem"] ?? views[holder].id
                    let second = c["secondItem"]
                    guard first == id || second == id, let fa = c["firstAttribute"], plain.contains(fa) else { continue }
                    let m = c["multiplier"].flatMap(Self.parseMultiplier) ?? 1
                    let k = try c.number("constant") ?? 0
                    guard let second else {
                        if first == id, let a = Attribute(rawValue: fa), a.isSize { out.append((a, k)) }
                        continue
                    }
                    guard let sa = c["secondAttribute"], plain.contains(sa), first != second,
                          let a1 = Attribute(rawValue: fa), let a2 = Attribute(rawValue: sa), m != 0 else { continue }
                    let other = first == id ? second : first
                    guard let o = index[other], !views[o].element.isSymbolImage else { continue }
                    let ov = views[o].alignmentWindow
                    if first == id {
                        out.append((a1, m * ov.value(a2) + k))
                    } else {
                        out.append((a2, (ov.value(a1) - k) / m))
                    }
                }
            }
        }
        return out.map { ($0.0 == .leading ? .left : $0.0 == .trailing ? .right : $0.0, $0.1) }
    }
}
