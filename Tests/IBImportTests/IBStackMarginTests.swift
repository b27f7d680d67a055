import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Stack views whose margins Xcode wrote (it writes them only when the arrangement is relative
/// to the margins), frames by hand, root 300×200 (no device size: no safe-area inset):
/// - s, horizontal, spacing 10, directional margins 12/20/12/20, pinned left, top, right:
///   a (100×30) at (20, 12), b (30 tall, width free) from 130 to 300 − 20 = 280; the stack is
///   30 + 12 + 12 = 54 tall.
/// - t, vertical, margins left 14, 6 below s: c (20 tall) at (14, 60), 300 − 14 = 286 wide.
struct IBStackMarginTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
        <objects>
        <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
        <subviews>
        <stackView spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0" width="300" height="54"/>
        <subviews>
        <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="20" y="12" width="100" height="30"/>
        <constraints><constraint firstAttribute="width" constant="100" id="aw"/><constraint firstAttribute="height" constant="30" id="ah"/></constraints></view>
        <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="130" y="12" width="150" height="30"/>
        <constraints><constraint firstAttribute="height" constant="30" id="bh"/></constraints></view>
        </subviews>
        <directionalEdgeInsets key="directionalLayoutMargins" top="12" leading="20" bottom="12" trailing="20"/>
        </stackView>
        <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="60" width="300" height="20"/>
        <subviews>
        <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="14" y="0" width="286" height="20"/>
        <constraints><constraint firstAttribute="height" constant="20" id="ch"/></constraints></view>
        </subviews>
        <edgeInsets key="layoutMargins" top="0.0" left="14" bottom="0.0" right="0.0"/>
        </stackView>
        </subviews>
        <constraints>
        <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" id="st"/>
        <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="sl"/>
        <constraint firstAttribute="trailing" secondItem="s" secondAttribute="trailing" id="sr"/>
        <constraint firstItem="t" firstAttribute="top" secondItem="s" secondAttribute="bottom" constant="6" id="tt"/>
        <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="tl"/>
        <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
        </constraints>
        </view>
        </objects>
        </document>
        """

    @Test func arrangementInsetByTheMarginsXcodeWrote() throws {
        let scene = try importOne(Self.xml)
        let r = try solve(scene)
        #expect(r["s"] == [0, 0, 300, 54])
        #expect(r["a"] == [20, 12, 100, 30])
        #expect(r["b"] == [130, 12, 150, 30])
        #expect(r["t"] == [0, 60, 300, 20])
        #expect(r["c"] == [14, 60, 286, 20])
    }
}

/// A stack view that preserves its superview's margins (frames by hand, root 300×200): its own
/// margins are 4 above and below and 8 at the sides, arranged relative to them.
/// - p, the first arranged view of q, a vertical stack with no margins of its own to pass on
///   (it does not arrange relative to them): d (20 tall) at (8, 4), 284 wide; p and q 28 tall.
/// - p2, pinned to the edges of w, a plain view (UIView's 8 pt margins), at y 100: w's margins
///   reach into p2 and win over its own 4 above and below: d2 at (8, 108), 284 wide; p2 and w
///   36 tall.
struct IBPreservedStackMarginTests {
    @Test func aStackPassesOnNoMarginsItDoesNotArrangeBy() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="q"><rect key="frame" x="0" y="0" width="300" height="28"/>
            <subviews>
            <stackView axis="vertical" preservesSuperviewLayoutMargins="YES" layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="0" y="0" width="300" height="28"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="d"><rect key="frame" x="8" y="4" width="284" height="20"/>
            <constraints><constraint firstAttribute="height" constant="20" id="dh"/></constraints></view>
            </subviews>
            <edgeInsets key="layoutMargins" top="4" left="8" bottom="4" right="8"/>
            </stackView>
            </subviews>
            </stackView>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="w"><rect key="frame" x="0" y="100" width="300" height="36"/>
            <subviews>
            <stackView axis="vertical" preservesSuperviewLayoutMargins="YES" layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="p2"><rect key="frame" x="0" y="0" width="300" height="36"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="d2"><rect key="frame" x="8" y="8" width="284" height="20"/>
            <constraints><constraint firstAttribute="height" constant="20" id="d2h"/></constraints></view>
            </subviews>
            <edgeInsets key="layoutMargins" top="4" left="8" bottom="4" right="8"/>
            </stackView>
            </subviews>
            <constraints>
            <constraint firstItem="p2" firstAttribute="top" secondItem="w" secondAttribute="top" id="p2t"/>
            <constraint firstItem="p2" firstAttribute="leading" secondItem="w" secondAttribute="leading" id="p2l"/>
            <constraint firstAttribute="trailing" secondItem="p2" secondAttribute="trailing" id="p2r"/>
            <constraint firstAttribute="bottom" secondItem="p2" secondAttribute="bottom" id="p2b"/>
            </constraints>
            </view>
            </subviews>
            <constraints>
            <constraint firstItem="q" firstAttribute="top" secondItem="v" secondAttribute="top" id="qt"/>
            <constraint firstItem="q" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="ql"/>
            <constraint firstAttribute="trailing" secondItem="q" secondAttribute="trailing" id="qr"/>
            <constraint firstItem="w" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="wt"/>
            <constraint firstItem="w" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="wl"/>
            <constraint firstAttribute="trailing" secondItem="w" secondAttribute="trailing" id="wr"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        let r = try solve(scene)
        #expect(r["q"] == [0, 0, 300, 28])
        #expect(r["p"] == [0, 0, 300, 28])
        #expect(r["d"] == [8, 4, 284, 20])
        #expect(r["w"] == [0, 100, 300, 36])
        #expect(r["p2"] == [0, 100, 300, 36])
        #expect(r["d2"] == [8, 108, 284, 20])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}
