import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Views whose stored frames cannot judge the import, decided by general rules; frames by hand.
struct IBComparabilityTests {
    /// A 300×400 root; container `c` pinned to its top, leading and trailing edges with a required
    /// height of 236 (`ch`), but stored 224 tall (a frame Xcode did not update). Inside it, `a` hangs
    /// from its top (10 down, 50×20) and `b` from its bottom (10 up, 50×20, stored at y 194); `e`
    /// sits 8 below it (stored at y 232) and `d` is pinned to the root alone (at y 300). The stored
    /// frames break `ch` by 12 pt, so no layout of the file gives them: solved with `ch` moved to 224,
    /// `c`, `b` and `e` move (they depend on the contradiction) and are not comparable; `a` and `d`
    /// do not move, are still compared and match.
    @Test func viewsDependingOnAStaleFrameAreNotComparable() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="400"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="0" y="0" width="300" height="224"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="10" width="50" height="20"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="194" width="50" height="20"/></view>
            </subviews>
            <constraints>
            <constraint firstAttribute="height" constant="236" id="ch"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="c" secondAttribute="top" constant="10" id="at"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="c" secondAttribute="leading" id="al"/>
            <constraint firstItem="a" firstAttribute="width" constant="50" id="aw"/>
            <constraint firstItem="a" firstAttribute="height" constant="20" id="ah"/>
            <constraint firstAttribute="bottom" secondItem="b" secondAttribute="bottom" constant="10" id="bb"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="c" secondAttribute="leading" id="bl"/>
            <constraint firstItem="b" firstAttribute="width" constant="50" id="bw"/>
            <constraint firstItem="b" firstAttribute="height" constant="20" id="bh"/>
            </constraints>
            </view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="e"><rect key="frame" x="0" y="232" width="40" height="40"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="d"><rect key="frame" x="0" y="300" width="40" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" id="ct"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="cl"/>
            <constraint firstAttribute="trailing" secondItem="c" secondAttribute="trailing" id="cr"/>
            <constraint firstItem="e" firstAttribute="top" secondItem="c" secondAttribute="bottom" constant="8" id="et"/>
            <constraint firstItem="e" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="el"/>
            <constraint firstItem="e" firstAttribute="width" constant="40" id="ew"/>
            <constraint firstItem="e" firstAttribute="height" constant="40" id="eh"/>
            <constraint firstItem="d" firstAttribute="top" secondItem="v" secondAttribute="top" constant="300" id="dt"/>
            <constraint firstItem="d" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="dl"/>
            <constraint firstItem="d" firstAttribute="width" constant="40" id="dw"/>
            <constraint firstItem="d" firstAttribute="height" constant="40" id="dh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(scene.staleConstraints().map(\.id) == ["ch"])
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(Set(result.notComparable.keys) == ["c", "b", "e"])
        #expect(result.notComparable["b"]?.message.contains("required constraint ch by 12 pt") == true)
        #expect(result.unflaggedCount == 3 && result.unflaggedMatching == 3)
        #expect(Set(result.mismatches.map(\.viewID)) == ["c", "b", "e"])
        #expect(result.mismatches.allSatisfy { $0.flag?.hasPrefix("not comparable") == true })
    }

    /// A vertical, fill-aligned stack `s`, 200×50 at (10, 10), arranges `l1` and `l2` (25 tall each).
    /// `l1` keeps its autoresizing mask in the file and is stored 150 wide, a width the stack's fill
    /// alignment does not give (it spans the stack: 200); `l2` is stored 200 wide. The stored frames
    /// break the stack's own rule by 50 pt, so `l1` is not comparable (solved 200 wide); `s` and
    /// `l2` do not depend on it and match.
    @Test func arrangedViewStoredAcrossAWidthItsStackDoesNotGiveIsNotComparable() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="400"/>
            <subviews>
            <stackView axis="vertical" distribution="fillEqually" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="10" y="10" width="200" height="50"/>
            <subviews>
            <view id="l1"><rect key="frame" x="0" y="0" width="150" height="25"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="l2"><rect key="frame" x="0" y="25" width="200" height="25"/></view>
            </subviews>
            </stackView>
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="st"/>
            <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="sl"/>
            <constraint firstItem="s" firstAttribute="width" constant="200" id="sw"/>
            <constraint firstItem="s" firstAttribute="height" constant="50" id="sh"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        #expect(scene.staleConstraints().map(\.id) == ["l1~sv-right"])
        let r = try solve(scene)
        #expect(r["l1"] == [10, 10, 200, 25])
        #expect(r["l2"] == [10, 35, 200, 25])
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(Set(result.notComparable.keys) == ["l1"])
        #expect(result.notComparable["l1"]?.message.contains("required constraint l1~sv-right by 50 pt") == true)
        #expect(result.unflaggedCount == 3 && result.unflaggedMatching == 3)
    }

    /// A 300×400 root: `k`, a view of custom class `Badge` with no intrinsic size in the file, pinned
    /// at (10, 10) and stored 60×30 with nothing sizing it; `m` (20×20) 8 after it, top at 10; `n`
    /// (40×40) pinned at (0, 300); `z`, a plain view pinned at (0, 200) and stored 40×40 with no
    /// size either. The constraints leave `k`, `m` and `z` undetermined. With `k`'s stored size as a
    /// stand-in intrinsic size, `k` and `m` are determined: their frames come from `Badge`'s
    /// run-time size and are not comparable. `z` stays undetermined, no custom class explains it:
    /// its size is ambiguous, so it is not comparable either (see `IBAmbiguityTests`); the root
    /// and `n` match.
    @Test func viewsSizedOnlyByACustomClassAreNotComparable() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="400"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="k" customClass="Badge"><rect key="frame" x="10" y="10" width="60" height="30"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="m"><rect key="frame" x="78" y="10" width="20" height="20"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="n"><rect key="frame" x="0" y="300" width="40" height="40"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="z"><rect key="frame" x="0" y="200" width="40" height="40"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="k" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="kt"/>
            <constraint firstItem="k" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="kl"/>
            <constraint firstItem="m" firstAttribute="leading" secondItem="k" secondAttribute="trailing" constant="8" id="ml"/>
            <constraint firstItem="m" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="mt"/>
            <constraint firstItem="m" firstAttribute="width" constant="20" id="mw"/>
            <constraint firstItem="m" firstAttribute="height" constant="20" id="mh"/>
            <constraint firstItem="n" firstAttribute="top" secondItem="v" secondAttribute="top" constant="300" id="nt"/>
            <constraint firstItem="n" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="nl"/>
            <constraint firstItem="n" firstAttribute="width" constant="40" id="nw"/>
            <constraint firstItem="n" firstAttribute="height" constant="40" id="nh"/>
            <constraint firstItem="z" firstAttribute="top" secondItem="v" secondAttribute="top" constant="200" id="zt"/>
            <constraint firstItem="z" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="zl"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(Set(result.notComparable.keys) == ["k", "m", "z"])
        #expect(result.notComparable["m"]?.message.contains("custom class Badge (k)") == true)
        #expect(result.notComparable["z"]?.message.contains("width and height ambiguous") == true)
        #expect(result.unflaggedCount == 2 && result.unflaggedMatching == 2)
        #expect(result.mismatches.filter { $0.flag == nil }.isEmpty)
    }
}
