import BenchHarness
import CassowarySolver
import DenseSimplex
import ExactReference
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import SceneGenerator
import Testing

private let relative: [any LayoutBackend.Type] = [
    ParentRelativeBackend<CassowaryBackend>.self, ParentRelativeBackend<FactoredBackend>.self,
    ParentRelativeBackend<DenseSimplexBackend>.self, ParentRelativeBackend<FrameArithmeticBackend>.self,
]
/// The judge first (every back end is checked against its optimum), then each window
/// back end beside its relative variant.
private let judgedPairs: [any LayoutBackend.Type] =
    [ExactBackend.self, CassowaryBackend.self, FactoredBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self] + relative

@Suite("Back ends over parent-relative positions")
struct ParentRelativeTests {
    @Test("every example: the relative variants give the judge's window rectangles at every frame")
    func examples() throws {
        for e in ExampleScenes.all {
            let outcome = Equivalence.compare(name: e.key, scene: try e.scene().compile(), backends: judgedPairs)
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            for exact in ["cassowary-relative", "factored-relative", "dense-relative"] { #expect(outcome.backends.contains(exact)) }
        }
    }

    @Test("every family at 10 and 40 views: the relative variants give the judge's window rectangles", arguments: Family.allCases)
    func families(family: Family) throws {
        for views in [10, 40] {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: views, frames: 24)).compile()
            let outcome = Equivalence.compare(name: "\(family)-\(views)", scene: scene, backends: judgedPairs)
            #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
            #expect(outcome.backends.contains("manual-relative") == family.isOneWayEvaluable)
            #expect(outcome.ambiguousFrames == 0)
        }
    }

    @Test("relative frames read from a relative variant equal the window session's converted ones, on every family")
    func relativeReadBack() throws {
        for family in Family.allCases {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: 40, frames: 24)).compile()
            let window = try SceneSession(scene: scene, backend: CassowaryBackend.self)
            for backend in [ParentRelativeBackend<CassowaryBackend>.self, ParentRelativeBackend<FactoredBackend>.self] as [any LayoutBackend.Type] {
                let session = try SceneSession(scene: scene, backend: backend, initialEditsHoldAt: window.rects)
                session.readRelativeFrames()
                let other = try SceneSession(scene: scene, backend: CassowaryBackend.self)
                other.readRelativeFrames()  // worked out from the window's rectangles
                for f in scene.frames.indices {
                    try session.runFrame(f)
                    try other.runFrame(f)
                    #expect(close(session.relativeRects, other.relativeRects), "\(family) \(backend.name) frame \(f + 1)")
                    // The window's rectangles, read on demand, are the window session's.
                    #expect(close(session.rects, other.rects), "\(family) \(backend.name) frame \(f + 1)")
                }
            }
        }
    }

    @Test("the change of variables: siblings and child-to-parent rows lose the parent's position, a row to a distant view gains the path")
    func substitution() throws {
        let b = SceneBuilder(name: "paths")
        let root = b.view("root")
        let a = b.view("a", parent: root), c = b.view("c", parent: a), d = b.view("d", parent: a), e = b.view("e", parent: c)
        b.add(c.left == a.left + 5, id: "child")
        b.add(d.left == c.right + 2, id: "siblings")
        b.add(e.top == root.top + 7, id: "far")
        b.add(e.centerX == d.centerX, id: "cousins")
        let scene = try b.build().compile().parentRelative()
        func terms(_ id: String) -> [String] {
            scene.constraints.first { $0.id == id }!.terms.map { "\($0.coefficient)*\(scene.viewIDs[Int($0.variable >> 2)]).\($0.variable & 3)" }
        }
        #expect(terms("child") == ["1.0*c.0"])
        #expect(terms("siblings") == ["-1.0*c.0", "-1.0*c.2", "1.0*d.0"])
        #expect(terms("far") == ["1.0*a.1", "1.0*c.1", "1.0*e.1"])
        #expect(terms("cousins") == ["1.0*c.0", "-1.0*d.0", "-0.5*d.2", "1.0*e.0", "0.5*e.2"])
    }

    @Test("the moving tree's rows never mention the card's or the window's position; flat's rows to the root become the path to it")
    func rowShapes() throws {
        let tree = try SceneGenerator.generate(.movingtree, GeneratorParameters(views: 200, frames: 2)).compile()
        let relativeTree = tree.parentRelative()
        let card = Int32(tree.viewIDs.firstIndex(of: "card")!)
        let positions: Set<Int32> = [0, 1, card * 4, card * 4 + 1]  // the window's and the card's left and top
        for (before, after) in zip(tree.constraints, relativeTree.constraints) where !before.id.hasPrefix("root.") && !before.id.hasPrefix("card.") {
            #expect(after.terms.allSatisfy { !positions.contains($0.variable) }, "\(before.id)")
            #expect(after.terms.count <= before.terms.count, "\(before.id)")
        }
        let flat = try SceneGenerator.generate(.flat, size: 85, frames: 2).compile()
        let relativeFlat = flat.parentRelative()
        for (before, after) in zip(flat.constraints, relativeFlat.constraints) where before.terms.count == 2 && before.terms[0].variable & 3 < 2 {
            // `f.left == root.left + dx`: f and each ancestor below the root, each once.
            let view = Int(before.terms.map(\.variable).max()! >> 2)
            var path: [Int32] = []
            var v = view
            while flat.parentIndex[v] >= 0 {
                path.append(Int32(v) * 4 + (before.terms[0].variable & 3))
                v = Int(flat.parentIndex[v])
            }
            #expect(after.terms.map(\.variable) == path.sorted(), "\(before.id)")
            #expect(after.terms.allSatisfy { $0.coefficient == 1 })
        }
        #expect(relativeFlat.constraints.map(\.terms.count).max() == 3)  // depth 3 at 85 views
    }

    @Test("dragging the moving tree's card changes only the card's frame in its parent's coordinates, at any size")
    func movingTreeIsLocal() throws {
        var rowsTouched: [Int] = []
        for views in [200, 2_000] {
            let scene = try SceneGenerator.generate(.movingtree, GeneratorParameters(views: views, frames: 12)).compile()
            let card = Int32(scene.viewIDs.firstIndex(of: "card")!)
            for backend in [ParentRelativeBackend<CassowaryBackend>.self, ParentRelativeBackend<FactoredBackend>.self] as [any LayoutBackend.Type] {
                let session = try SceneSession(scene: scene, backend: backend)
                session.readRelativeFrames()
                let before = session.backend.statistics
                for f in 1..<scene.frames.count {
                    try session.runFrame(f)
                    #expect(session.changedViews == [card], "\(backend.name) frame \(f + 1)")
                }
                if backend.name == "cassowary-relative" { rowsTouched.append((session.backend.statistics - before).rowsTouched) }
                // In window coordinates the same drag moves every view on screen.
                let window = try SceneSession(scene: scene, backend: backend)
                try window.runFrame(1)
                #expect(window.changedViews.count == scene.viewCount - 1)
            }
        }
        #expect(rowsTouched.count == 2 && rowsTouched[0] == rowsTouched[1], "\(rowsTouched)")
    }

    @Test("a relative variant is named NAME-relative, is exact when its back end is, and is not in the default list")
    func registry() {
        #expect(BackendRegistry.named("cassowary-relative")?.isExact == true)
        #expect(BackendRegistry.named("factored-relative")?.isExact == true)
        #expect(BackendRegistry.named("manual-relative")?.isExact == true)
        #expect(!BackendRegistry.names.contains { $0.hasSuffix("-relative") })
        #expect(BackendRegistry.selectableNames.contains("dense-relative"))
    }
}

private func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
}
