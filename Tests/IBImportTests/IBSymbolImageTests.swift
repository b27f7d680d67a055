import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// SF Symbol image views' alignment insets read off the file, frames by hand.
/// - `c`, a 19×19 view at (10, 10), holds `s` (the `questionmark` symbol), stored 19×18 at
///   (0, 0.5) in `c`, with width, height and both centres equal to `c`'s: the alignment rectangle
///   is `c`'s, so the insets are −0.5 above and below, 0 at the sides, and the solve puts the
///   alignment rectangle on [10, 10, 19, 19].
/// - `t`, a symbol stored 20×20 at (100, 10) whose only constraints pin its top and leading edge,
///   keeps no insets and is listed as not modelled on both axes.
struct IBSymbolImageTests {
    @Test func insetsReadOffTheConstraints() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="10" y="10" width="19" height="19"/>
            <subviews>
            <imageView image="questionmark" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0.5" width="19" height="18"/></imageView>
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="width" secondItem="c" secondAttribute="width" id="sw"/>
            <constraint firstItem="s" firstAttribute="height" secondItem="c" secondAttribute="height" id="sh"/>
            <constraint firstItem="s" firstAttribute="centerX" secondItem="c" secondAttribute="centerX" id="sx"/>
            <constraint firstItem="s" firstAttribute="centerY" secondItem="c" secondAttribute="centerY" id="sy"/>
            <constraint firstAttribute="width" constant="19" id="cw"/>
            <constraint firstAttribute="height" constant="19" id="ch"/>
            </constraints></view>
            <imageView image="star" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="100" y="10" width="20" height="20"/></imageView>
            </subviews>
            <constraints>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="ct"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="cl"/>
            <constraint firstItem="t" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="100" id="tl"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        #expect(scene.views.first { $0.id == "s" }?.alignmentInsets == IBInsets(top: -0.5, left: 0, bottom: -0.5, right: 0))
        #expect(scene.views.first { $0.id == "t" }?.alignmentInsets == .zero)
        #expect(try solve(scene)["s"] == [10, 10, 19, 19])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: true).mismatches.isEmpty)
        #expect(scene.unsupported == [
            "<imageView id=\"t\"> (line 18): SF Symbol image \"star\": alignment insets unknown (horizontal and vertical: frame taken as the alignment rectangle)",
        ])
    }

    /// Newer Xcode writes the image as an `<imageReference key="image">` child instead of the
    /// `image` and `catalog` attributes. `r`, stored 24×22 at (10, 10) and pinned by its top and
    /// leading edge only, shows the `star` symbol that way: it is a symbol image (listed with
    /// its unknown insets) and has an intrinsic size, the stored one, so it solves to its stored
    /// frame. `p` shows a named image (`photo`, no catalog) that way: an intrinsic size, no symbol.
    @Test func imageGivenAsAnImageReferenceChild() throws {
        let xml = ibDocument(toolsVersion: 21000, """
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <imageView translatesAutoresizingMaskIntoConstraints="NO" id="r"><rect key="frame" x="10" y="10" width="24" height="22"/>
            <imageReference key="image" image="star" catalog="system" symbolScale="large"/>
            </imageView>
            <imageView translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="100" y="10" width="40" height="30"/>
            <imageReference key="image" image="photo"/>
            </imageView>
            </subviews>
            <constraints>
            <constraint firstItem="r" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="rt"/>
            <constraint firstItem="r" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="rl"/>
            <constraint firstItem="p" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="pt"/>
            <constraint firstItem="p" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="100" id="pl"/>
            </constraints>
            </view>
            """)
        let scene = try importOne(xml)
        let frames = try solve(scene)
        #expect(frames["r"] == [10, 10, 24, 22])
        #expect(frames["p"] == [100, 10, 40, 30])
        for id in ["r", "p"] {
            #expect(scene.scene.constraints.contains { $0.id == "\(id)~ic-width-hug" })
            #expect(scene.scene.constraints.contains { $0.id == "\(id)~ic-height-cr" })
        }
        #expect(scene.unsupported == [
            "<imageView id=\"r\"> (line 6): SF Symbol image \"star\": alignment insets unknown (horizontal and vertical: frame taken as the alignment rectangle)",
        ])
        #expect(try scene.check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }
}
