import CassowarySolver
import FrameArithmetic
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

private func run(_ scene: Scene, _ backend: any LayoutBackend.Type) throws -> [[Double]] {
    try solveFrames(scene, backend)
}

private func reason(_ scene: Scene) throws -> String? {
    FrameArithmeticBackend.assess(try scene.compile(), options: BackendOptions()).declineReason
}

private func base() -> (SceneBuilder, ViewRef, ViewRef) {
    let b = SceneBuilder(name: "t")
    let root = b.view("root")
    b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 375); b.add(root.height == 667)
    let a = b.view("a", parent: root)
    return (b, root, a)
}

@Suite("Frame arithmetic")
struct FrameArithmeticTests {
    @Test("every one-way family matches the Cassowary back end frame by frame")
    func oneWayFamilies() throws {
        for family in Family.allCases where family.isOneWayEvaluable {
            for views in [10, 200] {
                let scene = SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 25))
                #expect(try reason(scene) == nil, "\(family) \(views)")
                let frames = try run(scene, FrameArithmeticBackend.self)
                let reference = try run(scene, CassowaryBackend.self)
                #expect(frames.count == 26 && reference.count == 26, "\(family) \(views)")
                for (f, (x, y)) in zip(frames, reference).enumerated() {
                    #expect(Tolerance.approximatelyEqual(x, y), "\(family)-\(views) frame \(f)")
                }
            }
        }
    }

    @Test("a slider stack computed by hand")
    func stackByHand() throws {
        let (b, root, a) = base()
        b.add(a.left == root.left + 10); b.add(a.right == root.right - 10); b.add(a.top == root.top + 20)
        b.add(a.height == 60 ~ 250)
        let c = b.view("c", parent: root)
        b.add(c.left == a.left); b.add(c.width == a.width); b.add(c.top == a.bottom + 8); b.add(c.height == 0.5 * a.height)
        b.edit(a.height, priority: .high)
        b.frame([.suggest(attribute: a.height.ref, value: 100)])
        let frames = try run(b.build(), FrameArithmeticBackend.self)
        #expect(frames[0] == [0, 0, 375, 667, 10, 20, 355, 60, 10, 88, 355, 30])
        #expect(frames[1] == [0, 0, 375, 667, 10, 20, 355, 100, 10, 128, 355, 50])
    }

    @Test("priorities decide which equality wins")
    func winner() throws {
        let (b, root, a) = base()
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(a.width == 100 ~ 300)
        b.add(a.width == 200 ~ 600)
        #expect(try run(b.build(), FrameArithmeticBackend.self)[0][6] == 200)
    }

    @Test("declines inequalities, cycles, under-determined unknowns and same-priority competition, naming a constraint")
    func declines() throws {
        var (b, root, a) = base()
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(a.width >= 10, id: "atLeast")
        #expect(try reason(b.build())?.contains("'atLeast' is an inequality") == true)

        (b, root, a) = base()
        let c = b.view("c", parent: root)
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(c.left == root.left); b.add(c.top == root.top); b.add(c.height == 10)
        b.add(a.width == c.width, id: "loopA")
        b.add(c.width == a.width + 0, id: "loopB")
        let cycle = try #require(try reason(b.build()))
        #expect(cycle.contains("not determined") && cycle.contains("loopA"), "\(cycle)")

        (b, root, a) = base()
        b.add(a.left == root.left, id: "onlyLeft"); b.add(a.top == root.top); b.add(a.width == 10)
        let under = try #require(try reason(b.build()))
        #expect(under.contains("a.height") && under.contains("not determined"), "\(under)")

        (b, root, a) = base()
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(a.width == 100 ~ 500, id: "tieA")
        b.add(a.width == 200 ~ 500, id: "tieB")
        let tie = try #require(try reason(b.build()))
        #expect(tie.contains("same or lower priority") && tie.contains("tieB"), "\(tie)")
    }

    @Test("a frame that makes the scene unsupported stops the run with the reason")
    func midStream() throws {
        let (b, root, a) = base()
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(a.width == 50, id: "w")
        b.frame([.deactivate(constraint: "w")])
        let compiled = try b.build().compile()
        #expect(FrameArithmeticBackend.assess(compiled, options: BackendOptions()) == .supported)
        let session = try SceneSession(scene: compiled, backend: FrameArithmeticBackend.self)
        #expect(throws: LayoutError.unsupported(
            "unknown a.width is not determined by the equalities in force (a cycle, or under-determined) (no equality mentions it)")) {
            try session.runFrame(0)
        }
    }

    @Test("a frame that swaps a view's placing equalities one op at a time runs: the view is undetermined only between its ops")
    func swapWithinFrame() throws {
        let (b, root, a) = base()
        b.add(a.left == root.left + 10, id: "placeX"); b.add(a.top == root.top + 20, id: "placeY")
        b.add(a.width == 30); b.add(a.height == 40)
        b.add((a.left == root.left - 1000).inactive(), id: "parkX"); b.add((a.top == root.top - 1000).inactive(), id: "parkY")
        let child = b.view("child", parent: a)
        b.add(child.left == a.left + 2); b.add(child.top == a.top + 6); b.add(child.width == 4); b.add(child.height == 4)
        b.frame([.deactivate(constraint: "placeX"), .deactivate(constraint: "placeY"), .activate(constraint: "parkX"), .activate(constraint: "parkY")])
        b.frame([.deactivate(constraint: "parkX"), .deactivate(constraint: "parkY"), .activate(constraint: "placeX"), .activate(constraint: "placeY")])
        let frames = try run(b.build(), FrameArithmeticBackend.self)
        #expect(frames[0] == [0, 0, 375, 667, 10, 20, 30, 40, 12, 26, 4, 4])
        #expect(frames[1] == [0, 0, 375, 667, -1000, -1000, 30, 40, -998, -994, 4, 4])
        #expect(frames[2] == frames[0])
    }

    @Test("mid-frame, a required equality that contradicts the known unknowns is still refused, the rest undetermined")
    func conflictWithinFrame() throws {
        let (b, root, a) = base()
        b.add(a.left == root.left + 10, id: "placeX"); b.add(a.top == root.top + 20, id: "placeY")
        b.add(a.width == 30); b.add(a.height == 40)
        b.add((a.width == 31).inactive(), id: "wider")
        b.frame([.deactivate(constraint: "placeX"), .activate(constraint: "wider"), .activate(constraint: "placeX")])
        let refused = try refusals(b.build(), FrameArithmeticBackend.self)[1]
        #expect(refused == [
            "frame 1 op 1 (activate wider): unable to simultaneously satisfy constraints: wider: it conflicts with required c5"], "\(refused)")
    }

    @Test("a solution that overflows a double is an error naming the view and attribute, never inf")
    func overflow() throws {
        // v0.width = 1e9 and each next width is 1e6 times the previous: v50.width = 1e309 overflows.
        let b = SceneBuilder(name: "overflow")
        var previous: ViewRef? = nil
        for i in 0...55 {
            let v = b.view("v\(i)")
            b.add(v.left == 0); b.add(v.top == 0); b.add(v.height == 1)
            if let p = previous { b.add(v.width == p.width * 1e6) } else { b.add(v.width == 1e9) }
            previous = v
        }
        #expect(throws: LayoutError.nonFiniteResult(view: "v50", attribute: "width", value: .infinity)) {
            _ = try SceneSession(scene: b.build().compile(), unassessedBackend: FrameArithmeticBackend.self, options: BackendOptions())
        }
    }

    @Test("the manual back end's capabilities: exact, never ambiguous, counts unknowns; `frames` is its old name")
    func capabilities() throws {
        #expect(FrameArithmeticBackend.name == "manual" && FrameArithmeticBackend.isExact)
        #expect(FrameArithmeticBackend.workUnit == "unknowns")
        let (b, root, a) = base()
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10); b.add(a.width == 50)
        let session = try SceneSession(scene: b.build().compile(), backend: FrameArithmeticBackend.self)
        #expect(session.backend.ambiguousViews() == [])
    }
}
