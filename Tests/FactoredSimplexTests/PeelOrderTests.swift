import CassowarySolver
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import Testing

/// The order of the triangular factor, which is the frame path's order of work: the unknowns'
/// own order where the rows allow it and the peel's layers are wide (a tree), the peel's
/// layers otherwise (a stack's chain of tops), and the frames the same either way.
struct PeelOrderTests {
    private func pivotColumns(_ scene: Scene) throws -> [Int32] {
        let session = try SceneSession(scene: scene.compile(), backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        return backend.solver.factor.pivots.filter { !$0.isHole }.map(\.column)
    }

    private func isAscending(_ xs: [Int32]) -> Bool { zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 } }

    @Test func aTreeIsFactoredInTheOrderOfItsUnknowns() throws {
        let columns = try pivotColumns(SceneGenerator.generate(.tree, GeneratorParameters(views: 400, frames: 4)))
        #expect(columns.count > 1000)
        #expect(isAscending(columns))
    }

    @Test func aStackKeepsThePeelOrder() throws {
        // 400 tops in a chain: 400 layers for about 1,600 rows, so the layers are narrow.
        let columns = try pivotColumns(SceneGenerator.generate(.stack, GeneratorParameters(views: 400, frames: 4)))
        #expect(columns.count > 1000)
        #expect(!isAscending(columns))
    }

    /// Children declared before their parent: each child's row reads a higher-numbered unknown,
    /// so the unknowns' order is not triangular and the peel order stays; the frames are
    /// Cassowary's exactly.
    @Test func childrenDeclaredBeforeTheirParentKeepThePeelOrder() throws {
        let b = SceneBuilder(name: "children-first")
        let children = (0..<6).map { b.view("c\($0)") }
        let parent = b.view("p")
        b.add(parent.left == 0); b.add(parent.top == 0); b.add(parent.height == 100)
        b.add(parent.width == 300 ~ .low)
        for (i, c) in children.enumerated() {
            b.add(c.left == parent.left + Double(10 * i)); b.add(c.top == parent.top + 5)
            b.add(c.width == 0.5 * parent.width); b.add(c.height == parent.height - 10)
        }
        b.edit(parent.width, priority: 500)
        let width = AttributeRef(view: "p", attribute: .width)
        b.frame([.suggest(attribute: width, value: 200)])
        b.frame([.suggest(attribute: width, value: 420)])
        let scene = b.build()
        let columns = try pivotColumns(scene)
        #expect(!isAscending(columns))
        let compiled = try scene.compile()
        let factored = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let cassowary = try SceneSession(scene: compiled, backend: CassowaryBackend.self)
        for f in compiled.frames.indices {
            try factored.runFrame(f)
            try cassowary.runFrame(f)
            #expect(factored.rects == cassowary.rects)
        }
        #expect(factored.rects[0..<4] == [0, 5, 210, 90])
    }
}
