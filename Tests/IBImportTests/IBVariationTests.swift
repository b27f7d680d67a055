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

    /// Xcode 6's files store a view's frame for a size class in a `<variation>` child with a
    /// `<rect key="frame">` of its own: that is not a view (it has no id), so the file imports
    /// with its two views and `t` where its constraints put it.
    @Test func aVariationsFrameIsNotAView() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="6245">
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="600" height="600"/>
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="t"><rect key="frame" x="0" y="0" width="600" height="50"/>
            <constraints><constraint firstAttribute="height" constant="50" id="th"/></constraints>
            <variation key="widthClass=compact" ambiguous="YES"><rect key="frame" x="0" y="0" width="320" height="50"/></variation>
            </view></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="v" secondAttribute="top" id="tt"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="tl"/>
            <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" id="tr"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try importOne(xml)
        #expect(scene.views.count == 2)
        #expect(try solve(scene)["t"] == [0, 0, 600, 50])
    }
}
