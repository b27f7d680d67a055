import CassowarySolver
import Foundation
import IBImport
import LayoutModel
import Testing

struct IBEnvironmentTests {
    @Test func deviceTable() {
        let x = IBDeviceTable.device(id: "retina5_9")
        #expect(x.width == 375 && x.height == 812)
        #expect(IBDeviceTable.device(id: "unknown").id == "retina4_7")
        // iPhone X under a navigation bar and above a tab bar, saved by Xcode 10: 44 + 44 on top, 34 + 49 below.
        let old = IBEnvironment.fromTable(device: x, toolsVersion: 14000, width: 375, statusBarShown: true, navigationBar: true, tabBar: true)
        #expect(old.safeArea == IBInsets(top: 88, left: 0, bottom: 83, right: 0))
        #expect(old.topGuideLength == 88 && old.bottomGuideLength == 49 && old.rootSideMargin == 16)
        // The same screen saved from tools 21500 on is the 5.4" iPhone's: 50 on top (20037: still 44).
        #expect(IBEnvironment.fromTable(device: x, toolsVersion: 20037, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        let newer = IBEnvironment.fromTable(device: x, toolsVersion: 22000, width: 375, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(newer.safeArea.top == 50 && newer.safeArea.bottom == 34)
        // 414×896 from Xcode 14.1 on (iOS 16's status bar): 48, 44 before (Xcode 13's 20037 too);
        // Xcode 15 files put the safe area 4 pt lower under a navigation bar.
        let xr = IBDeviceTable.device(id: "retina6_1")
        #expect(IBEnvironment.fromTable(device: xr, toolsVersion: 11000, width: 414, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        #expect(IBEnvironment.fromTable(device: xr, toolsVersion: 20037, width: 414, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        #expect(IBEnvironment.fromTable(device: xr, toolsVersion: 21507, width: 414, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 48)
        let xcode15 = IBEnvironment.fromTable(device: xr, toolsVersion: 24127, width: 414, statusBarShown: true, navigationBar: true, tabBar: false)
        #expect(xcode15.safeArea.top == 96 && xcode15.safeArea.bottom == 68 && xcode15.rootSideMargin == 20)
        // Xcode 16's files (tools 32700) have a plain 44 pt bar and one home-indicator inset.
        // Without a navigation bar, Xcode 15's files show a second status-bar height on top, the
        // legacy top layout guide too (2 × 50 on the 375×812 iPhone).
        let plain15 = IBEnvironment.fromTable(device: xr, toolsVersion: 24127, width: 414, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(plain15.safeArea.top == 96 && plain15.safeArea.bottom == 68)
        let guide15 = IBEnvironment.fromTable(device: x, toolsVersion: 24506, width: 375, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(guide15.safeArea.top == 100 && guide15.topGuideLength == 100)
        #expect(IBEnvironment.fromTable(device: x, toolsVersion: 24506, width: 375, statusBarShown: false, navigationBar: false, tabBar: false).safeArea.top == 0)
        // Xcode 10.2's to Xcode 14.0's files (tools 14800 to 21499) show no status bar on iPhones
        // without a notch: a navigation bar alone on the 375×667 iPhone, nothing on the 320×568 one;
        // notched ones keep theirs, and Xcode 14.1's files (21500) show it again (20 + 44).
        let se = IBDeviceTable.device(id: "retina4_7")
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 15701, width: 375, statusBarShown: true, navigationBar: true, tabBar: false).safeArea.top == 44)
        #expect(IBEnvironment.fromTable(device: IBDeviceTable.device(id: "retina4_0"), toolsVersion: 15705, width: 320, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 0)
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 16097, width: 375, statusBarShown: true, navigationBar: true, tabBar: false).safeArea.top == 44)
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 17156, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 0)
        // So do Xcode 10.2's (14865, 14868: a legacy top layout guide 0 long); Xcode 10.1's (14490) show it.
        let xcode102 = IBEnvironment.fromTable(device: se, toolsVersion: 14868, width: 375, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(xcode102.safeArea.top == 0 && xcode102.topGuideLength == 0)
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 14490, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).topGuideLength == 20)
        for tools in [17506.0, 17701, 18122, 20037, 21225] {
            #expect(IBEnvironment.fromTable(device: se, toolsVersion: tools, width: 375, statusBarShown: true, navigationBar: true, tabBar: false).safeArea.top == 44)
        }
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 21701, width: 375, statusBarShown: true, navigationBar: true, tabBar: false).safeArea.top == 64)
        #expect(IBEnvironment.fromTable(device: x, toolsVersion: 15705, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        // Xcode 15's doubled status bar is a notched iPhone's matter: the 375×667 iPhone shows one
        // 20-pt bar and a plain 44-pt navigation bar, the rounded 12.9" iPad keeps its 24.
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 24506, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 20)
        #expect(IBEnvironment.fromTable(device: se, toolsVersion: 24506, width: 375, statusBarShown: true, navigationBar: true, tabBar: false).safeArea.top == 64)
        let pad = IBDeviceTable.device(id: "ipad12_9rounded")
        #expect(IBEnvironment.fromTable(device: pad, toolsVersion: 24765, width: 1366, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 24)
        // iPads show no status bar in the files of Xcode 10.2 to 12.5 (tools 14800 to 18999): the
        // rounded 12.9" one's navigation bar sits at the top, with its home indicator kept below;
        // Xcode 10.1's (14490) and Xcode 13's (20037) files show 20 and 24.
        #expect(IBEnvironment.fromTable(device: pad, toolsVersion: 16096, width: 1024, statusBarShown: true, navigationBar: true, navigationBarHeight: 50, tabBar: false).safeArea == IBInsets(top: 50, left: 0, bottom: 20, right: 0))
        #expect(IBEnvironment.fromTable(device: pad, toolsVersion: 17701, width: 1024, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 0)
        #expect(IBEnvironment.fromTable(device: pad, toolsVersion: 20037, width: 1024, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 24)
        #expect(IBEnvironment.fromTable(device: IBDeviceTable.device(id: "ipad9_7"), toolsVersion: 14490, width: 768, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 20)
        #expect(IBEnvironment.fromTable(device: IBDeviceTable.device(id: "ipad9_7"), toolsVersion: 15505, width: 1024, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 0)
        // The 6.3" iPhone 16 Pro (`retina6_3`, 402×874): a 62-pt top and the 34-pt home indicator,
        // doubled in the files of tools 24000 to 32699 as on every iPhone with a home indicator.
        let pro16 = IBDeviceTable.device(id: "retina6_3")
        #expect(pro16.width == 402 && pro16.height == 874)
        let plain16 = IBEnvironment.fromTable(device: pro16, toolsVersion: 32700, width: 402, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(plain16.safeArea.top == 62 && plain16.safeArea.bottom == 34 && plain16.rootSideMargin == 20)
        let doubled16 = IBEnvironment.fromTable(device: pro16, toolsVersion: 24765, width: 402, statusBarShown: true, navigationBar: false, tabBar: false)
        #expect(doubled16.safeArea.top == 124 && doubled16.safeArea.bottom == 68)
        // iOS 16's status bars begin with Xcode 14.1's files: a file of 21179 still shows 44 on the
        // 414×896 and 375×812 iPhones.
        #expect(IBEnvironment.fromTable(device: xr, toolsVersion: 21179, width: 414, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        #expect(IBEnvironment.fromTable(device: x, toolsVersion: 21179, width: 375, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
        // The 390×844 and 428×926 iPhones: 44 in files from before Xcode 14.1 (19150, 21179), 47 after.
        for id in ["retina6_0", "retina6_7"] {
            let phone = IBDeviceTable.device(id: id)
            #expect(IBDeviceTable.statusBar(of: phone, toolsVersion: 21179) == 44)
            #expect(IBEnvironment.fromTable(device: phone, toolsVersion: 19150, width: phone.width, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 44)
            #expect(IBEnvironment.fromTable(device: phone, toolsVersion: 23504, width: phone.width, statusBarShown: true, navigationBar: false, tabBar: false).safeArea.top == 47)
        }
        // Side margins: a root's 16 up to 393 pt, 20 from 400 pt on; a table's (its cells') 20
        // from the 390-pt iPhone on.
        #expect([375.0, 390, 393, 400, 414, 430].map { IBDeviceTable.rootSideMargin(width: $0) } == [16, 16, 16, 20, 20, 20])
        #expect([375.0, 390, 393, 414].map { IBDeviceTable.tableSideMargin(width: $0) } == [16, 20, 20, 20])
        let xcode16 = IBEnvironment.fromTable(device: xr, toolsVersion: 32700, width: 414, statusBarShown: true, navigationBar: true, tabBar: false)
        #expect(xcode16.safeArea.top == 92 && xcode16.safeArea.bottom == 34)
    }

    /// A misplaced view that differs is listed with IB's flag and does not count as a failure;
    /// the keyboard guide (keyboard hidden) sits on the safe area's bottom edge, 0 tall on a 4.7" iPhone.
    @Test func flagsAndKeyboardGuide() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14000">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
            <view id="v"><rect key="frame" x="0" y="0" width="375" height="667"/>
            <subviews>
            <view translatesAutoresizingMaskIntoConstraints="NO" misplaced="YES" id="m"><rect key="frame" x="5" y="5" width="10" height="10"/></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="k"><rect key="frame" x="0" y="617" width="375" height="50"/></view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="s"/>
            <viewLayoutGuide key="keyboard" id="kb"/>
            <constraints>
            <constraint firstItem="m" firstAttribute="top" secondItem="v" secondAttribute="top" id="mt"/>
            <constraint firstItem="m" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="ml"/>
            <constraint firstItem="m" firstAttribute="width" constant="10" id="mw"/>
            <constraint firstItem="m" firstAttribute="height" constant="10" id="mh"/>
            <constraint firstItem="k" firstAttribute="bottom" secondItem="kb" secondAttribute="top" id="kt"/>
            <constraint firstItem="k" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="kl"/>
            <constraint firstItem="k" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="kr"/>
            <constraint firstItem="k" firstAttribute="height" constant="50" id="kh"/>
            </constraints>
            </view>
            </objects>
            </document>
            """
        let scene = try IBImporter.importDocument(IBDocument(data: Data(xml.utf8), path: "flags.xib"))[0]
        let result = try scene.check(backend: CassowaryBackend.self, repair: false)
        #expect(result.mismatches.map(\.viewID) == ["m"])
        #expect(result.mismatches[0].flag == "misplaced")
        #expect(result.unflaggedCount == 2 && result.unflaggedMatching == 2)
    }
}
