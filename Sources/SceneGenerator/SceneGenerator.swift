#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

/// The synthetic scene families, each modelled on a real animation.
///
/// Every family's layout is unique at every frame (unless `GeneratorParameters.ambiguous`
/// is set): each of the four unknowns of every view is pinned by the required equalities
/// plus, at each optional priority level, constraints that never compete with one another
/// for the same unknowns (see `Tests/SceneGeneratorTests` for the check and the argument).
/// Required constraints are never touched in a way that could make them unsatisfiable.
public enum Family: String, CaseIterable, Sendable {
    /// A settings screen with a resizable first cell. N views stacked vertically
    /// (`top == previous.bottom + 8`, pinned left and right with 8 pt insets, 44 pt tall);
    /// the first view's height (44 at 250) is driven by a slider through an edit variable
    /// at 750, one `suggest` per frame, so every view below it moves.
    /// Size: `max(views, 2)` views (the root and `views - 1` rows).
    case stack
    /// A window resize over a nested stack-view hierarchy. A balanced tree (fanout 4 by
    /// default), built breadth first: each parent lays out its children as a horizontal or
    /// vertical stack, alternating by depth, with equal sizes
    /// (`child.width == parent.width / k - (2·inset + (k-1)·spacing) / k`), 4 pt insets and
    /// 4 pt spacing. The window's width (375 at 250) is resized every frame through an edit
    /// at 750, so every view moves. Size: exactly `max(views, 1)` views; the last parent
    /// gets fewer children.
    case tree
    /// A collection view whose inter-item spacing animates. Rows × columns of cells; the
    /// first cell is 40 × 40 and every other cell's width and height equal the first's.
    /// The first row's cells hang off their left neighbour (or the root) by a spacing
    /// constant, the first column's off their upper neighbour; every other cell aligns its
    /// left with its column's first cell and its top with its row's. A slider changes every
    /// spacing constant (2…16 pt) with `setConstant` every frame, `rows + columns` ops, and
    /// every cell moves. Size: with `cells = views - 1`,
    /// `columns = ⌊√cells⌋` and `rows = ⌊cells / columns⌋`, so `1 + rows·columns ≤ views`.
    case grid
    /// Draggable slider thumbs with tooltips. Containers (fixed boxes), each holding a tip
    /// kept inside by required inequalities (`tip.left >= box.left`, `tip.right <= box.right`)
    /// and centred in its box at 250; while a drag lasts (30 frames) the dragged tip's
    /// centre follows the finger through an edit at 750 (`addEdit` when the finger lands,
    /// `suggest` every frame along a path that often leaves the container, `removeEdit` when
    /// it lifts). A 120 pt label is attached to each tip's centre at 700 (high, but below
    /// the finger, so the two never trade off) and kept inside the window by required
    /// inequalities, which clamp it near the edges. Local edits in a big scene. Size:
    /// 3 views per container, `1 + 3·max(1, (views - 1) / 3)` views. Seeded (box widths,
    /// which tip is dragged).
    case clamp
    /// Table rows that split into two halves or collapse to one. Each row holds a yellow
    /// and a blue half of equal width; the yellow half's trailing edge is decided by two
    /// optional constraints, `blue.leading == yellow.trailing + spacing` (the split) and
    /// `yellow.trailing == row.trailing` (the collapse), at 750 and 250. Every K frames
    /// (frames 0, K, 2K, …) the two swap priorities 750 ⇄ 250 with `setPriority` in every
    /// row, and every other toggle the split's spacing constant changes 100 ⇄ 10 with
    /// `setConstant` (so the split shows both spacings): 3 ops per row on odd toggles,
    /// 2 on even ones, none on other frames. Size: 3 views per row,
    /// `1 + 3·max(1, (views - 1) / 3)` views.
    case toggle
    /// A collapsing header over a long list. A 200 pt header holds a background and a
    /// title; every frame the scroll offset moves the header up (`setConstant` on its
    /// top), the background up at half speed (parallax) and the title up at a quarter (as
    /// it fades): 3 ops per frame. Below hang `views - 4` rows of 44 pt.
    /// Size: `max(views, 4)` views.
    case scroll
    /// Expanding cells and transient constraints. A stack whose views each have two
    /// alternative required heights (44 active, 60 inactive): every frame deactivates one
    /// view's current height and activates its alternative (2 ops); every 10th frame also
    /// adds a new, consistent width constraint (`add`) and, once three are live, removes
    /// the oldest added one (`remove`). Size: `max(views, 2)` views.
    case churn
    /// A random tree mixing the patterns: each view hangs off a recent view, its top pinned
    /// to its parent's, its left either pinned to its parent's or clamped (`left >=
    /// anchor.left`, required, with an optional preferred offset, where the anchor is the
    /// nearest ancestor whose left is fixed by required equalities: usually the parent); its width decided by two conflicting optional
    /// constraints at distinct priorities above a required minimum (so the strict priority
    /// order decides), its height by an aspect ratio (`height == 0.5 · width`) or a constant
    /// under a required maximum. Frames cycle through ops of every kind: suggest,
    /// setConstant, setPriority, activate, deactivate, add, remove, addEdit, removeEdit.
    /// Priorities are distinct within a view. Size: exactly `max(views, 2)` views. Seeded.
    case mixed

    /// Whether frame arithmetic can run the family: only equalities, acyclic (each unknown
    /// follows from already known ones, one equality at a time), and no priority change
    /// that alters which equality wins.
    public var isOneWayEvaluable: Bool {
        switch self {
        case .stack, .tree, .grid, .scroll, .churn: return true
        case .clamp, .toggle, .mixed: return false
        }
    }

    /// Whether the seed changes the scene; the other families are fully determined by
    /// their size and parameters.
    public var usesSeed: Bool { self == .mixed || self == .clamp }
}

public struct GeneratorParameters: Sendable, Hashable {
    /// Total views, the root included (each family rounds; see `Family`).
    public var views: Int
    /// Frames of animation.
    public var frames: Int
    /// Seed of the families that use one (`Family.usesSeed`).
    public var seed: UInt64
    /// Children per parent in `tree` (at least 2).
    public var fanout: Int
    /// K: frames between toggles in `toggle` (at least 1).
    public var toggleEvery: Int
    /// Drop one required vertical constraint of the last view (one that no op touches),
    /// so that view's top or height is free at every frame: the layout is ambiguous.
    public var ambiguous: Bool

    public init(
        views: Int = 100, frames: Int = 120, seed: UInt64 = 1, fanout: Int = 4, toggleEvery: Int = 30,
        ambiguous: Bool = false
    ) {
        self.views = views
        self.frames = frames
        self.seed = seed
        self.fanout = fanout
        self.toggleEvery = toggleEvery
        self.ambiguous = ambiguous
    }
}

/// SplitMix64: small, fast, and the same on every platform.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `range` (modulo reduction: the bias is negligible for small ranges).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    /// A value in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

public enum SceneGenerator {
    /// The standard suite's sizes.
    public static let suiteSizes = [10, 1000, 10000]

    /// A scene of `family` with the given parameters; the same parameters always give
    /// the same scene (no system randomness, no hashing order). See `Family` for how each
    /// family rounds `views`.
    public static func generate(_ family: Family, _ p: GeneratorParameters) -> Scene {
        var g = Builder(name: "\(family.rawValue)-\(p.views)", frames: p.frames)
        switch family {
        case .stack: g.stack(p)
        case .tree: g.tree(p)
        case .grid: g.grid(p)
        case .clamp: g.clamp(p)
        case .toggle: g.toggle(p)
        case .scroll: g.scroll(p)
        case .churn: g.churn(p)
        case .mixed: g.mixed(p)
        }
        if p.ambiguous { g.loosenLastView() }
        return Scene(name: g.name, views: g.views, constraints: g.constraints, edits: g.edits, frames: g.frames)
    }

    /// The standard set: every family at each size.
    public static func suiteParameters(sizes: [Int] = suiteSizes, frames: Int = 120) -> [(Family, GeneratorParameters)] {
        var out: [(Family, GeneratorParameters)] = []
        for family in Family.allCases {
            for size in sizes { out.append((family, GeneratorParameters(views: size, frames: frames))) }
        }
        return out
    }

    /// The file name of a suite member: `FAMILY-VIEWS.json`.
    public static func suiteFileName(_ family: Family, views: Int) -> String { "\(family.rawValue)-\(views).json" }

    /// Writes the standard set into `folder` (created if missing) as `FAMILY-VIEWS.json`,
    /// streaming each scene; returns the paths written, in order.
    @discardableResult
    public static func writeSuite(
        to folder: String, sizes: [Int] = suiteSizes, frames: Int = 120, progress: (String) -> Void = { _ in }
    ) throws(LayoutError) -> [String] {
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw .invalidScene(["cannot create folder '\(folder)': \(String(cString: strerror(errno)))"])
        }
        var paths: [String] = []
        for (family, parameters) in suiteParameters(sizes: sizes, frames: frames) {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + suiteFileName(family, views: parameters.views)
            let sink = try ByteSink(path: path)
            generate(family, parameters).write(to: sink)
            sink.close()
            paths.append(path)
            progress(path)
        }
        return paths
    }
}

func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// Accumulates a scene with precomputed ids; cheaper than the DSL at 100,000 views.
struct Builder {
    var name: String
    var views: [View] = []
    var constraints: [Constraint] = []
    var edits: [EditDeclaration] = []
    var frames: [Frame]
    let frameCount: Int
    var counter = 0

    init(name: String, frames: Int) {
        self.name = name
        frameCount = max(0, frames)
        self.frames = []
        self.frames.reserveCapacity(frameCount)
    }

    mutating func reserve(views v: Int, constraints c: Int) {
        views.reserveCapacity(v)
        constraints.reserveCapacity(c)
    }

    mutating func view(_ id: String, parent: String?) -> String {
        views.append(View(id: id, parent: parent))
        return id
    }

    /// `first.a RELATION multiplier * second.b + constant` (b defaults to a); the id is
    /// `c1`, `c2`, … unless given (given ids never look like `cN`).
    @discardableResult
    mutating func add(
        _ first: String, _ a: Attribute, _ relation: Relation = .equal, _ second: String? = nil, _ b: Attribute? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, active: Bool = true, id: String? = nil
    ) -> String {
        counter += 1
        let cid = id ?? "c\(counter)"
        constraints.append(
            Constraint(
                id: cid, first: AttributeRef(view: first, attribute: a), relation: relation,
                second: second.map { AttributeRef(view: $0, attribute: b ?? a) }, multiplier: second == nil ? 1 : multiplier,
                constant: constant, priority: Priority(priority), isActive: active))
        return cid
    }

    /// The window: left, top, width (unless nil) and height pinned by required constraints.
    mutating func root(width: Double? = 375, height: Double = 667) -> String {
        let r = view("root", parent: nil)
        add(r, .left, id: "root.left")
        add(r, .top, id: "root.top")
        if let width { add(r, .width, constant: width, id: "root.width") }
        add(r, .height, constant: height, id: "root.height")
        return r
    }

    /// A smooth, repeatable slider value in [0, 1] for frame f.
    static func slider(_ f: Int) -> Double { 0.5 - 0.5 * cos(Double(f) * 0.1) }

    /// `--ambiguous`: removes the first required constraint of the last view whose first
    /// attribute is vertical (top, bottom, centerY or height) and that no op names. Every
    /// family pins each unknown exactly (its vertical unknowns by required equalities
    /// alone, and the last view is a leaf nothing else hangs off), so this frees one.
    mutating func loosenLastView() {
        guard let last = views.last?.id else { return }
        func named(_ id: String) -> Bool {
            for frame in frames {
                for op in frame {
                    switch op {
                    case .setConstant(let c, _), .setPriority(let c, _), .activate(let c), .deactivate(let c), .remove(let c):
                        if c == id { return true }
                    default: continue
                    }
                }
            }
            return false
        }
        let index = constraints.indices.last { i in
            let c = constraints[i]
            guard c.first.view == last, c.isActive, c.priority.isRequired, c.relation == .equal else { return false }
            switch c.first.attribute {
            case .top, .bottom, .centerY, .height: return !named(c.id)
            default: return false
            }
        }
        // The last match in declaration order, not the first: for a cell whose top is a
        // spacing constraint (grid), that is its height; elsewhere its top or height.
        if let index { constraints.remove(at: index) }
    }

    // MARK: Families

    mutating func stack(_ p: GeneratorParameters) {
        let root = root()
        let n = max(1, p.views - 1)
        reserve(views: n + 1, constraints: 4 * n + 4)
        var previous: String? = nil
        for i in 0..<n {
            let v = view("v\(i)", parent: root)
            add(v, .left, .equal, root, .left, constant: 8)
            add(v, .right, .equal, root, .right, constant: -8)
            if let previous { add(v, .top, .equal, previous, .bottom, constant: 8) } else { add(v, .top, .equal, root, .top, constant: 8) }
            add(v, .height, constant: 44, priority: i == 0 ? 250 : 1000)
            previous = v
        }
        let slider = AttributeRef(view: "v0", attribute: .height)
        edits.append(EditDeclaration(attribute: slider, priority: .high))
        for f in 0..<frameCount { frames.append([.suggest(attribute: slider, value: 44 + 200 * Builder.slider(f + 1))]) }
    }

    mutating func tree(_ p: GeneratorParameters) {
        let total = max(1, p.views)
        reserve(views: total, constraints: 4 * total + 4)
        let root = root(width: nil)
        add(root, .width, constant: 375, priority: 250, id: "root.width")
        let fanout = max(2, p.fanout)
        let inset = 4.0
        let spacing = 4.0
        // Breadth first: each view's depth, by index.
        var depth: [Int] = [0]
        depth.reserveCapacity(total)
        var parentIndex = 0
        while views.count < total {
            let parent = views[parentIndex].id
            let children = min(fanout, total - views.count)
            let horizontal = depth[parentIndex] % 2 == 0
            let k = Double(children)
            let share = -(2 * inset + (k - 1) * spacing) / k
            var previous: String? = nil
            for _ in 0..<children {
                let child = view("v\(views.count)", parent: parent)
                depth.append(depth[parentIndex] + 1)
                if horizontal {
                    add(child, .width, .equal, parent, .width, multiplier: 1 / k, constant: share)
                    add(child, .top, .equal, parent, .top, constant: inset)
                    add(child, .bottom, .equal, parent, .bottom, constant: -inset)
                    if let previous { add(child, .left, .equal, previous, .right, constant: spacing) } else { add(child, .left, .equal, parent, .left, constant: inset) }
                } else {
                    add(child, .height, .equal, parent, .height, multiplier: 1 / k, constant: share)
                    add(child, .left, .equal, parent, .left, constant: inset)
                    add(child, .right, .equal, parent, .right, constant: -inset)
                    if let previous { add(child, .top, .equal, previous, .bottom, constant: spacing) } else { add(child, .top, .equal, parent, .top, constant: inset) }
                }
                previous = child
            }
            parentIndex += 1
        }
        let width = AttributeRef(view: root, attribute: .width)
        edits.append(EditDeclaration(attribute: width, priority: .high))
        for f in 0..<frameCount { frames.append([.suggest(attribute: width, value: 320 + 400 * Builder.slider(f + 1))]) }
    }

    mutating func grid(_ p: GeneratorParameters) {
        let cells = max(1, p.views - 1)
        let columns = max(1, Int(Double(cells).squareRoot()))
        let rows = max(1, cells / columns)
        reserve(views: rows * columns + 1, constraints: 4 * rows * columns + 4)
        let root = root()
        var spacingIDs: [String] = []
        spacingIDs.reserveCapacity(rows + columns)
        var firstRow: [String] = []
        var above: [String] = []
        var current: [String] = []
        for r in 0..<rows {
            current.removeAll(keepingCapacity: true)
            for c in 0..<columns {
                let cell = view("r\(r)c\(c)", parent: root)
                if r == 0, c == 0 {
                    add(cell, .width, constant: 40)
                    add(cell, .height, constant: 40)
                } else {
                    add(cell, .width, .equal, "r0c0", .width)
                    add(cell, .height, .equal, "r0c0", .height)
                }
                // Spacing constraints live in the first row (lefts) and the first column
                // (tops); every other cell aligns with its column's and its row's first cell.
                if r == 0 {
                    spacingIDs.append(
                        c == 0 ? add(cell, .left, .equal, root, .left, constant: 8)
                            : add(cell, .left, .equal, current[c - 1], .right, constant: 8))
                } else {
                    add(cell, .left, .equal, firstRow[c], .left)
                }
                if c == 0 {
                    spacingIDs.append(
                        r == 0 ? add(cell, .top, .equal, root, .top, constant: 8)
                            : add(cell, .top, .equal, above[0], .bottom, constant: 8))
                } else {
                    add(cell, .top, .equal, current[0], .top)
                }
                current.append(cell)
            }
            if r == 0 { firstRow = current }
            swap(&above, &current)
        }
        for f in 0..<frameCount {
            let spacing = 2 + 14 * Builder.slider(f + 1)
            frames.append(spacingIDs.map { .setConstant(constraint: $0, value: spacing) })
        }
    }

    mutating func clamp(_ p: GeneratorParameters) {
        var rng = SeededRandom(seed: p.seed)
        let count = max(1, (p.views - 1) / 3)
        reserve(views: 3 * count + 1, constraints: 16 * count + 4)
        let root = root(width: 375, height: max(667, Double(count) * 70 + 20))
        var tips: [AttributeRef] = []
        var centres: [Double] = []
        tips.reserveCapacity(count)
        centres.reserveCapacity(count)
        for i in 0..<count {
            let box = view("box\(i)", parent: root)
            let tip = view("tip\(i)", parent: box)
            let label = view("label\(i)", parent: root)
            let width = Double(rng.int(200...330))
            add(box, .left, .equal, root, .left, constant: 10)
            add(box, .top, .equal, root, .top, constant: 10 + Double(i) * 70)
            add(box, .width, constant: width)
            add(box, .height, constant: 40)
            add(tip, .width, constant: 40)
            add(tip, .height, constant: 30)
            add(tip, .centerY, .equal, box, .centerY)
            add(tip, .left, .greaterThanOrEqual, box, .left)
            add(tip, .right, .lessThanOrEqual, box, .right)
            add(tip, .centerX, .equal, box, .centerX, priority: 250)
            add(label, .centerX, .equal, tip, .centerX, priority: 700)
            add(label, .top, .equal, tip, .bottom, constant: 2)
            add(label, .width, constant: 120)
            add(label, .height, constant: 16)
            add(label, .left, .greaterThanOrEqual, root, .left, constant: 4)
            add(label, .right, .lessThanOrEqual, root, .right, constant: -4)
            tips.append(AttributeRef(view: tip, attribute: .centerX))
            centres.append(10 + width / 2)
        }
        // A drag lasts 30 frames: addEdit when the finger lands, removeEdit when it lifts.
        var dragging = 0
        for f in 0..<frameCount {
            var ops: [Op] = []
            if f % 30 == 0 {
                if f > 0 { ops.append(.removeEdit(attribute: tips[dragging])) }
                dragging = rng.int(0...(count - 1))
                ops.append(.addEdit(attribute: tips[dragging], priority: .high))
            }
            let finger = centres[dragging] + 260 * sin(Double(f % 30) * 0.35)
            ops.append(.suggest(attribute: tips[dragging], value: finger))
            frames.append(ops)
        }
    }

    mutating func toggle(_ p: GeneratorParameters) {
        let count = max(1, (p.views - 1) / 3)
        reserve(views: 3 * count + 1, constraints: 13 * count + 4)
        let root = root(width: 375, height: max(667, Double(count) * 52 + 8))
        var splits: [String] = []
        var fulls: [String] = []
        splits.reserveCapacity(count)
        fulls.reserveCapacity(count)
        for i in 0..<count {
            let row = view("row\(i)", parent: root)
            let yellow = view("yellow\(i)", parent: row)
            let blue = view("blue\(i)", parent: row)
            add(row, .left, .equal, root, .left, constant: 20)
            add(row, .top, .equal, root, .top, constant: 8 + Double(i) * 52)
            add(row, .width, constant: 335)
            add(row, .height, constant: 44)
            add(yellow, .leading, .equal, row, .leading)
            add(yellow, .top, .equal, row, .top)
            add(yellow, .height, .equal, row, .height)
            add(blue, .trailing, .equal, row, .trailing)
            add(blue, .top, .equal, row, .top)
            add(blue, .height, .equal, row, .height)
            add(blue, .width, .equal, yellow, .width)
            splits.append(add(blue, .leading, .equal, yellow, .trailing, constant: 10, priority: 750, id: "split\(i)"))
            fulls.append(add(yellow, .trailing, .equal, row, .trailing, priority: 250, id: "full\(i)"))
        }
        let every = max(1, p.toggleEvery)
        // Toggle t = 1, 2, …: the split wins on even t; its spacing is 100 for t = 1, 2,
        // 10 for t = 3, 4, and so on, so the split shows both spacings.
        var t = 0
        for f in 0..<frameCount {
            guard f % every == 0 else {
                frames.append([])
                continue
            }
            t += 1
            let split = t % 2 == 0
            let changeSpacing = t % 2 == 1
            let spacing: Double = (t / 2) % 2 == 0 ? 100 : 10
            var ops: [Op] = []
            ops.reserveCapacity(3 * count)
            for i in 0..<count {
                ops.append(.setPriority(constraint: splits[i], value: split ? 750 : 250))
                ops.append(.setPriority(constraint: fulls[i], value: split ? 250 : 750))
                if changeSpacing { ops.append(.setConstant(constraint: splits[i], value: spacing)) }
            }
            frames.append(ops)
        }
    }

    mutating func scroll(_ p: GeneratorParameters) {
        let rows = max(0, p.views - 4)
        reserve(views: rows + 4, constraints: 4 * rows + 16)
        let root = root()
        let header = view("header", parent: root)
        let background = view("background", parent: header)
        let title = view("title", parent: header)
        add(header, .top, .equal, root, .top, id: "headerTop")
        add(header, .left, .equal, root, .left)
        add(header, .width, .equal, root, .width)
        add(header, .height, constant: 200)
        add(background, .top, .equal, header, .top, id: "backgroundTop")
        add(background, .left, .equal, header, .left)
        add(background, .width, .equal, header, .width)
        add(background, .height, .equal, header, .height)
        add(title, .left, .equal, header, .left, constant: 16)
        add(title, .bottom, .equal, header, .bottom, constant: -16, id: "titleBottom")
        add(title, .width, constant: 200)
        add(title, .height, constant: 30)
        var previous = header
        for i in 0..<rows {
            let row = view("row\(i)", parent: root)
            add(row, .top, .equal, previous, .bottom)
            add(row, .left, .equal, root, .left)
            add(row, .width, .equal, root, .width)
            add(row, .height, constant: 44)
            previous = row
        }
        for f in 0..<frameCount {
            let offset = 300 * Builder.slider(f + 1)
            frames.append([
                .setConstant(constraint: "headerTop", value: -offset),
                .setConstant(constraint: "backgroundTop", value: offset / 2),
                .setConstant(constraint: "titleBottom", value: -16 - offset / 4),
            ])
        }
    }

    mutating func churn(_ p: GeneratorParameters) {
        let n = max(1, p.views - 1)
        reserve(views: n + 1, constraints: 5 * n + 4)
        let root = root()
        var previous: String? = nil
        var tall: [String] = []
        var short: [String] = []
        tall.reserveCapacity(n)
        short.reserveCapacity(n)
        for i in 0..<n {
            let v = view("v\(i)", parent: root)
            add(v, .left, .equal, root, .left, constant: 8)
            add(v, .right, .equal, root, .right, constant: -8)
            if let previous { add(v, .top, .equal, previous, .bottom, constant: 4) } else { add(v, .top, .equal, root, .top, constant: 4) }
            short.append(add(v, .height, constant: 44, id: "short\(i)"))
            tall.append(add(v, .height, constant: 60, active: false, id: "tall\(i)"))
            previous = v
        }
        var isTall = [Bool](repeating: false, count: n)
        var added: [String] = []
        // Visit the views in a scattered order that reaches every one: a stride coprime to n.
        var stride = 7
        while gcd(stride, n) != 1 { stride += 1 }
        for f in 0..<frameCount {
            let j = (f * stride) % n
            // Deactivate first: both alternatives are required and would conflict.
            var ops: [Op] = isTall[j]
                ? [.deactivate(constraint: tall[j]), .activate(constraint: short[j])]
                : [.deactivate(constraint: short[j]), .activate(constraint: tall[j])]
            isTall[j].toggle()
            if (f + 1) % 10 == 0 {
                let id = "extra\(f)"
                let v = "v\((f * stride * 3 + 1) % n)"
                // Implied by the view's left and right pins, so it never conflicts.
                ops.append(.add(Constraint(
                    id: id, first: AttributeRef(view: v, attribute: .width), relation: .equal,
                    second: AttributeRef(view: root, attribute: .width), constant: -16)))
                added.append(id)
                if added.count > 3 { ops.append(.remove(constraint: added.removeFirst())) }
            }
            frames.append(ops)
        }
    }

    mutating func mixed(_ p: GeneratorParameters) {
        var rng = SeededRandom(seed: p.seed)
        let n = max(2, p.views)
        reserve(views: n, constraints: 8 * n + 4)
        _ = root()
        /// The optional constraints of one view. Priorities are distinct within a view
        /// (`used`, a short array: no hashing), so no two of its constraints compete at
        /// one level.
        struct Info {
            var w1: String, w2: String, p1: Double, p2: Double
            var left: String?
            var used: [Int]
        }
        var infos: [Info] = []
        infos.reserveCapacity(n)
        // For each view, the nearest view (itself or an ancestor) whose left is fixed by
        // required equalities alone. Clamped views hang off such an anchor, so an optional
        // left never shares a level's unknowns with another view's optional left.
        var fixedAnchor: [Int] = [0]
        fixedAnchor.reserveCapacity(n)
        func fresh(_ used: inout [Int], _ rng: inout SeededRandom) -> Double {
            while true {
                let p = rng.int(2...998)
                if !used.contains(p) {
                    used.append(p)
                    return Double(p)
                }
            }
        }
        for i in 1..<n {
            let parentIndex = rng.int(max(0, i - 8)...(i - 1))
            let parent = views[parentIndex].id
            let v = view("v\(i)", parent: parent)
            var used: [Int] = []
            var leftID: String? = nil
            if rng.int(0...1) == 0 {
                // Clamped against the nearest ancestor whose left is fixed (usually the parent).
                let anchor = views[fixedAnchor[parentIndex]].id
                add(v, .left, .greaterThanOrEqual, anchor, .left)
                leftID = add(v, .left, .equal, anchor, .left, constant: Double(rng.int(-30...40)), priority: fresh(&used, &rng), id: "left-\(i)")
                fixedAnchor.append(fixedAnchor[parentIndex])
            } else {
                add(v, .left, .equal, parent, .left, constant: Double(rng.int(0...20)))
                fixedAnchor.append(fixedAnchor[parentIndex] == parentIndex ? i : fixedAnchor[parentIndex])
            }
            add(v, .top, .equal, parent, .top, constant: Double(rng.int(0...20)))
            let p1 = fresh(&used, &rng)
            let p2 = fresh(&used, &rng)
            let w1 = add(v, .width, constant: Double(rng.int(40...200)), priority: p1, id: "w1-\(i)")
            let w2 = add(v, .width, constant: Double(rng.int(40...200)), priority: p2, id: "w2-\(i)")
            add(v, .width, .greaterThanOrEqual, constant: Double(rng.int(30...120)))
            if rng.int(0...1) == 0 {
                add(v, .height, .equal, v, .width, multiplier: 0.5, priority: fresh(&used, &rng))
            } else {
                add(v, .height, constant: Double(rng.int(20...90)), priority: fresh(&used, &rng))
            }
            add(v, .height, .lessThanOrEqual, constant: Double(rng.int(50...100)))
            infos.append(Info(w1: w1, w2: w2, p1: p1, p2: p2, left: leftID, used: used))
        }
        // Edits on a few widths, at priorities unused on their views.
        var editViews: [Int] = []
        for k in 0..<min(3, infos.count) {
            let i = (k * 7919) % infos.count
            if editViews.contains(i) { continue }
            let pr = fresh(&infos[i].used, &rng)
            edits.append(EditDeclaration(attribute: AttributeRef(view: "v\(i + 1)", attribute: .width), priority: Priority(pr)))
            editViews.append(i)
        }
        var inactive: Int? = nil  // the view whose w1 is switched off, if any
        var extraLive: [(id: String, view: Int, priority: Int)] = []
        var heightEdit: (view: Int, priority: Int)? = nil
        func release(_ priority: Int, of view: Int) {
            if let k = infos[view].used.firstIndex(of: priority) { infos[view].used.remove(at: k) }
        }
        for f in 0..<frameCount {
            var ops: [Op] = []
            let i = rng.int(0...(infos.count - 1))
            switch f % 8 {
            case 0:
                let e = editViews[f / 8 % editViews.count]
                ops.append(.suggest(attribute: AttributeRef(view: "v\(e + 1)", attribute: .width), value: Double(rng.int(20...260))))
            case 1:
                ops.append(.setConstant(constraint: infos[i].w1, value: Double(rng.int(40...200))))
                if let left = infos[i].left { ops.append(.setConstant(constraint: left, value: Double(rng.int(-30...40)))) }
            case 2:
                // Swap the two width priorities: still distinct, so still unique.
                (infos[i].p1, infos[i].p2) = (infos[i].p2, infos[i].p1)
                ops.append(.setPriority(constraint: infos[i].w1, value: infos[i].p1))
                ops.append(.setPriority(constraint: infos[i].w2, value: infos[i].p2))
            case 3:
                // Alternately switch one view's w1 off and back on; w2 always stays, so the
                // width is still pinned.
                if let k = inactive {
                    ops.append(.activate(constraint: infos[k].w1))
                    inactive = nil
                } else {
                    ops.append(.deactivate(constraint: infos[i].w1))
                    inactive = i
                }
            case 4:
                let pr = Int(fresh(&infos[i].used, &rng))
                let id = "extra-\(f)"
                ops.append(.add(Constraint(
                    id: id, first: AttributeRef(view: "v\(i + 1)", attribute: .height), relation: .equal,
                    constant: Double(rng.int(20...90)), priority: Priority(Double(pr)))))
                extraLive.append((id, i, pr))
            case 5:
                if !extraLive.isEmpty {
                    let gone = extraLive.removeFirst()
                    ops.append(.remove(constraint: gone.id))
                    release(gone.priority, of: gone.view)
                }
            case 6:
                if let h = heightEdit {
                    ops.append(.removeEdit(attribute: AttributeRef(view: "v\(h.view + 1)", attribute: .height)))
                    release(h.priority, of: h.view)
                    heightEdit = nil
                } else {
                    let pr = Int(fresh(&infos[i].used, &rng))
                    ops.append(.addEdit(attribute: AttributeRef(view: "v\(i + 1)", attribute: .height), priority: Priority(Double(pr))))
                    heightEdit = (i, pr)
                }
            default:
                if let h = heightEdit {
                    ops.append(.suggest(attribute: AttributeRef(view: "v\(h.view + 1)", attribute: .height), value: Double(rng.int(10...120))))
                }
            }
            frames.append(ops)
        }
    }
}
