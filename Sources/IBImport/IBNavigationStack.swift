// Which controllers a file shows under a navigation bar or above a tab bar, and how tall IB
// drew the navigation bar.

/// The bar a navigation controller of the file has, as IB stored it: its frame's height (44
/// for a standard iPhone bar, 96 with large titles, 50 on an iPad) and whether it prefers large
/// titles. No height when the controller only simulates a bar (its navigation controller is
/// elsewhere).
struct IBStoredNavigationBar: Equatable {
    var height: Double?
    var largeTitles: Bool

    static let simulated = IBStoredNavigationBar(height: nil, largeTitles: false)
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

    /// Controllers shown under a visible navigation bar, each with its navigation controller's
    /// bar: roots of navigation controllers whose bar is not hidden, and the destinations of
    /// push/show segues from those, transitively (a pushed controller is under the bar of the
    /// one that pushed it).
    var navigationStack: [String: IBStoredNavigationBar] {
        var inStack: [String: IBStoredNavigationBar] = [:]
        var edges: [String: [String]] = [:]
        for s in document.root.descendants() where s.name == "segue" {
            guard let d = s["destination"] else { continue }
            var e = s.parent
            while let x = e, !(x.parent?.name == "objects" && x.id != nil) { e = x.parent }
            guard let source = e else { continue }
            // A controller that simulates a navigation bar is shown in a navigation controller
            // (maybe of another storyboard): its show segues push onto that one
            // (UIViewController.show(_:sender:) pushes when in a navigation controller).
            if let id = source.id, inStack[id] == nil,
               source.children.contains(where: { $0.name == "simulatedNavigationBarMetrics" && $0.key == "simulatedTopBarMetrics" })
            {
                inStack[id] = .simulated
            }
            if s["relationship"] == "rootViewController", source.name == "navigationController", !source.flag("navigationBarHidden") {
                inStack[d] = storedBar(of: source)
            } else if ["push", "show"].contains(s["kind"] ?? ""), let id = source.id {
                edges[id, default: []].append(d)
            }
        }
        var work = Array(inStack.keys)
        while let x = work.popLast() {
            for d in edges[x] ?? [] where inStack[d] == nil {
                inStack[d] = inStack[x]
                work.append(d)
            }
        }
        return inStack
    }

    /// The bar of `navigationController` as stored (`<navigationBar key="navigationBar">`).
    private func storedBar(of navigationController: IBElement) -> IBStoredNavigationBar {
        let bar = navigationController.children.first { $0.name == "navigationBar" && $0.key == "navigationBar" }
        let height = (try? bar?.child("rect", key: "frame")?.number("height")) ?? nil
        return IBStoredNavigationBar(height: height.flatMap { $0 > 0 ? $0 : nil }, largeTitles: bar?.flag("largeTitles") ?? false)
    }

    /// The height of the navigation bar over `controller` under `bar`: the standard bar's unless
    /// IB stored another for its navigation controller (large titles, an iPad's 50-pt bar), and
    /// the standard one under a large-title bar when the controller's navigation item never shows
    /// a large title. Xcode 15's files keep their own rule (`IBEnvironment.fromTable`).
    func navigationBarHeight(of controller: IBElement, under bar: IBStoredNavigationBar) -> Double? {
        guard !IBDeviceTable.isXcode15(toolsVersion: toolsVersion), let height = bar.height else { return nil }
        if bar.largeTitles, controller.child("navigationItem")?["largeTitleDisplayMode"] == "never" { return nil }
        return height
    }
}
