import BenchHarness
import ExactReference
import LayoutModel
import SceneGenerator
import Testing

/// The registered exact back ends that accept `scene`.
func runnableExactBackends(_ scene: CompiledScene) -> [any LayoutBackend.Type] {
    var out: [any LayoutBackend.Type] = []
    for backend in BackendRegistry.all {
        if isExact(backend) && accepts(backend, scene) { out.append(backend) }
    }
    return out
}

func backendName(_ backend: any LayoutBackend.Type) -> String { backend.name }

private func isExact(_ backend: any LayoutBackend.Type) -> Bool { backend.isExact }

private func accepts(_ backend: any LayoutBackend.Type, _ scene: CompiledScene) -> Bool {
    backend.assess(scene, options: BackendOptions()).declineReason == nil
}

/// Scenes whose suggestions and constants swing between the documented limit
/// (`LayoutLimits.maxMagnitude`, ±1e9) and small values: after every frame, every
/// exact back end must equal a fresh solve of the state it holds, within 1e-6 relative.
@Suite("Magnitudes up to the limit and back, scene level")
struct MagnitudeSceneTests {
    /// The registered back ends that claim the reference semantics.
    static var exactBackends: [any LayoutBackend.Type] { BackendRegistry.all.filter(isExact) }

    /// A value from every scale the range allows, the limit itself included.
    static func magnitude(_ rng: inout SeededRandom) -> Double {
        let fraction = Double(rng.int(0...999_999)) / 1e6
        switch rng.int(0...5) {
        case 0: return rng.int(0...1) == 0 ? LayoutLimits.maxMagnitude : -LayoutLimits.maxMagnitude
        case 1: return (fraction * 2 - 1) * LayoutLimits.maxMagnitude
        case 2: return Double(rng.int(-100_000...100_000)) + fraction
        default: return Double(rng.int(-200...300)) + fraction / 3
        }
    }

    /// A small scene whose layout is unique (every optional priority distinct), with
    /// frames of suggestions, constant changes, priority changes and toggles.
    static func scene(seed: UInt64) -> Scene {
        var rng = SeededRandom(seed: seed)
        let b = SceneBuilder(name: "magnitudes-\(seed)")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        var used = Set<Int>()
        func priority() -> Priority {
            while true { let x = rng.int(1...990); if used.insert(x).inserted { return Priority(Double(x)) } }
        }
        var views = [root]
        var optional: [String] = []
        let count = rng.int(2...4)
        for i in 1...count {
            let parent = views[rng.int(0...(views.count - 1))]
            let v = b.view("v\(i)", parent: parent)
            b.add(v.left == parent.left + Double(rng.int(-10...30)), id: "left\(i)")
            b.add(v.top == parent.top + Double(rng.int(0...40)), id: "top\(i)")
            optional.append(b.add(v.width == Double(rng.int(10...200)) ~ priority(), id: "w\(i)"))
            if rng.int(0...1) == 0 {
                optional.append(b.add(v.height == 0.5 * v.width ~ priority(), id: "h\(i)"))
            } else {
                b.add(v.height == Double(rng.int(5...80)), id: "h\(i)")
            }
            optional.append(b.add(v.right <= parent.right ~ priority(), id: "edge\(i)"))
            // Stays at their own levels: a view stays fixed when its other optional
            // constraints are deactivated, so the layout is always unique.
            b.add(v.width == 0 ~ priority(), id: "stayW\(i)")
            b.add(v.height == 0 ~ priority(), id: "stayH\(i)")
            views.append(v)
        }
        b.edit(views[1].width, priority: Priority(Double(rng.int(991...999))))
        for _ in 0..<12 {
            var ops: [Op] = []
            for _ in 0..<rng.int(1...3) {
                let i = rng.int(1...count)
                switch rng.int(0...5) {
                case 0, 1: ops.append(.suggest(attribute: views[1].width.ref, value: magnitude(&rng)))
                case 2: ops.append(.setConstant(constraint: "left\(i)", value: magnitude(&rng)))
                case 3: ops.append(.setConstant(constraint: rng.int(0...1) == 0 ? "w\(i)" : "top\(i)", value: magnitude(&rng)))
                case 4:
                    let id = optional[rng.int(0...(optional.count - 1))]
                    ops.append(rng.int(0...1) == 0 ? .deactivate(constraint: id) : .activate(constraint: id))
                default:
                    ops.append(.setPriority(constraint: "w\(i)", value: Double(priority().rawValue)))
                }
            }
            b.frame(ops)
        }
        // The way back: every driven value small again.
        var back: [Op] = [.suggest(attribute: views[1].width.ref, value: 120)]
        for i in 1...count { back += [.setConstant(constraint: "left\(i)", value: 8), .setConstant(constraint: "top\(i)", value: 4)] }
        b.frame(back)
        return b.build()
    }

    /// The rectangles of a new session on `backend` given just `constraints` (edits as equalities).
    static func freshSolve(_ constraints: [LinearConstraint], like scene: CompiledScene, on backend: any LayoutBackend.Type) throws -> [Double] {
        let fresh = CompiledScene(
            name: scene.name + "-fresh", viewIDs: scene.viewIDs, constraints: constraints,
            initialConstraintCount: constraints.count,
            previousHandleWithSameID: Array(repeating: -1, count: constraints.count), edits: [], initialEdits: [], frames: [])
        return try SceneSession(scene: fresh, backend: backend).rects
    }

    @Test("random streams to ±1e9 and back: every frame of every exact back end equals a fresh solve")
    func randomStreams() throws {
        let names = Self.exactBackends.map(backendName)
        #expect(names.contains("cassowary") && names.contains("dense"))
        var framesChecked = 0
        for seed in UInt64(1)...40 {
            let scene = try Self.scene(seed: seed).compile()
            for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
                let session = try SceneSession(scene: scene, backend: backend)
                for f in scene.frames.indices {
                    let refused = try session.runFrame(f)
                    #expect(refused.isEmpty, "seed \(seed) \(name) frame \(f + 1): \(refused)")
                    let state = session.activeConstraints()
                    let fresh = try Self.freshSolve(state, like: scene, on: backend)
                    let agree = Tolerance.approximatelyEqual(session.rects, fresh, relative: 1e-6)
                    #expect(agree, "seed \(seed) \(name) frame \(f + 1): \(session.rects) vs fresh \(fresh)")
                    if !agree { return }
                    framesChecked += 1
                }
                // Back to small values: nothing of the huge ones is left behind.
                #expect(session.evaluate().satisfiesRequired, "seed \(seed) \(name)")
            }
        }
        #expect(framesChecked >= 40 * 13 * 2)
    }

    @Test("suggest 1e9 then 120 gives 120 on every exact back end")
    func suggestLimitThenSmall() throws {
        let b = SceneBuilder(name: "limit-and-back")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        let a = b.view("a", parent: root)
        b.add(a.left == root.left + 10); b.add(a.top == root.top); b.add(a.height == 0.5 * a.width)
        b.add(a.width == 44 ~ 250)
        b.edit(a.width, priority: 999)
        b.frame([.suggest(attribute: a.width.ref, value: 1e9)])
        b.frame([.suggest(attribute: a.width.ref, value: 120)])
        let scene = try b.build().compile()
        for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
            let session = try SceneSession(scene: scene, backend: backend)
            try session.runFrame(0)
            #expect(Tolerance.approximatelyEqual(session.rects[6], 1e9, relative: 1e-6), "\(name)")
            try session.runFrame(1)
            #expect(Tolerance.approximatelyEqual(Array(session.rects[4..<8]), [10, 0, 120, 60], relative: 1e-6), "\(name): \(session.rects)")
        }
    }

    @Test("near the limit, a consistent chain of required equalities holds on every exact back end, as exactly as the reference")
    func redundantChainNearTheLimit() throws {
        // Ten links of 0.1 from 999,999,998.9 end at 999,999,999.9, which a redundant
        // equality also states: exact in decimals, a few units in the last place apart in
        // doubles (a unit there is 1.2e-7). A tolerance of the rows' constants alone (the
        // links' 0.1) called it unsatisfiable on dense and factored.
        let b = SceneBuilder(name: "far-chain")
        let views = (0...10).map { b.view("v\($0)") }
        b.add(views[0].left == 999_999_998.9)
        for i in 1...10 { b.add(views[i].left == views[i - 1].left + 0.1) }
        b.add(views[10].left == 999_999_999.9, id: "redundant")
        for v in views { b.add(v.top == 0); b.add(v.width == 1); b.add(v.height == 1) }
        let scene = try b.build().compile()
        let exact = try SceneSession(scene: scene, backend: ExactBackend.self).rects
        #expect(exact[40] == 999_999_999.9)
        let backends = runnableExactBackends(scene)
        #expect(Set(backends.map(backendName)).isSuperset(of: ["cassowary", "dense", "factored"]))
        for backend in backends {
            let name = backendName(backend)
            #expect(throws: Never.self, "\(name)") {
                let rects = try SceneSession(scene: scene, backend: backend).rects
                #expect(Tolerance.approximatelyEqual(rects, exact), "\(name): \(rects)")
            }
        }
    }

    @Test("a constant at the limit does not hide a conflict elsewhere: every exact back end refuses it by name")
    func largeConstantBesideAConflict() throws {
        let b = SceneBuilder(name: "far-and-conflict")
        let far = b.view("far"), w = b.view("w")
        b.add(far.left == 1e9); b.add(far.top == 0); b.add(far.width == 1); b.add(far.height == 1)
        b.add(w.left == 0); b.add(w.top == 0); b.add(w.height == 1)
        b.add(w.width == 10, id: "ten")
        b.add(w.width == 50, id: "fifty")
        let scene = try b.build().compile()
        for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
            #expect("\(name)") {
                _ = try SceneSession(scene: scene, backend: backend)
            } throws: { error in
                guard let e = error as? LayoutError, case let .unsatisfiable(culprit, conflicts) = e else { return false }
                return Set([culprit] + conflicts) == ["ten", "fifty"]
            }
        }
    }
}
