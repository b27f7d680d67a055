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
