// What a running app would supply and an IB file does not store: the screen,
// the bars above and below a view controller's view, its safe-area insets and
// the system's minimum margins.

/// Insets of a rectangle: top, left, bottom, right (UIKit's order).
public struct IBInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = IBInsets()
}

/// One device of the table: the portrait screen and the insets the system adds.
public struct IBDevice: Sendable {
    public var id: String
    public var width, height: Double
    /// Status bar height where there is no notch (20), or the notch's safe-area top.
    public var statusBar: Double
    /// The home indicator's safe-area bottom (0 on devices with a home button).
    public var homeIndicator: Double
    public var isPad: Bool
}

/// The device table (portrait). Notched iPhones' top inset changed with newer
/// simulated devices for the same screen: `retina6_1` (414×896) has 44 before tools
/// version 17000 (Xcode 12) and 48 from then on; `retina5_9` (375×812) has 44 before
/// 20000 (Xcode 13) and 50 from then on (the 5.4" iPhone's).
public enum IBDeviceTable {
    public static let devices: [IBDevice] = [
        IBDevice(id: "retina3_5", width: 320, height: 480, statusBar: 20, homeIndicator: 0, isPad: false),
        IBDevice(id: "retina4_0", width: 320, height: 568, statusBar: 20, homeIndicator: 0, isPad: false),
        IBDevice(id: "retina4_7", width: 375, height: 667, statusBar: 20, homeIndicator: 0, isPad: false),
        IBDevice(id: "retina5_5", width: 414, height: 736, statusBar: 20, homeIndicator: 0, isPad: false),
        IBDevice(id: "retina5_9", width: 375, height: 812, statusBar: 44, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_1", width: 414, height: 896, statusBar: 44, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_5", width: 414, height: 896, statusBar: 44, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina5_4", width: 375, height: 812, statusBar: 50, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_0", width: 390, height: 844, statusBar: 47, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_7", width: 428, height: 926, statusBar: 47, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_12", width: 393, height: 852, statusBar: 59, homeIndicator: 34, isPad: false),
        IBDevice(id: "retina6_72", width: 430, height: 932, statusBar: 59, homeIndicator: 34, isPad: false),
        IBDevice(id: "ipad9_7", width: 768, height: 1024, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad10_2", width: 810, height: 1080, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad10_5", width: 834, height: 1112, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad11", width: 834, height: 1194, statusBar: 24, homeIndicator: 20, isPad: true),
        IBDevice(id: "ipad12_9", width: 1024, height: 1366, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad12_9rounded", width: 1024, height: 1366, statusBar: 24, homeIndicator: 20, isPad: true),
    ]

    /// The device named in `<device id=…>`; an unknown or missing id means the 4.7-inch iPhone.
    public static func device(id: String?) -> IBDevice {
        devices.first { $0.id == id } ?? devices[2]
    }

    /// Navigation bar height (portrait iPhone and iPad).
    public static let navigationBar = 44.0
    /// Tab bar and toolbar height above the home indicator.
    public static let tabBar = 49.0
    /// Default layout margins of an ordinary view.
    public static let viewMargin = 8.0

    /// Leading/trailing minimum margins of a view controller's root view: 20 on
    /// screens at least 414 pt wide and on iPads, 16 below.
    public static func rootSideMargin(width: Double) -> Double { width >= 414 ? 20 : 16 }
}

/// The environment of one view controller's root view, in its own coordinates.
public struct IBEnvironment: Sendable {
    /// Safe-area insets of the root view (status, navigation and tab bars included).
    public var safeArea: IBInsets
    /// Length of the legacy top layout guide (status + navigation bar).
    public var topGuideLength: Double
    /// Length of the legacy bottom layout guide (tab bar or toolbar).
    public var bottomGuideLength: Double
    /// The root view's side margins (system minimum).
    public var rootSideMargin: Double

    public init(safeArea: IBInsets, topGuideLength: Double, bottomGuideLength: Double, rootSideMargin: Double) {
        self.safeArea = safeArea
        self.topGuideLength = topGuideLength
        self.bottomGuideLength = bottomGuideLength
        self.rootSideMargin = rootSideMargin
    }

    /// The environment the table gives for a root view of `width` on `device`, with
    /// or without a navigation bar above and a tab bar below.
    public static func fromTable(
        device: IBDevice, toolsVersion: Double, width: Double, statusBarShown: Bool, navigationBar: Bool, tabBar: Bool
    ) -> IBEnvironment {
        var status = statusBarShown ? device.statusBar : 0
        if statusBarShown, toolsVersion >= 17000, device.id == "retina6_1" { status = 48 }
        if statusBarShown, toolsVersion >= 20000, device.id == "retina5_9" { status = 50 }
        // Xcode 15's files (tools version ≥ 24000) place the safe area 4 pt lower under a
        // navigation bar than a 44 pt bar would (measured: 96 on the 414×896 iPhone).
        let bar = IBDeviceTable.navigationBar + (toolsVersion >= 24000 ? 4 : 0)
        let top = status + (navigationBar ? bar : 0)
        // Measured the same way: those files also keep a second home-indicator height at the bottom
        // (68 on the 414×896 iPhone) for such a controller. Empirical, from one project's files.
        let xcode15Bottom = toolsVersion >= 24000 && navigationBar ? device.homeIndicator : 0
        let bottom = device.homeIndicator + (tabBar ? IBDeviceTable.tabBar : 0) + xcode15Bottom
        return IBEnvironment(
            safeArea: IBInsets(top: top, left: 0, bottom: bottom, right: 0),
            topGuideLength: top, bottomGuideLength: tabBar ? IBDeviceTable.tabBar : 0,
            rootSideMargin: device.isPad ? 20 : IBDeviceTable.rootSideMargin(width: width))
    }
}
