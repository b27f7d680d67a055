// Nothing dropped in silence: what the file says that the import does not model is listed,
// with its element and line, per view where it concerns one (`--check` gives it as the
// likely cause of that view's difference, `x-ib.unsupported` keeps the list).

import LayoutModel

extension IBSceneBuilder {
    /// Records that `element` (of view `viewID`, if any) says something the import does not model.
    func unsupported(_ element: IBElement, view viewID: String?, _ reason: IBUnsupportedReason) {
        let idPart = element.id.map { " id=\"\($0)\"" } ?? ""
        unsupportedList.append(IBUnsupportedEntry(
            element: "<\(element.name)\(idPart)>", elementID: element.id, line: element.line, viewID: viewID, reason: reason))
        if let viewID { causes[viewID, default: []].append(reason) }
    }

    /// An attribute that changes layout and is not modelled (`what`: the attribute and what the import does instead).
    func unsupported(_ element: IBElement, view viewID: String?, _ what: String) {
        unsupported(element, view: viewID, .attribute(what))
    }

    /// A device the table does not know, and attributes and elements of each view that change
    /// layout and are not modelled: right-to-left forcing, readable-width margins,
    /// baseline-relative stack arrangement, SF Symbol images' alignment insets on an axis the
    /// file's constraints do not determine (the frame is taken as the alignment rectangle
    /// there), and the intrinsic size of custom classes the file gives no placeholder for (none
    /// assumed).
    func listUnsupported() {
        // A device the table does not know is laid out as the default one: say so.
        if let d = deviceElement, let id = d["id"], device.id != id {
            unsupported(d, view: nil, "device not in the device table (laid out as \(device.id), \(Int(device.width))×\(Int(device.height)))")
        }
        for v in views {
            let e = v.element
            if let s = e["semanticContentAttribute"], s == "forceRightToLeft" {
                unsupported(e, view: v.id, "semanticContentAttribute=\"\(s)\" (laid out left to right)")
            }
            if e.flag("layoutMarginsFollowReadableWidth") {
                unsupported(e, view: v.id, "layoutMarginsFollowReadableWidth (the readable width is not modelled)")
            }
            if e.name == "stackView", e.flag("baselineRelativeArrangement") {
                unsupported(e, view: v.id, "baselineRelativeArrangement (spacing measured between frames)")
            }
            if e.isSymbolImage {
                let read = symbolInsetsRead[v.id] ?? (false, false)
                let unknown = [read.horizontal ? nil : "horizontal", read.vertical ? nil : "vertical"].compactMap { $0 }
                if !unknown.isEmpty {
                    unsupported(e, view: v.id, .symbolInsetsUnknown(image: e.shownImage?.name ?? "", axes: unknown))
                }
            }
            if let custom = e["customClass"], v.role == .constraints || v.role == .arranged,
               Self.intrinsicAxes(e) == (false, false),
               e["placeholderIntrinsicWidth"] == nil, e["placeholderIntrinsicHeight"] == nil,
               e.name == "view"
            {
                unsupported(e, view: v.id, .customClassSize(className: custom))
            }
        }
    }
}

extension IBImportedScene {
    /// The likely causes known for view `id` differing from IB: its own unsupported entries and
    /// the `dropped` constraints that reach it (or a guide of it), else those of its nearest
    /// ancestor that has some, else the stored frames that break required constraints.
    public func likelyCauseList(of id: String, dropped: [String]) -> [IBLikelyCause] {
        var owner: [String: String] = [:]
        for g in guides { owner[g.id] = g.owner }
        var reached: [String: Set<String>] = [:]
        for c in scene.constraints where dropped.contains(c.id) {
            for v in [c.first.view, c.second?.view].compactMap({ $0 }) { reached[c.id, default: []].insert(owner[v] ?? v) }
        }
        func known(_ v: String) -> [IBLikelyCause] {
            (causes[v] ?? []).map { .unsupported($0) }
                + dropped.filter { reached[$0]?.contains(v) == true }.map { .droppedConstraint($0) }
        }
        let mine = known(id)
        if !mine.isEmpty { return mine }
        var p = views.firstIndex { $0.id == id }.flatMap { views[$0].parent }
        while let x = p {
            let up = known(views[x].id)
            if !up.isEmpty { return up.map { .inside(ancestor: views[x].id, $0) } }
            p = views[x].parent
        }
        return staleCauses(of: id)
    }

    /// `likelyCauseList` as `--check` prints it.
    public func likelyCauses(of id: String, dropped: [String]) -> [String] {
        likelyCauseList(of: id, dropped: dropped).map(\.message)
    }
}

extension IBImportedScene {
    /// The file's required constraints between views, and a fill-aligned stack's across its axis
    /// (`stackFillEdges`: UIStackView's own rule, as certain as the file's; Xcode does not update
    /// an arranged view that keeps its autoresizing mask when the stack's width changes; left out: baselines, approximated; views whose alignment rectangle is
    /// unknown or that IB flags) that IB's own stored frames break by more than `tolerance`, with the views they relate and
    /// by how much: frames Xcode did not update after a constraint changed (it flags such views
    /// misplaced in its canvas, not always in the file).
    public func staleConstraints(tolerance: Double = 0.5) -> [(id: String, views: [String], broken: Double)] {
        storedFrameBreaks(of: scene.constraints, tolerance: tolerance).map {
            ($0.constraint.id, [$0.constraint.first.view] + [$0.constraint.second?.view].compactMap { $0 }, $0.broken)
        }
    }

    /// The required file constraints of `constraints` that IB's stored frames break by more than
    /// `tolerance`: each with `excess`, its first item minus its right-hand side on the stored
    /// frames (adding it to the constant makes the stored frames satisfy it), and `broken`, by how much.
    func storedFrameBreaks(of constraints: [Constraint], tolerance: Double) -> [(constraint: Constraint, excess: Double, broken: Double)] {
        var frames: [String: IBRect] = [:]
        for v in views { frames[v.id] = v.alignmentWindow }
        let approximated = baselinesApproximated
        var out: [(constraint: Constraint, excess: Double, broken: Double)] = []
        // A view whose alignment rectangle is not known (an SF Symbol's insets the file does not
        // determine) proves nothing, nor does one IB flags (its frame is known not to be the layout's).
        let proveNothing = Set(views.filter { v in
            v.flagged != nil || (causes[v.id] ?? []).contains { if case .symbolInsetsUnknown = $0 { true } else { false } }
        }.map(\.id))
        for c in constraints where c.priority.isRequired && c.isActive && !approximated.contains(c.id)
            && (!c.id.contains("~") || stackFillEdges.contains(c.id)) {
            guard !proveNothing.contains(c.first.view), !proveNothing.contains(c.second?.view ?? "") else { continue }
            guard let f = frames[c.first.view] else { continue }
            let lhs = f.value(c.first.attribute)
            var rhs = c.constant
            if let s = c.second {
                guard let g = frames[s.view] else { continue }
                rhs += c.multiplier * g.value(s.attribute)
            }
            let broken: Double
            switch c.relation {
            case .equal: broken = abs(lhs - rhs)
            case .greaterThanOrEqual: broken = max(0, rhs - lhs)
            case .lessThanOrEqual: broken = max(0, lhs - rhs)
            }
            if broken > tolerance { out.append((c, lhs - rhs, broken)) }
        }
        return out
    }

    /// `staleConstraints` as likely causes: those relating `id` when there are, else (the difference
    /// having spread from them) every one of the hierarchy.
    func staleCauses(of id: String) -> [IBLikelyCause] {
        let all = staleConstraints()
        let mine = all.filter { $0.views.contains(id) }
        return (mine.isEmpty ? all : mine).map {
            .staleStoredFrame(constraintID: $0.id, views: $0.views, broken: $0.broken, elsewhere: mine.isEmpty)
        }
    }
}
