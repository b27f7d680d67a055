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
        case "imageView": return element["image"] != nil ? (true, true) : (false, false)
        case "textView": return element["scrollEnabled"] == "NO" ? (true, true) : (false, false)
        case "slider", "progressView", "searchBar", "navigationBar", "tabBar", "toolbar": return (false, true)
        default: return (false, false)
        }
    }

    /// The intrinsic size is the IB alignment rectangle's (Xcode stores frames that
    /// already fit the content), unless `placeholderIntrinsicWidth/Height` gives one
    /// (`infinite` there means none). Priorities: the file's
    /// `horizontalHuggingPriority`… values, else UIKit's defaults (hugging 250,
    /// compression resistance 750; IB writes 251 for labels and others itself).
    func addIntrinsicSize(_ i: Int) throws(IBImportError) {
        let v = views[i]
        let e = v.element
        var (hasW, hasH) = Self.intrinsicAxes(e)
        let a = v.alignmentWindow
        var size = (a.width, a.height)
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
