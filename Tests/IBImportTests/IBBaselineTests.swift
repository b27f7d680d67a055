import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Baselines of labels, frames by hand (font 20 pt: ascender 19, descender 4.8):
/// - c, 28×28 at (16, 20): centre 34.
/// - l, multi-line (numberOfLines 0), 100×50: its first baseline on c's centre, so its top is
///   34 − 19 = 15; 10 after c: x 54. Its last baseline is 15 + 50 − 4.8 = 60.2.
/// - k, one line, 50×24, baseline (its last) on l's last baseline: one descender above its
///   bottom, so bottom 65, top 41; x 162.
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
            <label text="k" translatesAutoresizingMaskIntoConstraints="NO" id="k"><rect key="frame" x="162" y="41" width="50" height="24"/>
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
        #expect(k[0] == 162 && abs(k[1] - 41) < 1e-9 && k[2] == 50 && k[3] == 24)
    }
}

/// A stack's baseline is its arranged view's (frames by hand): horizontal stack `h`, last-baseline
/// aligned, at the root's top-left, holds `big` (one line, 30×48; pointSize 45, but 40 in the
/// variation for the iPhone's compact width and regular height: its last baseline one descender
/// above its bottom, 48 − 0.24 × 40 = 38.4 below its top) and `vs`, a vertical stack (100×50) of `t` (20 tall) and `u` (multi-line,
/// pointSize 10, 30 tall): vs's last baseline is u's, 50 − 0.24 × 10 = 47.6 below vs's top. So
/// `big` sits 47.6 − 38.4 = 9.2 below `vs`, which is on the stack's top: big [0, 9.2, 30, 48],
/// vs [30, 0, 100, 50], h 57.2 tall.
struct IBStackBaselineTests {
    @Test func nestedStackForwardsItsLastArrangedViewsBaseline() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <stackView alignment="lastBaseline" translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="0" y="0" width="130" height="57.2"/>
            <subviews>
            <label text="0" translatesAutoresizingMaskIntoConstraints="NO" id="big"><rect key="frame" x="0" y="9.2" width="30" height="48"/>
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
        #expect(near(r["big"], [0, 9.2, 30, 48]), "\(r["big"] ?? [])")
        #expect(near(r["vs"], [30, 0, 100, 50]), "\(r["vs"] ?? [])")
        #expect(near(r["u"], [30, 20, 100, 30]), "\(r["u"] ?? [])")
        #expect(near(r["h"], [0, 0, 130, 57.2]), "\(r["h"] ?? [])")
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

/// Baselines that stay at a fixed offset from an edge whatever the view's height (frames by hand,
/// descender 0.24 of the point size):
/// - t, one line of 17 pt, 40×20 at (16, 10): last baseline 30 − 4.08 = 25.92.
/// - z, one line of 17 pt, top 4 below the root and baseline on t's: its last baseline one
///   descender above its bottom, so bottom 30, height 26, though its line is drawn centred:
///   [100, 4, 50, 26]. (Baselines on the centred line would make it 31.77 tall.)
/// - tv, a text view of 16 pt, [16, 40, 200, 40]: its last baseline lies inside the default
///   8 pt text container inset, 80 − 8 − 3.84 = 68.16; p, a progress view 100×4, 8 below it:
///   [16, 76.16, 100, 4].
struct IBEdgeBaselineTests {
    @Test func stretchedLabelAndTextViewKeepTheirLastBaselinesAboveTheirBottoms() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <label text="t" translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="16" y="10" width="40" height="20"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            <label text="0" translatesAutoresizingMaskIntoConstraints="NO" id="z"><rect key="frame" x="100" y="4" width="50" height="26"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            <textView scrollEnabled="NO" text="x" translatesAutoresizingMaskIntoConstraints="NO" id="tv"><rect key="frame" x="16" y="40" width="200" height="40"/>
            <fontDescription key="fontDescription" name="Menlo-Regular" family="Menlo" pointSize="16"/></textView>
            <progressView progress="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="16" y="76.16" width="100" height="4"/></progressView>
            </subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="tl"/>
            <constraint firstItem="z" firstAttribute="top" secondItem="v" secondAttribute="top" constant="4" id="zt"/>
            <constraint firstItem="z" firstAttribute="baseline" secondItem="t" secondAttribute="baseline" id="zb"/>
            <constraint firstItem="z" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="100" id="zl"/>
            <constraint firstItem="tv" firstAttribute="top" secondItem="v" secondAttribute="top" constant="40" id="vt"/>
            <constraint firstItem="tv" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="vl"/>
            <constraint firstItem="tv" firstAttribute="width" constant="200" id="vw"/>
            <constraint firstItem="tv" firstAttribute="height" constant="40" id="vh"/>
            <constraint firstItem="p" firstAttribute="top" secondItem="tv" secondAttribute="baseline" constant="8" id="pt"/>
            <constraint firstItem="p" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="pl"/>
            <constraint firstItem="p" firstAttribute="width" constant="100" id="pw"/>
            <constraint firstItem="p" firstAttribute="height" constant="4" id="ph"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        let r = try solve(scene)
        #expect(near(r["t"], [16, 10, 40, 20]), "\(r["t"] ?? [])")
        #expect(near(r["z"], [100, 4, 50, 26]), "\(r["z"] ?? [])")
        #expect(near(r["tv"], [16, 40, 200, 40]), "\(r["tv"] ?? [])")
        #expect(near(r["p"], [16, 76.16, 100, 4]), "\(r["p"] ?? [])")
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}
