import CassowarySolver
import DenseSimplex
import ExactReference
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

private let others: [any LayoutBackend.Type] = [
    CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, FactoredBackend.self,
]

@Suite("exact reference")
struct ExactBackendTests {
    @Test("the scene-format article's example, frame by frame")
    func sliderStack() throws {
        let frames = try solveFrames(ExampleScenes.named("slider-stack")!.scene(), ExactBackend.self)
        #expect(frames[0] == [0, 0, 375, 667, 0, 20, 375, 60, 0, 88, 375, 50])
        #expect(frames[1] == [0, 0, 375, 667, 0, 20, 375, 120, 0, 148, 375, 50])
        #expect(frames[2] == [0, 0, 375, 667, 0, 30, 375, 120, 0, 158, 375, 50])
        // Frame 3 frees yellow's top (ambiguous: not compared); frame 5 adds c10, which outranks c9.
        #expect(frames[5] == [0, 0, 375, 667, 0, 30, 375, 120, 0, 158, 375, 60])
    }

    @Test("priorities are strict: one violation at 2 beats 2,000 at 1")
    func strict() throws {
        let frames = try solveFrames(PriorityScenes.strict(), ExactBackend.self)
        #expect(frames[0] == [0, 0, 10, 10])
    }

    @Test("required bounds clamp, the next priority decides inside the clamp")
    func clamp() throws {
        #expect(try solveFrames(PriorityScenes.clamp(), ExactBackend.self)[0] == [0, 0, 50, 10])
    }

    @Test("a constraint removed and its twin re-added in one frame: the optimum (width 122)")
    func removeAndReadd() throws {
        let b = SceneBuilder(name: "readd")
        let v = b.view("v")
        b.add(v.left == 0); b.add(v.top == 0); b.add(v.height == 10)
        b.add(v.width == 122 ~ 536, id: "a")
        b.add(v.width == 142 ~ 239, id: "b")
        b.add(v.width >= 97, id: "m")
        b.frame([.setConstant(constraint: "a", value: -118.45)])
        b.frame([
            .add(Constraint(id: "a2", first: AttributeRef(view: "v", attribute: .width), relation: .equal, constant: 122, priority: 536)),
            .remove(constraint: "m"),
            .add(Constraint(id: "m2", first: AttributeRef(view: "v", attribute: .width), relation: .greaterThanOrEqual, constant: 97)),
        ])
        let frames = try solveFrames(b.build(), ExactBackend.self)
        #expect(frames[1] == [0, 0, 97, 10])
        #expect(frames[2] == [0, 0, 122, 10])
    }

    @Test("one of two identical required constraints removed: the other still holds")
    func duplicateRequired() throws {
        let frames = try solveFrames(DuplicateRequiredScene.make(), ExactBackend.self)
        #expect(frames[4] == [0, 20, 10, 88, 0, 116, 10, 44, 0, 168, 10, 10])
    }

    @Test("views the constraints leave free are reported, and only those")
    func ambiguity() throws {
        let b = SceneBuilder(name: "free")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 100); b.add(root.height == 100)
        let fixed = b.view("fixed", parent: root)
        b.add(fixed.left == root.left); b.add(fixed.top == root.top); b.add(fixed.width == 10); b.add(fixed.height == 10)
        let loose = b.view("loose", parent: root)
        b.add(loose.top == 0); b.add(loose.width == 10); b.add(loose.height == 10)
        b.add(loose.left >= 0); b.add(loose.right <= root.right)  // any left in [0, 90]
        let pinned = b.view("pinned", parent: root)
        b.add(pinned.top == 0); b.add(pinned.width == 10); b.add(pinned.height == 10)
        b.add(pinned.left >= 0); b.add(pinned.left <= 0)  // an interval of one point
        let session = try SceneSession(scene: b.build().compile(), backend: ExactBackend.self)
        #expect(session.backend.ambiguousViews() == [2])
    }

    @Test("a conflicting required constraint is refused, naming a minimal conflicting set; the layout stays")
    func refusal() throws {
        let b = SceneBuilder(name: "conflict")
        let v = b.view("v")
        b.add(v.left == 0, id: "l"); b.add(v.top == 0, id: "t"); b.add(v.width == 50, id: "w"); b.add(v.height == 10, id: "h")
        b.add(v.right <= 200, id: "r")
        b.frame([.add(Constraint(id: "x", first: AttributeRef(view: "v", attribute: .right), relation: .equal, constant: 80))])
        let compiled = try b.build().compile()
        let session = try SceneSession(scene: compiled, backend: ExactBackend.self)
        let errors = try session.runFrame(0)
        #expect(errors == ["frame 1 op 0 (add x): unable to simultaneously satisfy constraints: x: it conflicts with required l, w"])
        #expect(session.rects == [0, 0, 50, 10])
    }

    @Test("a scene over its size is declined, naming the size")
    func tooLarge() throws {
        let scene = try SceneGenerator.generate(.stack, GeneratorParameters(views: 1000, frames: 1, seed: 1)).compile()
        let reason = try #require(ExactBackend.assess(scene, options: BackendOptions()).declineReason)
        #expect(reason.contains("unknowns (") && reason.contains("over the limit of 1200 unknowns"), "\(reason)")
    }

    @Test("agrees with every back end on every example", arguments: ExampleScenes.all.map(\.key))
    func examples(name: String) throws {
        let scene = try ExampleScenes.named(name)!.scene().compile()
        let outcome = Equivalence.compare(name: name, scene: scene, backends: [ExactBackend.self] + others)
        #expect(outcome.passed, "\(outcome.disagreements.first.map(String.init(describing:)) ?? "")")
        #expect(outcome.backends.first == "exact")
    }

    @Test("agrees with every back end on every family at 10 views", arguments: Family.allCases)
    func families(family: Family) throws {
        let scene = try SceneGenerator.generate(family, GeneratorParameters(views: 10, frames: 30, seed: 1)).compile()
        let outcome = Equivalence.compare(name: family.rawValue, scene: scene, backends: [ExactBackend.self] + others)
        #expect(outcome.passed, "\(outcome.disagreements.first.map(String.init(describing:)) ?? "")")
    }
}

/// Three views stacked under a 20-point top; `a.height == 88` twice (one added in a
/// frame, one activated), an optional pull from below, then one twin removed.
enum DuplicateRequiredScene {
    static func make() -> Scene {
        let b = SceneBuilder(name: "duplicate-required")
        let a = b.view("a"), bv = b.view("b"), c = b.view("c")
        for v in [a, bv, c] { b.add(v.left == 0); b.add(v.width == 10) }
        b.add(c.height == 10)
        b.add(a.top == 20, id: "top")
        b.add((a.height == 88).inactive(), id: "hB")
        b.add(bv.top == a.bottom + 8, id: "s2")
        b.add(bv.height == 44, id: "h2")
        b.add(c.top == bv.bottom + 8, id: "s3")
        let height = AttributeRef(view: "a", attribute: .height)
        b.frame([.add(Constraint(id: "sw", first: height, relation: .equal, constant: 88))])
        b.frame([.activate(constraint: "hB")])
        b.frame([.add(Constraint(
            id: "opt", first: AttributeRef(view: "c", attribute: .top), relation: .lessThanOrEqual,
            second: AttributeRef(view: "a", attribute: .top), multiplier: 0.5, constant: 132, priority: 749))])
        b.frame([.remove(constraint: "sw")])
        return b.build()
    }
}
