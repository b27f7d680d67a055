import Foundation
import IBImport
import LayoutModel
import Testing

/// UIKit behaviours the import follows where the file leaves them implicit, each on a small
/// hand-written file with frames computed by hand.
struct IBUIKitDefaultsTests {
    /// fillProportionally, 149 wide, a label 100 wide and a switch whose frame is 51 wide but whose
    /// alignment rectangle (what Auto Layout sizes) is 49: sizes in the ratio 100 : 49 fill the
    /// 149 exactly, label [0, 0, 100, 31], switch's alignment rectangle [100, 0, 49, 31]. In the
    /// frames' ratio 100 : 51 the label would be 149 / 1.51 = 98.68 wide.
    @Test func fillProportionallyUsesAlignmentRectangles() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <objects>
            <view id="root"><rect key="frame" x="0" y="0" width="300" height="100"/>
            <subviews>
            <stackView distribution="fillProportionally" translatesAutoresizingMaskIntoConstraints="NO" id="S"><rect key="frame" x="0" y="0" width="151" height="31"/>
            <subviews>
            <label text="On" translatesAutoresizingMaskIntoConstraints="NO" id="L"><rect key="frame" x="0" y="0" width="100" height="31"/></label>
            <switch contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="W"><rect key="frame" x="100" y="0" width="51" height="31"/></switch>
            </subviews></stackView>
            </subviews>
            <constraints>
            <constraint firstItem="S" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="S-l"/>
            <constraint firstItem="S" firstAttribute="top" secondItem="root" secondAttribute="top" id="S-t"/>
            <constraint firstItem="S" firstAttribute="width" constant="149" id="S-w"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let r = try solve(importOne(xml))
        #expect(r["L"] == [0, 0, 100, 31])
        #expect(r["W"] == [100, 0, 49, 31])
    }
}
