import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Views whose frames the constraints leave ambiguous are not comparable; frames by hand.
struct IBAmbiguityTests {
    /// A 300×200 root holding `c` (pinned at (0, 0), 300×60) and `d` (pinned at (0, 100), 40×40).
    /// Inside `c`, `a` and `b` share its width: `a` on its leading edge, `b` 10 after `a` and on its
    /// trailing edge, each at least 50 wide and 60 tall. Any split of the 290 points with both at
    /// least 50 is as good as any other, so `a`'s width and `b`'s x and width are ambiguous: the
    /// stored frames (a 100 wide, b 190) cannot judge the import. `c`, `d` and the root are determined
    /// and compared.
    @Test func viewsTheConstraintsLeaveAmbiguousAreNotComparable() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="0" y="0" width="300" height="60"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="100" height="60"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="110" y="0" width="190" height="60"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="a" firstAttribute="leading" secondItem="c" secondAttribute="leading" id="al"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="c" secondAttribute="top" id="at"/>
            <constraint firstItem="a" firstAttribute="height" constant="60" id="ah"/>
            <constraint firstItem="a" firstAttribute="width" relation="greaterThanOrEqual" constant="50" id="aw"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing" constant="10" id="bl"/>
            <constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="bt"/>
            <constraint firstItem="b" firstAttribute="top" secondItem="c" secondAttribute="top" id="bT"/>
            <constraint firstItem="b" firstAttribute="height" constant="60" id="bh"/>
            <constraint firstItem="b" firstAttribute="width" relation="greaterThanOrEqual" constant="50" id="bw"/>
            </constraints>
            </view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="d"><rect key="frame" x="0" y="100" width="40" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" id="ct"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="cl"/>
            <constraint firstAttribute="trailing" secondItem="c" secondAttribute="trailing" id="cr"/>
            <constraint firstItem="c" firstAttribute="height" constant="60" id="ch"/>
            <constraint firstItem="d" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="dt"/>
            <constraint firstItem="d" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="dl"/>
            <constraint firstItem="d" firstAttribute="width" constant="40" id="dw"/>
            <constraint firstItem="d" firstAttribute="height" constant="40" id="dh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(Set(result.notComparable.keys) == ["a", "b"])
        #expect(result.notComparable["a"]?.message.contains("its width ambiguous") == true)
        #expect(result.notComparable["b"]?.message.contains("its x and width ambiguous") == true)
        #expect(result.unflaggedCount == 3 && result.unflaggedMatching == 3)
        #expect(result.mismatches.allSatisfy { $0.flag?.hasPrefix("not comparable") == true })
    }

    /// A determined layout leaves nothing out: `d` alone, pinned at (0, 100), 40×40.
    @Test func determinedViewsAreCompared() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="d"><rect key="frame" x="0" y="100" width="40" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="d" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="dt"/>
            <constraint firstItem="d" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="dl"/>
            <constraint firstItem="d" firstAttribute="width" constant="40" id="dw"/>
            <constraint firstItem="d" firstAttribute="height" constant="40" id="dh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let result = try importOne(xml).check(backend: CassowaryBackend.self, repair: true)
        #expect(result.notComparable.isEmpty && result.unflaggedCount == 2 && result.unflaggedMatching == 2)
    }
}
