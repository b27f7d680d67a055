import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Legacy.storyboard (tools 11000, iPhone 4.7" 375×667), frames by hand:
/// - DetailViewController is its navigation controller's root: status bar 20 + navigation bar 44,
///   so the top layout guide is 64 long; no tab bar, so the bottom guide is 0 long.
/// - hdr: top = 64 + 8 = 72, leading = root margin 16 (375 < 414), width 80 (intrinsic; `hdrW` is
///   excluded by the default size class, included by widthClass=regular → width 200).
/// - sub: firstBaseline == hdr's baseline (its last: one descender, 0.24 × 17 = 4.08, above its
///   bottom 93, so 88.92); sub is one line of 17 pt, 30 tall, its first baseline 0.355 × 17 =
///   6.035 below its centre: centre 82.885, top 67.885; leading 104.
/// - scr: top = hdr.bottom 93 + 10 = 103, bottom = bottom guide's top 667 → [0, 103, 375, 564];
///   cnt: scroll edges are the content area (legacy rule), width = the scroll view's frame → [0, 103, 375, 1000].
/// - box: both horizontal margins flexible, bottom margin fixed → [100, 600, 175, 40].
/// - pad: width follows the root → [0, 500, 375, 60]; inner at pad's explicit margins (30, 5) → [30, 505, 50, 20].
/// - RowCell: cell [0, 0, 375, 44], content view [0, 0, 375, 43.5], label at the content view's
///   8 pt margins (files before Xcode 10) → [8, 8, 100, 27.5].
struct IBRuleTests {
    @Test func legacyGuidesScrollAutoresizingBaselines() throws {
        let scenes = try IBImporter.importFile(fixture("Legacy.storyboard"))
        #expect(scenes.map(\.name) == ["DetailViewController", "ListViewController", "RowCell"])
        let r = try solve(scenes[0])
        #expect(r["tg"] == [0, 0, 375, 64])
        #expect(r["bg"] == [0, 667, 375, 0])
        #expect(r["hdr"] == [16, 72, 80, 21])
        #expect(near(r["sub"], [104, 67.885, 60, 30]))
        #expect(r["scr"] == [0, 103, 375, 564])
        #expect(r["cnt"] == [0, 103, 375, 1000])
        #expect(r["scr~content"] == [0, 103, 375, 1000])
        #expect(r["box"] == [100, 600, 175, 40])
        #expect(r["pad"] == [0, 500, 375, 60])
        #expect(r["inner"] == [30, 505, 50, 20])
        #expect(try scenes[0].check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }

    @Test func sizeClassVariation() throws {
        let options = IBImportOptions(traits: IBImportOptions.parseTraits("widthClass=regular")!)
        let r = try solve(try IBImporter.importFile(fixture("Legacy.storyboard"), options: options)[0])
        #expect(r["hdr"] == [16, 72, 200, 21])
        #expect(near(r["sub"], [224, 67.885, 60, 30]))
        #expect(IBImportOptions.parseTraits("widthClass=huge") == nil)
    }

    @Test func prototypeCellIsItsOwnScene() throws {
        let cell = try IBImporter.importFile(fixture("Legacy.storyboard"))[2]
        #expect(cell.isCell)
        let r = try solve(cell)
        #expect(r["cell1"] == [0, 0, 375, 44])
        #expect(r["cv1"] == [0, 0, 375, 43.5])
        #expect(r["cl"] == [8, 8, 100, 27.5])
        #expect(try cell.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }

    @Test func replicatedCell() throws {
        let cell = try IBImporter.importFile(fixture("Legacy.storyboard"))[2].replicated(3)
        #expect(cell.scene.views.count == 1 + 3 * 4)
        let r = try solve(cell)
        #expect(r["table"] == [0, 0, 375, 132])
        #expect(r["cl~r2"] == [8, 96, 100, 27.5])
        // Rotating a replicated table turns its width to the screen's height (667) and keeps its length.
        let rotated = try #require(try cell.animated(.rotate, frames: 1, file: "x"))
        #expect(rotated.scene.frames == [[.setConstant(constraint: "table~root-width", value: 667)]])
    }

    @Test func animations() throws {
        let stack = try IBImporter.importFile(fixture("Stack.storyboard"))[0]
        let turning = try #require(try stack.animated(.rotate, frames: 2, file: "x"))
        #expect(turning.scene.presentations == [.transition(duration: 0.4), .transition(duration: 0.4)])
        #expect(turning.scene.frames[0].contains(.setConstant(constraint: "main~root-width", value: 812)))
        #expect(turning.scene.frames[1].contains(.setConstant(constraint: "main~root-width", value: 375)))
        let rotated = try #require(try stack.animated(.resize, frames: 2, file: "x"))
        #expect(rotated.scene.frames.count == 2 && rotated.scene.presentations.isEmpty)
        let last = Set(rotated.scene.frames[1])
        #expect(last.contains(.setConstant(constraint: "main~root-width", value: 812)))
        #expect(last.contains(.setConstant(constraint: "main~root-height", value: 375)))
        #expect(last.contains(.setConstant(constraint: "sa~top", value: 0)))
        #expect(last.contains(.setConstant(constraint: "sa~left", value: 44)))
        #expect(last.contains(.setConstant(constraint: "sa~right", value: -44)))
        #expect(last.contains(.setConstant(constraint: "sa~bottom", value: -21)))
        let byOutlet = try #require(try stack.animated(.outlet(name: "heightConstraint", to: 80), frames: 4, file: "x"))
        #expect(byOutlet.scene.frames.map { $0 } == [50 + 7.5, 65, 72.5, 80].map { [.setConstant(constraint: "b2H", value: $0)] })
        #expect(try stack.animated(.constraint(id: "nope", to: 1), frames: 4, file: "x") == nil)
        let session = try SceneSession(scene: rotated.scene.compile(), backend: CassowaryBackend.self)
        try session.runFrame(0)
        try session.runFrame(1)
        #expect(Array(session.rects[0..<4]) == [0, 0, 812, 375])
    }

    /// A full-screen xib view whose label sits 10 below a safe area the frames put at 47:
    /// the table (status bar 20) gives 30, the frames give 57.
    @Test func environmentFromFrames() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="57" width="375" height="10"/></view></subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="s" secondAttribute="top" constant="10" id="t"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="r"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="h"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        #expect(try solve(importText(xml)[0])["a"] == [0, 30, 375, 10])
        #expect(try solve(importText(xml, options: IBImportOptions(environmentFromFrames: true))[0])["a"] == [0, 57, 375, 10])
    }

    @Test func conflictsAreReportedAndRepaired() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="100" height="100"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/>
            <constraints>
            <constraint firstAttribute="width" constant="10" id="w1"/>
            <constraint firstAttribute="width" constant="20" id="w2"/>
            <constraint firstAttribute="height" constant="10" id="h"/>
            </constraints></view></subviews>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="v" secondAttribute="top" id="t"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        let failing = try scene.check(backend: CassowaryBackend.self, repair: false)
        #expect(failing.conflict?.contains("w1") == true && failing.conflict?.contains("w2") == true)
        let repaired = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(repaired.repairs == ["dropped w2 (conflicts with w1)"])
        #expect(repaired.mismatches.isEmpty)
    }

    /// preservesSuperviewLayoutMargins: `box` (8 pt margins of its own) inside `holder` whose
    /// explicit margins are 40 on the left; box touches holder's left edge, so its left margin
    /// becomes holder's 40. A switch (alignment right inset 2) and a segmented control (bottom 1)
    /// pinned by their alignment rectangles: IB frames 2 wider / 1 taller.
    @Test func preservedMarginsAndAlignmentInsets() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <objects>
            <view id="holder"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" preservesSuperviewLayoutMargins="YES" id="box"><rect key="frame" x="0" y="0" width="300" height="100"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="dot"><rect key="frame" x="40" y="8" width="10" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="dot" firstAttribute="leading" secondItem="box" secondAttribute="leadingMargin" id="dl"/>
            <constraint firstItem="dot" firstAttribute="top" secondItem="box" secondAttribute="topMargin" id="dt"/>
            <constraint firstItem="dot" firstAttribute="width" constant="10" id="dw"/>
            <constraint firstItem="dot" firstAttribute="height" constant="10" id="dh"/>
            </constraints></view>
            <switch translatesAutoresizingMaskIntoConstraints="NO" id="sw"><rect key="frame" x="249" y="120" width="51" height="31"/></switch>
            <segmentedControl translatesAutoresizingMaskIntoConstraints="NO" id="seg"><rect key="frame" x="0" y="160" width="120" height="29"/></segmentedControl>
            </subviews>
            <edgeInsets key="layoutMargins" top="0" left="40" bottom="0" right="0"/>
            <constraints>
            <constraint firstItem="box" firstAttribute="top" secondItem="holder" secondAttribute="top" id="bt"/>
            <constraint firstItem="box" firstAttribute="leading" secondItem="holder" secondAttribute="leading" id="bl"/>
            <constraint firstItem="box" firstAttribute="trailing" secondItem="holder" secondAttribute="trailing" id="br"/>
            <constraint firstItem="box" firstAttribute="height" constant="100" id="bh"/>
            <constraint firstItem="sw" firstAttribute="trailing" secondItem="holder" secondAttribute="trailing" constant="-2" id="swr"/>
            <constraint firstItem="sw" firstAttribute="top" secondItem="holder" secondAttribute="top" constant="120" id="swt"/>
            <constraint firstItem="seg" firstAttribute="leading" secondItem="holder" secondAttribute="leading" id="sgl"/>
            <constraint firstItem="seg" firstAttribute="top" secondItem="holder" secondAttribute="top" constant="160" id="sgt"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        let r = try solve(scene)
        #expect(r["dot"] == [40, 8, 10, 10])
        #expect(r["sw"] == [249, 120, 49, 31])
        #expect(r["seg"] == [0, 160, 120, 28])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}
