import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Hand-written files whose required constraints conflict: the constraint UIKit breaks is the
/// one being added when the conflict appears, in install order (environment, intrinsic sizes,
/// stack arrangement, the file's constraints in document order, stack hiding last).
struct IBConflictTests {
    /// A horizontal fill stack `s` at (10, 10), its height 40 set by the file, arranges `a` (50
    /// wide, the file asks 16 tall) and, 8 after it, `y`, the `chevron.right` symbol (10 wide, the
    /// file asks 52 tall), stored at y 2 in the stack and 36.5 tall. The stack's fill alignment
    /// wins both conflicts: `ah` and `yh` are broken, `a` is [10, 10, 50, 40] and `y`'s alignment
    /// rectangle spans the stack, [68, 10, 10, 40]. Its vertical insets are read off the stack's
    /// edges, not off the broken height: −2 above, −1.5 below (its frame stays [68, 12, 10, 36.5]).
    @Test func stackArrangementWinsOverTheFilesConstraint() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="100"/>
            <subviews>
            <stackView spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="10" y="10" width="68" height="40"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="50" height="40"/>
            <constraints>
            <constraint firstAttribute="width" constant="50" id="aw"/>
            <constraint firstAttribute="height" constant="16" id="ah"/>
            </constraints></view>
            <imageView contentMode="scaleAspectFit" image="chevron.right" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="y"><rect key="frame" x="58" y="2" width="10" height="36.5"/>
            <constraints>
            <constraint firstAttribute="height" constant="52" id="yh"/>
            <constraint firstAttribute="width" constant="10" id="yw"/>
            </constraints></imageView>
            </subviews></stackView>
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="st"/>
            <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="sl"/>
            <constraint firstItem="s" firstAttribute="height" constant="40" id="sh"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        #expect(scene.views.first { $0.id == "y" }?.alignmentInsets == IBInsets(top: -2, left: 0, bottom: -1.5, right: 0))
        #expect(scene.views.first { $0.id == "y" }?.alignmentWindow == IBRect(x: 68, y: 10, width: 10, height: 40))
        // No mismatch: the solve puts `a` and `y`'s alignment rectangle where IB stored them.
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.dropped == ["ah", "yh"])
        #expect(result.mismatches.isEmpty)
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).conflict != nil)
        #expect(scene.unsupported == [
            "<imageView id=\"y\"> (line 13): SF Symbol image \"chevron.right\": alignment insets unknown (horizontal: frame taken as the alignment rectangle)",
        ])
    }

    /// A vertical fill stack at the root's top (200 wide): a (height 40), h (hidden, its own
    /// required height 50), b (height 30). Collapsing h conflicts with its height: the hiding
    /// constraint comes last and is broken, so h keeps 50 where Xcode draws a hidden view
    /// (after a, half the spacing 0 → y 40); b follows a: [0, 40, 200, 30].
    static let hiddenInStack = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
        <objects>
        <view id="v"><rect key="frame" x="0" y="0" width="200" height="300"/>
        <subviews>
        <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0" width="200" height="70"/>
        <subviews>
        <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="200" height="40"/>
        <constraints><constraint firstAttribute="height" constant="40" id="ah"/></constraints></view>
        <view hidden="YES" translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="0" y="40" width="200" height="50"/>
        <constraints><constraint firstAttribute="height" constant="50" id="hh"/></constraints></view>
        <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="40" width="200" height="30"/>
        <constraints><constraint firstAttribute="height" constant="30" id="bh"/></constraints></view>
        </subviews></stackView>
        </subviews>
        <constraints>
        <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" id="st"/>
        <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="sl"/>
        <constraint firstAttribute="trailing" secondItem="s" secondAttribute="trailing" id="sr"/>
        </constraints>
        </view>
        </objects>
        </document>
        """

    @Test func hiddenArrangedViewKeepsItsRequiredSize() throws {
        let scene = try importText(Self.hiddenInStack)[0]
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.dropped == ["h~sv-hidden"])
        #expect(result.repairs == ["dropped h~sv-hidden (conflicts with hh)"])
        #expect(result.mismatches.isEmpty)
        let strict = try scene.check(backend: CassowaryBackend.self, repair: false)
        #expect(strict.conflict != nil)
        #expect(strict.dropped.isEmpty)
    }

    /// An image view (asset image, 100×50 in IB) that hugs its height at 1000, with the file's
    /// width 100 and aspect 1:1: the aspect is installed after the intrinsic size and is the one
    /// broken, so the image keeps its 50 pt height: [0, 0, 100, 50].
    @Test func fileConstraintBrokenBeforeARequiredIntrinsicSize() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="300"/>
            <subviews>
            <imageView verticalHuggingPriority="1000" image="photo" translatesAutoresizingMaskIntoConstraints="NO" id="img">
            <rect key="frame" x="0" y="0" width="100" height="50"/>
            <constraints>
            <constraint firstAttribute="width" constant="100" id="w"/>
            <constraint firstAttribute="width" secondItem="img" secondAttribute="height" multiplier="1:1" id="aspect"/>
            </constraints></imageView>
            </subviews>
            <constraints>
            <constraint firstItem="img" firstAttribute="top" secondItem="v" secondAttribute="top" id="t"/>
            <constraint firstItem="img" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.dropped == ["aspect"])
        #expect(result.mismatches.isEmpty)
    }

    /// `a` is pinned 60 below the top and 60 above the bottom of a 100 pt root: −20 tall. Sizes
    /// are not negative, so `a.height >= 0` is added with the surroundings and the bottom pin,
    /// installed after the top one, is the constraint broken; `a` keeps its 10 pt height (500):
    /// [0, 60, 100, 10].
    @Test func negativeSizeGetsANonNegativeConstraint() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="100" height="100"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="60" width="100" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="v" secondAttribute="top" constant="60" id="t"/>
            <constraint firstAttribute="bottom" secondItem="a" secondAttribute="bottom" constant="60" id="b"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="r"/>
            <constraint firstItem="a" firstAttribute="height" priority="500" constant="10" id="h"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.added.map(\.id) == ["a~nonnegative-height"])
        #expect(result.dropped == ["b"])
        #expect(result.mismatches.isEmpty)
    }
}
