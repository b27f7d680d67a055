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

    /// An iPhone with a home button (no notch, no home indicator): several Xcode versions
    /// store these differently from the notched ones.
    public var isPhoneWithoutNotch: Bool { !isPad && homeIndicator == 0 }
}

/// The device table (portrait). Sources, entry by entry:
/// - screen sizes in points: Apple's Human Interface Guidelines, "Layout" → device screen sizes
///   (the device each IB id simulates: 3.5" iPhone 4s, 4" SE, 4.7" 8, 5.5" 8 Plus, 5.8" X/11 Pro,
///   6.1" XR/11, 6.5" XS Max, 5.4" 12 mini, 6.1" 12–14, 6.7" 12–14 Pro Max, 6.1" 14 Pro,
///   6.7" 14 Pro Max, 6.3" 16 Pro; iPads 9.7", 10.2", 10.5", 10.9" Air, 11" (IB's `ipad11` and
///   `ipad11_0rounded`), 12.9" with and without rounded corners);
/// - status bar / safe-area top and home indicator: the safe-area insets UIKit reports on the
///   simulator of each device in portrait (20 under a plain status bar; notched iPhones 44,
///   iPhone 12 mini 50, iPhone 12–14 47, Dynamic Island 59, the 16 Pro's 62; home indicator 34;
///   rounded iPads 24 and 20). The notched iPhones' top changed with the iOS each Xcode
///   simulates: from iOS 16 (Xcode 14.1's files, tools version 21500) the 6.1" XR/11
///   (`retina6_1`) reports 48 and IB's 5.8" class (`retina5_9`) is shown as the 5.4" iPhone
///   (50); files from before draw the iPhone 12–14's 390- and 428-pt-wide screens with the
///   44-pt top of the earlier notched iPhones (`statusBar(of:toolsVersion:)` gives the evidence).
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
        IBDevice(id: "retina6_3", width: 402, height: 874, statusBar: 62, homeIndicator: 34, isPad: false),
        IBDevice(id: "ipad9_7", width: 768, height: 1024, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad10_2", width: 810, height: 1080, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad10_5", width: 834, height: 1112, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad11", width: 834, height: 1194, statusBar: 24, homeIndicator: 20, isPad: true),
        IBDevice(id: "ipad11_0rounded", width: 834, height: 1194, statusBar: 24, homeIndicator: 20, isPad: true),
        IBDevice(id: "ipad10_9rounded", width: 820, height: 1180, statusBar: 24, homeIndicator: 20, isPad: true),
        IBDevice(id: "ipad12_9", width: 1024, height: 1366, statusBar: 20, homeIndicator: 0, isPad: true),
        IBDevice(id: "ipad12_9rounded", width: 1024, height: 1366, statusBar: 24, homeIndicator: 20, isPad: true),
    ]

    /// The device named in `<device id=…>`; an unknown or missing id means the 4.7-inch iPhone.
    public static func device(id: String?) -> IBDevice {
        devices.first { $0.id == id } ?? devices[2]
    }

    /// Navigation bar height (portrait iPhone): UINavigationBar's standard height (HIG, "Navigation
    /// bars"). Taller bars (large titles, an iPad's 50, a sheet's 56) come from the file, where IB
    /// stored its navigation controller's bar (`IBSceneBuilder.storedBarHeight`).
    public static let navigationBar = 44.0
    /// Tab bar and toolbar height above the home indicator: UITabBar's height in portrait (HIG, "Tab bars").
    public static let tabBar = 49.0
    /// Default layout margins of an ordinary view (UIView.layoutMargins' documented default).
    public static let viewMargin = 8.0

    /// Leading/trailing minimum margins of a view controller's root view
    /// (`systemMinimumLayoutMargins`, as UIKit reports it on the simulators): 20 on iPads and on
    /// roots at least 400 pt wide, 16 below. The simulators report 20 at 414 pt and 16 at 375;
    /// stored frames put the bound between 393 and 400: roots 390 and 393 wide show 16 (two
    /// repositories outside the corpus), freeform roots 400 wide 20 (two others); 400 is the
    /// bound taken.
    public static func rootSideMargin(width: Double) -> Double { width >= 400 ? 20 : 16 }

    /// Leading/trailing margins a table view gives its cells and their content (and its header):
    /// as the root's, but 20 from 390 pt on. No Apple source: the stored frames of table cells
    /// at 390 pt (14 cells of one file) and 393 pt (two files of one repository in the corpus,
    /// in-sample; a cell and a table header of two other repositories) put them at 20, beside
    /// roots of the same widths at 16.
    public static func tableSideMargin(width: Double) -> Double { width >= 390 ? 20 : 16 }

    /// The status bar's height (or the notch's safe-area top) a file of `toolsVersion` shows on
    /// `device` where it shows one. Files from before Xcode 14.1 (tools version 21500, the bound
    /// of `fromTable`'s rule for iPhones without a notch too) draw the iPhone 12–14's 390×844 and
    /// 428×926 screens with the 44-pt top of the earlier notched iPhones, not the devices' 47
    /// (the 12 mini's 375×812, `retina5_4`, is not measured: its 50 is kept); later files show
    /// iOS 16's status bars: 48 on the 6.1-inch XR/11 (`retina6_1`), 50 on IB's 5.8-inch class
    /// (`retina5_9`, shown as the 12 mini), 47 on the 390×844 and 428×926 ones. No Apple source:
    /// stored frames show 44 at 19529 and 20037 on the 6.1-inch XR/11 (two repositories outside
    /// the corpus) and 48 from 21507 on (three others), 44 at 19150 and 21179 on the 428×926 and
    /// 390×844 ones (two others) and 47 at 23504 (another).
    public static func statusBar(of device: IBDevice, toolsVersion: Double) -> Double {
        if !showsIOS16StatusBars(toolsVersion: toolsVersion) { return ["retina6_0", "retina6_7"].contains(device.id) ? 44 : device.statusBar }
        switch device.id {
        case "retina6_1": return 48
        case "retina5_9": return 50
        default: return device.statusBar
        }
    }

    /// Xcode 14.1's files and later ones (tools versions from 21500): they show iOS 16's status
    /// bars (`statusBar(of:toolsVersion:)`), and on iPhones without a notch a status bar again
    /// (`IBEnvironment.fromTable`). The one bound of both rules, measured on stored frames.
    public static func showsIOS16StatusBars(toolsVersion: Double) -> Bool { toolsVersion >= 21500 }

    /// Files from before Xcode 13 (tools version 19000, a bound within gaps of the measured
    /// versions): on iPads, and for freeform xib views on iPhones without a notch, they show no
    /// status bar (`IBEnvironment.fromTable`, `IBSceneBuilder.tableEnvironment`).
    public static func isBeforeXcode13(toolsVersion: Double) -> Bool { toolsVersion < 19000 }

    /// Xcode 15's files (tools versions 24000 to 32699), whose stored frames differ from the
    /// Xcode versions' before and after (see `IBEnvironment.fromTable` and `cellVerticalMargin`).
    public static func isXcode15(toolsVersion: Double) -> Bool { toolsVersion >= 24000 && toolsVersion < 32700 }

    /// Whether a file draws Xcode 15's bars (a doubled status bar, a navigation bar 4 pt lower, a
    /// doubled home indicator; see `IBEnvironment.fromTable`): its files for notched iPhones do,
    /// not those for iPads or for iPhones without a notch.
    public static func drawsXcode15NotchedBars(toolsVersion: Double, device: IBDevice) -> Bool {
        isXcode15(toolsVersion: toolsVersion) && !device.isPad && !device.isPhoneWithoutNotch
    }

    /// Top and bottom margins of a table cell's content view: 11 (UITableViewCell's system
    /// margins since iOS 11). Xcode 15's iPhone files store 15, 4 pt more, as they put a
    /// navigation bar 4 pt lower (see `IBEnvironment.fromTable`). No Apple source: measured on
    /// the stored frames of three files of two repositories outside the corpus.
    public static func cellVerticalMargin(toolsVersion: Double, device: IBDevice) -> Double {
        isXcode15(toolsVersion: toolsVersion) && !device.isPad ? 15 : 11
    }
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
    /// or without a navigation bar above (of `navigationBarHeight`, else the standard one's)
    /// and a tab bar below.
    public static func fromTable(
        device: IBDevice, toolsVersion: Double, width: Double, statusBarShown: Bool, navigationBar: Bool,
        navigationBarHeight: Double? = nil, tabBar: Bool
    ) -> IBEnvironment {
        var status = statusBarShown ? IBDeviceTable.statusBar(of: device, toolsVersion: toolsVersion) : 0
        // Xcode 10.2's to Xcode 14.0's files (tools versions 14800 to 21499) show no status bar on
        // iPhones without a notch: their stored frames put the safe area's top, a legacy top layout
        // guide's bottom or a navigation bar at the screen's top. No Apple source: measured on two
        // repositories' files of the corpus (15000–15999, in-sample), then on files of tools
        // versions 14865, 14868, 16096, 17156, 17506, 17701, 18122, 20037 and 21225 from twelve
        // other repositories; files of 14460 and 14490 (seven repositories) and of 21701 (four)
        // show it. 14800 and 21500 are bounds within the gaps; 21500 is also where Xcode's
        // notched iPhones take iOS 16's status bars (`IBDeviceTable.statusBar`).
        if toolsVersion >= 14800, !IBDeviceTable.showsIOS16StatusBars(toolsVersion: toolsVersion), device.isPhoneWithoutNotch { status = 0 }
        // So do their files before Xcode 13 on iPads: the stored frames of files of tools versions
        // 15505, 16096 and 17701 (four repositories outside the corpus) put the top of the safe
        // area or of a navigation bar at the screen's top, those of 20037 and 21507 (two others)
        // below a status bar, as do those of 14490 (another). 19000 is the bound within the gap
        // that the freeform xib views' rule takes (`IBDeviceTable.isBeforeXcode13`).
        if toolsVersion >= 14800, IBDeviceTable.isBeforeXcode13(toolsVersion: toolsVersion), device.isPad { status = 0 }
        // Xcode 15's files (tools versions 24000 to 32699) place the safe area under a navigation
        // bar 4 pt lower than a 44 pt bar would, show a second status-bar height at the top where
        // no navigation bar is shown (the legacy top layout guide too: 100 on the 375×812 iPhone,
        // 118 on the 393×852 one), and keep a second home-indicator height at the bottom of every
        // safe area (96 and 68 on the 414×896 iPhone, where the bar's 48 + 48 is also twice the
        // status bar). No Apple source: measured on the stored frames of the corpus's files
        // (in-sample); Xcode 16's files (32700) do not show it, nor do iPad files of Xcode 15 (a
        // landscape 12.9" iPad file of tools version 24765 from another repository stores 24 at the
        // top), nor Xcode 15's files on iPhones without a notch, which show one 20-pt status bar
        // and the navigation bar IB stored (54 pt, in files of 24506 and 24765 from three
        // repositories outside the corpus; see `IBSceneBuilder.storedBarHeight`).
        let xcode15 = IBDeviceTable.drawsXcode15NotchedBars(toolsVersion: toolsVersion, device: device)
        // A stored bar's height replaces the standard one, Xcode 15's 4 extra points included.
        let bar = navigationBarHeight ?? (IBDeviceTable.navigationBar + (xcode15 ? 4 : 0))
        let top = status + (navigationBar ? bar : xcode15 ? status : 0)
        let xcode15Bottom = xcode15 ? device.homeIndicator : 0
        let bottom = device.homeIndicator + (tabBar ? IBDeviceTable.tabBar : 0) + xcode15Bottom
        return IBEnvironment(
            safeArea: IBInsets(top: top, left: 0, bottom: bottom, right: 0),
            topGuideLength: top, bottomGuideLength: tabBar ? IBDeviceTable.tabBar : 0,
            rootSideMargin: device.isPad ? 20 : IBDeviceTable.rootSideMargin(width: width))
    }
}

/// The environment an import gave one hierarchy's guides, as `--check --json` reports it.
public struct IBEnvironmentUsed: Sendable {
    /// A guide attribute whose value was read off the file's frames (window coordinates, or a length).
    public struct ReadOffFrames: Sendable, Hashable {
        public var guide: String
        public var attribute: String
        public var value: Double
    }
    /// Read off the frames (`--environment-from-frames`), else the device table's.
    public var fromFrames: Bool
    /// The file's device (the table's entry) and tools version.
    public var device: IBDevice
    public var toolsVersion: Double
    /// The table's values for the root, its safe area read off the frames where constraints reach it (from frames).
    public var values: IBEnvironment
    /// From frames: each guide edge or length taken off the frames instead of `values`, in the order used.
    public var readOffFrames: [ReadOffFrames] = []
}
