import CassowarySolver
import DenseSimplex
import ExactReference
import FactoredSimplex
import LayoutModel
import Testing

/// Scenes the fuzzer found back ends getting wrong, rebuilt by hand from its shrunk
/// reproductions: every exact back end must give the reference's optimum.
@Suite("Fuzzer finds, kept as regression tests")
struct FuzzFoundTests {
    static let exactBackends: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self]

    static func ref(_ view: String, _ attribute: Attribute) -> AttributeRef { AttributeRef(view: view, attribute: attribute) }

    func expectOptimal(_ scene: Scene) throws {
        let compiled = try scene.compile()
        for backend in Self.exactBackends {
            let outcome = Equivalence.compare(name: scene.name, scene: compiled, backends: [ExactBackend.self, backend])
            #expect(outcome.passed, "\(backend.name): \(outcome.disagreements.first.map(String.init(describing:)) ?? "")")
        }
    }

    @Test("an inequality re-added with another constant, after a twin at a higher priority: nothing need be violated")
    func readdedInequality() throws {
        let b = SceneBuilder(name: "readded-inequality")
        let root = b.view("root"), v = b.view("v", parent: root)
        b.add(root.top == 0)
        b.add(root.top >= v.top - 49 ~ 50, id: "low")
        b.frame([
            .add(Constraint(id: "high", first: Self.ref("root", .top), relation: .greaterThanOrEqual, second: Self.ref("v", .top), constant: -49, priority: 250)),
            .remove(constraint: "low"),
            .add(Constraint(id: "low2", first: Self.ref("root", .top), relation: .greaterThanOrEqual, second: Self.ref("v", .top), constant: -49.25, priority: 50)),
        ])
        let scene = b.build()
        try expectOptimal(scene)
        // v.top <= 49 satisfies all three: every priority's total is 0.
        for backend in Self.exactBackends {
            let session = try SceneSession(scene: scene.compile(), backend: backend)
            _ = try session.runFrame(0)
            #expect(session.evaluate().violations.values.allSatisfy { $0.total == 0 }, "\(backend.name)")
            #expect(session.rects[5] <= 49, "\(backend.name): v.top")
        }
    }

    @Test("a priority lowered, a constraint added, then an inequality switched for a twin beside a deactivation")
    func switchedBesideDeactivation() throws {
        let b = SceneBuilder(name: "switched-beside-deactivation")
        let root = b.view("root"), v = b.view("v1", parent: root)
        b.add(v.width == 0)
        b.add(v.centerX == root.centerX - 396.5 ~ 750, id: "c6")
        b.add(v.trailing >= root.trailing ~ 528, id: "c7")
        b.add(root.left >= root.centerX ~ 751, id: "c8")
        b.edit(v.right, priority: 273)
        b.frame([
            .setPriority(constraint: "c7", value: 250),
            .add(Constraint(id: "c10", first: Self.ref("root", .leading), relation: .equal, second: Self.ref("v1", .leading), multiplier: 0.5, constant: 210.75, priority: 664)),
        ])
        b.frame([
            .deactivate(constraint: "c6"), .remove(constraint: "c8"),
            .add(Constraint(id: "c12", first: Self.ref("root", .left), relation: .greaterThanOrEqual, second: Self.ref("root", .centerX), constant: -36.75, priority: 751)),
        ])
        try expectOptimal(b.build())
    }
}
