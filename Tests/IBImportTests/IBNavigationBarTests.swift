import Foundation
import IBImport
import LayoutModel
import Testing

/// The navigation bar over a controller of a navigation stack is as tall as IB stored it for
/// the navigation controller: a large-title bar (`largeTitles="YES"`, 96 pt on an iPhone) puts
/// the safe area of its root controller 20 + 96 below the top of the 4.7-inch screen; a
/// controller whose navigation item does not show a large title (mode never, or automatic
/// above one that does not) sits under the standard 44-pt bar; an iPad's stored 50-pt bar
/// counts as 50. Each controller `X` below has a view `X-t` 10 below its safe area's top.
struct IBNavigationBarTests {
    /// A navigation controller: its id, its bar's stored height, and the bar's flags.
    struct Stack {
        var id: String, barHeight: Int, largeTitles = false, misplaced = false, root: String
    }

    /// A controller: its id, its navigation item's large-title mode, and the controllers it shows.
    struct Controller {
        var id: String, mode: String? = nil, shows: [String] = []
    }

    func storyboard(tools: Int = 23000, device: String = "retina4_7", width: Int = 375, height: Int = 667,
                    stacks: [Stack], controllers: [Controller]) -> String {
        let stackScenes = stacks.map { n in
            """
            <scene sceneID="s-\(n.id)"><objects>
            <navigationController id="\(n.id)">
            <navigationBar key="navigationBar" contentMode="scaleToFill" \(n.largeTitles ? "largeTitles=\"YES\"" : "") \(n.misplaced ? "misplaced=\"YES\"" : "") id="\(n.id)-bar">
            <rect key="frame" x="0" y="20" width="\(width)" height="\(n.barHeight)"/>
            </navigationBar>
            <connections><segue destination="\(n.root)" kind="relationship" relationship="rootViewController" id="\(n.id)-r"/></connections>
            </navigationController>
            </objects></scene>
            """
        }
        let controllerScenes = controllers.map { c in
            """
            <scene sceneID="s-\(c.id)"><objects>
            <viewController id="\(c.id)">
            \(rootWithTopView(root: "\(c.id)-root", prefix: "\(c.id)-", width: width, height: height, storedY: 0))
            \(c.mode.map { "<navigationItem key=\"navigationItem\" largeTitleDisplayMode=\"\($0)\" id=\"\(c.id)-item\"/>" } ?? "")
            <connections>\(c.shows.map { "<segue destination=\"\($0)\" kind=\"show\" id=\"\(c.id)-\($0)\"/>" }.joined())</connections>
            </viewController>
            </objects></scene>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" useSafeAreas="YES">
            <device id="\(device)" orientation="portrait"/>
            <scenes>
            \((stackScenes + controllerScenes).joined(separator: "\n"))
            </scenes>
            </document>
            """
    }

    /// Each controller's `t`'s y.
    func tops(_ xml: String) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for s in try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.storyboard")) {
            for (id, r) in try solve(s) where id.hasSuffix("-t") { out[String(id.dropLast(2))] = r[1] }
        }
        return out
    }

    /// `t`'s y under a large-title bar (20 + 96 + 10) and under the standard one (20 + 44 + 10).
    let underLarge = 126.0, underStandard = 74.0

    @Test func largeTitleBarAsStored() throws {
        let large = Stack(id: "nav", barHeight: 96, largeTitles: true, root: "a")
        // The root shows a large title; a pushed item of mode never does not, nor does an
        // automatic one pushed above it; an automatic one above the root does.
        let xml = storyboard(stacks: [large], controllers: [
            Controller(id: "a", shows: ["b", "c"]), Controller(id: "b", mode: "never", shows: ["d"]),
            Controller(id: "c"), Controller(id: "d"),
        ])
        #expect(try tops(xml) == ["a": underLarge, "b": underStandard, "c": underLarge, "d": underStandard])
    }

    @Test func standardAndPadBarsAsStored() throws {
        let phone = storyboard(stacks: [Stack(id: "nav", barHeight: 44, root: "a")], controllers: [Controller(id: "a", shows: ["b"]), Controller(id: "b")])
        #expect(try tops(phone) == ["a": underStandard, "b": underStandard])
        let pad = storyboard(device: "ipad9_7", width: 768, height: 1024, stacks: [Stack(id: "nav", barHeight: 50, root: "a")],
                             controllers: [Controller(id: "a", shows: ["b"]), Controller(id: "b")])
        let underPad = 80.0  // 20 + 50 + 10
        #expect(try tops(pad) == ["a": underPad, "b": underPad])
    }

    /// A bar IB flags says nothing of its height: the standard 44.
    @Test func flaggedBarIsNotRead() throws {
        let xml = storyboard(stacks: [Stack(id: "nav", barHeight: 50, misplaced: true, root: "a")], controllers: [Controller(id: "a")])
        #expect(try tops(xml) == ["a": underStandard])
    }

    /// A stored bar height that is not a number refuses the file, naming the bar's frame and its line.
    @Test func unreadableBarHeightIsRefusedWithItsLine() throws {
        let xml = storyboard(stacks: [Stack(id: "nav", barHeight: 96, largeTitles: true, root: "a")], controllers: [Controller(id: "a")])
            .replacingOccurrences(of: #"height="96""#, with: #"height="tall""#)
        let line = xml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#"height="tall""#) }! + 1
        do {
            _ = try tops(xml)
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == #"inline.storyboard:\#(line): <rect> (line \#(line)): height="tall" is not a finite number"#)
        }
    }

    /// A controller two stacks push takes the bar of the first stack in the file, on every run.
    @Test func firstStackInTheFileWins() throws {
        let xml = storyboard(
            stacks: [Stack(id: "large", barHeight: 96, largeTitles: true, root: "a"), Stack(id: "plain", barHeight: 44, root: "b")],
            controllers: [Controller(id: "a", shows: ["c"]), Controller(id: "b", shows: ["c"]), Controller(id: "c")])
        for _ in 0..<5 { #expect(try tops(xml)["c"] == underLarge) }
        let swapped = storyboard(
            stacks: [Stack(id: "plain", barHeight: 44, root: "b"), Stack(id: "large", barHeight: 96, largeTitles: true, root: "a")],
            controllers: [Controller(id: "a", shows: ["c"]), Controller(id: "b", shows: ["c"]), Controller(id: "c")])
        for _ in 0..<5 { #expect(try tops(swapped)["c"] == underStandard) }
    }

    /// Xcode 15's files for notched iPhones keep their own bar (44 + 4 under a 48-pt status bar on
    /// the 6.1-inch XR/11), whatever height IB stored for it.
    @Test func xcode15IPhoneBarsKeepTheirRule() throws {
        let xml = storyboard(tools: 24412, device: "retina6_1", width: 414, height: 896,
                             stacks: [Stack(id: "nav", barHeight: 54, root: "a")], controllers: [Controller(id: "a")])
        let underXcode15 = 106.0  // 48 + 48 + 10
        #expect(try tops(xml) == ["a": underXcode15])
        // On an iPhone without a notch they show one 20-pt status bar and the bar as stored.
        let plain = storyboard(tools: 24506, stacks: [Stack(id: "nav", barHeight: 54, root: "a")], controllers: [Controller(id: "a")])
        let underStored54 = 84.0  // 20 + 54 + 10
        #expect(try tops(plain) == ["a": underStored54])
    }
}
