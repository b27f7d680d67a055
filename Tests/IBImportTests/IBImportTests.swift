import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// Hand-written fixtures, frames computed by hand:
/// Basics.xib (iPhone 4.7", 375×667, top-level view: status bar 20 → safe-area top 20, root margins 16 at the sides, 0 above and below):
/// - lab: leading = safe.leading + 16 = 16, top = safe.top + 20 = 40, size from its frame 100×21;
/// - box: leading = lab.trailing + 8 = 124, height 40, width = 3:2 × height = 60 (the 250 `weak`
///   width loses; the placeholder width 500 is dropped), centerY = lab's 50.5 → top 30.5;
/// - sld (slider, alignment insets 0/2/1/2): alignment left = margin 16 + 8 = 24, right = 375 − 24,
///   top = lab.bottom 61 + 39 = 100, height 30 (frame 31 − 1) → IB frame [22, 100, 331, 31];
/// - ar: autoresizing, keeps [20, 600, 335, 47].
/// Stack.storyboard (iPhone X, tools 14000: 375×812, safe top 44, root side margins 16): stack at
/// [16, 44, 343, 50], fillEqually spacing 10 → b1 and b2 166.5 wide; center alignment with b2 50
/// tall and b1 30 tall → b1 at y 10; hidden view 0 wide, half the spacing after b1's trailing edge.
struct IBImportTests {
    @Test func basicsFramesByHand() throws {
        let scenes = try IBImporter.importFile(fixture("Basics.xib"))
        #expect(scenes.count == 1)
        let s = scenes[0]
        #expect(s.name == "Screen")
        #expect(s.scene.views.map(\.id).prefix(5) == ["root", "lab", "box", "sld", "ar"])
        #expect(!s.scene.constraints.contains { $0.id == "ph" })
        let ratio = try #require(s.scene.constraints.first { $0.id == "boxRatio" })
        #expect(ratio.multiplier == 1.5)
        let r = try solve(s)
        #expect(r["lab"] == [16, 40, 100, 21])
        #expect(r["box"] == [124, 30.5, 60, 40])
        #expect(r["sld"] == [24, 100, 327, 30])
        #expect(r["ar"] == [20, 600, 335, 47])
        #expect(r["safe"] == [0, 20, 375, 647])
        #expect(r["root~margins"] == [16, 20, 343, 647])
        let check = try s.check(backend: CassowaryBackend.self, repair: false)
        #expect(check.mismatches.isEmpty)
    }

    @Test func intrinsicSizeUsesFilePriorities() throws {
        let s = try IBImporter.importFile(fixture("Basics.xib"))[0]
        let hug = try #require(s.scene.constraints.first { $0.id == "lab~ic-width-hug" })
        #expect(hug.relation == .lessThanOrEqual && hug.constant == 100 && hug.priority.rawValue == 251)
        let cr = try #require(s.scene.constraints.first { $0.id == "lab~ic-height-cr" })
        #expect(cr.relation == .greaterThanOrEqual && cr.constant == 21 && cr.priority.rawValue == 750)
        let slider = try #require(s.scene.constraints.first { $0.id == "sld~ic-height-hug" })
        #expect(slider.constant == 30)
        #expect(!s.scene.constraints.contains { $0.id == "sld~ic-width-hug" })
    }

    @Test func stackViewFramesByHand() throws {
        let scenes = try IBImporter.importFile(fixture("Stack.storyboard"))
        #expect(scenes.map(\.name) == ["StackViewController"])
        let r = try solve(scenes[0])
        #expect(r["stk"] == [16, 44, 343, 50])
        #expect(r["b1"] == [16, 54, 166.5, 30])
        #expect(r["b2"] == [192.5, 44, 166.5, 50])
        #expect(r["hid"] == [187.5, 44, 0, 50])
        #expect(try scenes[0].check(backend: CassowaryBackend.self, repair: false).mismatches.isEmpty)
    }

    @Test func multipliers() {
        #expect(IBImporterTestHooks.multiplier("1:1") == 1)
        #expect(IBImporterTestHooks.multiplier("73:45") == 73.0 / 45.0)
        #expect(IBImporterTestHooks.multiplier("2/3") == 2.0 / 3.0)
        #expect(IBImporterTestHooks.multiplier("0.5") == 0.5)
        #expect(IBImporterTestHooks.multiplier("1:0") == nil)
    }

    func refused(_ xml: String) -> String {
        do {
            _ = try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "bad.xib"))
            return "accepted"
        } catch {
            return error.description
        }
    }

    func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="20000">
        <objects>
        <view id="v"><rect key="frame" x="0" y="0" width="100" height="100"/>
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
        <constraints>
        \(body)
        </constraints>
        </view>
        </objects>
        </document>
        """
    }

    @Test func malformedFilesAreRefusedWithTheirLine() {
        #expect(refused("not xml at all") == "bad.xib:1: not an XML file: no root element (the text does not start with '<')")
        #expect(refused("<not closed").hasPrefix("bad.xib:1: not a well-formed XML file"))
        #expect(refused(document(#"<constraint firstItem="a" firstAttribute="middle" id="c1"/>"#))
            == #"bad.xib:7: <constraint id="c1"> (line 7): unknown constraint attribute "middle""#)
        #expect(refused(document(#"<constraint firstItem="zz" firstAttribute="top" id="c2"/>"#))
            == #"bad.xib:7: <constraint id="c2"> (line 7): item "zz" names no object of the file (dangling id)"#)
        #expect(refused(document(#"<constraint firstItem="a" firstAttribute="top" secondItem="v" secondAttribute="width" id="c3"/>"#))
            == #"bad.xib:7: <constraint id="c3"> (line 7): relates top to width, which Auto Layout forbids"#)
    }
}
