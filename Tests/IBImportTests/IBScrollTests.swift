import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Scroll views' content, frames by hand.
struct IBScrollTests {
    /// A full-screen 375×812 xib view (safe area 44 above, 34 below) filled by a scroll view;
    /// `box` lies in the content at y 800, 100 tall, and `m` fills box's margins (8 pt). The scroll
    /// view's adjusted content inset takes the vertical safe-area insets, so box's margins are
    /// not pushed up by the home indicator: m = [8, 808, 359, 84].
    @Test func contentMarginsIgnoreTheVerticalSafeArea() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina5_9" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="812"/>
            <subviews>
            <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sc"><rect key="frame" x="0" y="0" width="375" height="812"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="box"><rect key="frame" x="0" y="800" width="375" height="100"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="m"><rect key="frame" x="8" y="8" width="359" height="84"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="m" firstAttribute="leading" secondItem="box" secondAttribute="leadingMargin" id="ml"/>
            <constraint firstItem="m" firstAttribute="top" secondItem="box" secondAttribute="topMargin" id="mt"/>
            <constraint firstAttribute="trailingMargin" secondItem="m" secondAttribute="trailing" id="mr"/>
            <constraint firstAttribute="bottomMargin" secondItem="m" secondAttribute="bottom" id="mb"/>
            <constraint firstAttribute="width" constant="375" id="bw"/>
            <constraint firstAttribute="height" constant="100" id="bh"/>
            </constraints>
            </view>
            </subviews>
            <constraints>
            <constraint firstItem="box" firstAttribute="top" secondItem="sc" secondAttribute="top" constant="800" id="bt"/>
            <constraint firstItem="box" firstAttribute="leading" secondItem="sc" secondAttribute="leading" id="bl"/>
            <constraint firstAttribute="bottom" secondItem="box" secondAttribute="bottom" id="bb"/>
            <constraint firstAttribute="trailing" secondItem="box" secondAttribute="trailing" id="br"/>
            </constraints>
            </scrollView>
            </subviews>
            <constraints>
            <constraint firstItem="sc" firstAttribute="top" secondItem="v" secondAttribute="top" id="st"/>
            <constraint firstItem="sc" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="sl"/>
            <constraint firstAttribute="trailing" secondItem="sc" secondAttribute="trailing" id="sr"/>
            <constraint firstAttribute="bottom" secondItem="sc" secondAttribute="bottom" id="sb"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        let r = try solve(scene)
        #expect(r["sc"] == [0, 0, 375, 812])
        #expect(r["box"] == [0, 800, 375, 100])
        #expect(r["m"] == [8, 808, 359, 84])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}
