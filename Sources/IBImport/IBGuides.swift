// Layout guides as views of their own: safe area, layout margins, the legacy top and
// bottom layout guides, scroll views' content and frame guides, the keyboard guide.

import LayoutModel

enum IBGuideKind: String, Sendable {
    case safeArea, margins, topLayoutGuide, bottomLayoutGuide, content, frame, keyboard, stackSpacer
}

struct IBGuide {
    var kind: IBGuideKind
    var owner: Int
    var ownerID: String
    /// Values the file's frames imply for the guide's attributes (environment from frames).
    var observed: [Attribute: [Double]] = [:]
}

extension IBSceneBuilder {
    func declareGuide(_ id: String, _ kind: IBGuideKind, owner: Int, element: IBElement) throws(IBImportError) {
        if guides[id] != nil || index[id] != nil { throw fail(element, "duplicate id \"\(id)\"") }
        guides[id] = IBGuide(kind: kind, owner: owner, ownerID: views[owner].id)
        guideOrder.append(id)
    }

    /// The guides the file declares: `<viewLayoutGuide key="safeArea|contentLayoutGuide|frameLayoutGuide|keyboard">`
    /// on views, `<viewControllerLayoutGuide type="top|bottom">` on the root's view controller.
    func declareGuides() throws(IBImportError) {
        for i in views.indices {
            for g in views[i].element.children where g.name == "viewLayoutGuide" || g.name == "keyboardLayoutGuide" {
                guard let id = g.id else { continue }
                let kind: IBGuideKind
                switch g.key {
                case "safeArea": kind = .safeArea
                case "contentLayoutGuide": kind = .content
                case "frameLayoutGuide": kind = .frame
                case "keyboard": kind = .keyboard
                default:
                    unsupported(g, view: views[i].id, .layoutGuide(key: g.key ?? ""))
                    continue
                }
                try declareGuide(id, kind, owner: i, element: g)
                if kind == .keyboard, g["usesBottomSafeArea"] == "NO" { keyboardOverSafeArea.insert(id) }
            }
        }
        if let controller = root.controller {
            for list in controller.children where list.name == "layoutGuides" {
                for g in list.children where g.name == "viewControllerLayoutGuide" {
                    guard let id = g.id else { continue }
                    try declareGuide(id, g["type"] == "bottom" ? .bottomLayoutGuide : .topLayoutGuide, owner: 0, element: g)
                }
            }
        }
    }

    /// The margins guide of view `i`, made on first use (`VIEW~margins`).
    func marginsGuide(_ i: Int) -> String {
        let id = "\(views[i].id)~margins"
        if guides[id] == nil {
            guides[id] = IBGuide(kind: .margins, owner: i, ownerID: views[i].id)
            guideOrder.append(id)
        }
        return id
    }

    /// Legacy content rule: edges of a scroll view related to its own content attach to the
    /// content area. The content area is the declared content layout guide, else `SCROLL~content`.
    func contentGuide(_ i: Int) -> String {
        if let g = guideOrder.first(where: { guides[$0]!.kind == .content && guides[$0]!.owner == i }) { return g }
        let id = "\(views[i].id)~content"
        guides[id] = IBGuide(kind: .content, owner: i, ownerID: views[i].id)
        guideOrder.append(id)
        return id
    }

    // MARK: The environment

    /// The environment of the root per the device table (see `IBEnvironment.fromTable`):
    /// - status bar: a view controller's root shows it (unless the controller sets
    ///   `simulatedStatusBarMetrics` to nil) when it has the screen's size or is taller than the
    ///   screen, or at any (freeform) size when it uses the legacy top/bottom layout guides and
    ///   simulates no top bar; a xib's
    ///   top-level view when it has the screen's size, or at any size in a file with safe-area guides;
    /// - navigation bar: when the controller simulates one (`simulatedTopBarMetrics`), else when it
    ///   is in a navigation stack of the file: the root of a `navigationController` whose bar is not
    ///   hidden, or reached from one by push/show segues; in Xcode 15's files (tools versions
    ///   24000 to 32699, in-sample like the table's other Xcode 15 entry) also when the controller
    ///   has a navigation item (Xcode's inferred top bar); Xcode 16's files (32700) do not infer it;
    ///   a stack's bar is as tall as IB stored its navigation controller's (`storedBarHeight`);
    /// - tab bar: when the controller simulates a bottom bar, or it (or its navigation controller)
    ///   is a tab bar controller's child.
    /// A root placed below the bars (IB frame y > 0) loses that much top inset.
    func tableEnvironment() throws(IBImportError) -> IBEnvironment {
        let r = views[0].frame
        let fullScreen = (r.width == device.width && r.height == device.height)
            || (r.width == device.height && r.height == device.width)
        let controller = root.controller
        // A xib's top-level view (not a cell) in a file with safe-area layout guides is laid out
        // as a root view, whose safe area "accounts for the status bar" (UIView.safeAreaInsets),
        // at any (freeform) size, unless its `simulatedStatusBarMetrics` is nil; files without
        // safe-area guides store such views with no status bar, and so do files before Xcode 13
        // (tools version 19000) for a view whose simulated size is Freeform on an iPhone without
        // a notch: the stored frames of such views of tools versions 14313, 14835 and 18122
        // (three repositories outside the corpus) show none, those of 23504 (another repository)
        // show it; 19000 is a bound within the gap. On a notched iPhone a tools-18122 one shows it.
        let rootElement = views[0].element
        let freeformBefore13 = IBDeviceTable.isBeforeXcode13(toolsVersion: toolsVersion) && device.isPhoneWithoutNotch
            && rootElement.children.contains { $0.name == "freeformSimulatedSizeMetrics" }
        var status = fullScreen || (controller == nil && !IBClassNames.cells.contains(rootElement.name)
            && !rootElement.children.contains { $0.name == "nil" && $0.key == "simulatedStatusBarMetrics" }
            && !freeformBefore13 && document.root["useSafeAreas"] == "YES")
        var nav = false
        var barHeight: Double?
        var tab = false
        if let c = controller {
            let legacyGuides = c.child("layoutGuides") != nil
            let topBar = c.children.first { $0.key == "simulatedTopBarMetrics" }
            // A root taller than the screen (a freeform size for a scrolling page) shows the status
            // bar as a screen-sized one does: the stored frames of files of tools versions 17701,
            // 24506 and 32700 (three repositories outside the corpus) put its safe area 44, 20 and
            // 47 below its top, the status bar of each file's device.
            let tallerThanScreen = r.height > max(device.width, device.height)
            status = !c.children.contains { $0.name == "nil" && $0.key == "simulatedStatusBarMetrics" }
                && (fullScreen || tallerThanScreen || (legacyGuides && topBar == nil))
            let place = try navigationStack()[c.id ?? ""]
            nav = topBar.map { $0.name == "simulatedNavigationBarMetrics" }
                ?? (place != nil || (IBDeviceTable.isXcode15(toolsVersion: toolsVersion) && c.child("navigationItem") != nil))
            // A bar over a controller of a stack of the file, simulated or not, is that stack's bar.
            if nav, let place { barHeight = storedBarHeight(at: place) }
            if let bottom = c.children.first(where: { $0.key == "simulatedBottomBarMetrics" }) {
                tab = bottom.name != "nil"
            } else {
                tab = isTabChild(c)
            }
        }
        var env = IBEnvironment.fromTable(
            device: device, toolsVersion: toolsVersion, width: r.width,
            statusBarShown: status, navigationBar: nav, navigationBarHeight: barHeight, tabBar: tab)
        if r.y > 0 { env.safeArea.top = max(0, env.safeArea.top - r.y); env.topGuideLength = max(0, env.topGuideLength - r.y) }
        // A screen-sized root placed below an opaque bar runs past the screen's bottom by as much:
        // the bottom guide and safe area stay on the screen, that much higher in the root.
        let screenHeight = r.width == device.width ? device.height : device.width
        if fullScreen, r.y > 0, r.y + r.height > screenHeight {
            let overflow = r.y + r.height - screenHeight
            env.safeArea.bottom += overflow
            env.bottomGuideLength += overflow
        }
        // A cell lives in a table or collection view, a scroll view whose adjusted content inset
        // takes the vertical safe-area insets (UIScrollView.contentInsetAdjustmentBehavior): like
        // other content of scroll views (see `tableMargins`), the cell sees none of them.
        if IBClassNames.cells.contains(rootElement.name) { env.safeArea.top = 0; env.safeArea.bottom = 0 }
        if let c = controller, !fullScreen, r.y == 0, !c.flag("extendedLayoutIncludesOpaqueBars") {
            excludeOpaqueBars(&env, height: r.height, screenHeight: screenHeight)
        }
        return env
    }

    /// A controller's root stored at y 0 and as much shorter than the screen as the bars the table
    /// puts above (or below) it is laid out between them: UIKit does so under opaque bars
    /// (UIViewController.extendedLayoutIncludesOpaqueBars is false by default, and
    /// edgesForExtendedLayout then stops at them), so those bars cover none of it. A controller
    /// with `extendedLayoutIncludesOpaqueBars="YES"` extends under them and keeps the insets.
    private func excludeOpaqueBars(_ env: inout IBEnvironment, height: Double, screenHeight: Double) {
        let top = env.topGuideLength, bottom = env.safeArea.bottom
        // The stored height may count the status bar where the table shows none above the bar
        // (the bar the file's Xcode shows: iOS 16's 50 on a 375×812 iPhone root 718 tall under
        // a navigation bar).
        let status = IBDeviceTable.statusBar(of: device, toolsVersion: toolsVersion)
        func fits(_ h: Double) -> Bool { abs(h - screenHeight) < 0.5 || abs(h + status - screenHeight) < 0.5 }
        let belowTop = top > 0 && (fits(height + top) || fits(height + top + bottom))
        let aboveBottom = bottom > 0 && (fits(height + bottom) || fits(height + top + bottom))
        if belowTop { env.safeArea.top = 0; env.topGuideLength = 0 }
        if aboveBottom { env.safeArea.bottom = 0; env.bottomGuideLength = 0 }
    }

    /// Absolute margin rectangle of view `i` in table mode: explicit `layoutMargins`
    /// (or `directionalLayoutMargins`) else the default (8 on each side; a controller's root:
    /// the system side margin and 0 above and below from the safe area, or the layout
    /// guides when there is no safe area; a table cell's content view: 8, or 11 above and below
    /// and the root's side margin from Xcode 10's files on), moved inside the safe area when
    /// `insetsLayoutMarginsFromSafeArea` (default), and no smaller than the superview's margins
    /// where `preservesSuperviewLayoutMargins="YES"` (a stack view's count only when it arranges
    /// relative to them, see `isMarginlessStack`).
    func tableMargins(_ i: Int, env: IBEnvironment) -> IBRect {
        let v = views[i]
        let w = v.window
        var m = IBInsets(top: 8, left: 8, bottom: 8, right: 8)
        // A controller's root, and a xib's top-level view (Xcode lays it out as the view of the
        // file's owner: stored files show it for freeform and screen-sized ones), have the system
        // minimum margins; a cell at the root has its own.
        if i == 0 && (root.controller != nil || !IBClassNames.cells.contains(v.element.name)) {
            // A table view controller's root is the table view, whose margins are its cells'.
            let side = v.element.name == "tableView" ? IBDeviceTable.tableSideMargin(width: w.width) : env.rootSideMargin
            m = IBInsets(top: 0, left: side, bottom: 0, right: side)
        } else if i == 0, v.element.name == "tableViewCell", v.element.parent?.name == "prototypes", toolsVersion >= 14000 {
            // A prototype cell is laid out in its table view, which gives its cells its own side
            // margins (the root's, for the cell's width).
            let side = IBDeviceTable.tableSideMargin(width: v.frame.width)
            m = IBInsets(top: 8, left: side, bottom: 8, right: side)
        } else if v.element.name == "tableViewCellContentView" && toolsVersion >= 14000 {
            // The side margins come from the table view, which spans the screen: a cell drawn
            // narrower than the screen still gets the screen's system margins.
            let side = IBDeviceTable.tableSideMargin(width: max(views[0].frame.width, device.width))
            // Beside an accessory (which the content view stops short of), the trailing margin is
            // a plain view's 8.
            let cell = v.parent.map { views[$0].element }
            let accessory = (cell?["accessoryType"]).map { $0 != "none" } ?? false
            let vertical = IBDeviceTable.cellVerticalMargin(toolsVersion: toolsVersion, device: device)
            m = IBInsets(top: vertical, left: side, bottom: vertical, right: accessory ? IBDeviceTable.viewMargin : side)
        }
        if let e = v.element.children.first(where: { $0.key == "layoutMargins" || $0.key == "directionalLayoutMargins" }) {
            func n(_ names: String...) -> Double {
                for name in names { if let text = e[name], let v = Double(text) { return v } }
                return 0
            }
            m = IBInsets(top: n("top"), left: n("left", "leading"), bottom: n("bottom"), right: n("right", "trailing"))
        }
        var rect = w.inset(by: m)
        if v.element["insetsLayoutMarginsFromSafeArea"] != "NO" {
            let safe = views[0].window.inset(by: env.safeArea)
            // A scroll view's adjusted content inset takes the vertical insets: its content sees
            // only the horizontal ones. An inset never exceeds the view.
            // Bars lie within the root's bounds and UIView.safeAreaInsets "reflect only the portion
            // of the view that is covered": a view reaching past the root's edge is inset by its
            // overlap with the bar, not by its distance to the safe area.
            let inScroll = isInScrollView(i)
            let root = views[0].window
            func covered(_ start: Double, _ end: Double) -> Double { max(0, end - start) }
            let top = inScroll ? 0 : covered(max(w.y, root.y), min(w.bottom, safe.y))
            let bottom = inScroll ? 0 : covered(max(w.y, safe.bottom), min(w.bottom, root.bottom))
            let left = covered(max(w.x, root.x), min(w.right, safe.x))
            let right = covered(max(w.x, safe.right), min(w.right, root.right))
            rect = w.inset(by: IBInsets(top: m.top + top, left: m.left + left, bottom: m.bottom + bottom, right: m.right + right))
        }
        if v.element.flag("preservesSuperviewLayoutMargins"), let p = v.parent, !isMarginlessStack(p) {
            let s = tableMargins(p, env: env)
            let left = max(rect.x, s.x), top = max(rect.y, s.y)
            let right = min(rect.right, s.right), bottom = min(rect.bottom, s.bottom)
            rect = IBRect(x: left, y: top, width: right - left, height: bottom - top)
        }
        return rect
    }

    /// A stack view that does not arrange its views relative to its margins (see
    /// `arrangesByMargins`) passes no margins on to a subview that preserves its superview's:
    /// Xcode's stored frames inset such a subview by its own margins alone.
    func isMarginlessStack(_ i: Int) -> Bool {
        let e = views[i].element
        return e.name == "stackView" && !e.arrangesByMargins
    }

    /// Whether view `i` lies inside a scroll view (table, collection and text views are ones).
    func isInScrollView(_ i: Int) -> Bool {
        var p = views[i].parent
        while let x = p {
            if ["scrollView", "tableView", "collectionView", "textView"].contains(views[x].element.name) { return true }
            p = views[x].parent
        }
        return false
    }

    /// Rule (guides): each guide is a view held by required constraints to its owner:
    /// safe area and margins inset by the environment's values, the top/bottom layout
    /// guides spanning the root's width with their lengths, the frame guide equal to the
    /// scroll view, the content guide at the scroll view's origin (its size made by the
    /// content's constraints; held at the scroll view's size at priority 2 otherwise,
    /// above only the ambiguity probe of `check`), the
    /// keyboard guide (keyboard hidden) as tall as the safe area's bottom inset.
    /// With `environmentFromFrames`, every edge that a file constraint reaches is read off
    /// the frame at that constraint's other end (the most common value when several agree).
    func addGuideConstraints() throws(IBImportError) {
        var env = try tableEnvironment()
        let rootWindow = views[0].window
        if options.environmentFromFrames {
            observeGuides()
            env.safeArea = observedSafeArea(table: env.safeArea)
        }
        var used = IBEnvironmentUsed(fromFrames: options.environmentFromFrames, device: device, toolsVersion: toolsVersion, values: env)
        defer { environmentUsed = used }
        for id in guideOrder {
            let g = guides[id]!
            let o = views[g.owner]
            let ow = o.window
            let origin = "layout guide (\(g.kind.rawValue)) of \(o.id)"
            func observed(_ a: Attribute...) -> Double? {
                for x in a {
                    if let v = mode(g.observed[x] ?? []) {
                        used.readOffFrames.append(.init(guide: id, attribute: x.rawValue, value: v))
                        return v
                    }
                }
                return nil
            }
            func rectGuide(_ table: IBRect) {
                let left = options.environmentFromFrames ? observed(.left, .leading) ?? table.x : table.x
                let top = options.environmentFromFrames ? observed(.top) ?? table.y : table.y
                let right = options.environmentFromFrames ? observed(.right, .trailing) ?? table.right : table.right
                let bottom = options.environmentFromFrames ? observed(.bottom) ?? table.bottom : table.bottom
                add("\(id)~left", ref(id, .left), .equal, ref(o.id, .left), constant: left - ow.x, origin: origin)
                add("\(id)~top", ref(id, .top), .equal, ref(o.id, .top), constant: top - ow.y, origin: origin)
                add("\(id)~right", ref(id, .right), .equal, ref(o.id, .right), constant: right - ow.right, origin: origin)
                add("\(id)~bottom", ref(id, .bottom), .equal, ref(o.id, .bottom), constant: bottom - ow.bottom, origin: origin)
            }
            switch g.kind {
            case .stackSpacer:
                break  // made by the stack view rule
            case .safeArea:
                let safe = rootWindow.inset(by: env.safeArea)
                let l = max(ow.x, safe.x), t = max(ow.y, safe.y)
                let r = min(ow.right, safe.right), b = min(ow.bottom, safe.bottom)
                rectGuide(IBRect(x: l, y: t, width: r - l, height: b - t))
            case .margins:
                rectGuide(tableMargins(g.owner, env: env))
            case .frame:
                rectGuide(ow)
            case .topLayoutGuide, .bottomLayoutGuide, .keyboard:
                let isTop = g.kind == .topLayoutGuide
                // The keyboard guide, keyboard hidden: its top on the safe area's bottom, or on the
                // view's bottom with `usesBottomSafeArea="NO"`.
                let keyboard = keyboardOverSafeArea.contains(id) ? 0 : env.safeArea.bottom
                var length = isTop ? env.topGuideLength : g.kind == .keyboard ? keyboard : env.bottomGuideLength
                if options.environmentFromFrames {
                    if isTop, let b = observed(.bottom) { length = b - ow.y }
                    if !isTop, let t = observed(.top) { length = ow.bottom - t }
                    if let h = observed(.height) { length = h }
                }
                add("\(id)~left", ref(id, .left), .equal, ref(o.id, .left), origin: origin)
                add("\(id)~width", ref(id, .width), .equal, ref(o.id, .width), origin: origin)
                add("\(id)~\(isTop ? "top" : "bottom")", ref(id, isTop ? .top : .bottom), .equal, ref(o.id, isTop ? .top : .bottom), origin: origin)
                add("\(id)~height", ref(id, .height), .equal, constant: length, origin: origin)
            case .content:
                add("\(id)~left", ref(id, .left), .equal, ref(o.id, .left), origin: origin)
                add("\(id)~top", ref(id, .top), .equal, ref(o.id, .top), origin: origin)
                add("\(id)~width-fallback", ref(id, .width), .equal, ref(o.id, .width), priority: 2, origin: origin + ": size held when the content leaves it free")
                add("\(id)~height-fallback", ref(id, .height), .equal, ref(o.id, .height), priority: 2, origin: origin + ": size held when the content leaves it free")
            }
        }
    }

    /// The root's safe-area insets as the frames show them (where a constraint reaches an edge of
    /// the root's safe area), else the table's: margins and other views' safe areas follow them.
    private func observedSafeArea(table: IBInsets) -> IBInsets {
        guard let g = guideOrder.lazy.compactMap({ self.guides[$0] }).first(where: { $0.kind == .safeArea && $0.owner == 0 })
        else { return table }
        func seen(_ a: Attribute...) -> Double? {
            for x in a { if let v = mode(g.observed[x] ?? []) { return v } }
            return nil
        }
        let w = views[0].window
        var out = table
        if let t = seen(.top) { out.top = t - w.y }
        if let b = seen(.bottom) { out.bottom = w.bottom - b }
        if let l = seen(.left, .leading) { out.left = l - w.x }
        if let r = seen(.right, .trailing) { out.right = w.right - r }
        return out
    }

    /// Values implied for guide attributes by the file's required equalities whose other end is
    /// an IB view. An optional one may be broken in the stored frames (a priority-750 edge
    /// to the safe area that a required width overrides), so it says nothing about the guide;
    /// nor does the frame of a view IB flags (misplaced or ambiguous, itself or an ancestor),
    /// which is not the layout's: a stale one would outvote, or tie with, the frames that are.
    private func observeGuides() {
        for (c, _) in ibConstraints where c.relation == .equal && c.isActive && c.priority.isRequired {
            guard let second = c.second else { continue }
            if guides[c.first.view] != nil, guides[second.view] == nil, let o = index[second.view], views[o].flagged == nil {
                let v = c.multiplier * views[o].alignmentWindow.value(second.attribute) + c.constant
                guides[c.first.view]!.observed[c.first.attribute, default: []].append(v)
            } else if guides[second.view] != nil, guides[c.first.view] == nil, let o = index[c.first.view], views[o].flagged == nil {
                let v = (views[o].alignmentWindow.value(c.first.attribute) - c.constant) / c.multiplier
                guides[second.view]!.observed[second.attribute, default: []].append(v)
            }
        }
    }

    /// The most common value (to 1/1000 pt), earliest first on ties.
    private func mode(_ values: [Double]) -> Double? {
        var counts: [Double: Int] = [:]
        var best: Double?
        var bestCount = 0
        for v in values {
            let k = (v * 1000).rounded() / 1000
            counts[k, default: 0] += 1
            if counts[k]! > bestCount { bestCount = counts[k]!; best = k }
        }
        return best
    }
}
