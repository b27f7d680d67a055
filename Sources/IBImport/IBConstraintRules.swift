// Rule (IB constraints): each `<constraint>` becomes `first RELATION m * second + c`.

import LayoutModel

extension IBSceneBuilder {
    /// Parses an IB multiplier: a number, a ratio `a:b` (as `"1:1"`, `"73:45"`) or `a/b` (`"2/3"`).
    static func parseMultiplier(_ text: String) -> Double? {
        for separator in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator), omittingEmptySubsequences: false)
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 else { return nil }
            return a / b
        }
        return Double(text)
    }

    /// Text baselines (no font metrics on Linux), documented approximation: a font of the
    /// element's `fontDescription` `pointSize` (the one of a `<variation>` matching the size classes
    /// first; 17 when absent), with ascender 0.95 and descender 0.24 of the point size.
    /// - A label's last baseline is one descender above its bottom whatever its height (a text
    ///   style at its default Dynamic Type size, see `textStylePointSize`): a label stretched
    ///   taller than its line keeps its last baseline there though UIKit draws the line centred;
    ///   Xcode's stored frames show this. A multi-line label (`numberOfLines` 0 or above 1) has its
    ///   first baseline one ascender below its top; a one-line label the one of its centred line,
    ///   `0.355 * pointSize` below its centre (no stored frame in the corpora tells the two apart
    ///   for a stretched one-line label). An empty label (`text=""`, or neither text nor
    ///   attributed text; UIKit gives it no intrinsic height) has both baselines one descender
    ///   above its bottom; Apple documents none, this is what Xcode's stored frames show.
    /// - A button and a text field take the baseline of the line they centre in themselves,
    ///   `0.355 * pointSize` below the centre (a text style counts as 17: their stored frames
    ///   align as if one size).
    /// - A text view's lie inside its default text container inset (8 pt top and bottom): the
    ///   first one ascender below the inset, the last one descender above it.
    /// A stack view's baseline is its arranged view's (see `baselineView`); a view without text
    /// has its baselines at its bottom (UIView's default). Returns the view, attribute and offset.
    func baselineOffset(_ i: Int, last: Bool) -> (view: Int, attribute: Attribute, offset: Double) {
        let b = baselineView(i, last: last)
        let e = views[b].element
        guard ["label", "button", "textField", "textView"].contains(e.name) else { return (b, .bottom, 0) }
        let varied = e.children.last { $0.name == "variation" && $0.key.map(variationMatches) == true && $0.child("fontDescription") != nil }
        let font = varied?.child("fontDescription") ?? e.child("fontDescription", key: "fontDescription")
            ?? e.descendants().first { $0.name == "fontDescription" }
        if e.name == "label" {
            let size = font.flatMap { Double($0["pointSize"] ?? "") ?? $0["style"].flatMap(Self.textStylePointSize) } ?? 17
            if Self.isEmptyLabel(e) || last { return (b, .bottom, -0.24 * size) }
            if (Int(e["numberOfLines"] ?? "1") ?? 1) != 1 { return (b, .top, 0.95 * size) }
        }
        let size = font.flatMap { Double($0["pointSize"] ?? "") } ?? 17
        if e.name == "textView" {
            return last ? (b, .bottom, -8 - 0.24 * size) : (b, .top, 8 + 0.95 * size)
        }
        return (b, .centerY, 0.355 * size)
    }

    /// A label showing no text: `text=""`, or no `text` and no attributed string.
    static func isEmptyLabel(_ e: IBElement) -> Bool {
        guard let text = e["text"] else { return !e.descendants().contains { $0.name == "attributedString" } }
        return text.isEmpty
    }

    /// The point size of a Dynamic Type text style at the default content size (Large), from
    /// Apple's Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes".
    static func textStylePointSize(_ style: String) -> Double? {
        let sizes: [String: Double] = [
            "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
            "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
            "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
            "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
        ]
        return sizes[style]
    }

    /// The view whose baseline a view's baseline is (UIStackView's view for first/last baseline
    /// layout): for a vertical stack its first or last visible arranged view, for a horizontal
    /// stack its tallest (first on ties), followed down through nested stacks; any other view its own.
    func baselineView(_ i: Int, last: Bool) -> Int {
        var v = i
        while views[v].element.name == "stackView" {
            let arranged = views.indices.filter { views[$0].parent == v && views[$0].role == .arranged && !views[$0].element.flag("hidden") }
            guard let first = arranged.first, let final = arranged.last else { break }
            if views[v].element["axis"] == "vertical" {
                v = last ? final : first
            } else {
                v = arranged.reduce(first) { views[$1].window.height > views[$0].window.height ? $1 : $0 }
            }
        }
        return v
    }

    /// An IB item and attribute as a scene attribute plus an offset (IB attribute = ref + offset):
    /// margin attributes go to the item's margins guide (`centerXWithinMargins` to its centre),
    /// baselines as `baselineOffset` says, leading/trailing are left/right (left-to-right), and
    /// a scroll view's edges related to a view inside it are its content area's (legacy rule).
    func resolve(
        item: String, attribute name: String, other: String?, element: IBElement
    ) throws(IBImportError) -> (AttributeRef, Double)? {
        if guides[item] != nil {
            guard let a = Attribute(rawValue: name) else {
                throw fail(element, "attribute \"\(name)\" cannot apply to layout guide \"\(item)\"")
            }
            return (ref(item, a), 0)
        }
        guard let i = index[item] else {
            if allDocumentIDs.contains(item) { return nil }
            throw fail(element, "item \"\(item)\" names no object of the file (dangling id)")
        }
        let id = views[i].id
        switch name {
        case "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin":
            return (ref(marginsGuide(i), Attribute(rawValue: String(name.dropLast("Margin".count)))!), 0)
        case "centerXWithinMargins": return (ref(marginsGuide(i), .centerX), 0)
        case "centerYWithinMargins": return (ref(marginsGuide(i), .centerY), 0)
        case "baseline", "lastBaseline", "firstBaseline":
            let (b, a, offset) = baselineOffset(i, last: name != "firstBaseline")
            return (ref(views[b].id, a), offset)
        default:
            guard let a = Attribute(rawValue: name) else {
                throw fail(element, "unknown constraint attribute \"\(name)\"")
            }
            if views[i].element.name == "scrollView", [.left, .right, .top, .bottom, .leading, .trailing].contains(a),
               let o = other, isDescendant(o, of: i)
            {
                return (ref(contentGuide(i), a), 0)
            }
            return (ref(id, a), 0)
        }
    }

    /// A constraint to an object that is not a view or guide of this hierarchy (another scene's,
    /// or a guide the import does not model) is dropped, noted and listed as unsupported.
    func dropOutside(_ c: IBElement, _ cid: String, _ first: String, _ second: String?) {
        notes.append("constraint \(cid) reaches outside this hierarchy: dropped")
        let mine = [first, second].compactMap { $0 }.first { index[$0] != nil }
        unsupported(c, view: mine, .constraintOutside(constraintID: cid))
    }

    func isDescendant(_ id: String, of ancestor: Int) -> Bool {
        var p = index[id].flatMap { views[$0].parent }
        while let x = p {
            if x == ancestor { return true }
            p = views[x].parent
        }
        return false
    }

    /// Rule (IB constraints): the `<constraint>`s of view `i`. `firstItem` defaults to the
    /// view holding the list; `placeholder="YES"` constraints are dropped (IB removes them
    /// at build time) unless `keepPlaceholders` (for `--check`); constraints that the chosen size class excludes (`<variation key="default">`
    /// excludes, a matching variation includes) are dropped; `priority` defaults to 1000.
    func addIBConstraints(of i: Int) throws(IBImportError) {
        let element = views[i].element
        let excluded = excludedReferences(in: element, mask: "constraints")
        for list in element.children where list.name == "constraints" {
            for c in list.children where c.name == "constraint" {
                guard let cid = c.id else { throw fail(c, "a constraint without an id") }
                if (c.flag("placeholder") && !options.keepPlaceholders) || excluded.contains(cid) { continue }
                let firstItem = c["firstItem"] ?? views[i].id
                guard let firstName = c["firstAttribute"] else { throw fail(c, "has no firstAttribute") }
                let secondItem = c["secondItem"]
                if secondItem != nil && c["secondAttribute"] == nil { throw fail(c, "has a secondItem but no secondAttribute") }
                guard let (first, o1) = try resolve(item: firstItem, attribute: firstName, other: secondItem, element: c) else {
                    dropOutside(c, cid, firstItem, secondItem)
                    continue
                }
                var second: (AttributeRef, Double)?
                if let secondItem, let name = c["secondAttribute"] {
                    guard let s = try resolve(item: secondItem, attribute: name, other: firstItem, element: c) else {
                        dropOutside(c, cid, firstItem, secondItem)
                        continue
                    }
                    second = s
                }
                let relation: Relation
                switch c["relation"] {
                case nil: relation = .equal
                case "lessThanOrEqual": relation = .lessThanOrEqual
                case "greaterThanOrEqual": relation = .greaterThanOrEqual
                case let r?: throw fail(c, "unknown relation \"\(r)\"")
                }
                var multiplier = 1.0
                if let text = c["multiplier"] {
                    guard let m = Self.parseMultiplier(text), m.isFinite, abs(m) >= 1e-6, abs(m) <= 1e6 else {
                        throw fail(c, "multiplier=\"\(text)\" is not a number or ratio in 1e-6...1e6")
                    }
                    multiplier = m
                }
                // A `<variation key="…">` of the constraint that matches the size classes overrides its constant.
                let varied = c.children.last { $0.name == "variation" && $0.key.map(variationMatches) == true && $0["constant"] != nil }
                let constant = try (varied ?? c).number("constant") ?? 0
                let priority = try c.number("priority") ?? 1000
                guard priority >= 1, priority <= 1000, priority <= 999 || priority == 1000 else {
                    throw fail(c, "priority=\"\(formatNumber(priority))\" is not 1...999 or 1000")
                }
                if second != nil, first.attribute.isSize != second!.0.attribute.isSize
                    || (!first.attribute.isSize && first.attribute.locationAxis != second!.0.attribute.locationAxis)
                {
                    throw fail(c, "relates \(firstName) to \(c["secondAttribute"] ?? ""), which Auto Layout forbids")
                }
                // first + o1 REL m * (second + o2) + k  ⇒  first REL m * second + (k + m*o2 - o1)
                let k = constant + multiplier * (second?.1 ?? 0) - o1
                if constraintIDs.contains(cid) { throw fail(c, "duplicate constraint id \"\(cid)\"") }
                constraintIDs.insert(cid)
                let made = Constraint(
                    id: cid, first: first, relation: relation, second: second?.0,
                    multiplier: second == nil ? 1 : multiplier, constant: k, priority: Priority(priority))
                constraints.append(made)
                ibConstraints.append((made, c))
                if o1 != 0 || (second?.1 ?? 0) != 0 { origins.append((cid, "IB constraint; baselines approximated")); baselinesApproximated.insert(cid) }
            }
        }
    }
}

