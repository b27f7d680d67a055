import CassowarySolver
import Foundation
@testable import IBImport
import LayoutModel
import Testing

/// `--check`'s report (text and `--check --json`), with exact values on a file written by hand.
struct IBCheckReportTests {
    /// A 300×200 xib root `v` (no device: the 375×667 iPhone; not screen-sized: no status bar, safe
    /// area 0, side margins 16) with a safe-area guide `sa` and a guide of a key the import does not
    /// know, `fg` (line 12), and four views:
    /// - `a`, 10 below the safe area's top and 10 from the leading edge, required 50 wide (`aw1`) and
    ///   then 60 (`aw2`): the conflict drops `aw2`, the constraint being added; stored (10, 10, 50, 20), matches;
    /// - `g`, whose top is on `fg` (`gt`, line 19: dropped, reaching what is not modelled) and at
    ///   least 40 down: solved at the least, y 40, against IB's 50; likely cause the dropped `gt`;
    /// - `m`, flagged misplaced by IB: stored at x 0, its constraints put it at 5; its likely cause
    ///   is its parent's (`inside v`: the unknown guide);
    /// - `c`, required 40 tall (`ch`) but stored 30: the stored frames break `ch` by 10 pt, and `c`
    ///   depends on it, so it is not comparable.
    /// So 5 views, 2 left out (1 misplaced, 1 not comparable), 3 compared, 2 of them matching.
    static let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="10" y="10" width="50" height="20"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="g"><rect key="frame" x="100" y="50" width="40" height="30"/></view>
            <view misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="m"><rect key="frame" x="0" y="100" width="20" height="20"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="150" y="10" width="100" height="30"/></view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="sa"/>
            <viewLayoutGuide key="futureGuide" id="fg"/>
            <constraints>
            <constraint firstItem="a" firstAttribute="top" secondItem="sa" secondAttribute="top" constant="10" id="at"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="10" id="al"/>
            <constraint firstItem="a" firstAttribute="width" constant="50" id="aw1"/>
            <constraint firstItem="a" firstAttribute="width" constant="60" id="aw2"/>
            <constraint firstItem="a" firstAttribute="height" constant="20" id="ah"/>
            <constraint firstItem="g" firstAttribute="top" secondItem="fg" secondAttribute="top" id="gt"/>
            <constraint firstItem="g" firstAttribute="top" relation="greaterThanOrEqual" secondItem="v" secondAttribute="top" constant="40" id="gmin"/>
            <constraint firstItem="g" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="100" id="gl"/>
            <constraint firstItem="g" firstAttribute="width" constant="40" id="gw"/>
            <constraint firstItem="g" firstAttribute="height" constant="30" id="gh"/>
            <constraint firstItem="m" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="5" id="ml"/>
            <constraint firstItem="m" firstAttribute="top" secondItem="v" secondAttribute="top" constant="100" id="mt"/>
            <constraint firstItem="m" firstAttribute="width" constant="20" id="mw"/>
            <constraint firstItem="m" firstAttribute="height" constant="20" id="mh"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="v" secondAttribute="top" constant="10" id="ct"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="150" id="cl"/>
            <constraint firstItem="c" firstAttribute="width" constant="100" id="cw"/>
            <constraint firstItem="c" firstAttribute="height" constant="40" id="ch"/>
            </constraints>
            </view>
            </objects>
            </document>
            """

    static func report(fromFrames: Bool) throws -> IBCheckReport {
        let scene = try importOne(xml, options: IBImportOptions(environmentFromFrames: fromFrames, keepPlaceholders: true))
        let result = try scene.check(backend: CassowaryBackend.self, repair: true)
        return IBCheckReport(file: "inline.xib", fromFrames: fromFrames, checked: [(scene, result)])
    }

    @Test func countsDroppedUnsupportedAndDifferingViews() throws {
        let report = try Self.report(fromFrames: false)
        #expect(report.environment == "device-table")
        #expect(report.summary == .init(
            hierarchies: 1, views: 5, constraints: 24, unflagged: 3, matching: 2, flaggedDiffering: 2,
            dropped: 1, unsupported: 2, notComparable: 1, passed: false))
        let h = report.hierarchies[0]
        #expect(h.name == "view")
        #expect(h.flagged == .init(misplaced: 1, ambiguous: 0, notComparable: 1))
        #expect(h.conflict == nil)
        #expect(h.dropped == [.init(id: "aw2", conflictsWith: ["aw1"])])
        let guide = #"layout guide key "futureGuide" not modelled (constraints to it are dropped)"#
        let outside = "constraint gt reaches an object outside this hierarchy or not modelled: dropped"
        #expect(h.unsupported == [
            .init(element: #"<viewLayoutGuide id="fg">"#, elementID: "fg", line: 12, view: "v", kind: "layout-guide", message: guide),
            .init(element: #"<constraint id="gt">"#, elementID: "gt", line: 19, view: "g", kind: "constraint-outside", message: outside),
        ])
        let stale = "not comparable: IB's stored frames break required constraint ch by 10 pt (stale stored frame) and this view's frame depends on it"
        let inside = IBCheckReport.Cause(.inside(ancestor: "v", .unsupported(.layoutGuide(key: "futureGuide"))))
        #expect(inside == .init(kind: "layout-guide", message: "inside v: " + guide, inside: "v"))
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> IBCheckReport.Rect { .init(IBRect(x: x, y: y, width: w, height: h)) }
        #expect(h.differing == [
            .init(id: "g", class: "UIView", ib: rect(100, 50, 40, 30), solved: rect(100, 40, 40, 30), flag: nil, notComparable: nil,
                  likelyCauses: [.init(kind: "constraint-outside", message: outside, constraint: "gt")]),
            .init(id: "m", class: "UIView", ib: rect(0, 100, 20, 20), solved: rect(5, 100, 20, 20), flag: "misplaced", notComparable: nil,
                  likelyCauses: [inside]),
            .init(id: "c", class: "UIView", ib: rect(150, 10, 100, 30), solved: rect(150, 10, 100, 40), flag: nil, notComparable: stale,
                  likelyCauses: [inside]),
        ])
        #expect(h.notComparable == [.init(id: "c", kind: "stale-stored-frame", message: stale, differs: true)])
        #expect(h.environment == .init(
            source: "device-table", device: .init(id: "retina4_7", width: 375, height: 667), toolsVersion: 21000,
            safeArea: .init(top: 0, left: 0, bottom: 0, right: 0), topLayoutGuide: 0, bottomLayoutGuide: 0, rootSideMargin: 16,
            readOffFrames: []))
    }

    /// The text `--check` prints is made from the same report.
    @Test func textLines() throws {
        let guide = #"layout guide key "futureGuide" not modelled (constraints to it are dropped)"#
        let outside = "constraint gt reaches an object outside this hierarchy or not modelled: dropped"
        #expect(try Self.report(fromFrames: false).textLines == [
            "view: 5 views, 2/3 unflagged match",
            "  dropped aw2 (conflicts with aw1)",
            #"  unsupported: <viewLayoutGuide id="fg"> (line 12): "# + guide,
            #"  unsupported: <constraint id="gt"> (line 19): "# + outside,
            "  g UIView: IB [100, 50, 40, 30] solved [100, 40, 40, 30] likely: " + outside,
            "  m UIView: IB [0, 100, 20, 20] solved [5, 100, 20, 20] (IB: misplaced) likely: inside v: " + guide,
            "  c UIView: IB [150, 10, 100, 30] solved [150, 10, 100, 40] (not comparable: IB's stored frames break required "
                + "constraint ch by 10 pt (stale stored frame) and this view's frame depends on it) likely: inside v: " + guide,
            "summary: hierarchies=1 views=5 constraints=24 unflagged=3 matching=2 flagged-differing=2 dropped=1 unsupported=2 not-comparable=1",
        ])
    }

    /// From frames, the safe area's top is read off `a` (its top 10 below it, stored at 10: the
    /// guide's top at 0); the JSON has the format, snake_case keys, rectangles as [x, y, width, height]
    /// and leaves out what is absent.
    @Test func jsonFromFrames() throws {
        let report = try Self.report(fromFrames: true)
        #expect(report.environment == "frames")
        #expect(report.hierarchies[0].environment?.readOffFrames == [.init(guide: "sa", attribute: "top", value: 0)])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "layoutbench-ib-check")
        #expect(object["version"] as? Int == 1)
        #expect(object["environment"] as? String == "frames")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary.keys.sorted() == [
            "constraints", "dropped", "flagged_differing", "hierarchies", "matching", "not_comparable", "passed", "unflagged", "unsupported", "views",
        ])
        #expect(summary["matching"] as? Int == 2 && summary["unflagged"] as? Int == 3 && summary["passed"] as? Bool == false)
        let hierarchy = try #require((object["hierarchies"] as? [[String: Any]])?.first)
        let g = try #require((hierarchy["differing"] as? [[String: Any]])?.first)
        #expect(g.keys.sorted() == ["class", "ib", "id", "likely_causes", "solved"])
        #expect(g["ib"] as? [Double] == [100, 50, 40, 30])
        #expect(g["solved"] as? [Double] == [100, 40, 40, 30])
        let environment = try #require(hierarchy["environment"] as? [String: Any])
        let read = try #require((environment["read_off_frames"] as? [[String: Any]])?.first)
        #expect(read["guide"] as? String == "sa" && read["attribute"] as? String == "top" && read["value"] as? Double == 0)
        #expect(environment["tools_version"] as? Double == 21000)
    }

    /// The environment used on a screen-sized root (375×812 iPhone, tools version 14000): the table
    /// gives the notch's 44 above and the home indicator's 34 below (top guide 44, side margins 16);
    /// from frames, the keyboard guide's top is read off `bar` (its bottom on it, stored at 728 + 50).
    @Test func environmentFromTheTableOrTheFrames() throws {
        let xml = IBUnsupportedTests.keyboardXML(#"<keyboardLayoutGuide key="keyboard" id="kb"/>"#)
        for fromFrames in [false, true] {
            let scene = try importOne(xml, options: IBImportOptions(environmentFromFrames: fromFrames))
            let report = IBCheckReport(file: "inline.xib", fromFrames: fromFrames, checked: [(scene, try scene.check(backend: CassowaryBackend.self, repair: true))])
            #expect(report.summary.passed)
            #expect(report.hierarchies[0].environment == .init(
                source: fromFrames ? "frames" : "device-table", device: .init(id: "retina5_9", width: 375, height: 812), toolsVersion: 14000,
                safeArea: .init(top: 44, left: 0, bottom: 34, right: 0), topLayoutGuide: 44, bottomLayoutGuide: 0, rootSideMargin: 16,
                readOffFrames: fromFrames ? [.init(guide: "kb", attribute: "top", value: 778)] : []))
        }
    }
}
