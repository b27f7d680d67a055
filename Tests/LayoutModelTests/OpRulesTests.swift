import CassowarySolver
import DenseSimplex
import LayoutModel
import Testing

/// Dense, recording every op it is handed: the op rules must keep refused ops from it.
final class RecordingDense: LayoutBackend {
    static let name = "recording-dense"
    static let summary = "dense, recording the ops it receives"
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: DenseSimplexBackend
    var received: [CompiledOp] = []
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try DenseSimplexBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) {
        received.append(op)
        try inner.apply(op)
    }
    func solve() throws(LayoutError) { try inner.solve() }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    var statistics: SolveStatistics { inner.statistics }
}

/// Every kind of refusal, malformed (found when the scene compiles) and by state
/// (found when the session plays the op): `solve` and `validate` give each one the
/// same message naming its culprit, and no back end is handed a refused op.
@Suite("Op rules")
struct OpRulesTests {
    /// root and `a`; `left` required, `w` optional; an edit on a.top. One frame of
    /// ops, each refused for its own reason unless `expected` says nothing.
    static func scene() -> (Scene, expected: [(op: Int, message: String)]) {
        let b = SceneBuilder(name: "op-rules")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        let a = b.view("a", parent: root)
        b.add(a.left == root.left + 10, id: "left"); b.add(a.top == 0 ~ 250); b.add(a.height == 20 ~ 250)
        b.add(a.width == 44 ~ 500, id: "w")
        b.edit(a.top, priority: 750)
        let n = Constraint(id: "n", first: a.left.ref, relation: .greaterThanOrEqual, constant: 0, priority: 300)
        let ghost = AttributeRef(view: "ghost", attribute: .top)
        b.frame([
            .suggest(attribute: a.top.ref, value: 2e9),  // 0
            .setConstant(constraint: "nope", value: 1),  // 1
            .setPriority(constraint: "left", value: 10),  // 2
            .suggest(attribute: a.width.ref, value: 5),  // 3
            .removeEdit(attribute: a.top.ref),  // 4: accepted
            .suggest(attribute: a.top.ref, value: 5),  // 5
            .removeEdit(attribute: a.top.ref),  // 6
            .addEdit(attribute: a.height.ref, priority: 600),  // 7: accepted
            .addEdit(attribute: a.height.ref, priority: 600),  // 8
            .remove(constraint: "w"),  // 9: accepted
            .setConstant(constraint: "w", value: 3),  // 10
            .add(Constraint(id: "w", first: a.width.ref, relation: .equal, constant: 50, priority: 500)),  // 11
            .add(n),  // 12: accepted
            .add(n),  // 13
            .add(Constraint(id: "left", first: a.top.ref, relation: .equal, constant: 1)),  // 14
            .addEdit(attribute: ghost, priority: 600),  // 15
            .setBoundsOrigin(view: "ghost", x: 0, y: 0),  // 16
            .setPriority(constraint: "n", value: 1000),  // 17
            .activate(constraint: "n"),  // 18: already active, nothing to do
            .setBoundsOrigin(view: "a", x: .nan, y: 0),  // 19
            .setPriority(constraint: "n", value: 400),  // 20: accepted, on the `n` that op 12 added
        ])
        return (b.build(), [
            (0, "suggest a.top: value 2000000000 is outside the supported range ±1e9"),
            (1, "unknown constraint 'nope'"),
            (2, "cannot change the priority of 'left' to or from required (1000)"),
            (3, "'a.width' is not a declared edit variable"),
            (5, "'a.top' is not a declared edit variable"),
            (6, "'a.top' is not a declared edit variable"),
            (8, "'a.height' is already an edit variable"),
            (10, "constraint 'w' was removed; its id cannot be used again"),
            (11, "constraint 'w' was removed; its id cannot be used again"),
            (13, "duplicate constraint id 'n'"),
            (14, "duplicate constraint id 'left'"),
            (15, "addEdit ghost.top: unknown view \"ghost\""),
            (16, "setBoundsOrigin: unknown view \"ghost\""),
            (17, "setPriority \"n\": changing a priority to required (1000) is not allowed"),
            (19, "setBoundsOrigin a: value must be a finite number, got nan"),
        ])
    }

    @Test("solve refuses each op by name, on every back end, and hands the back end only the others")
    func solveRefuses() throws {
        let (scene, expected) = Self.scene()
        let compiled = try scene.compile()
        for backend in [RecordingDense.self, CassowaryBackend.self, DenseSimplexBackend.self] as [any LayoutBackend.Type] {
            let session = try SceneSession(scene: compiled, backend: backend)
            let errors = try session.runFrame(0)
            #expect(errors.count == expected.count, "\(backend.name): \(errors)")
            for (error, (op, message)) in zip(errors, expected) {
                #expect(error.hasPrefix("frame 1 op \(op)") && error.hasSuffix(": " + message), "\(backend.name): \(error)")
            }
            #expect(session.refusedOps == expected.map(\.op), "\(backend.name)")
        }
        let recorded = try SceneSession(scene: compiled, backend: RecordingDense.self)
        let recorder = try #require(recorded.backend as? RecordingDense)
        recorder.received.removeAll()
        try recorded.runFrame(0)
        // The accepted ops 4, 7, 9, 12 and 20, and nothing else (op 18 changes nothing).
        #expect(recorder.received.map { compiled.describe($0) } == ["removeEdit a.top", "addEdit a.height", "remove w", "add n", "setPriority n"])
        let added = try #require(compiled.constraints.firstIndex { $0.id == "n" })
        #expect(recorded.priorities[added] == 400 && recorded.presence[added] == .present)
    }

    @Test("a compiled op is a plain value: a refused one holds only the index of its refusal")
    func compiledOpIsTrivial() throws {
        // Trivially copyable, an op reaches a back end as a bit copy, with no reference
        // counting per op; a string or an error belongs in `CompiledScene.refusals`.
        #expect(_isPOD(CompiledOp.self))
        let compiled = try Self.scene().0.compile()
        let refused = compiled.frames[0].compactMap { op -> Int32? in
            if case let .invalid(index) = op { return index }
            return nil
        }
        #expect(!refused.isEmpty && refused == Array(0..<Int32(compiled.refusals.count)))
        #expect(refused.map { compiled.describe(.invalid(refusal: $0)) } == compiled.refusals.map(\.label))
    }

    @Test("validate names the same ops with the same messages, at their JSON paths")
    func validateAgrees() {
        let (scene, expected) = Self.scene()
        let problems = scene.validate()
        #expect(problems.map(\.message) == expected.map(\.message))
        for (problem, (op, _)) in zip(problems, expected) {
            #expect(problem.isOpLevel && problem.path.hasPrefix("$.frames[0][\(op)] (frame 1 op \(op), "), "\(problem)")
        }
        #expect(problems[0].path.hasSuffix(".value") && problems[1].path.hasSuffix(".constraint"))
        #expect(problems[3].path.hasSuffix(".attribute") && problems[4].path.hasSuffix("suggest)"))
        #expect(problems[11].path.hasSuffix(".attribute") && problems[12].path.hasSuffix(".view"))
    }

    @Test("an op on a constraint whose add the back end refused is refused by state; validate reads as if the add ran")
    func refusedAddNeverExisted() throws {
        let b = SceneBuilder(name: "refused-add")
        let root = b.view("root")
        b.add(root.left == 0, id: "pin"); b.add(root.top == 0); b.add(root.width == 320); b.add(root.height == 480)
        b.frame([
            .add(Constraint(id: "bad", first: root.left.ref, relation: .equal, constant: 50)),
            .setConstant(constraint: "bad", value: 0),
            .add(Constraint(id: "bad", first: root.left.ref, relation: .equal, constant: 0)),
        ])
        let scene = b.build()
        // Read as if every op succeeded, the second add reuses the id; solve accepts it.
        #expect(scene.validate().map(\.description) == ["$.frames[0][2] (frame 1 op 2, add): duplicate constraint id 'bad'"])
        for backend in [CassowaryBackend.self, DenseSimplexBackend.self] as [any LayoutBackend.Type] {
            let session = try SceneSession(scene: try scene.compile(), backend: backend)
            let errors = try session.runFrame(0)
            #expect(errors.count == 2, "\(backend.name): \(errors)")
            #expect(errors.first?.hasPrefix("frame 1 op 0 (add bad): unable to simultaneously satisfy constraints: bad") == true)
            #expect(errors.last == "frame 1 op 1 (setConstant bad): unknown constraint 'bad'", "\(backend.name)")
            // The second add of the id is accepted: the first never existed.
            #expect(session.presence.last == .present, "\(backend.name)")
        }
    }

    @Test("a malformed op the reader found is refused when its frame runs, and validate leaves it to the reader")
    func malformedOp() throws {
        let json = """
            {"format": "layoutbench-scene", "version": 1, "name": "m", "views": [{"id": "root"}],
             "constraints": [{"id": "w", "first": "root.width", "relation": "==", "constant": 5}],
             "frames": [[{"op": "explode"}]]}
            """
        let decoded = Scene.decode(json)
        #expect(decoded.diagnostics.count == 1 && decoded.diagnostics[0].message.contains("unknown op \"explode\""))
        let scene = try #require(decoded.scene)
        #expect(scene.validate().isEmpty)
        let session = try SceneSession(scene: try scene.compile(), backend: DenseSimplexBackend.self)
        let errors = try session.runFrame(0)
        #expect(errors.count == 1 && errors[0].hasPrefix("frame 1 op 0: ") && errors[0].contains("explode"), "\(errors)")
    }
}
