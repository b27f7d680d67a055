import BenchHarness
import DenseSimplex
import LayoutModel
import Testing

/// The documented limits, enforced when a scene's frames run through a `SceneSession`
/// (what `solve` does), on every exact back end.
@Suite("Limits through a session")
struct LimitsSessionTests {
    /// root plus `a`, with an optional width `w` (priority 500) and a required `left`.
    static func builder() -> (SceneBuilder, ViewRef) {
        let b = SceneBuilder(name: "limits")
        let root = b.view("root")
        b.add(root.left == 0, id: "rootLeft"); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        let a = b.view("a", parent: root)
        b.add(a.left == root.left + 10, id: "left"); b.add(a.top == root.top); b.add(a.height == 20)
        b.add(a.width == 44 ~ 500, id: "w")
        return (b, a)
    }

    @Test("setPriority to 999.5 is refused by name and changes nothing; 999 is accepted")
    func priorityBetween999And1000() throws {
        let (b, _) = Self.builder()
        b.frame([.setPriority(constraint: "w", value: 999.5)])
        b.frame([.setPriority(constraint: "w", value: 999)])
        let scene = try b.build().compile()
        let w = try #require(scene.constraints.firstIndex { $0.id == "w" })
        for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
            let session = try SceneSession(scene: scene, backend: backend)
            #expect(try session.runFrame(0) == [
                #"frame 1 op 0: setPriority "w": priority 999.5 is out of range 1...999"#
            ], "\(name)")
            #expect(session.priorities[w] == 500)
            #expect(try session.runFrame(1) == [], "\(name)")
            #expect(session.priorities[w] == 999)
        }
    }

    @Test("a constant of 1e9 + 1 is refused by name, 1e9 is accepted")
    func constantBeyondLimit() throws {
        let (b, _) = Self.builder()
        b.frame([.setConstant(constraint: "left", value: 1e9 + 1)])
        b.frame([.setConstant(constraint: "left", value: 1e9)])
        let scene = try b.build().compile()
        for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
            let session = try SceneSession(scene: scene, backend: backend)
            #expect(try session.runFrame(0) == [
                #"frame 1 op 0: setConstant "left": value 1000000001 is outside the supported range ±1e9"#
            ], "\(name)")
            #expect(session.rects[4] == 10)
            #expect(try session.runFrame(1) == [], "\(name)")
            #expect(Tolerance.approximatelyEqual(session.rects[4], 1e9, relative: 1e-6))
        }
    }

    @Test("a compiler-refused op names its kind and target, never just `invalid op`")
    func refusedOpsAreNamed() throws {
        let (b, a) = Self.builder()
        b.frame([
            .setConstant(constraint: "c404", value: 1), .suggest(attribute: a.width.ref, value: 5),
            .setPriority(constraint: "left", value: 10), .remove(constraint: "gone"),
        ])
        let messages = try refusalsOf(b.build())
        #expect(messages == [
            "frame 1 op 0 (setConstant c404): unknown constraint 'c404'",
            "frame 1 op 1 (suggest a.width): \(LayoutError.unknownEdit("a.width"))",
            "frame 1 op 2 (setPriority left): \(LayoutError.requiredPriorityChange(constraint: "left"))",
            "frame 1 op 3 (remove gone): unknown constraint 'gone'",
        ])
        #expect(!messages.joined().contains("invalid op"))
    }

    @Test("dense names the whole conflict set of a refused required constraint")
    func denseConflictSet() throws {
        let (b, a) = Self.builder()
        // a.left is held by `left` and `rootLeft` together: both are in the conflict.
        b.frame([.add(Constraint(id: "bad", first: a.left.ref, relation: .equal, constant: 50))])
        let messages = try refusalsOf(b.build(), on: DenseSimplexBackend.self)
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("frame 1 op 0 (add bad): "), "\(message)")
        #expect(message.contains("left") && message.contains("rootLeft"), "\(message)")
    }

    @Test("a solution that overflows a double is an error naming the view and attribute, never inf or nan")
    func overflowIsNamed() throws {
        let b = SceneBuilder(name: "overflow")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        var previous = root
        // 320 * (1e6)^52 is beyond the largest double (1.8e308).
        for i in 1...52 {
            let v = b.view("v\(i)", parent: root)
            b.add(v.left == 0); b.add(v.top == 0); b.add(v.height == 1)
            b.add(v.width == 1e6 * previous.width)
            previous = v
        }
        let scene = try b.build().compile()
        for backend in runnableExactBackends(scene) {
            let name = backendName(backend)
            let error = Self.loadError(scene, backend)
            guard case let .nonFiniteResult(view, attribute, _)? = error else {
                // Dense loses the overflowing rows and refuses the scene as unsatisfiable: still
                // a named refusal, never a number that is not finite.
                let text = try #require(error, "\(name) solved an overflowing scene").description
                #expect(!text.contains("inf") && !text.contains("nan"), "\(name): \(text)")
                continue
            }
            #expect(scene.viewIDs.contains(view), "\(name): \(error!)")
            #expect(error!.description.contains("\(view).\(attribute) = "), "\(name): \(error!)")
        }
    }

    /// The error that loading `scene` on `backend` throws, or nil.
    static func loadError(_ scene: CompiledScene, _ backend: any LayoutBackend.Type) -> LayoutError? {
        do {
            _ = try SceneSession(scene: scene, backend: backend)
            return nil
        } catch {
            return error
        }
    }

    /// The refusal messages of frame 1 of `scene` on `backend`.
    func refusalsOf(_ scene: Scene, on backend: any LayoutBackend.Type = DenseSimplexBackend.self) throws -> [String] {
        let session = try SceneSession(scene: try scene.compile(), backend: backend)
        return try session.runFrame(0)
    }
}
