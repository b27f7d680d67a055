import Foundation
import IBImport
import LayoutModel
import Testing

/// The navigation bar over a controller of a navigation stack is as tall as IB stored it for
/// the navigation controller: a large-title bar (`largeTitles="YES"`, 96 pt on an iPhone) puts
/// the safe area of its root controller 20 + 96 below the top of the 4.7-inch screen; a
/// controller pushed onto it whose navigation item never shows a large title sits under the
/// standard 44-pt bar; an iPad's stored 50-pt bar counts as 50.
struct IBNavigationBarTests {
    /// A navigation controller (bar `height` tall, large titles or not) and its root `vc`, which
    /// shows `pushed` (navigation item `pushedMode`). Each root has `t` 10 below its safe area's top.
    func storyboard(device: String, width: Int, height: Int, barHeight: Int, largeTitles: Bool, pushedMode: String?) -> String {
        func controller(_ id: String, segue: String, item: String) -> String {
            """
            <scene sceneID="s-\(id)"><objects>
            <viewController id="\(id)">
            <view key="view" id="\(id)-root"><rect key="frame" x="0" y="0" width="\(width)" height="\(height)"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-t"><rect key="frame" x="0" y="0" width="\(width)" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="\(id)-t" firstAttribute="top" secondItem="\(id)-sa" secondAttribute="top" constant="10" id="\(id)-tt"/>
            <constraint firstItem="\(id)-t" firstAttribute="leading" secondItem="\(id)-root" secondAttribute="leading" id="\(id)-tl"/>
            <constraint firstAttribute="trailing" secondItem="\(id)-t" secondAttribute="trailing" id="\(id)-tr"/>
            <constraint firstItem="\(id)-t" firstAttribute="height" constant="40" id="\(id)-th"/>
            </constraints>
            <viewLayoutGuide key="safeArea" id="\(id)-sa"/>
            </view>
            \(item)
            \(segue)
            </viewController>
            </objects></scene>
            """
        }
        let pushedItem = pushedMode.map { "<navigationItem key=\"navigationItem\" largeTitleDisplayMode=\"\($0)\" id=\"pi\"/>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19455" useSafeAreas="YES">
            <device id="\(device)" orientation="portrait"/>
            <scenes>
            <scene sceneID="n1"><objects>
            <navigationController id="nav">
            <navigationBar key="navigationBar" contentMode="scaleToFill" \(largeTitles ? "largeTitles=\"YES\"" : "") id="bar">
            <rect key="frame" x="0" y="20" width="\(width)" height="\(barHeight)"/>
            </navigationBar>
            <connections><segue destination="vc" kind="relationship" relationship="rootViewController" id="r"/></connections>
            </navigationController>
            </objects></scene>
            \(controller("vc", segue: "<connections><segue destination=\"pushed\" kind=\"show\" id=\"p\"/></connections>", item: ""))
            \(controller("pushed", segue: "", item: pushedItem))
            </scenes>
            </document>
            """
    }

    func tops(_ xml: String) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for s in try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.storyboard")) {
            let solved = try solve(s)
            for (id, r) in solved where id.hasSuffix("-t") { out[String(id.dropLast(2))] = r[1] }
        }
        return out
    }

    @Test func largeTitleBarAsStored() throws {
        let xml = storyboard(device: "retina4_7", width: 375, height: 667, barHeight: 96, largeTitles: true, pushedMode: "never")
        #expect(try tops(xml) == ["vc": 20 + 96 + 10, "pushed": 20 + 44 + 10])
        // A pushed controller whose mode is automatic keeps the large title of the one that pushed it.
        let automatic = storyboard(device: "retina4_7", width: 375, height: 667, barHeight: 96, largeTitles: true, pushedMode: "automatic")
        #expect(try tops(automatic)["pushed"] == 20 + 96 + 10)
    }

    @Test func standardAndPadBarsAsStored() throws {
        let phone = storyboard(device: "retina4_7", width: 375, height: 667, barHeight: 44, largeTitles: false, pushedMode: nil)
        #expect(try tops(phone) == ["vc": 64 + 10, "pushed": 64 + 10])
        let pad = storyboard(device: "ipad9_7", width: 768, height: 1024, barHeight: 50, largeTitles: false, pushedMode: nil)
        #expect(try tops(pad) == ["vc": 20 + 50 + 10, "pushed": 20 + 50 + 10])
    }
}
