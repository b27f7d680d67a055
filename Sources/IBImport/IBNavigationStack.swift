// Which controllers a file shows under a navigation bar or above a tab bar, and how tall IB
// drew the navigation bar.

/// The bar a navigation controller of the file has, as IB stored it: its frame's height (44
/// for a standard iPhone bar, 96 with large titles, 50 on an iPad, 56 in a sheet) and whether it
/// prefers large titles. No height where the controller only simulates a bar (its navigation
/// controller is elsewhere) or IB flags the bar's frame (misplaced or ambiguous). A stored
/// height that is not a number refuses the file, as a view's frame would.
struct IBStoredNavigationBar: Equatable {
    var height: Double?
    var largeTitles: Bool

    static let inferred = IBStoredNavigationBar(height: nil, largeTitles: false)
}

/// A controller's place in a navigation stack: the stack's bar, and whether the bar shows the
/// controller's navigation item with a large title.
struct IBStackPlace: Equatable {
    var bar: IBStoredNavigationBar
    var largeTitle: Bool
}

extension IBSceneBuilder {
    /// Whether `controller`, or the navigation controller it is the root of, is a tab bar
    /// controller's child.
    func isTabChild(_ controller: IBElement) -> Bool {
        guard let id = controller.id else { return false }
        let segues = document.root.descendants().filter { $0.name == "segue" && $0["kind"] == "relationship" }
        var targets: Set<String> = [id]
        for s in segues where s["relationship"] == "rootViewController" && s["destination"] == id {
            var e = s.parent
            while let x = e, x.name != "navigationController" { e = x.parent }
            if let nav = e?.id { targets.insert(nav) }
        }
        return segues.contains { $0["relationship"] == "viewControllers" && targets.contains($0["destination"] ?? "") }
    }

    /// Controllers shown under a visible navigation bar, each with its place: the roots of
    /// navigation controllers whose bar is not hidden, and the destinations of push/show segues
    /// from those, transitively, under the bar of the stack that pushed them; then, for the
    /// controllers no stored stack reaches, those that simulate a navigation bar and what they
    /// push (under an inferred bar). Stacks are walked in document order, breadth first, so a
    /// controller two stacks reach takes the first one's bar, on every run.
    func navigationStack() throws(IBImportError) -> [String: IBStackPlace] {
        // The scenes' objects by id: the controllers segues come from and go to.
        var controllers: [String: IBElement] = [:]
        for c in document.root.descendants() where c.parent?.name == "objects" {
            if let id = c.id, controllers[id] == nil { controllers[id] = c }
        }
        var storedRoots: [(id: String, bar: IBStoredNavigationBar)] = []
        var inferredRoots: [String] = [], inferred: Set<String> = []
        var pushes: [String: [String]] = [:]
        for s in document.root.descendants() where s.name == "segue" {
            guard let d = s["destination"] else { continue }
            var e = s.parent
            while let x = e, !(x.parent?.name == "objects" && x.id != nil) { e = x.parent }
            guard let source = e, let id = source.id else { continue }
            // A controller that simulates a navigation bar is shown in a navigation controller
            // (maybe of another storyboard): its show segues push onto that one
            // (UIViewController.show(_:sender:) pushes when in a navigation controller).
            if source.children.contains(where: { $0.name == "simulatedNavigationBarMetrics" && $0.key == "simulatedTopBarMetrics" }),
               inferred.insert(id).inserted
            {
                inferredRoots.append(id)
            }
            if s["relationship"] == "rootViewController", source.name == "navigationController", !source.flag("navigationBarHidden") {
                storedRoots.append((d, try storedBar(of: source)))
            } else if ["push", "show"].contains(s["kind"] ?? "") {
                pushes[id, default: []].append(d)
            }
        }
        var places: [String: IBStackPlace] = [:]
        var queue: [String] = []
        func place(_ id: String, under bar: IBStoredNavigationBar, inheriting largeTitle: Bool) {
            guard places[id] == nil else { return }
            places[id] = IBStackPlace(bar: bar, largeTitle: showsLargeTitle(controllers[id], under: bar, inheriting: largeTitle))
            queue.append(id)
        }
        func walk() {
            var next = 0
            while next < queue.count {
                let x = queue[next]
                next += 1
                for d in pushes[x] ?? [] { place(d, under: places[x]!.bar, inheriting: places[x]!.largeTitle) }
            }
            queue.removeAll()
        }
        for (id, bar) in storedRoots { place(id, under: bar, inheriting: bar.largeTitles) }
        walk()
        for id in inferredRoots { place(id, under: .inferred, inheriting: false) }
        walk()
        return places
    }

    /// Whether `bar` shows `controller`'s navigation item with a large title: only a bar that
    /// prefers large titles does, unless the item's `largeTitleDisplayMode` is never; an item of
    /// mode automatic (the default) does as the item below it in the stack does.
    private func showsLargeTitle(_ controller: IBElement?, under bar: IBStoredNavigationBar, inheriting below: Bool) -> Bool {
        guard bar.largeTitles else { return false }
        switch controller?.child("navigationItem")?["largeTitleDisplayMode"] {
        case "always": return true
        case "never": return false
        default: return below
        }
    }

    /// The bar of `navigationController` as stored (`<navigationBar key="navigationBar">`).
    private func storedBar(of navigationController: IBElement) throws(IBImportError) -> IBStoredNavigationBar {
        let bar = navigationController.children.first { $0.name == "navigationBar" && $0.key == "navigationBar" }
        let flagged = bar.map { $0.flag("misplaced") || $0.flag("ambiguous") } ?? true
        let height = flagged ? nil : try bar?.child("rect", key: "frame")?.number("height")
        return IBStoredNavigationBar(height: height.flatMap { $0 > 0 ? $0 : nil }, largeTitles: bar?.flag("largeTitles") ?? false)
    }

    /// The height of the navigation bar over a controller at `place`, where IB stored it: the
    /// stack's bar as stored, except the table's standard bar (nil) where a large-title bar
    /// shows the controller's item without one, and on Xcode 15's files for notched iPhones,
    /// whose bars follow their own rule (`IBEnvironment.fromTable`; not measured on Xcode 15's
    /// iPad files).
    func storedBarHeight(at place: IBStackPlace) -> Double? {
        guard !IBDeviceTable.drawsXcode15NotchedBars(toolsVersion: toolsVersion, device: device), let height = place.bar.height else { return nil }
        if place.bar.largeTitles, !place.largeTitle { return nil }
        return height
    }
}
