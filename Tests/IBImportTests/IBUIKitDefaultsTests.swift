import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// UIKit behaviours the import follows where the file leaves them implicit, each on a small
/// hand-written file with frames computed by hand.
struct IBUIKitDefaultsTests {
    /// fillProportionally, 149 wide, a label 100 wide and a switch whose frame is 51 wide but whose
    /// alignment rectangle (what Auto Layout sizes) is 49: sizes in the ratio 100 : 49 fill the
    /// 149 exactly, label [0, 0, 100, 31], switch's alignment rectangle [100, 0, 49, 31]. In the
    /// frames' ratio 100 : 51 the label would be 149 / 1.51 = 98.68 wide.
    @Test func fillProportionallyUsesAlignmentRectangles() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <objects>
            <view id="root"><rect key="frame" x="0" y="0" width="300" height="100"/>
            <subviews>
            <stackView distribution="fillProportionally" translatesAutoresizingMaskIntoConstraints="NO" id="S"><rect key="frame" x="0" y="0" width="151" height="31"/>
            <subviews>
            <label text="On" translatesAutoresizingMaskIntoConstraints="NO" id="L"><rect key="frame" x="0" y="0" width="100" height="31"/></label>
            <switch contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="W"><rect key="frame" x="100" y="0" width="51" height="31"/></switch>
            </subviews></stackView>
            </subviews>
            <constraints>
            <constraint firstItem="S" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="S-l"/>
            <constraint firstItem="S" firstAttribute="top" secondItem="root" secondAttribute="top" id="S-t"/>
            <constraint firstItem="S" firstAttribute="width" constant="149" id="S-w"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let r = try solve(importOne(xml))
        #expect(r["L"] == [0, 0, 100, 31])
        #expect(r["W"] == [100, 0, 49, 31])
    }

    /// A full-screen 375×667 xib view (status bar 20: its safe area starts at 20) holds a container
    /// view `C`, 100 tall, whose top margin is on the safe area's top. `C` is an ordinary view
    /// (margins 8) and the status bar covers its part inside the root, 20 pt: from y = −8 its
    /// margin starts at −8 + 8 + 20 = 20. Measured from the safe area instead (20 − (−8) = 28)
    /// the margin would start at 28 wherever `C` is, and the constraint could not hold.
    @Test func viewPastTheRootIsInsetByTheCoveredPartOnly() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews>
            <containerView translatesAutoresizingMaskIntoConstraints="NO" id="C"><rect key="frame" x="0" y="-8" width="375" height="100"/></containerView>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="C" firstAttribute="topMargin" secondItem="s" secondAttribute="top" id="t"/>
            <constraint firstItem="C" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            <constraint firstItem="C" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="r"/>
            <constraint firstItem="C" firstAttribute="height" constant="100" id="h"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(try solve(scene)["C"] == [0, -8, 375, 100])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }

    /// A freeform 600×44 xib view on the 4.7" iPhone, `b` (44 tall) centred on its safe area: in a
    /// file with safe-area guides the status bar (20) insets the safe area to [20, 44], centre 32,
    /// so `b` is at y = 10 (device table); with `simulatedStatusBarMetrics` nil, in a file
    /// without safe-area guides, or in a file from before Xcode 13 (tools version 18122) on an
    /// iPhone without a notch, the safe area is the whole view and `b` is at y = 0.
    @Test func freeformXibViewHasTheStatusBarInset() throws {
        func xml(safeAreas: Bool, noStatusBar: Bool, tools: Int = 23504, device: String = "retina4_7") -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" \(safeAreas ? "useSafeAreas=\"YES\"" : "")>
            <device id="\(device)" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="600" height="44"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="10" width="600" height="44"/></view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="b" firstAttribute="centerY" secondItem="s" secondAttribute="centerY" id="c"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="s" secondAttribute="leading" id="l"/>
            <constraint firstItem="s" firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="r"/>
            <constraint firstItem="b" firstAttribute="height" constant="44" id="h"/>
            </constraints>
            \(noStatusBar ? "<nil key=\"simulatedStatusBarMetrics\"/>" : "")
            <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
            </objects>
            </document>
            """
        }
        #expect(try solve(importOne(xml(safeAreas: true, noStatusBar: false)))["b"] == [0, 10, 600, 44])
        #expect(try solve(importOne(xml(safeAreas: true, noStatusBar: true)))["b"] == [0, 0, 600, 44])
        #expect(try solve(importOne(xml(safeAreas: false, noStatusBar: false)))["b"] == [0, 0, 600, 44])
        #expect(try solve(importOne(xml(safeAreas: true, noStatusBar: false, tools: 18122)))["b"] == [0, 0, 600, 44])
        // On a notched iPhone the same file shows its 44-pt status bar: the safe area's edges are
        // 44 below the top and 34 (the home indicator) above the bottom, its centre at 27, `b` at 5.
        #expect(try solve(importOne(xml(safeAreas: true, noStatusBar: false, tools: 18122, device: "retina6_1")))["b"] == [0, 5, 600, 44])
    }

    /// A controller under an opaque navigation bar on the 4.7" iPhone (no device element: the
    /// default), its root stored at y 0 and 667 − 20 − 44 = 603 tall: laid out below the bar, its
    /// top layout guide is 0 long and `t`, 10 below the guide, is at y = 10. With
    /// `extendedLayoutIncludesOpaqueBars="YES"` the table keeps the bar's 44 (no status bar for a
    /// root shorter than the screen that simulates a top bar): `t` at 54.
    @Test func rootBelowAnOpaqueBarHasNoTopInset() throws {
        func xml(extended: Bool) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14109">
            <scenes><scene sceneID="s1"><objects>
            <viewController \(extended ? "extendedLayoutIncludesOpaqueBars=\"YES\"" : "") id="vc">
            <layoutGuides>
            <viewControllerLayoutGuide type="top" id="tg"/>
            <viewControllerLayoutGuide type="bottom" id="bg"/>
            </layoutGuides>
            <view key="view" id="v"><rect key="frame" x="0" y="0" width="375" height="603"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="10" width="375" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="tg" secondAttribute="bottom" constant="10" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="tl"/>
            <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
            <constraint firstItem="t" firstAttribute="height" constant="40" id="th"/>
            </constraints>
            </view>
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>
            </viewController>
            </objects></scene></scenes>
            </document>
            """
        }
        func scene(_ x: String) throws -> IBImportedScene {
            try IBImporter.importDocument(IBDocument(data: Data(x.utf8), path: "inline.storyboard"))[0]
        }
        #expect(try solve(scene(xml(extended: false)))["t"] == [0, 10, 375, 40])
        #expect(try solve(scene(xml(extended: true)))["t"] == [0, 54, 375, 40])
    }

    /// The same under a safe area on the 375×812 iPhone: its root is the screen less the status
    /// bar the file's Xcode shows and the 44-pt bar, 812 − 44 − 44 = 724 tall in a file of tools
    /// 20037 and 812 − 50 − 44 = 718 in one of 21701 (iOS 16's 50-pt bar). Either way it is laid
    /// out below the bar: its safe area starts at its top and `t`, 10 below it, is at y = 10. A
    /// 718-tall root in the older file is not the screen less its bars, so it keeps the bar's
    /// 44 (`t` at 54).
    @Test func rootBelowAnOpaqueBarMeasuresTheStatusBarOfItsXcode() throws {
        func t(tools: Int, height: Int) throws -> [Double]? {
            try topViewFrame(controllerWithTopView(
                tools: tools, device: "retina5_9", width: 375, height: height,
                controllerExtra: #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>"#))
        }
        #expect(try t(tools: 21701, height: 718) == [0, 10, 375, 40])
        #expect(try t(tools: 20037, height: 724) == [0, 10, 375, 40])
        #expect(try t(tools: 20037, height: 718) == [0, 54, 375, 40])
    }

    /// A controller's root taller than the screen (a freeform page that scrolls) shows the status
    /// bar as a screen-sized root does: `t`, 10 below the safe area's top, is 20 + 10 down on the
    /// 4.7-inch iPhone and 47 + 10 on the 390×844 one (Xcode 14.1 on); a root shorter than the
    /// screen by no bar's height keeps none.
    @Test func rootTallerThanTheScreenShowsTheStatusBar() throws {
        func t(device: String, width: Int, height: Int) throws -> Double? {
            try topViewFrame(controllerWithTopView(tools: 23504, device: device, width: width, height: height))?[1]
        }
        #expect(try t(device: "retina4_7", width: 375, height: 1500) == 30)
        #expect(try t(device: "retina6_0", width: 390, height: 1844) == 57)
        #expect(try t(device: "retina4_7", width: 375, height: 667) == 30)
        #expect(try t(device: "retina4_7", width: 375, height: 500) == 10)
    }

    /// A 414×630 table cell on the 6.1" iPhone (home indicator 34) in an Xcode 15 file: the cell
    /// lives in a table view, whose content inset takes the vertical safe-area insets, so the
    /// content view's safe area is its whole height and `b`, pinned 10 above the safe area's
    /// bottom, is at 630 − 10 − 20 = 600.
    @Test func cellHasNoVerticalSafeAreaInsets() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="24412" useSafeAreas="YES">
            <device id="retina6_1" orientation="portrait"/>
            <objects>
            <tableViewCell id="cell"><rect key="frame" x="0" y="0" width="414" height="630"/>
            <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="414" height="630"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="600" width="414" height="20"/></view></subviews>
            <viewLayoutGuide key="safeArea" id="sa"/>
            <constraints>
            <constraint firstItem="sa" firstAttribute="bottom" secondItem="b" secondAttribute="bottom" constant="10" id="bb"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="cv" secondAttribute="leading" id="bl"/>
            <constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="br"/>
            <constraint firstItem="b" firstAttribute="height" constant="20" id="bh"/>
            </constraints>
            </tableViewCellContentView>
            </tableViewCell>
            </objects>
            </document>
            """
        #expect(try solve(importOne(xml))["b"] == [0, 600, 414, 20])
    }

    /// A table cell drawn 380 wide on the 414-pt-wide 6.1" iPhone: its content view takes the
    /// table view's side margins, the screen's 20 (not the 16 of a 380-pt view), so `t` on the
    /// leading margin is at x = 20 and, on the trailing one, 380 − 20 − 20 = 340 wide.
    @Test func cellNarrowerThanTheScreenHasTheScreensMargins() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="16096">
            <device id="retina6_1" orientation="portrait"/>
            <objects>
            <tableViewCell id="cell"><rect key="frame" x="0" y="0" width="380" height="60"/>
            <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="380" height="60"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="20" y="20" width="340" height="20"/></view></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="tl"/>
            <constraint firstAttribute="trailingMargin" secondItem="t" secondAttribute="trailing" id="tr"/>
            <constraint firstItem="t" firstAttribute="top" secondItem="cv" secondAttribute="top" constant="20" id="tt"/>
            <constraint firstItem="t" firstAttribute="height" constant="20" id="th"/>
            </constraints>
            </tableViewCellContentView>
            </tableViewCell>
            </objects>
            </document>
            """
        #expect(try solve(importOne(xml))["t"] == [20, 20, 340, 20])
    }

    /// Controller A simulates a navigation bar (it is shown in a navigation controller the file
    /// does not hold); its show segue pushes B onto the same one, so B's full-screen root on the
    /// 4.7" iPhone has status bar and navigation bar above it: safe area from 20 + 44 = 64, where
    /// `t` sits.
    @Test func showSegueFromAControllerUnderANavigationBarInfersTheBar() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <scenes>
            <scene sceneID="s1"><objects>
            <viewController id="A">
            <view key="view" id="va"><rect key="frame" x="0" y="0" width="375" height="667"/></view>
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
            <connections><segue destination="B" kind="show" id="sg"/></connections>
            </viewController>
            </objects></scene>
            <scene sceneID="s2"><objects>
            <viewController id="B">
            <view key="view" id="vb"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="64" width="375" height="10"/></view></subviews>
            <viewLayoutGuide key="safeArea" id="sa"/>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="sa" secondAttribute="top" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="vb" secondAttribute="leading" id="tl"/>
            <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
            <constraint firstItem="t" firstAttribute="height" constant="10" id="th"/>
            </constraints>
            </view>
            </viewController>
            </objects></scene>
            </scenes>
            </document>
            """
        let scenes = try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.storyboard"))
        let b = try #require(scenes.first { $0.scene.views.contains { $0.id == "t" } })
        #expect(try solve(b)["t"] == [0, 64, 375, 10])
    }
}

/// A switch and a segmented control stored on their own (top-level objects of a storyboard or a
/// xib, placed by their frames): each root is compared by its frame, 51×31 and 212×33, not by
/// its class's alignment rectangle (49×31, 212×32), which only Auto Layout placing it would use.
struct IBRootAlignmentTests {
    @Test func rootControlsAreComparedByTheirFrames() throws {
        let xml = ibDocument(toolsVersion: 22505, device: "retina4_0", """
            <switch opaque="NO" contentMode="scaleToFill" on="YES" id="s"><rect key="frame" x="0" y="0" width="51" height="31"/></switch>
            <segmentedControl opaque="NO" contentMode="scaleToFill" selectedSegmentIndex="0" id="g"><rect key="frame" x="0" y="-1" width="212" height="33"/>
            <segments><segment title="A"/><segment title="B"/></segments></segmentedControl>
            """)
        let scenes = try importText(xml)
        #expect(scenes.count == 2)
        for scene in scenes {
            let result = try scene.check(backend: CassowaryBackend.self, repair: false)
            #expect(result.mismatches.isEmpty)
            #expect(result.unflaggedMatching == 1)
        }
        #expect(try solve(scenes[0])["s"] == [0, 0, 51, 31])
        #expect(try solve(scenes[1])["g"] == [0, 0, 212, 33])
    }
}

/// A storyboard of one controller whose root (`width` × `height` on `device`) holds `t`, 40 tall,
/// 10 below the safe area's top and as wide as the root; `controllerExtra` goes in the controller
/// (a simulated bar).
private func controllerWithTopView(tools: Int, device: String, width: Int, height: Int, controllerExtra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" useSafeAreas="YES">
    <device id="\(device)" orientation="portrait"/>
    <scenes><scene sceneID="s1"><objects>
    <viewController id="vc">
    \(rootWithTopView(root: "v", prefix: "", width: width, height: height, storedY: 10))
    \(controllerExtra)
    </viewController>
    </objects></scene></scenes>
    </document>
    """
}

/// `t`'s solved frame in `xml`.
private func topViewFrame(_ xml: String) throws -> [Double]? {
    try solve(IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "inline.storyboard"))[0])["t"]
}
