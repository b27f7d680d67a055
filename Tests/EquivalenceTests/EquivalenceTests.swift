import BenchHarness
import CassowarySolver
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// Factored with its invariants checked after every op: a broken one stops it, which
/// `expectRan` reports.
private let all: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, CheckedFactoredBackend.self]

/// Records why the checked factored back end stopped or was skipped, if it did.
private func expectRan(_ outcome: Equivalence.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
    for (backend, reason) in outcome.skipped where backend == CheckedFactoredBackend.name {
        Issue.record("\(outcome.scene): \(reason)", sourceLocation: sourceLocation)
    }
}

/// Cassowary with a deliberately wrong answer: view 1 moves 1 pt right after frame 2.
final class WrongBackend: NudgedBackend {
    override class var name: String { "wrong" }
    override class var summary: String { "cassowary, off by one point at frame 2" }
    // The session's solve after declaring the scene's edits is the first.
    override class func nudges(solve: Int) -> Bool { solve == 3 }
}

/// A small random scene that respects the format's rules and keeps its required
/// constraints satisfiable, with random ops of every kind. Priorities within a view
/// are distinct, so the layout is unique unless an op leaves something free.
/// `switches` adds ops that take a constraint out and put one on the same terms in
/// (RandomSwitches.swift); without it a seed gives the scene it always gave.
func randomScene(seed: UInt64, switches: Bool = false) -> Scene {
    var rng = SeededRandom(seed: seed)
    let b = SceneBuilder(name: "random-\(seed)")
    let root = b.view("root")
    b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
    var views: [ViewRef] = [root]
    var optional: [String] = []
    var widthIDs: [String] = []
    var switchable: [SwitchableRow] = []
    let count = rng.int(2...5)
    for i in 1...count {
        let parent = views[rng.int(0...(views.count - 1))]
        let v = b.view("v\(i)", parent: parent)
        var used = Set<Int>()
        func p() -> Priority {
            while true { let x = rng.int(1...999); if used.insert(x).inserted { return Priority(Double(x)) } }
        }
        b.add(v.left == parent.left + Double(rng.int(-10...30)), id: "left\(i)")
        if rng.int(0...1) == 0 { b.add(v.top == parent.bottom + Double(rng.int(0...10))) } else { b.add(v.centerY == parent.centerY) }
        let wa = v.width == Double(rng.int(10...200)) ~ p()
        widthIDs.append(b.add(wa, id: "wa\(i)"))
        optional.append(b.add(v.width == Double(rng.int(10...200)) ~ p(), id: "wb\(i)"))
        let minimum = v.width >= Double(rng.int(0...60))
        b.add(minimum, id: "min\(i)")
        switchable.append(contentsOf: [SwitchableRow(id: "wa\(i)", spec: wa), SwitchableRow(id: "min\(i)", spec: minimum)])
        switch rng.int(0...2) {
        case 0: b.add(v.height == 0.5 * v.width ~ p())
        case 1: b.add(v.height == Double(rng.int(5...80)) ~ p())
        default: b.add(v.height == v.width ~ p())
        }
        b.add(v.height <= Double(rng.int(40...120)))
        // Several levels competing across views (a weighted sum could trade them off).
        if i > 1, rng.int(0...1) == 0 { optional.append(b.add(v.right <= views[i - 1].right ~ p(), id: "edge\(i)")) }
        views.append(v)
    }
    b.edit(views[1].width, priority: Priority(1000 - Double(rng.int(1...3))))
    for f in 0..<8 {
        var ops: [Op] = []
        for _ in 0..<rng.int(1...3) {
            let i = rng.int(1...count)
            switch rng.int(0...(switches ? 9 : 7)) {
            case 0: ops.append(.suggest(attribute: views[1].width.ref, value: Double(rng.int(0...300))))
            case 1: ops.append(.setConstant(constraint: switchable[2 * (i - 1)].id, value: Double(rng.int(10...200))))
            case 2: ops.append(.setConstant(constraint: "left\(i)", value: Double(rng.int(-10...30))))
            case 3: ops.append(.deactivate(constraint: optional[rng.int(0...(optional.count - 1))]))
            case 4: ops.append(.activate(constraint: optional[rng.int(0...(optional.count - 1))]))
            case 5:
                // A conflicting required constraint: every back end must refuse it.
                ops.append(.add(Constraint(id: "bad\(f)", first: views[i].left.ref, relation: .equal, constant: 5000)))
            case 6: ops.append(.setPriority(constraint: "wb\(i)", value: Double(rng.int(1...999))))
            case 8: ops += switchOps(&switchable[2 * (i - 1) + rng.int(0...1)], frame: f, &rng)
            case 9:
                // A stronger preference added first: its costs move the duals of the row switched next.
                ops.append(.add((views[i].width == Double(rng.int(10...200)) ~ Priority(Double(rng.int(1...999)))).constraint(id: "pull\(f)-\(ops.count)")))
                ops += switchOps(&switchable[2 * (i - 1) + rng.int(0...1)], frame: f, &rng)
            default:
                ops.append(.add(Constraint(id: "extra\(f)-\(ops.count)", first: views[i].height.ref, relation: .greaterThanOrEqual, constant: Double(rng.int(0...30)))))
            }
        }
        b.frame(ops)
    }
    return b.build()
}

@Suite("Equivalence of back ends")
struct EquivalenceTests {
    @Test("every example scene: all applicable back ends agree")
    func examples() throws {
        for e in ExampleScenes.all {
            let outcome = Equivalence.compare(name: e.key, scene: try e.scene().compile(), backends: all)
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.count >= 2)
            expectRan(outcome)
        }
    }

    @Test("every generator family at small sizes")
    func families() throws {
        for family in Family.allCases {
            for views in [10, 50] {
                let scene = try SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 20)).compile()
                let outcome = Equivalence.compare(name: "\(family)-\(views)", scene: scene, backends: all)
                #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
                #expect(outcome.backends.contains("cassowary") && outcome.backends.contains("dense"))
                #expect(outcome.backends.contains("manual") == family.isOneWayEvaluable)
                expectRan(outcome)
            }
        }
    }

    @Test("a comparison with fewer than two back ends is an error, not a pass")
    func fewerThanTwo() throws {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let alone = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self])
        #expect(!alone.passed && alone.framesCompared == 0)
        #expect(alone.disagreements.map(\.message) == ["fewer than two back ends could run this scene (ran: cassowary), so nothing was compared"])
        // manual declines slider-stack (it has inequalities): one back end left.
        let declined = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self, FrameArithmeticBackend.self])
        #expect(!declined.passed && declined.skipped.map(\.backend) == ["manual"])
    }

    @Test("back ends are found by name, and `frames` is the manual back end's old name")
    func registryAlias() throws {
        #expect(BackendRegistry.names == ["cassowary", "dense", "manual", "factored"])
        #expect(BackendRegistry.named("frames")?.name == "manual")
        #expect(BackendRegistry.named("manual")?.name == "manual")
        #expect(BackendRegistry.named("kiwi") == nil)
    }

    @Test("a deliberately wrong answer is caught, naming frame, view and attribute")
    func injected() throws {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let outcome = Equivalence.compare(name: "slider-stack", scene: scene, backends: [CassowaryBackend.self, WrongBackend.self])
        let first = try #require(outcome.disagreements.first)
        #expect(first.frame == 2)
        // Moving red breaks `c4: red.left == root.left`: the first thing the check sees.
        #expect(first.message == "wrong breaks required constraint 'c4' by 1.0", "\(first)")
        #expect(first.description.hasPrefix("slider-stack frame 2:"))
    }

    @Test("random scenes with random ops: cassowary, dense and factored agree, factored's invariants hold after every op (shrinks and prints a failing scene)")
    func randomScenes() throws {
        let backends: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, CheckedFactoredBackend.self]
        for seed in UInt64(1)...150 {
            let scene = randomScene(seed: seed)
            if let failure = shrunkFailure(scene, backends) {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    @Test("random scenes with constraints switched for ones on the same terms: dense and factored agree, factored's invariants hold after every op")
    func randomSwitchScenes() throws {
        for seed in UInt64(1)...300 {
            let scene = randomScene(seed: seed, switches: true)
            if let failure = shrunkFailure(scene, [DenseSimplexBackend.self, CheckedFactoredBackend.self]) {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    @Test("strict priorities where a weighted sum would differ: cassowary and dense give the strict answer")
    func strictVersusWeights() throws {
        let b = SceneBuilder(name: "weights")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 300); b.add(root.height == 300)
        var views: [ViewRef] = []
        for i in 0..<30 {
            let v = b.view("v\(i)", parent: root)
            b.add(v.top == root.top); b.add(v.height == 10); b.add(v.width == 10)
            // Each view's left is pulled to 100 at priority 1; all are tied to one anchor.
            b.add(v.left == 100 ~ 1)
            views.append(v)
        }
        let anchor = b.view("anchor", parent: root)
        b.add(anchor.top == 0); b.add(anchor.height == 1); b.add(anchor.width == 1)
        for v in views { b.add(v.left == anchor.left) }
        // One constraint at priority 2 wants the anchor at 0: 30 units of priority-1 violation
        // per unit of movement lose against it under strict priorities (a weight ratio below 30 would not).
        b.add(anchor.left == 0 ~ 2)
        let compiled = try b.build().compile()
        for backend in [CassowaryBackend.self, DenseSimplexBackend.self] as [any LayoutBackend.Type] {
            let session = try SceneSession(scene: compiled, backend: backend)
            #expect(session.rects[4 * 31] == 0, "\(backend.name): anchor.left")
        }
    }
}

/// Why `backends` disagree on `scene` (or a back end stopped, as the checked factored
/// one does when an invariant breaks), with the smallest scene `shrink` finds that
/// still fails; nil when they agree.
func shrunkFailure(_ scene: Scene, _ backends: [any LayoutBackend.Type]) -> String? {
    func failure(_ candidate: Scene) -> String? {
        guard let compiled = try? candidate.compile() else { return nil }
        let outcome = Equivalence.compare(name: candidate.name, scene: compiled, backends: backends)
        if let stopped = outcome.skipped.first { return "\(stopped.backend) stopped: \(stopped.reason)" }
        return outcome.passed ? nil : "\(outcome.disagreements[0])"
    }
    guard let first = failure(scene) else { return nil }
    let minimal = shrink(scene) { failure($0) != nil }
    return "\(first)\nminimal failing scene (\(failure(minimal) ?? "")):\n\(minimal.jsonString())"
}

/// Removes constraints and ops one at a time while the failure persists.
func shrink(_ scene: Scene, failing: (Scene) -> Bool) -> Scene {
    var current = scene
    var progress = true
    while progress {
        progress = false
        for i in current.frames.indices.reversed() {
            var candidate = current
            candidate.frames.remove(at: i)
            if failing(candidate) { current = candidate; progress = true }
        }
        for f in current.frames.indices {
            for j in current.frames[f].indices.reversed() where j < current.frames[f].count {
                var candidate = current
                candidate.frames[f].remove(at: j)
                if failing(candidate) { current = candidate; progress = true }
            }
        }
        for i in current.constraints.indices.reversed() where i < current.constraints.count {
            var candidate = current
            candidate.constraints.remove(at: i)
            if candidate.validate().filter({ !$0.isOpLevel }).isEmpty, failing(candidate) { current = candidate; progress = true }
        }
    }
    return current
}
