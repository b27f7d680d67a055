import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Margins inset from a safe area read off the frames.
struct IBSafeAreaMarginTests {
    /// A full-screen 375×667 xib view; `a` sits 10 below a safe area the frames put at 47.
    /// `box` at the top (y 0, 100 tall) has margins of 5 and insets them from the safe area, so
    /// `m`, pinned to its top margin, is at 20 + 5 = 25 with the table (status bar 20) and at
    /// 47 + 5 = 52 with the environment from the frames.
    @Test func marginsFollowTheObservedSafeArea() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="57" width="375" height="10"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="box"><rect key="frame" x="0" y="0" width="375" height="100"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="m"><rect key="frame" x="5" y="52" width="365" height="10"/></view></subviews>
            <edgeInsets key="layoutMargins" top="5" left="5" bottom="5" right="5"/>
            <constraints>
            <constraint firstItem="m" firstAttribute="top" secondItem="box" secondAttribute="topMargin" id="mt"/>
            <constraint firstItem="m" firstAttribute="leading" secondItem="box" secondAttribute="leadingMargin" id="ml"/>
            <constraint firstAttribute="trailingMargin" secondItem="m" secondAttribute="trailing" id="mr"/>
            <constraint firstItem="m" firstAttribute="height" constant="10" id="mh"/>
            </constraints>
            </view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="s" secondAttribute="top" constant="10" id="t"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="r"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="h"/>
            <constraint firstItem="box" firstAttribute="top" secondItem="v" secondAttribute="top" id="bt"/>
            <constraint firstItem="box" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="bl"/>
            <constraint firstItem="box" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="br"/>
            <constraint firstItem="box" firstAttribute="height" constant="100" id="bh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        func scene(_ fromFrames: Bool) throws -> IBImportedScene {
            try importOne(xml, options: IBImportOptions(environmentFromFrames: fromFrames))
        }
        #expect(try solve(scene(false))["m"] == [5, 25, 365, 10])
        #expect(try solve(scene(true))["m"] == [5, 52, 365, 10])
        #expect(try scene(true).check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}

/// The safe area is read off required equalities only. `a` hangs 10 below the safe area's top
/// (required) and is stored at y 57, so the top is at 47. `b` and `c` each have a priority-750
/// top on the safe area that their required top on the root (100) breaks: they say nothing
/// about it, though two of them would outvote `a`'s one observation (then the top would be at
/// 100 and `a` at 110).
struct IBObservedGuideTests {
    @Test func optionalEqualitiesAreNotObserved() throws {
        let xml = ibDocument(toolsVersion: 14000, device: "retina4_7", """
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="57" width="375" height="10"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="100" width="100" height="10"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="200" y="100" width="100" height="10"/></view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="s" secondAttribute="top" constant="10" id="at"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="al"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="ar"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="ah"/>
            <constraint firstItem="b" firstAttribute="top" secondItem="s" secondAttribute="top" priority="750" id="bs"/>
            <constraint firstItem="b" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="bt"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="bl"/>
            <constraint firstItem="b" firstAttribute="width" constant="100" id="bw"/>
            <constraint firstItem="b" firstAttribute="height" constant="10" id="bh"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="s" secondAttribute="top" priority="750" id="cs"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="ct"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="200" id="cl"/>
            <constraint firstItem="c" firstAttribute="width" constant="100" id="cw"/>
            <constraint firstItem="c" firstAttribute="height" constant="10" id="ch"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml, options: IBImportOptions(environmentFromFrames: true))
        let frames = try solve(scene)
        #expect(frames["a"] == [0, 57, 375, 10])
        #expect(frames["b"] == [0, 100, 100, 10])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }

    /// `p`, flagged misplaced, is stored as laid out on an older 600-wide canvas: its required
    /// equalities on the safe area's leading, trailing and bottom come first in the file and would
    /// tie with `a`'s (the earliest value wins a tie), putting the safe area's right edge at 580
    /// and its bottom at 610. A flagged frame is not the layout's, so only `a`'s count: `a` fills
    /// the safe area below the 20-point status bar, [0, 20, 375, 647].
    @Test func flaggedFramesAreNotObserved() throws {
        let xml = ibDocument(toolsVersion: 14000, device: "retina4_7", """
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="20" width="375" height="647"/></view>
            <view misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="20" y="563" width="560" height="37"/></view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="s" firstAttribute="bottom" secondItem="p" secondAttribute="bottom" constant="10" id="pb"/>
            <constraint firstItem="s" firstAttribute="leading" secondItem="p" secondAttribute="leading" id="pl"/>
            <constraint firstItem="s" firstAttribute="trailing" secondItem="p" secondAttribute="trailing" id="pr"/>
            <constraint firstItem="p" firstAttribute="height" constant="37" id="ph"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="s" secondAttribute="leading" id="al"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="s" secondAttribute="top" id="at"/>
            <constraint firstItem="s" firstAttribute="trailing" secondItem="a" secondAttribute="trailing" id="ar"/>
            <constraint firstItem="s" firstAttribute="bottom" secondItem="a" secondAttribute="bottom" id="ab"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml, options: IBImportOptions(environmentFromFrames: true))
        let frames = try solve(scene)
        #expect(frames["a"] == [0, 20, 375, 647])
        #expect(frames["p"] == [0, 620, 375, 37])
        let result = try scene.check(backend: CassowaryBackend.self, repair: false)
        #expect(result.mismatches.map(\.viewID) == ["p"])
        #expect(result.unflaggedMatching == result.unflaggedCount)
    }
}

/// A screen-sized root (375×667 on the 4.7" iPhone) placed at y 64 below an opaque navigation
/// bar runs 64 past the screen: the bottom layout guide stays on the screen's bottom, at
/// 667 − 64 = 603 in the root, and `b` (40 tall) sits on it: [0, 563, 375, 40]; the top guide is
/// 20 + 44 − 64 = 0 long, so `t` is at the root's top.
struct IBRootBelowBarTests {
    @Test func bottomGuideStaysOnTheScreen() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="11542">
            <scenes><scene sceneID="s1"><objects>
            <viewController id="vc">
            <layoutGuides>
            <viewControllerLayoutGuide type="top" id="tg"/>
            <viewControllerLayoutGuide type="bottom" id="bg"/>
            </layoutGuides>
            <view key="view" id="v"><rect key="frame" x="0" y="64" width="375" height="667"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="0" width="375" height="40"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="563" width="375" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="tg" secondAttribute="bottom" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="tl"/>
            <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
            <constraint firstItem="t" firstAttribute="height" constant="40" id="th"/>
            <constraint firstItem="bg" firstAttribute="top" secondItem="b" secondAttribute="bottom" id="bb"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="bl"/>
            <constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="br"/>
            <constraint firstItem="b" firstAttribute="height" constant="40" id="bh"/>
            </constraints>
            </view>
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>
            </viewController>
            </objects></scene></scenes>
            </document>
            """
        let scene = try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.storyboard"))[0]
        let r = try solve(scene)
        #expect(r["t"] == [0, 0, 375, 40])
        #expect(r["b"] == [0, 563, 375, 40])
    }
}

/// A xib's top-level view (600×300, freeform) has the system minimum margins of a controller's
/// root: 20 at the sides (at least 414 wide), 0 above and below. `c`, 10 inside its margins:
/// [30, 10, 540, 280].
struct IBTopLevelMarginTests {
    @Test func topLevelViewHasRootMargins() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="600" height="300"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="30" y="10" width="540" height="280"/></view></subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leadingMargin" constant="10" id="l"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="topMargin" constant="10" id="t"/>
            <constraint firstAttribute="trailingMargin" secondItem="c" secondAttribute="trailing" constant="10" id="r"/>
            <constraint firstAttribute="bottomMargin" secondItem="c" secondAttribute="bottom" constant="10" id="b"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(try solve(scene)["c"] == [30, 10, 540, 280])
    }
}

/// A table cell (375 wide, tools 14000) with a disclosure indicator: its content view, 348.5 wide,
/// has the side margin 16 at the leading edge, 11 above, and a plain 8 at the trailing edge beside
/// the accessory. `t`, 10 inside the margins: [26, 21, 304.5, 16].
struct IBCellAccessoryMarginTests {
    @Test func accessoryLeavesAnEightPointTrailingMargin() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <tableViewCell accessoryType="disclosureIndicator" id="cell"><rect key="frame" x="0" y="0" width="375" height="80"/>
            <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="348.5" height="80"/>
            <subviews><label translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="26" y="21" width="304.5" height="16"/></label></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" constant="10" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" constant="10" id="tl"/>
            <constraint firstAttribute="trailingMargin" secondItem="t" secondAttribute="trailing" constant="10" id="tr"/>
            </constraints>
            </tableViewCellContentView>
            </tableViewCell>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(try solve(scene)["t"] == [26, 21, 304.5, 16])
    }
}

/// A table cell's content view on the screen's side margins and the cell's own vertical ones:
/// `t` sits on its top and leading margins. 11 above (UITableViewCell's system margin) and 16 at
/// the side on the 375-pt iPhone; 20 at the side from the 390-pt iPhone on; Xcode 15's iPhone
/// files (tools 24000 to 32699) store 15 above, Xcode 16's (32700) 11 again.
struct IBCellMarginTests {
    static func xml(tools: String, device: String, width: Double) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)">
        <device id="\(device)" orientation="portrait"/>
        <objects>
        <tableViewCell id="cell"><rect key="frame" x="0" y="0" width="\(width)" height="60"/>
        <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="\(width)" height="60"/>
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
        <constraints>
        <constraint firstItem="t" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="tt"/>
        <constraint firstItem="t" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="tl"/>
        <constraint firstItem="t" firstAttribute="width" constant="10" id="tw"/>
        <constraint firstItem="t" firstAttribute="height" constant="10" id="th"/>
        </constraints>
        </tableViewCellContentView>
        </tableViewCell>
        </objects>
        </document>
        """
    }

    @Test(arguments: [
        ("21701", "retina4_7", 375.0, [16.0, 11, 10, 10]),
        ("24127", "retina4_7", 375.0, [16.0, 15, 10, 10]),
        ("24506", "retina6_0", 390.0, [20.0, 15, 10, 10]),
        ("24506", "retina6_12", 393.0, [20.0, 15, 10, 10]),
        ("32700", "retina6_12", 393.0, [20.0, 11, 10, 10]),
        ("24765", "ipad12_9rounded", 1024.0, [20.0, 11, 10, 10]),
    ])
    func contentViewMargins(tools: String, device: String, width: Double, expected: [Double]) throws {
        let scene = try importOne(Self.xml(tools: tools, device: device, width: width))
        #expect(try solve(scene)["t"] == expected)
    }
}

/// The root's side margins on the 393-pt iPhone: 16 for a controller's plain root view, 20 for a
/// table view controller's, whose root is the table view (its margins are its cells'). `t` sits
/// on the margin of `h`, which preserves its superview's (the root's) margins.
struct IBTableRootMarginTests {
    static func xml(table: Bool) -> String {
        let root = table ? "tableView" : "view"
        let header = table ? #"key="tableHeaderView" "# : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="32700">
            <device id="retina6_12" orientation="portrait"/>
            <scenes><scene sceneID="s1"><objects>
            <\(table ? "tableViewController" : "viewController") id="vc">
            <\(root) key="view" id="r"><rect key="frame" x="0" y="0" width="393" height="852"/>
            \(table ? "" : "<subviews>")
            <view \(header)preservesSuperviewLayoutMargins="YES" id="h"><rect key="frame" x="0" y="0" width="393" height="100"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="leading" secondItem="h" secondAttribute="leadingMargin" id="tl"/>
            <constraint firstItem="t" firstAttribute="top" secondItem="h" secondAttribute="top" id="tt"/>
            <constraint firstItem="t" firstAttribute="width" constant="10" id="tw"/>
            <constraint firstItem="t" firstAttribute="height" constant="10" id="th"/>
            </constraints>
            </view>
            \(table ? "" : "</subviews>")
            </\(root)>
            </\(table ? "tableViewController" : "viewController")>
            </objects></scene></scenes>
            </document>
            """
    }

    @Test func tableViewRootHasTheTablesMargins() throws {
        #expect(try solve(importOne(Self.xml(table: false)))["t"]?.first == 16)
        #expect(try solve(importOne(Self.xml(table: true)))["t"]?.first == 20)
    }
}

/// A full-screen controller (414×896, status bar 48) with a navigation item and no navigation
/// controller: Xcode 15's files (tools 24127) infer a navigation bar (safe top 48 + 48 = 96),
/// Xcode 16's (32700) do not (48). `a` sits on the safe area's top.
struct IBInferredBarTests {
    static func xml(_ tools: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)">
        <device id="retina6_1" orientation="portrait"/>
        <scenes><scene sceneID="s1"><objects>
        <viewController id="vc">
        <view key="view" id="v"><rect key="frame" x="0" y="0" width="414" height="896"/>
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="96" width="414" height="10"/></view></subviews>
        <viewLayoutGuide key="safeArea" id="sa"/>
        <constraints>
        <constraint firstItem="a" firstAttribute="top" secondItem="sa" secondAttribute="top" id="t"/>
        <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
        <constraint firstAttribute="trailing" secondItem="a" secondAttribute="trailing" id="r"/>
        <constraint firstItem="a" firstAttribute="height" constant="10" id="h"/>
        </constraints>
        </view>
        <navigationItem key="navigationItem" id="ni"/>
        </viewController>
        </objects></scene></scenes>
        </document>
        """
    }

    @Test func navigationItemInfersABarOnlyInXcode15Files() throws {
        let x15 = try IBImporter.importDocument(IBDocument(data: Data(Self.xml("24127").utf8), path: "inline.storyboard"))[0]
        let x16 = try IBImporter.importDocument(IBDocument(data: Data(Self.xml("32700.99.1234").utf8), path: "inline.storyboard"))[0]
        #expect(try solve(x15)["a"] == [0, 96, 414, 10])
        #expect(try solve(x16)["a"] == [0, 48, 414, 10])
    }
}

/// A prototype cell (375 wide, tools 14000) is laid out in its table view, whose side margins
/// (16 at this width) it takes. Its content view asks for margins of 15 at the sides and 8 above
/// and preserves its superview's, so the larger, 16, wins at the sides: `t`, on the margins,
/// is [16, 8, 343, 16].
struct IBPrototypeCellMarginTests {
    @Test func prototypeCellHasItsTablesSideMargins() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <scenes><scene sceneID="s1"><objects>
            <tableViewController id="tvc">
            <tableView key="view" id="tv"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <prototypes>
            <tableViewCell id="cell"><rect key="frame" x="0" y="28" width="375" height="60"/>
            <tableViewCellContentView key="contentView" preservesSuperviewLayoutMargins="YES" id="cv"><rect key="frame" x="0" y="0" width="375" height="60"/>
            <subviews><label text="t" translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="16" y="8" width="343" height="16"/></label></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="tl"/>
            <constraint firstAttribute="trailingMargin" secondItem="t" secondAttribute="trailing" id="tr"/>
            </constraints>
            <edgeInsets key="layoutMargins" top="8" left="15" bottom="8" right="15"/>
            </tableViewCellContentView>
            </tableViewCell>
            </prototypes>
            </tableView>
            </tableViewController>
            </objects></scene></scenes>
            </document>
            """
        let scene = try #require(importText(xml).first { s in s.views.contains { $0.id == "t" } })
        #expect(try solve(scene)["t"] == [16, 8, 343, 16])
    }
}
