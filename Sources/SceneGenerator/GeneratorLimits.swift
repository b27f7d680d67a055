import LayoutModel

// Sizes are checked before any work: a scene is built in memory before it is
// written, so a request the machine cannot hold is refused with an estimate
// instead of growing until the system kills the process.

extension GeneratorParameters {
    /// Bytes of scene JSON this request writes, roughly (measured per family at 2,000
    /// views: 380–750 bytes per view; 80 bytes per frame, and up to 3.3 bytes per view
    /// per frame where a frame touches every row, as in grid and toggle).
    public func estimatedSceneBytes(_ family: Family) -> Double {
        let v = Double(max(views, 1)), f = Double(max(frames, 0))
        let perFrame: Double
        switch family {
        case .grid: perFrame = 100 + 3.5 * v
        case .toggle: perFrame = 100 + 2.2 * v
        case .scroll: perFrame = 260
        default: perFrame = 120
        }
        return 800 * v + f * perFrame
    }

    /// Why this request cannot be generated on a machine with `memoryBytes` of memory
    /// (nil when it can): the scene is held in memory, about three times its text.
    public func sizeProblem(_ family: Family, memoryBytes: Double = Platform.physicalMemoryBytes) -> String? {
        if views < 1 { return "--views must be at least 1, got \(views)" }
        if frames < 0 { return "--frames must not be negative, got \(frames)" }
        // Ids and indices are 32-bit after compiling; 4 constraints a view.
        if views > Int(Int32.max / 8) {
            return "\(grouped(views)) views is more than a scene can index (at most \(grouped(Int(Int32.max / 8))))"
        }
        let text = estimatedSceneBytes(family)
        let needed = 3 * text
        if memoryBytes > 0, needed > memoryBytes / 2 {
            return "\(grouped(views)) views and \(grouped(frames)) frames of \(family.rawValue) need about "
                + "\(approximateBytes(text)) of scene text and about \(approximateBytes(needed)) of memory to build; "
                + "this machine has \(approximateBytes(memoryBytes)) (the limit is half of it)"
        }
        return nil
    }
}


/// `9.2e9` → `9 GB` (decimal units, one significant figure past the first below 10).
func approximateBytes(_ bytes: Double) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB"]
    var value = bytes
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    if unit == units.count - 1, value >= 1000 { return "more than 1,000 ZB" }
    let text = value < 10 ? String(Double(Int(value * 10)) / 10) : String(Int(value))
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " " + units[unit]
}
