// Rule (SF Symbol images): an image view showing a system symbol (`catalog="system"`) is
// positioned by the symbol's alignment rectangle, which differs from the frame Xcode stores by
// insets that depend on the symbol and its configuration (no symbol metrics on Linux). They are
// read off the file: the frame stored, and what the file's constraints to other views say the
// alignment rectangle's edges, centre and size are.

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
    /// constraints do not determine keeps none (listed as not modelled).
    func readSymbolInsets() throws(IBImportError) {
        for i in views.indices where views[i].element.isSymbolImage {
            var seen: [Attribute: [Double]] = [:]
            for (attribute, value) in try symbolEqualities(i) { seen[attribute, default: []].append(value) }
            let w = views[i].window
            var insets = IBInsets()
            var determined = (horizontal: false, vertical: false)
            if let (a, b) = axisInsets(seen, min: .left, max: .right, center: .centerX, size: .width, start: w.x, length: w.width) {
                insets.left = a
                insets.right = b
                determined.horizontal = true
            }
            if let (a, b) = axisInsets(seen, min: .top, max: .bottom, center: .centerY, size: .height, start: w.y, length: w.height) {
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
        _ seen: [Attribute: [Double]], min: Attribute, max: Attribute, center: Attribute, size: Attribute,
        start: Double, length: Double
    ) -> (Double, Double)? {
        // Each equality is one linear equation in (before, after): a * before + b * after = r.
        var rows: [(Double, Double, Double)] = []
        for v in seen[min] ?? [] { rows.append((1, 0, v - start)) }
        for v in seen[max] ?? [] { rows.append((0, 1, start + length - v)) }
        for v in seen[center] ?? [] { rows.append((1, -1, 2 * v - 2 * start - length)) }
        for v in seen[size] ?? [] { rows.append((1, 1, length - v)) }
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
