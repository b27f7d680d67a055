import LayoutModel
import SceneGenerator

/// Random well-formed scenes and op streams for fuzzing back ends against the
/// reference. The same seed and size always give the same scene.
///
/// Besides uniform noise, the streams lean on the patterns that break incremental
/// solvers: a constraint removed and its twin added in the same frame; duplicate
/// and near-duplicate constraints (same terms, same or nearby constant, other
/// priority) switched on and off around each other; edits added, driven and
/// removed; required constraints that conflict (refused ops); ties at one priority
/// and attributes nothing fixes.
///
/// A conflict must never be smaller than the contract's tolerance (1e-6 relative),
/// or the exact reference would refuse what a correct floating-point solver may
/// accept. So a scene keeps to one scale: most are layout-sized (quarters up to
/// ±500), one in eight is large (multiples of 100,000 up to ±1e9, whole multipliers),
/// and a near-duplicate's offset is one grid step of its scale.
public struct RandomScenes {
    public struct Parameters: Sendable, Hashable {
        public var views: ClosedRange<Int>
        public var frames: ClosedRange<Int>
        public var opsPerFrame: ClosedRange<Int>
        public init(views: ClosedRange<Int> = 2...60, frames: ClosedRange<Int> = 2...12, opsPerFrame: ClosedRange<Int> = 1...6) {
            self.views = views
            self.frames = frames
            self.opsPerFrame = opsPerFrame
        }
    }

    var random: SeededRandom
    var viewIDs: [String] = []
    var constraints: [Constraint] = []
    /// Constraints present now, by id (removed ones leave; refused adds may linger).
    var present: [String: Constraint] = [:]
    var presentOrder: [String] = []
    var removed: [Constraint] = []
    /// Declared edits in declaration order (a dictionary's order would not be seeded).
    var editDeclared: [AttributeRef] = []
    var nextID = 0
    /// The grid every value lies on, and the largest value (see the type's comment).
    var step = 0.25
    var largest = 500.0

    /// Priorities from Auto Layout's named levels, their neighbours and the extremes.
    static let priorities: [Double] = [1000, 1000, 1000, 999, 751, 750, 749, 500, 500, 251, 250, 249, 50, 1]

    public static func scene(seed: UInt64, _ p: Parameters = Parameters()) -> Scene {
        var g = RandomScenes(random: SeededRandom(seed: seed))
        return g.make(name: "fuzz-\(seed)", p)
    }

    mutating func make(name: String, _ p: Parameters) -> Scene {
        if random.int(0...7) == 0 {
            step = 100_000
            largest = 1e9
        }
        // Half the scenes small (the lower end of the range): few rows, so every op
        // lands on a row that matters; the other half across the whole range.
        let small = p.views.lowerBound...min(p.views.upperBound, p.views.lowerBound + 4)
        let viewCount = random.int(random.int(0...1) == 0 ? small : p.views)
        var views: [View] = [View(id: "root")]
        viewIDs = ["root"]
        for i in 1..<max(viewCount, 2) {
            let parent = viewIDs[random.int(0...(viewIDs.count - 1))]
            views.append(View(id: "v\(i)", parent: parent))
            viewIDs.append("v\(i)")
        }
        // The root is pinned; each view is placed and sized from its parent most of the time.
        for a in [Attribute.left, .top] { append(Constraint(id: newID(), first: ref("root", a), relation: .equal, constant: 0)) }
        append(Constraint(id: newID(), first: ref("root", .width), relation: .equal, constant: 375))
        append(Constraint(id: newID(), first: ref("root", .height), relation: .equal, constant: 667))
        for view in views.dropFirst() {
            for _ in 0..<random.int(2...6) { append(structural(view)) }
        }
        for _ in 0..<random.int(0...(viewCount / 2 + 1)) { append(anyConstraint()) }
        var edits: [EditDeclaration] = []
        for _ in 0..<random.int(0...3) {
            let attribute = ref(randomView(), randomAttribute())
            guard !editDeclared.contains(attribute) else { continue }
            let priority = Priority(Double(random.int(1...999)))
            editDeclared.append(attribute)
            edits.append(EditDeclaration(attribute: attribute, priority: priority))
        }
        let initial = constraints
        var frames: [Frame] = []
        for _ in 0..<random.int(p.frames) {
            var frame: Frame = []
            for _ in 0..<random.int(p.opsPerFrame) { frame += op() }
            frames.append(frame)
        }
        return Scene(name: name, views: views, constraints: initial, edits: edits, frames: frames)
    }

    // MARK: Pieces

    mutating func newID() -> String {
        nextID += 1
        return "c\(nextID)"
    }

    func ref(_ view: String, _ attribute: Attribute) -> AttributeRef { AttributeRef(view: view, attribute: attribute) }

    mutating func randomView() -> String { viewIDs[random.int(0...(viewIDs.count - 1))] }

    mutating func randomAttribute() -> Attribute { Attribute.allCases[random.int(0...(Attribute.allCases.count - 1))] }

    mutating func pick<T>(_ values: [T]) -> T { values[random.int(0...(values.count - 1))] }

    /// A value on the scene's grid, often small for it, sometimes 0.
    mutating func value() -> Double {
        let steps = Int(largest / step)
        switch random.int(0...19) {
        case 0: return 0
        case 1...4: return Double(random.int(-(steps / 5)...(steps / 5))) * step
        default: return Double(random.int(-steps...steps)) * step
        }
    }

    mutating func priority() -> Double {
        random.int(0...5) == 0 ? Double(random.int(1...999)) : pick(RandomScenes.priorities)
    }

    mutating func multiplier() -> Double {
        step < 1 ? pick([1, 1, 1, 1, 0.5, 2, -1, 1.5, 0.25, 3]) : pick([1, 1, 1, 2, -1, 3])
    }

    mutating func relation() -> Relation { pick([.equal, .equal, .equal, .lessThanOrEqual, .greaterThanOrEqual]) }

    mutating func append(_ c: Constraint) {
        constraints.append(c)
        present[c.id] = c
        presentOrder.append(c.id)
    }

    /// A constraint placing `view` against its parent: an edge, a size, or a centre.
    mutating func structural(_ view: View) -> Constraint {
        let parent = view.parent ?? "root"
        let attribute = pick([Attribute.left, .top, .width, .height, .right, .bottom, .centerX, .centerY, .leading, .trailing])
        let priority = random.int(0...2) == 0 ? priority() : 1000
        if attribute.isSize, random.int(0...1) == 0 {
            return Constraint(id: newID(), first: ref(view.id, attribute), relation: relation(), constant: value(), priority: Priority(priority))
        }
        return Constraint(
            id: newID(), first: ref(view.id, attribute), relation: relation(), second: ref(parent, attribute),
            multiplier: attribute.isSize ? multiplier() : 1, constant: value(), priority: Priority(priority),
            isActive: random.int(0...9) != 0)
    }

    /// Any two related attributes of any two views, or one against a constant.
    mutating func anyConstraint() -> Constraint {
        let first = ref(randomView(), randomAttribute())
        var second: AttributeRef? = nil
        if random.int(0...3) != 0 {
            var attribute = randomAttribute()
            while !first.attribute.canRelate(to: attribute) { attribute = randomAttribute() }
            second = ref(randomView(), attribute)
            if second == first { second = nil }
        }
        return Constraint(
            id: newID(), first: first, relation: relation(), second: second,
            multiplier: second == nil ? 1 : multiplier(), constant: value(), priority: Priority(priority()),
            isActive: random.int(0...7) != 0)
    }

    /// A copy of `c` under a new id: the same terms, maybe another constant or priority.
    mutating func twin(of c: Constraint) -> Constraint {
        var t = c
        t.id = newID()
        t.isActive = true
        switch random.int(0...3) {
        case 0: t.constant += step * pick([1, -1, 4, -32])
        case 1: t.priority = Priority(priority())
        default: break
        }
        return t
    }
}
