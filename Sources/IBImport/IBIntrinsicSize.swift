// Rule (intrinsic content size): the views that have one get, per axis,
// `size <= intrinsic` at the hugging priority and `size >= intrinsic` at the
// compression-resistance priority, as UIKit's NSContentSizeLayoutConstraint does.

import LayoutModel

extension IBSceneBuilder {
    /// Which axes of an element's class have an intrinsic size (width, height).
    /// Labels, buttons, text fields, switches, steppers, segmented controls, page controls,
    /// activity indicators, date and picker views: both; image views: both when they show
    /// an image; text views: both when not scrolling; sliders, progress views, search,
    /// navigation, tab bars and toolbars: height only. Other views (plain and custom
    /// views, stack, scroll, table and collection views): none.
    static func intrinsicAxes(_ element: IBElement) -> (width: Bool, height: Bool) {
        switch element.name {
        case "label", "button", "textField", "switch", "stepper", "segmentedControl", "pageControl",
            "activityIndicatorView", "datePicker", "pickerView":
            return (true, true)
        case "imageView": return element.shownImage != nil ? (true, true) : (false, false)
        case "textView": return element["scrollEnabled"] == "NO" ? (true, true) : (false, false)
        case "slider", "progressView", "searchBar", "navigationBar", "tabBar", "toolbar": return (false, true)
        default: return (false, false)
        }
    }

    /// UIKit's intrinsic size (of the alignment rectangle) for the classes whose size does not
    /// depend on their content, nil where it does or is not known. Apple documents none of these
    /// numbers; each is what the runtime reports and Xcode stores for a view sized by its content:
    /// - activity indicators: the `large` and `whiteLarge` styles 37×37, the others (`medium`,
    ///   and the older `white` and `gray`) 20×20 (UIActivityIndicatorView.Style; every fitted
    ///   indicator of the conformance corpus, Xcode 8 to 26);
    /// - switches, files before Xcode 15 (tools 24000): 51×31, less the 2 pt right alignment inset
    ///   (later files show 63×28 as well, so none is assumed there);
    /// - steppers: 94×32 (iOS 7 and later);
    /// - progress views: height 4 from Xcode 12 (tools 17000, the iOS 14 SDK), 2 before;
    /// - page controls: height 26 from Xcode 12, 37 before (the width grows with the pages).
    static func fixedIntrinsicSize(_ e: IBElement, toolsVersion: Double) -> (width: Double?, height: Double?) {
        switch e.name {
        case "activityIndicatorView":
            let large = ["large", "whiteLarge"].contains(e["style"] ?? "medium")
            return large ? (37, 37) : (20, 20)
        case "switch": return toolsVersion < 24000 ? (49, 31) : (nil, nil)
        case "stepper": return (94, 32)
        case "progressView": return (nil, toolsVersion >= 17000 ? 4 : 2)
        case "pageControl": return (nil, toolsVersion >= 17000 ? 26 : 37)
        default: return (nil, nil)
        }
    }

    /// The intrinsic size is the IB alignment rectangle's (Xcode stores frames that
    /// already fit the content), unless `placeholderIntrinsicWidth/Height` gives one
    /// (`infinite` there means none), or, for a view IB flags, UIKit's fixed size of its class
    /// (see `fixedIntrinsicSize`). Priorities: the file's
    /// `horizontalHuggingPriority`… values, else UIKit's defaults (hugging 250,
    /// compression resistance 750; IB writes 251 for labels and others itself).
    func addIntrinsicSize(_ i: Int) throws(IBImportError) {
        let v = views[i]
        let e = v.element
        var (hasW, hasH) = Self.intrinsicAxes(e)
        let a = v.alignmentWindow
        var size = (a.width, a.height)
        // A frame IB flags (misplaced or ambiguous) is not the layout's, so it does not state
        // the intrinsic size: the classes whose size does not depend on content take UIKit's.
        if v.flagged != nil {
            let fixed = Self.fixedIntrinsicSize(e, toolsVersion: toolsVersion)
            if let w = fixed.width { size.0 = w }
            if let h = fixed.height { size.1 = h }
        }
        if let t = e["placeholderIntrinsicWidth"] {
            if t == "infinite" { hasW = false } else if let w = try e.number("placeholderIntrinsicWidth") { hasW = true; size.0 = w }
        }
        if let t = e["placeholderIntrinsicHeight"] {
            if t == "infinite" { hasH = false } else if let h = try e.number("placeholderIntrinsicHeight") { hasH = true; size.1 = h }
        }
        func priority(_ name: String, _ fallback: Double) throws(IBImportError) -> Double {
            guard let p = try e.number(name) else { return fallback }
            guard p >= 1, p <= 1000, p <= 999 || p == 1000 else { throw fail(e, "\(name)=\"\(formatNumber(p))\" is not a priority in 1...1000") }
            return p
        }
        if hasW {
            add("\(v.id)~ic-width-hug", ref(v.id, .width), .lessThanOrEqual, constant: size.0,
                priority: try priority("horizontalHuggingPriority", 250), origin: "intrinsic width: content hugging")
            add("\(v.id)~ic-width-cr", ref(v.id, .width), .greaterThanOrEqual, constant: size.0,
                priority: try priority("horizontalCompressionResistancePriority", 750), origin: "intrinsic width: compression resistance")
        }
        if hasH {
            add("\(v.id)~ic-height-hug", ref(v.id, .height), .lessThanOrEqual, constant: size.1,
                priority: try priority("verticalHuggingPriority", 250), origin: "intrinsic height: content hugging")
            add("\(v.id)~ic-height-cr", ref(v.id, .height), .greaterThanOrEqual, constant: size.1,
                priority: try priority("verticalCompressionResistancePriority", 750), origin: "intrinsic height: compression resistance")
        }
    }
}
