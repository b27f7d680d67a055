import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Baselines of multi-line labels, frames by hand (font 20 pt: ascender 19, descender 4.8,
/// a single line's baselines 0.355 × 20 = 7.1 below its centre):
/// - c, 28×28 at (16, 20): centre 34.
/// - l, multi-line (numberOfLines 0), 100×50: its first baseline on c's centre, so its top is
///   34 − 19 = 15; 10 after c: x 54. Its last baseline is 15 + 50 − 4.8 = 60.2.
/// - k, one line, 50×24, baseline on l's last baseline: centre 60.2 − 7.1 = 53.1, top 41.1; x 162.
struct IBBaselineTests {
    @Test func multiLineLabelBaselinesAtTopAndBottom() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="16" y="20" width="28" height="28"/></view>
            <label text="l" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="54" y="15" width="100" height="50"/>
            <fontDescription key="fontDescription" type="system" pointSize="20"/></label>
            <label text="k" translatesAutoresizingMaskIntoConstraints="NO" id="k"><rect key="frame" x="162" y="41.1" width="50" height="24"/>
            <fontDescription key="fontDescription" type="system" pointSize="20"/></label>
            </subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="cl"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" constant="20" id="ct"/>
            <constraint firstItem="c" firstAttribute="width" constant="28" id="cw"/>
            <constraint firstItem="c" firstAttribute="height" constant="28" id="ch"/>
            <constraint firstItem="l" firstAttribute="firstBaseline" secondItem="c" secondAttribute="centerY" id="lb"/>
            <constraint firstItem="l" firstAttribute="leading" secondItem="c" secondAttribute="trailing" constant="10" id="ll"/>
            <constraint firstItem="l" firstAttribute="width" constant="100" id="lw"/>
            <constraint firstItem="l" firstAttribute="height" constant="50" id="lh"/>
            <constraint firstItem="k" firstAttribute="baseline" secondItem="l" secondAttribute="lastBaseline" id="kb"/>
            <constraint firstItem="k" firstAttribute="leading" secondItem="l" secondAttribute="trailing" constant="8" id="kl"/>
            <constraint firstItem="k" firstAttribute="width" constant="50" id="kw"/>
            <constraint firstItem="k" firstAttribute="height" constant="24" id="kh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let r = try solve(scene)
        #expect(r["l"] == [54, 15, 100, 50])
        let k = try #require(r["k"])
        #expect(k[0] == 162 && abs(k[1] - 41.1) < 1e-9 && k[2] == 50 && k[3] == 24)
    }
}

/// A stack's baseline is its arranged view's (frames by hand): horizontal stack `h`, last-baseline
/// aligned, at the root's top-left, holds `big` (one line, 30×48; pointSize 45, but 40 in the
/// variation for the iPhone's compact width and regular height: baseline 24 + 0.355 × 40 = 38.2
/// below its top) and `vs`, a vertical stack (100×50) of `t` (20 tall) and `u` (multi-line,
/// pointSize 10, 30 tall): vs's last baseline is u's, 50 − 0.24 × 10 = 47.6 below vs's top. So
/// `big` sits 47.6 − 38.2 = 9.4 below `vs`, which is on the stack's top: big [0, 9.4, 30, 48],
/// vs [30, 0, 100, 50], h 57.4 tall.
struct IBStackBaselineTests {
    @Test func nestedStackForwardsItsLastArrangedViewsBaseline() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <stackView alignment="lastBaseline" translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="0" y="0" width="130" height="57.4"/>
            <subviews>
            <label text="0" translatesAutoresizingMaskIntoConstraints="NO" id="big"><rect key="frame" x="0" y="9.4" width="30" height="48"/>
            <fontDescription key="fontDescription" type="system" pointSize="45"/>
            <variation key="heightClass=regular-widthClass=compact"><fontDescription key="fontDescription" type="system" pointSize="40"/></variation>
            </label>
            <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="vs"><rect key="frame" x="30" y="0" width="100" height="50"/>
            <subviews>
            <label text="t" translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="0" width="100" height="20"/></label>
            <label text="u" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="u"><rect key="frame" x="0" y="20" width="100" height="30"/>
            <fontDescription key="fontDescription" type="system" pointSize="10"/></label>
            </subviews></stackView>
            </subviews></stackView>
            </subviews>
            <constraints>
            <constraint firstItem="h" firstAttribute="top" secondItem="v" secondAttribute="top" id="ht"/>
            <constraint firstItem="h" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="hl"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let r = try solve(scene)
        func near(_ a: [Double]?, _ b: [Double]) -> Bool { a.map { zip($0, b).allSatisfy { abs($0 - $1) < 1e-9 } } ?? false }
        #expect(near(r["big"], [0, 9.4, 30, 48]), "\(r["big"] ?? [])")
        #expect(near(r["vs"], [30, 0, 100, 50]), "\(r["vs"] ?? [])")
        #expect(near(r["u"], [30, 20, 100, 30]), "\(r["u"] ?? [])")
        #expect(near(r["h"], [0, 0, 130, 57.4]), "\(r["h"] ?? [])")
    }
}

/// An empty label's baselines lie one descender of its font above its bottom, first and last
/// alike (frames by hand, descender 0.24 of the point size): `c`, 28×28 at (16, 20), bottom 48,
/// centre 34. `e` (text "", footnote text style, 13 pt: descender 3.12), 100×50, last baseline on
/// c's bottom: bottom 51.12, top 1.12. `f` (no text, 20 pt: descender 4.8), 100×30, first baseline
/// on c's centre: bottom 38.8, top 8.8.
struct IBEmptyLabelBaselineTests {
    @Test func emptyLabelBaselinesSitOneDescenderAboveItsBottom() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="400" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="16" y="20" width="28" height="28"/></view>
            <label text="" translatesAutoresizingMaskIntoConstraints="NO" id="e"><rect key="frame" x="54" y="1.12" width="100" height="50"/>
            <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/></label>
            <label translatesAutoresizingMaskIntoConstraints="NO" id="f"><rect key="frame" x="162" y="8.8" width="100" height="30"/>
            <fontDescription key="fontDescription" type="system" pointSize="20"/></label>
            </subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="cl"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" constant="20" id="ct"/>
            <constraint firstItem="c" firstAttribute="width" constant="28" id="cw"/>
            <constraint firstItem="c" firstAttribute="height" constant="28" id="ch"/>
            <constraint firstItem="e" firstAttribute="lastBaseline" secondItem="c" secondAttribute="bottom" id="eb"/>
            <constraint firstItem="e" firstAttribute="leading" secondItem="c" secondAttribute="trailing" constant="10" id="el"/>
            <constraint firstItem="e" firstAttribute="width" constant="100" id="ew"/>
            <constraint firstItem="e" firstAttribute="height" constant="50" id="eh"/>
            <constraint firstItem="f" firstAttribute="firstBaseline" secondItem="c" secondAttribute="centerY" id="fb"/>
            <constraint firstItem="f" firstAttribute="leading" secondItem="e" secondAttribute="trailing" constant="8" id="fl"/>
            <constraint firstItem="f" firstAttribute="width" constant="100" id="fw"/>
            <constraint firstItem="f" firstAttribute="height" constant="30" id="fh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let r = try solve(importOne(xml))
        let e = try #require(r["e"]), f = try #require(r["f"])
        #expect(e[0] == 54 && abs(e[1] - 1.12) < 1e-9 && e[2] == 100 && e[3] == 50)
        #expect(f[0] == 162 && abs(f[1] - 8.8) < 1e-9 && f[2] == 100 && f[3] == 30)
    }
}
