import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// The keyboard guide in both spellings, and what the import lists as not modelled.
struct IBUnsupportedTests {
    /// A full-screen 375×812 xib view (safe area 34 above the bottom); `bar`, 50 tall, sits on the
    /// keyboard guide (keyboard hidden): on the safe area's bottom, y 812 − 34 − 50 = 728, or with
    /// `usesBottomSafeArea="NO"` on the view's bottom, y 762.
    static func keyboardXML(_ guide: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
        <device id="retina5_9" orientation="portrait"/>
        <objects>
        <view id="v"><rect key="frame" x="0" y="0" width="375" height="812"/>
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="bar"><rect key="frame" x="0" y="728" width="375" height="50"/></view></subviews>
        \(guide)
        <constraints>
        <constraint firstItem="bar" firstAttribute="bottom" secondItem="kb" secondAttribute="top" id="b"/>
        <constraint firstItem="bar" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
        <constraint firstItem="bar" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="r"/>
        <constraint firstItem="bar" firstAttribute="height" constant="50" id="h"/>
        </constraints>
        </view>
        </objects>
        </document>
        """
    }

    @Test func keyboardGuideInBothSpellings() throws {
        for guide in [#"<keyboardLayoutGuide key="keyboard" id="kb"/>"#, #"<viewLayoutGuide key="keyboard" id="kb"/>"#] {
            let r = try solve(importText(Self.keyboardXML(guide))[0])
            #expect(r["bar"] == [0, 728, 375, 50], "\(guide)")
        }
        let over = try solve(importText(Self.keyboardXML(#"<keyboardLayoutGuide key="keyboard" usesBottomSafeArea="NO" id="kb"/>"#))[0])
        #expect(over["bar"] == [0, 762, 375, 50])
    }

    /// An unknown guide is listed (not refused) and the constraint to it dropped; a custom view
    /// class without a placeholder size and an SF Symbol image are listed with their lines, and
    /// are the likely causes `--check` gives for those views.
    @Test func notModelledIsListedWithItsLine() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" customClass="Gauge" id="g"><rect key="frame" x="0" y="0" width="50" height="50"/></view>
            <imageView image="star" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="i"><rect key="frame" x="60" y="0" width="20" height="19"/></imageView>
            </subviews>
            <viewLayoutGuide key="futureGuide" id="fg"/>
            <constraints>
            <constraint firstItem="g" firstAttribute="top" secondItem="fg" secondAttribute="top" id="gt"/>
            <constraint firstItem="g" firstAttribute="top" secondItem="v" secondAttribute="top" id="gt2"/>
            <constraint firstItem="g" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="gl"/>
            <constraint firstItem="g" firstAttribute="width" constant="50" id="gw"/>
            <constraint firstItem="g" firstAttribute="height" constant="50" id="gh"/>
            <constraint firstItem="i" firstAttribute="top" secondItem="v" secondAttribute="top" id="it"/>
            <constraint firstItem="i" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="60" id="il"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importText(xml)[0]
        #expect(scene.unsupported == [
            "<viewLayoutGuide id=\"fg\"> (line 9): layout guide key \"futureGuide\" not modelled (constraints to it are dropped)",
            "<constraint id=\"gt\"> (line 11): constraint gt reaches an object outside this hierarchy or not modelled: dropped",
            "<view id=\"g\"> (line 6): custom class Gauge: intrinsic content size unknown (none assumed)",
            "<imageView id=\"i\"> (line 7): SF Symbol image \"star\": alignment insets unknown (horizontal and vertical: frame taken as the alignment rectangle)",
        ])
        #expect(!scene.scene.constraints.contains { $0.id == "gt" })
        #expect(scene.likelyCauses(of: "g", dropped: []).first == "constraint gt reaches an object outside this hierarchy or not modelled: dropped")
        #expect(scene.likelyCauses(of: "i", dropped: []).count == 1)
        #expect(scene.jsonWithMetadata().contains("\"unsupported\": [\"<viewLayoutGuide id="))
    }

    /// A device the table does not know is laid out as the 4.7-inch iPhone, and listed as such;
    /// IB's ids of the 11-inch and 10.9-inch rounded iPads are known.
    @Test func unknownDeviceIsListed() throws {
        func xml(_ device: String) -> String {
            ibDocument(toolsVersion: 24765, device: device, #"<view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/></view>"#)
        }
        #expect(try importOne(xml("retina9_9")).unsupported == [
            "<device id=\"retina9_9\"> (line 3): device not in the device table (laid out as retina4_7, 375×667)",
        ])
        for known in ["retina6_3", "ipad11_0rounded", "ipad10_9rounded"] {
            #expect(try importOne(xml(known)).unsupported.isEmpty, "\(known)")
        }
    }
}
