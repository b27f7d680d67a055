import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

/// A constraint whose constant varies by size class: `h` is 90 tall by default and 10 in
/// regular width and height (`<variation key="heightClass=regular-widthClass=regular" constant="10"/>`).
struct IBVariationTests {
    @Test func constraintConstantVariesBySizeClass() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="300" height="200"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="h"><rect key="frame" x="0" y="0" width="300" height="90"/>
            <constraints><constraint firstAttribute="height" constant="90" id="hh">
            <variation key="heightClass=regular-widthClass=regular" constant="10"/>
            </constraint></constraints></view></subviews>
            <constraints>
            <constraint firstItem="h" firstAttribute="top" secondItem="v" secondAttribute="top" id="t"/>
            <constraint firstItem="h" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
            <constraint firstAttribute="trailing" secondItem="h" secondAttribute="trailing" id="r"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        func solved(_ traits: String?) throws -> [Double]? {
            let options = IBImportOptions(traits: traits.flatMap(IBImportOptions.parseTraits) ?? [:])
            return try solve(importOne(xml, options: options))["h"]
        }
        #expect(try solved(nil) == [0, 0, 300, 90])
        #expect(try solved("widthClass=regular,heightClass=regular") == [0, 0, 300, 10])
    }
}
