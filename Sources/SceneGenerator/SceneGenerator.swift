#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

/// The synthetic scene families, each modelled on a real animation.
public enum Family: String, CaseIterable, Sendable {
    /// N views stacked vertically (`top == previous.bottom + 8`, pinned left and right
    /// with 8 pt insets, 44 pt tall). A slider drives the first view's height through
    /// an edit variable at 750 every frame, so every view below moves.
    case stack
    /// A balanced view tree (fanout 4 by default). Each parent lays out its children
    /// as a horizontal or vertical stack (alternating by depth) with equal sizes
    /// (`child.width == parent.width / k - c`), 4 pt insets and spacing. The window's
    /// width is resized every frame through an edit, so every view moves.
    case tree
    /// Rows × columns of 40 pt cells with spacing between them. A slider changes the
    /// spacing constant of every spacing constraint with `setConstant` every frame.
    case grid
    /// Containers, each holding a draggable tip kept inside by required inequalities
    /// while its centre follows the finger (an edit at 750, added when the drag begins
    /// and removed when it ends), plus a label bound to the tip at 750. Each frame drags
    /// one tip along a path that often leaves its container: local edits in a big scene.
    case clamp
    /// Rows that split into a yellow and a blue half. Every K frames the two trailing
    /// constraints of every row swap priorities 750 ⇄ 250 with `setPriority`, and the
    /// spacing constant changes 100 ⇄ 10 with `setConstant`.
    case toggle
    /// A header whose constants follow a scroll offset every frame (the background moves
    /// up at half speed, the title at a quarter) over a long list of 44 pt rows.
    case scroll
    /// A stack whose views each have two alternative heights: every frame deactivates
    /// one view's height constraint and activates its alternative; every 10th frame adds
    /// a new (redundant, consistent) width constraint and removes an older added one.
    case churn
    /// A random tree mixing the patterns: positions pinned to parents, widths decided by
    /// conflicting optional constraints at distinct priorities above a required minimum,
    /// heights by an aspect ratio (a multiplier) or a constant under a required maximum,
    /// and ops of every kind (suggest, setConstant, setPriority, activate, deactivate,
    /// add, remove, addEdit, removeEdit).
    case mixed

    /// Whether frame arithmetic can run the family: only equalities, acyclic, and no
    /// priority change that alters which equality wins.
    public var isOneWayEvaluable: Bool {
        switch self {
        case .stack, .tree, .grid, .scroll, .churn: return true
        case .clamp, .toggle, .mixed: return false
        }
    }

    /// Whether the seed changes the scene (the others are fully determined by their size).
    public var usesSeed: Bool { self == .mixed || self == .clamp }
}

public struct GeneratorParameters: Sendable, Hashable {
    /// Total views, the root included (families round to whole units; see `generate`).
    public var views: Int
    public var frames: Int
    public var seed: UInt64
    /// Children per parent in `tree`.
    public var fanout: Int
    /// Frames between toggles in `toggle`.
    public var toggleEvery: Int
    /// Leave the last view's height free, so the layout is ambiguous.
    public var ambiguous: Bool

    public init(views: Int = 100, frames: Int = 120, seed: UInt64 = 1, fanout: Int = 4, toggleEvery: Int = 1, ambiguous: Bool = false) {
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
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

public enum SceneGenerator {
    /// A scene of `family` with the given parameters; the same parameters always give
    /// the same scene. Sizes round as follows: `stack`, `scroll`, `churn`: exactly
    /// `views`; `tree`: exactly `views` (the last parent gets fewer children);
    /// `grid`: the largest rows × columns ≤ views - 1, nearly square, plus the root;
    /// `clamp`: 3 views per container; `toggle`: 3 per row; `mixed`: exactly `views`.
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
        if p.ambiguous, let last = g.views.last?.id {
            g.constraints.removeAll { $0.first.view == last && $0.first.attribute == .height && $0.priority.isRequired }
        }
        return Scene(name: g.name, views: g.views, constraints: g.constraints, edits: g.edits, frames: g.frames)
    }

    /// The standard set: every family at each size, as `FAMILY-VIEWS.json` in `folder`.
    public static func suiteParameters(sizes: [Int] = [10, 1000, 10000], frames: Int = 120) -> [(Family, GeneratorParameters)] {
        var out: [(Family, GeneratorParameters)] = []
        for family in Family.allCases {
            for size in sizes { out.append((family, GeneratorParameters(views: size, frames: frames))) }
        }
        return out
    }
}

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

    mutating func view(_ id: String, parent: String?) -> String {
        views.append(View(id: id, parent: parent))
        return id
    }

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

    mutating func root(width: Double? = 375, height: Double = 667) -> String {
        let r = view("root", parent: nil)
        add(r, .left, id: "root.left=0")
        add(r, .top, id: "root.top=0")
        if let width { add(r, .width, constant: width, id: "root.width") }
        add(r, .height, constant: height, id: "root.height")
        return r
    }

    /// A smooth, repeatable slider value in [0, 1] for frame f.
    static func slider(_ f: Int) -> Double { 0.5 - 0.5 * cos(Double(f) * 0.1) }

    // MARK: Families

    mutating func stack(_ p: GeneratorParameters) {
        let root = root()
        var previous: String? = nil
        let n = max(1, p.views - 1)
        views.reserveCapacity(n + 1)
        constraints.reserveCapacity(4 * n + 4)
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
        let root = root(width: nil)
        add(root, .width, constant: 375, priority: 250, id: "root.width@250")
        let fanout = max(2, p.fanout)
        let inset = 4.0
        let spacing = 4.0
        let total = max(1, p.views)
        views.reserveCapacity(total)
        constraints.reserveCapacity(4 * total + 4)
        // Breadth first: parent index → its depth.
        var depth: [Int] = [0]
        var parentIndex = 0
        while views.count < total {
            let parent = views[parentIndex].id
            let children = min(fanout, total - views.count)
            let horizontal = depth[parentIndex] % 2 == 0
            let k = Double(children)
            var previous: String? = nil
            for _ in 0..<children {
                let child = view("v\(views.count)", parent: parent)
                depth.append(depth[parentIndex] + 1)
                if horizontal {
                    add(child, .width, .equal, parent, .width, multiplier: 1 / k, constant: -(2 * inset + (k - 1) * spacing) / k)
                    add(child, .top, .equal, parent, .top, constant: inset)
                    add(child, .bottom, .equal, parent, .bottom, constant: -inset)
                    if let previous { add(child, .left, .equal, previous, .right, constant: spacing) } else { add(child, .left, .equal, parent, .left, constant: inset) }
                } else {
                    add(child, .height, .equal, parent, .height, multiplier: 1 / k, constant: -(2 * inset + (k - 1) * spacing) / k)
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
        let root = root()
        let cells = max(1, p.views - 1)
        var columns = max(1, Int(Double(cells).squareRoot()))
        while columns > 1, cells % columns != 0, cells / columns < columns { columns -= 1 }
        let rows = max(1, cells / columns)
        var spacingIDs: [String] = []
        spacingIDs.reserveCapacity(2 * rows * columns)
        for r in 0..<rows {
            for c in 0..<columns {
                let cell = view("r\(r)c\(c)", parent: root)
                add(cell, .width, constant: 40)
                add(cell, .height, constant: 40)
                spacingIDs.append(
                    c == 0 ? add(cell, .left, .equal, root, .left, constant: 8)
                        : add(cell, .left, .equal, "r\(r)c\(c - 1)", .right, constant: 8))
                spacingIDs.append(
                    r == 0 ? add(cell, .top, .equal, root, .top, constant: 8)
                        : add(cell, .top, .equal, "r\(r - 1)c\(c)", .bottom, constant: 8))
            }
        }
        for f in 0..<frameCount {
            let spacing = 2 + 14 * Builder.slider(f + 1)
            frames.append(spacingIDs.map { .setConstant(constraint: $0, value: spacing) })
        }
    }

    mutating func clamp(_ p: GeneratorParameters) {
        var rng = SeededRandom(seed: p.seed)
        let root = root(width: 375, height: max(667, Double(p.views / 3) * 70 + 20))
        let count = max(1, (p.views - 1) / 3)
        var tips: [String] = []
        var centres: [Double] = []
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
            add(label, .centerX, .equal, tip, .centerX, priority: 750)
            add(label, .top, .equal, tip, .bottom, constant: 2)
            add(label, .width, constant: 60)
            add(label, .height, constant: 16)
            add(label, .left, .greaterThanOrEqual, root, .left)
            tips.append(tip)
            centres.append(10 + width / 2)
        }
        // A drag lasts 30 frames: addEdit when the finger lands, removeEdit when it lifts.
        var dragging: Int? = nil
        for f in 0..<frameCount {
            var ops: [Op] = []
            if f % 30 == 0 {
                if let d = dragging { ops.append(.removeEdit(attribute: AttributeRef(view: tips[d], attribute: .centerX))) }
                let next = rng.int(0...(count - 1))
                dragging = next
                ops.append(.addEdit(attribute: AttributeRef(view: tips[next], attribute: .centerX), priority: .high))
            }
            let d = dragging!
            let finger = centres[d] + 260 * sin(Double(f % 30) * 0.35)
            ops.append(.suggest(attribute: AttributeRef(view: tips[d], attribute: .centerX), value: finger))
            frames.append(ops)
        }
    }

    mutating func toggle(_ p: GeneratorParameters) {
        let root = root(width: 375, height: max(667, Double(p.views / 3) * 52 + 8))
        let count = max(1, (p.views - 1) / 3)
        var splits: [String] = []
        var fulls: [String] = []
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
        var split = true
        for f in 0..<frameCount {
            guard (f + 1) % every == 0 else {
                frames.append([])
                continue
            }
            split.toggle()
            var ops: [Op] = []
            ops.reserveCapacity(3 * count)
            for i in 0..<count {
                ops.append(.setPriority(constraint: splits[i], value: split ? 750 : 250))
                ops.append(.setPriority(constraint: fulls[i], value: split ? 250 : 750))
                ops.append(.setConstant(constraint: splits[i], value: split ? 10 : 100))
            }
            frames.append(ops)
        }
    }

    mutating func scroll(_ p: GeneratorParameters) {
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
        for i in 0..<max(0, p.views - 4) {
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
        let root = root()
        let n = max(1, p.views - 1)
        var previous: String? = nil
        var tall: [String] = []
        var short: [String] = []
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
        for f in 0..<frameCount {
            let j = (f * 7) % n
            var ops: [Op] = isTall[j]
                ? [.deactivate(constraint: tall[j]), .activate(constraint: short[j])]
                : [.deactivate(constraint: short[j]), .activate(constraint: tall[j])]
            isTall[j].toggle()
            if (f + 1) % 10 == 0 {
                let id = "extra\(f)"
                let v = "v\((f * 13) % n)"
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
        let root = root()
        let n = max(1, p.views)
        struct Info { var w1: String; var w2: String; var p1: Double; var p2: Double; var used: Set<Int> }
        var infos: [Info] = []
        infos.reserveCapacity(n)
        func freshPriority(_ used: inout Set<Int>, _ rng: inout SeededRandom) -> Double {
            while true {
                let p = rng.int(2...998)
                if used.insert(p).inserted { return Double(p) }
            }
        }
        for i in 1..<n {
            let parent = views[rng.int(max(0, i - 8)...(i - 1))].id
            let v = view("v\(i)", parent: parent)
            var used = Set<Int>()
            add(v, .left, .equal, parent, .left, constant: Double(rng.int(0...20)))
            add(v, .top, .equal, parent, .top, constant: Double(rng.int(0...20)))
            let p1 = freshPriority(&used, &rng)
            let p2 = freshPriority(&used, &rng)
            let w1 = add(v, .width, constant: Double(rng.int(40...200)), priority: p1, id: "w1-\(i)")
            let w2 = add(v, .width, constant: Double(rng.int(40...200)), priority: p2, id: "w2-\(i)")
            add(v, .width, .greaterThanOrEqual, constant: Double(rng.int(30...120)))
            if rng.int(0...1) == 0 {
                add(v, .height, .equal, v, .width, multiplier: 0.5, priority: freshPriority(&used, &rng))
            } else {
                add(v, .height, constant: Double(rng.int(20...90)), priority: freshPriority(&used, &rng))
            }
            add(v, .height, .lessThanOrEqual, constant: Double(rng.int(50...100)))
            infos.append(Info(w1: w1, w2: w2, p1: p1, p2: p2, used: used))
        }
        guard !infos.isEmpty else {
            for _ in 0..<frameCount { frames.append([]) }
            return
        }
        // Edits on a few widths, at priorities unused on their views.
        var editViews: [Int] = []
        for k in 0..<min(3, infos.count) {
            let i = (k * 7919) % infos.count
            if editViews.contains(i) { continue }
            let pr = freshPriority(&infos[i].used, &rng)
            edits.append(EditDeclaration(attribute: AttributeRef(view: "v\(i + 1)", attribute: .width), priority: Priority(pr)))
            editViews.append(i)
        }
        var inactive: Set<Int> = []
        var extraLive: [(id: String, view: Int, priority: Int)] = []
        var heightEdit: (view: Int, priority: Int)? = nil
        for f in 0..<frameCount {
            var ops: [Op] = []
            let i = rng.int(0...(infos.count - 1))
            switch f % 8 {
            case 0:
                let e = editViews[f / 8 % editViews.count]
                ops.append(.suggest(attribute: AttributeRef(view: "v\(e + 1)", attribute: .width), value: Double(rng.int(20...260))))
            case 1:
                ops.append(.setConstant(constraint: infos[i].w1, value: Double(rng.int(40...200))))
            case 2:
                // Swap the two width priorities: still distinct, so still unique.
                (infos[i].p1, infos[i].p2) = (infos[i].p2, infos[i].p1)
                ops.append(.setPriority(constraint: infos[i].w1, value: infos[i].p1))
                ops.append(.setPriority(constraint: infos[i].w2, value: infos[i].p2))
            case 3:
                if inactive.contains(i) {
                    ops.append(.activate(constraint: infos[i].w1))
                    inactive.remove(i)
                } else {
                    ops.append(.deactivate(constraint: infos[i].w1))
                    inactive.insert(i)
                }
            case 4:
                let pr = Int(freshPriority(&infos[i].used, &rng))
                let id = "extra-\(f)"
                ops.append(.add(Constraint(
                    id: id, first: AttributeRef(view: "v\(i + 1)", attribute: .height), relation: .equal,
                    constant: Double(rng.int(20...90)), priority: Priority(Double(pr)))))
                extraLive.append((id, i, pr))
            case 5:
                if !extraLive.isEmpty {
                    let gone = extraLive.removeFirst()
                    ops.append(.remove(constraint: gone.id))
                    infos[gone.view].used.remove(gone.priority)
                }
            case 6:
                if let h = heightEdit {
                    ops.append(.removeEdit(attribute: AttributeRef(view: "v\(h.view + 1)", attribute: .height)))
                    infos[h.view].used.remove(h.priority)
                    heightEdit = nil
                } else {
                    let pr = Int(freshPriority(&infos[i].used, &rng))
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
