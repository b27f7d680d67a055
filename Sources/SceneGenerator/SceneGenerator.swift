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
    /// 2 on even ones, none on other frames. The toggles are transitions (a switch's
    /// animation block), the frames between them interactive. Size: 3 views per row,
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
    /// the oldest added one (`remove`). Every frame is a transition (a cell expanding in
    /// an animation block). Size: `max(views, 2)` views.
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
    /// A card dragged around the window with everything inside it: WWDC 2018 talk 220's
    /// "Moving Tree" as an interactive drag. The card (335 × 400, resting at (20, 100) at
    /// 250) holds a fanout-4 tree of `views - 2` views, each placed relative to its parent
    /// (`left == parent.left + 2 + 6j` for child j, `top == parent.top + 6`, 4 × 4);
    /// the finger drags the card's left and top through two edits at 750, two `suggest`s
    /// a frame, so the whole subtree moves on screen while nothing inside the card
    /// changes (its views' frames in the card's coordinates stay put).
    /// Size: `max(views, 3)` views.
    case movingtree

    /// Whether frame arithmetic can run the family: only equalities, acyclic (each unknown
    /// follows from already known ones, one equality at a time), and no priority change
    /// that alters which equality wins.
    public var isOneWayEvaluable: Bool {
        switch self {
        case .stack, .tree, .grid, .scroll, .churn, .movingtree: return true
        case .clamp, .toggle, .mixed: return false
        }
    }

}

public struct GeneratorParameters: Sendable, Hashable {
    /// Total views, the root included (each family rounds; see `Family`).
    public var views: Int
    /// Frames of animation.
    public var frames: Int
    /// Varies every family: sizes, insets, spacing, animation paths and phases (see
    /// `Variation`). Seed 1, the default, gives the reference scenes.
    public var seed: UInt64
    /// Children per parent in `tree` (at least 2).
    public var fanout: Int
    /// K: frames between toggles in `toggle` (at least 1).
    public var toggleEvery: Int
    /// Drop one required vertical constraint of the last view (one that no op touches),
    /// so that view's top or height is free at every frame: the layout is ambiguous.
    public var ambiguous: Bool
    /// Replace the family's animation with frames that each change K required constants
    /// (see `ConstantJitter`).
    public var jitter: ConstantJitter?

    public init(
        views: Int = 100, frames: Int = 120, seed: UInt64 = 1, fanout: Int = 4, toggleEvery: Int = 30,
        ambiguous: Bool = false, jitter: ConstantJitter? = nil
    ) {
        self.jitter = jitter
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
        var g = Builder(name: "\(family.rawValue)-\(p.views)", frames: p.frames, seed: p.seed)
        switch family {
        case .stack: g.stack(p)
        case .tree: g.tree(p)
        case .grid: g.grid(p)
        case .clamp: g.clamp(p)
        case .toggle: g.toggle(p)
        case .scroll: g.scroll(p)
        case .churn: g.churn(p)
        case .mixed: g.mixed(p)
        case .movingtree: g.movingTree(p)
        }
        if p.ambiguous { g.loosenLastView() }
        let scene = Scene(
            name: g.name, views: g.views, constraints: g.constraints, edits: g.edits, frames: g.frames,
            presentations: family.presentations(of: g.frames))
        return p.jitter?.apply(to: scene, frameCount: p.frames, seed: p.seed) ?? scene
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
    ) throws(FileError) -> [String] {
        try Platform.makeDirectories(folder)
        var paths: [String] = []
        for (family, parameters) in suiteParameters(sizes: sizes, frames: frames) {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + suiteFileName(family, views: parameters.views)
            let sink = try ByteSink(path: path)
            generate(family, parameters).write(to: sink)
            try sink.finish()
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
    /// What the seed varies in the layout families.
    var vary: Variation

    init(name: String, frames: Int, seed: UInt64) {
        self.name = name
        vary = Variation(seed: seed)
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

    /// A window holding `count` rows of three views, `pitch` apart below a `margin` (at least
    /// the phone's 667 tall), storage reserved for them: `count` from the views asked for.
    mutating func rowsOfThree(_ p: GeneratorParameters, pitch: Double, margin: Double, constraintsPerRow: Int) -> (
        count: Int, root: String
    ) {
        let count = max(1, (p.views - 1) / 3)
        reserve(views: 3 * count + 1, constraints: constraintsPerRow * count + 4)
        return (count, root(width: 375, height: max(667, Double(count) * pitch + margin)))
    }

    /// A smooth, repeatable slider value in [0, 1] for frame f: the reference path
    /// (`0.5 - 0.5 cos(0.1 f)`) for seed 1, else the seed's own speed and phase.
    func slider(_ f: Int) -> Double { 0.5 - 0.5 * cos(Double(f) * vary.sliderSpeed + vary.sliderPhase) }

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
}

/// What a seed changes in families whose structure is fixed by their size: sizes,
/// insets, spacing, the slider's speed and phase, a phase offset for toggles and churn,
/// and fanout jitter. Seed 1 gives the reference values (the scenes the project's
/// figures were measured on); any other seed draws each from its own stream, separate
/// from the stream clamp and mixed already draw their structure from. Constants only
/// change sizes, never which constraints exist, so layouts stay unique.
struct Variation {
    let isReference: Bool
    private var rng: SeededRandom
    let sliderSpeed: Double
    let sliderPhase: Double

    init(seed: UInt64) {
        isReference = seed == 1
        rng = SeededRandom(seed: seed ^ 0xA5A5_5A5A_C3C3_3C3C)
        sliderSpeed = isReference ? 0.1 : 0.06 + 0.08 * rng.unit()
        sliderPhase = isReference ? 0 : 2 * Double.pi * rng.unit()
    }

    /// `reference` for seed 1; otherwise a whole number drawn from `range`.
    mutating func value(_ reference: Double, _ range: ClosedRange<Int>) -> Double {
        isReference ? reference : Double(rng.int(range))
    }

    /// `reference` for seed 1; otherwise a whole number drawn from `range`.
    mutating func count(_ reference: Int, _ range: ClosedRange<Int>) -> Int {
        isReference ? reference : rng.int(range)
    }
}
