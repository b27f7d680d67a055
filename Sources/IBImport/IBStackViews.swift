// Rule (stack views): a `<stackView>` becomes the constraints UIStackView installs
// for its arranged subviews (its `<subviews>`, in order).

import LayoutModel

extension IBSceneBuilder {
    /// - Along the axis: the first visible view's leading edge on the container's, the last's
    ///   trailing edge on the container's (the container is the stack's margins guide with
    ///   `layoutMarginsRelativeArrangement="YES"`, else the stack). Between neighbours:
    ///   `next.leading == prev.trailing + spacing` for fill, fillEqually and fillProportionally;
    ///   for equalSpacing `>= spacing` with equal gaps, for equalCentering `>= spacing` with equal
    ///   centre-to-centre distances at 999 (the gaps are spacer guides, `STACK~gapN`, of zero
    ///   thickness). Each gap prefers the spacing itself at priority 50, below any hugging and
    ///   below a nested stack's own fit (51): a stack nothing stretches is as short as its content
    ///   allows, a stretched one pads its gaps while its views keep their intrinsic sizes (the
    ///   result Apple documents for UIStackView.Distribution.equalSpacing; NSStackView documents
    ///   the same preference, at its hugging priority, for hasEqualSpacing).
    ///   fillEqually: equal sizes along the axis; fillProportionally: sizes in the
    ///   ratio of the IB alignment rectangles (which Xcode made proportional to the intrinsic sizes) at 999.
    /// - Across: fill pins both edges; top/leading pins the start edge and keeps the end inside;
    ///   bottom/trailing the reverse; center aligns centres and keeps both edges inside;
    ///   first/last baseline align baselines (approximated, see `baselineOffset`) and keep both
    ///   edges inside. Except for fill, the stack is as thin as its content allows
    ///   (`size == 0` across at priority 51, below any hugging).
    /// - Hidden arranged views: size 0 along the axis, half the spacing after the previous view
    ///   (where Xcode draws them; in a fillProportionally stack, which sizes its visible views
    ///   only, on the stack's leading edge, where Xcode stores them), and no spacing of their own.
    ///   Across, they keep the alignment (pinned edge, centre or baseline) but not the bounds of
    ///   the stack: the stack spans its visible views only, so a hidden view as wide as its
    ///   content may overhang it.
    func expandStackView(_ s: Int) throws(IBImportError) {
        let stack = views[s]
        let e = stack.element
        let vertical = e["axis"] == "vertical"
        let (lead, trail, size): (Attribute, Attribute, Attribute) = vertical ? (.top, .bottom, .height) : (.left, .right, .width)
        let (crossLead, crossTrail, crossSize, crossCenter): (Attribute, Attribute, Attribute, Attribute) =
            vertical ? (.left, .right, .width, .centerX) : (.top, .bottom, .height, .centerY)
        // `spacingType="standard"` is UIStackView.spacingUseSystem: 8 pt between views.
        let spacing = e["spacingType"] == "standard" ? 8 : try e.number("spacing") ?? 0
        let container = e.arrangesByMargins ? marginsGuide(s) : stack.id
        let arranged = views.indices.filter { views[$0].parent == s && views[$0].role == .arranged }
        let distribution = e["distribution"] ?? "fill"
        guard ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"].contains(distribution) else {
            throw fail(e, "unknown distribution \"\(distribution)\"")
        }
        let alignment = e["alignment"] ?? "fill"
        guard ["fill", "top", "leading", "bottom", "trailing", "center", "firstBaseline", "lastBaseline"].contains(alignment) else {
            throw fail(e, "unknown alignment \"\(alignment)\"")
        }
        let origin = "stack view \(stack.id) (\(distribution), \(alignment))"
        let sid = stack.id
        var previous: Int?
        var visible: [Int] = []
        for a in arranged {
            let id = views[a].id
            if views[a].element.flag("hidden") {
                phase = .hiding
                add("\(id)~sv-hidden", ref(id, size), .equal, constant: 0, origin: origin + ": hidden")
                phase = .generated
                if let p = previous, distribution != "fillProportionally" {
                    add("\(id)~sv-\(lead)", ref(id, lead), .equal, ref(views[p].id, trail), constant: spacing / 2, origin: origin + ": hidden")
                } else {
                    add("\(id)~sv-\(lead)", ref(id, lead), .equal, ref(container, lead), origin: origin + ": hidden")
                }
            } else {
                if let p = previous {
                    let pid = views[p].id
                    let relation: Relation = distribution.hasPrefix("equal") ? .greaterThanOrEqual : .equal
                    add("\(id)~sv-spacing", ref(id, lead), relation, ref(pid, trail), constant: spacing, origin: origin)
                    if relation == .greaterThanOrEqual {
                        add("\(id)~sv-spacing-fit", ref(id, lead), .equal, ref(pid, trail), constant: spacing, priority: 50,
                            origin: origin + ": as tight as its content allows")
                    }
                } else {
                    add("\(id)~sv-\(lead)", ref(id, lead), .equal, ref(container, lead), origin: origin)
                }
                previous = a
                visible.append(a)
            }
            try crossAxis(a, alignment: alignment, container: container, firstVisible: visible.first,
                          crossLead: crossLead, crossTrail: crossTrail, crossCenter: crossCenter, vertical: vertical, origin: origin)
        }
        guard let firstV = visible.first, let lastV = visible.last else { return }
        add("\(views[lastV].id)~sv-\(trail)", ref(views[lastV].id, trail), .equal, ref(container, trail), origin: origin)
        if alignment != "fill" {
            add("\(sid)~sv-fit", ref(container, crossSize), .equal, constant: 0, priority: 51, origin: origin + ": fits its content")
        }
        let first = views[firstV]
        switch distribution {
        case "fillEqually":
            for a in visible.dropFirst() {
                add("\(views[a].id)~sv-equal", ref(views[a].id, size), .equal, ref(first.id, size), origin: origin)
            }
        case "fillProportionally":
            // Proportional to the intrinsic sizes (UIStackView.Distribution.fillProportionally),
            // which Auto Layout measures on alignment rectangles, not frames
            // (UIView.alignmentRect(forFrame:)): a UISwitch's is 2 pt narrower than its frame.
            let base = vertical ? first.alignmentWindow.height : first.alignmentWindow.width
            for a in visible.dropFirst() where base > 0 {
                let mine = vertical ? views[a].alignmentWindow.height : views[a].alignmentWindow.width
                add("\(views[a].id)~sv-proportion", ref(views[a].id, size), .equal, ref(first.id, size),
                    multiplier: max(mine / base, 1e-6), priority: 999, origin: origin)
            }
        case "equalSpacing", "equalCentering":
            addSpacers(s, visible: visible, byCentre: distribution == "equalCentering", vertical: vertical, origin: origin)
        default: break
        }
    }

    /// Equal spacing or centring: between neighbours a spacer guide (`STACK~gapN`, of zero
    /// thickness) from one's trailing edge (centre) to the next's leading edge (centre), all the
    /// same length (required for equalSpacing, 999 for equalCentering).
    private func addSpacers(_ s: Int, visible: [Int], byCentre: Bool, vertical: Bool, origin: String) {
        let sid = views[s].id
        let (lead, trail, size, center): (Attribute, Attribute, Attribute, Attribute) =
            vertical ? (.top, .bottom, .height, .centerY) : (.left, .right, .width, .centerX)
        let (crossLead, crossSize): (Attribute, Attribute) = vertical ? (.left, .width) : (.top, .height)
        var firstGap: String?
        for (n, pair) in zip(visible, visible.dropFirst()).enumerated() {
            let gap = "\(sid)~gap\(n)"
            guides[gap] = IBGuide(kind: .stackSpacer, owner: s, ownerID: sid)
            guideOrder.append(gap)
            let a = views[pair.0].id, b = views[pair.1].id
            add("\(gap)~start", ref(gap, lead), .equal, ref(a, byCentre ? center : trail), origin: origin + ": spacer")
            add("\(gap)~end", ref(gap, trail), .equal, ref(b, byCentre ? center : lead), origin: origin + ": spacer")
            add("\(gap)~across", ref(gap, crossLead), .equal, ref(sid, crossLead), origin: origin + ": spacer")
            add("\(gap)~thin", ref(gap, crossSize), .equal, constant: 0, origin: origin + ": spacer")
            if let f = firstGap {
                add("\(gap)~equal", ref(gap, size), .equal, ref(f, size), priority: byCentre ? 999 : 1000, origin: origin)
            } else {
                firstGap = gap
            }
        }
    }

    private func crossAxis(
        _ a: Int, alignment: String, container: String, firstVisible: Int?,
        crossLead: Attribute, crossTrail: Attribute, crossCenter: Attribute, vertical: Bool, origin: String
    ) throws(IBImportError) {
        let id = views[a].id
        // A hidden arranged view whose size across nothing else sets (no content size, no
        // constraint) is drawn with none where the alignment leaves it free (priority 25, below
        // the stack's own fit); visible views so left free keep no such pull (their stored frames
        // show every width).
        let hidden = views[a].element.flag("hidden")
        if alignment != "fill", hidden {
            add("\(id)~sv-suppress", ref(id, vertical ? .width : .height), .equal, constant: 0, priority: 25,
                origin: origin + ": hidden, no size across where nothing else sets it")
        }
        switch alignment {
        case "fill":
            let edges = [
                add("\(id)~sv-\(crossLead)", ref(id, crossLead), .equal, ref(container, crossLead), origin: origin),
                add("\(id)~sv-\(crossTrail)", ref(id, crossTrail), .equal, ref(container, crossTrail), origin: origin),
            ]
            if !hidden { stackFillEdges.formUnion(edges) }
        case "top", "leading":
            add("\(id)~sv-\(crossLead)", ref(id, crossLead), .equal, ref(container, crossLead), origin: origin)
            if !hidden { add("\(id)~sv-\(crossTrail)", ref(id, crossTrail), .lessThanOrEqual, ref(container, crossTrail), origin: origin) }
        case "bottom", "trailing":
            add("\(id)~sv-\(crossTrail)", ref(id, crossTrail), .equal, ref(container, crossTrail), origin: origin)
            if !hidden { add("\(id)~sv-\(crossLead)", ref(id, crossLead), .greaterThanOrEqual, ref(container, crossLead), origin: origin) }
        default:
            if alignment == "center" {
                add("\(id)~sv-\(crossCenter)", ref(id, crossCenter), .equal, ref(container, crossCenter), origin: origin)
            } else if let f = firstVisible, f != a {
                let (viewA, attrA, offA) = baselineOffset(a, last: alignment == "lastBaseline")
                let (viewF, attrF, offF) = baselineOffset(f, last: alignment == "lastBaseline")
                add("\(id)~sv-baseline", ref(views[viewA].id, attrA), .equal, ref(views[viewF].id, attrF), constant: offF - offA,
                    origin: origin + ": baselines approximated")
            }
            if !hidden {
                add("\(id)~sv-\(crossLead)", ref(id, crossLead), .greaterThanOrEqual, ref(container, crossLead), origin: origin)
                add("\(id)~sv-\(crossTrail)", ref(id, crossTrail), .lessThanOrEqual, ref(container, crossTrail), origin: origin)
            }
        }
    }
}

extension IBElement {
    /// A stack view that lays out its arranged views relative to its layout margins:
    /// `layoutMarginsRelativeArrangement`, or a margins element (Xcode writes a stack's margins
    /// only when its arrangement is relative to them: the inspector's "Layout Margins" of a
    /// stack view sets isLayoutMarginsRelativeArrangement).
    var arrangesByMargins: Bool {
        flag("layoutMarginsRelativeArrangement")
            || children.contains { $0.key == "layoutMargins" || $0.key == "directionalLayoutMargins" }
    }
}
