import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Views UIKit places itself or draws without a size, frames by hand.
struct IBPlacedByUIKitTests {
    /// A 320×44 table cell whose `accessoryView` outlet names a switch (51×31 at (100, 6), no
    /// constraints, alignment rectangle 2 pt narrower on the right): the cell places it, so it keeps
    /// its stored frame, [100, 6, 49, 31], where nothing would hold it under Auto Layout.
    @Test func cellAccessoryViewKeepsItsStoredFrame() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <tableViewCell id="cell"><rect key="frame" x="0" y="0" width="320" height="44"/>
            <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="320" height="44"/>
            <subviews>
            <switch translatesAutoresizingMaskIntoConstraints="NO" id="sw"><rect key="frame" x="100" y="6" width="51" height="31"/>
            <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxY="YES"/></switch>
            </subviews>
            </tableViewCellContentView>
            <connections><outlet property="accessoryView" destination="sw" id="o1"/></connections>
            </tableViewCell>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(scene.views.first { $0.id == "sw" }?.role == .autoresizing)
        #expect(try solve(scene)["sw"] == [100, 6, 49, 31])
    }

    /// A vertical centre-aligned stack, 200 wide at the root's top: `a` (a label, 50×20) and `h`, a
    /// hidden label with no intrinsic width (`placeholderIntrinsicWidth="infinite"`). Collapsed
    /// along the axis and with nothing to size it across, Xcode draws `h` 0×0 on the stack's
    /// centre line after `a`: [100, 20, 0, 0].
    @Test func hiddenArrangedViewHasNoSizeAcross() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="200" height="300"/>
            <subviews>
            <stackView axis="vertical" alignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0" width="200" height="20"/>
            <subviews>
            <label text="a" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="75" y="0" width="50" height="20"/></label>
            <label hidden="YES" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="17" text="" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="100" y="20" width="0" height="0"/></label>
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
        let r = try solve(importOne(xml))
        #expect(r["a"] == [75, 0, 50, 20])
        #expect(r["h"] == [100, 20, 0, 0])
        #expect(r["s"] == [0, 0, 200, 20])
    }

    /// Stored frames that break the file's own required constraint: `a` is stored 40 tall where its
    /// constraint says 30 (a frame Xcode did not update). `--check`'s likely cause for `a` names the
    /// constraint and by how much; `b`, which follows `a`, is told the stale frame is elsewhere.
    @Test func staleStoredFrameIsNamed() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="200" height="300"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="200" height="40"/>
            <constraints><constraint firstAttribute="height" constant="30" id="ah"/></constraints></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="40" width="200" height="10"/>
            <constraints><constraint firstAttribute="height" constant="10" id="bh"/></constraints></view>
            </subviews>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="v" secondAttribute="top" id="at"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="al"/>
            <constraint firstAttribute="trailing" secondItem="a" secondAttribute="trailing" id="ar"/>
            <constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" id="bt"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="bl"/>
            <constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="br"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let stale = scene.staleConstraints()
        #expect(stale.map(\.id) == ["ah"])
        #expect(stale.first?.broken == 10)
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.mismatches.map(\.viewID) == ["a", "b"])
        #expect(scene.likelyCauses(of: "a", dropped: []) == ["stale stored frame: IB's frames break required constraint ah (a) by 10 pt"])
        #expect(scene.likelyCauses(of: "b", dropped: []) == ["elsewhere: stale stored frame: IB's frames break required constraint ah (a) by 10 pt"])
    }
}
