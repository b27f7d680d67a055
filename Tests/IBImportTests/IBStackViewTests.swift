import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Stack view distributions and alignments on a hand-written file, frames by hand:
/// - A, equalSpacing, 300 wide, views 30/60/90 wide: gaps (300 − 180)/2 = 60 → x 0, 90, 210.
/// - B, equalCentering, same views: centres 15 and 255 at the ends, so the middle centre is 135 → x 105.
/// - C, fillProportionally, 300 wide, labels 100 and 200 wide in IB: they stay 1:2 → 100, 200.
/// - D, vertical, layoutMarginsRelativeArrangement (8 pt margins), alignment leading, spacing 5,
///   views 50×20 and 80×30: at (8, 158) and (8, 183); the stack ends 8 below: height 71.
/// - E, horizontal, alignment bottom, views 20 and 40 tall, no height of its own: the stack is as
///   thin as its tallest view (40) and the short one sits at its bottom.
struct IBStackViewTests {
    static func sized(_ id: String, _ w: Double, _ h: Double, _ extra: String = "") -> String {
        """
        <view translatesAutoresizingMaskIntoConstraints="NO" \(extra) id="\(id)"><rect key="frame" x="0" y="0" width="\(w)" height="\(h)"/>
        <constraints><constraint firstAttribute="width" constant="\(w)" id="\(id)-w"/><constraint firstAttribute="height" constant="\(h)" id="\(id)-h"/></constraints></view>
        """
    }

    static func pins(_ stack: String, y: Double, width: Double, height: Double?) -> String {
        var s = """
            <constraint firstItem="\(stack)" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="\(stack)-l"/>
            <constraint firstItem="\(stack)" firstAttribute="top" secondItem="root" secondAttribute="top" constant="\(y)" id="\(stack)-t"/>
            <constraint firstItem="\(stack)" firstAttribute="width" constant="\(width)" id="\(stack)-w"/>
            """
        if let height { s += "<constraint firstItem=\"\(stack)\" firstAttribute=\"height\" constant=\"\(height)\" id=\"\(stack)-h\"/>" }
        return s
    }

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
        <objects>
        <view id="root"><rect key="frame" x="0" y="0" width="400" height="400"/>
        <subviews>
        <stackView distribution="equalSpacing" translatesAutoresizingMaskIntoConstraints="NO" id="A"><rect key="frame" x="0" y="0" width="300" height="50"/>
        <subviews>\(sized("a1", 30, 50))\(sized("a2", 60, 50))\(sized("a3", 90, 50))</subviews></stackView>
        <stackView distribution="equalCentering" translatesAutoresizingMaskIntoConstraints="NO" id="B"><rect key="frame" x="0" y="60" width="300" height="50"/>
        <subviews>\(sized("b1", 30, 50))\(sized("b2", 60, 50))\(sized("b3", 90, 50))</subviews></stackView>
        <stackView distribution="fillProportionally" translatesAutoresizingMaskIntoConstraints="NO" id="C"><rect key="frame" x="0" y="120" width="300" height="20"/>
        <subviews>
        <label text="x" translatesAutoresizingMaskIntoConstraints="NO" id="c1"><rect key="frame" x="0" y="0" width="100" height="20"/></label>
        <label text="y" translatesAutoresizingMaskIntoConstraints="NO" id="c2"><rect key="frame" x="100" y="0" width="200" height="20"/></label>
        </subviews></stackView>
        <stackView axis="vertical" alignment="leading" spacing="5" layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="D"><rect key="frame" x="0" y="150" width="200" height="71"/>
        <subviews>\(sized("d1", 50, 20))\(sized("d2", 80, 30))</subviews></stackView>
        <stackView alignment="bottom" translatesAutoresizingMaskIntoConstraints="NO" id="E"><rect key="frame" x="0" y="230" width="60" height="40"/>
        <subviews>\(sized("e1", 20, 20))\(sized("e2", 40, 40))</subviews></stackView>
        </subviews>
        <constraints>
        \(pins("A", y: 0, width: 300, height: 50))\(pins("B", y: 60, width: 300, height: 50))\(pins("C", y: 120, width: 300, height: 20))
        \(pins("D", y: 150, width: 200, height: nil))
        <constraint firstItem="E" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="E-l"/>
        <constraint firstItem="E" firstAttribute="top" secondItem="root" secondAttribute="top" constant="230" id="E-t"/>
        </constraints>
        </view>
        </objects>
        </document>
        """

    @Test func distributionsAndAlignments() throws {
        let scene = try IBImporter.importDocument(IBDocument(data: Data(Self.xml.utf8), path: "stacks.xib"))[0]
        let session = try SceneSession(scene: scene.scene.compile(), backend: CassowaryBackend.self)
        var r: [String: [Double]] = [:]
        for (n, v) in scene.scene.views.enumerated() { r[v.id] = Array(session.rects[4 * n..<4 * n + 4]) }
        #expect(r["a1"] == [0, 0, 30, 50])
        #expect(r["a2"] == [90, 0, 60, 50])
        #expect(r["a3"] == [210, 0, 90, 50])
        #expect(r["b2"] == [105, 60, 60, 50])
        #expect(r["b3"] == [210, 60, 90, 50])
        #expect(r["c1"] == [0, 120, 100, 20])
        #expect(r["c2"] == [100, 120, 200, 20])
        #expect(r["d1"] == [8, 158, 50, 20])
        #expect(r["d2"] == [8, 183, 80, 30])
        #expect(r["D"] == [0, 150, 200, 71])
        #expect(r["E"] == [0, 230, 60, 40])
        #expect(r["e1"] == [0, 250, 20, 20])
        #expect(r["e2"] == [20, 230, 40, 40])
    }
}

/// Equal-spacing stacks keep their gaps at the spacing unless stretched (frames by hand): in a
/// 300×200 root, `s` (horizontal, equalSpacing, spacing 20) is centred horizontally, top 10,
/// and holds `a` and `b`, 40×40 each: nothing stretches it, so it is 40 + 20 + 40 = 100 wide at
/// x 100, `a` at 100 and `b` at 160. `t`, the same stack pinned to both sides at top 100, is
/// stretched to 300: its views keep their widths and the gap pads to 220 (`c` at 0, `d` at 260).
struct IBEqualSpacingTests {
    @Test func equalSpacingStackIsAsTightAsItsContentUnlessStretched() throws {
        func stack(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ first: String, _ second: String, _ secondX: Double) -> String {
            """
            <stackView distribution="equalSpacing" spacing="20" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)"><rect key="frame" x="\(x)" y="\(y)" width="\(width)" height="40"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="\(first)"><rect key="frame" x="0" y="0" width="40" height="40"/>
            <constraints><constraint firstAttribute="width" constant="40" id="\(first)w"/><constraint firstAttribute="height" constant="40" id="\(first)h"/></constraints></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="\(second)"><rect key="frame" x="\(secondX)" y="0" width="40" height="40"/>
            <constraints><constraint firstAttribute="width" constant="40" id="\(second)w"/><constraint firstAttribute="height" constant="40" id="\(second)h"/></constraints></view>
            </subviews></stackView>
            """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            \(stack("s", 100, 10, 100, "a", "b", 60))
            \(stack("t", 0, 100, 300, "c", "d", 260))
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="centerX" secondItem="v" secondAttribute="centerX" id="sx"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="sy"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="tl"/>
            <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
            <constraint firstItem="t" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="ty"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let r = try solve(scene)
        #expect(r["s"] == [100, 10, 100, 40] && r["a"] == [100, 10, 40, 40] && r["b"] == [160, 10, 40, 40])
        #expect(r["t"] == [0, 100, 300, 40] && r["c"] == [0, 100, 40, 40] && r["d"] == [260, 100, 40, 40])
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        #expect(result.notComparable.isEmpty && result.unflaggedMatching == result.unflaggedCount)
    }
}

/// A hidden arranged view keeps the alignment but not the stack's bounds across (frames by hand):
/// in a 300×300 root, `s` (vertical, centre alignment) is pinned at (100, 0), 100 wide; it holds
/// `a` (100×40) and `h`, hidden, required 160 wide. `s` spans `a` only: 40 tall. `h` is centred
/// on the stack (centre 150) and overhangs it: x 70, 160 wide, no height, at a's bottom (40).
struct IBHiddenArrangedAcrossTests {
    @Test func hiddenArrangedViewMayOverhangTheStackAcross() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="300"/>
            <subviews>
            <stackView axis="vertical" alignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="100" y="0" width="100" height="40"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="100" height="40"/>
            <constraints><constraint firstAttribute="width" constant="100" id="aw"/><constraint firstAttribute="height" constant="40" id="ah"/></constraints></view>
            <view hidden="YES" translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="-30" y="40" width="160" height="0"/>
            <constraints><constraint firstAttribute="width" constant="160" id="hw"/></constraints></view>
            </subviews></stackView>
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="100" id="sl"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="v" secondAttribute="top" id="st"/>
            <constraint firstItem="s" firstAttribute="width" constant="100" id="sw"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        let r = try solve(scene)
        #expect(r["s"] == [100, 0, 100, 40] && r["a"] == [100, 0, 100, 40] && r["h"] == [70, 40, 160, 0])
        let result = try scene.check(backend: CassowaryBackend.self, repair: false)
        #expect(result.conflict == nil && result.unflaggedMatching == result.unflaggedCount)
    }
}
