import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Intrinsic sizes: the stored frame's, unless IB flags the view (its frame is then not the
/// layout's) and UIKit's size of its class does not depend on content. Frames by hand, in a
/// 300×300 root of a tools-21000 file (Xcode 13):
/// - `big`, a large activity indicator flagged misplaced, stored 50×50, pinned at (10, 10):
///   UIKit's 37×37. `n`, 20×20, 8 after it: x 55.
/// - `med`, a medium indicator, stored 30×30 and not flagged, pinned at (10, 100): its stored
///   size, 30×30.
/// - `bar`, a progress view flagged misplaced, stored 9 tall, pinned at (10, 200), 200 wide:
///   UIKit's 4 (Xcode 12 and later). `s`, a stepper flagged ambiguous, stored 100×40, pinned at
///   (10, 250): 94×32.
struct IBIntrinsicSizeTests {
    @Test func flaggedFixedSizeControlsTakeUIKitsSize() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="300"/>
            <subviews>
            <activityIndicatorView style="large" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="big"><rect key="frame" x="10" y="10" width="50" height="50"/></activityIndicatorView>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="n"><rect key="frame" x="55" y="10" width="20" height="20"/>
            <constraints><constraint firstAttribute="width" constant="20" id="nw"/><constraint firstAttribute="height" constant="20" id="nh"/></constraints></view>
            <activityIndicatorView style="medium" translatesAutoresizingMaskIntoConstraints="NO" id="med"><rect key="frame" x="10" y="100" width="30" height="30"/></activityIndicatorView>
            <progressView misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="bar"><rect key="frame" x="10" y="200" width="200" height="9"/>
            <constraints><constraint firstAttribute="width" constant="200" id="barw"/></constraints></progressView>
            <stepper ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="10" y="250" width="100" height="40"/></stepper>
            </subviews>
            <constraints>
            <constraint firstItem="big" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="bl"/>
            <constraint firstItem="big" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="bt"/>
            <constraint firstItem="n" firstAttribute="leading" secondItem="big" secondAttribute="trailing" constant="8" id="nl"/>
            <constraint firstItem="n" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="nt"/>
            <constraint firstItem="med" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="ml"/>
            <constraint firstItem="med" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="mt"/>
            <constraint firstItem="bar" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="pl"/>
            <constraint firstItem="bar" firstAttribute="top" secondItem="v" secondAttribute="top" constant="200" id="pt"/>
            <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="sl"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" constant="250" id="st"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let r = try solve(importOne(xml))
        #expect(r["big"] == [10, 10, 37, 37] && r["n"] == [55, 10, 20, 20])
        #expect(r["med"] == [10, 100, 30, 30])
        #expect(r["bar"] == [10, 200, 200, 4])
        #expect(r["s"] == [10, 250, 94, 32])
    }
}
