import CassowarySolver
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import Testing

/// The order of the triangular factor, which is the frame path's order of work: the unknowns'
/// own order where the layout is far larger than the cache, the rows allow it and the peel's
/// layers are wide (a tree), the peel's layers otherwise (a stack's chain of tops, or any layout
/// that fits in cache), and the frames the same either way.
struct PeelOrderTests {
    /// The pivots' unknowns in factor order; `anySize`: re-factored with the order by unknown
    /// allowed however small the layout (it is kept for layouts far larger than the cache).
    private func pivotColumns(_ scene: Scene, anySize: Bool = true) throws -> [Int32] {
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        if anySize {
            backend.solver.factor.columnOrderMinimumPositions = 0
            backend.solver.factorValidity.isValid = false
            backend.solver.ensureFactor()
            // The frames still come out as Cassowary's, through the re-ordered factor.
            let cassowary = try SceneSession(scene: compiled, backend: CassowaryBackend.self)
            for f in compiled.frames.indices {
                try session.runFrame(f)
                try cassowary.runFrame(f)
                // Within rounding: the two sum the same terms in other orders.
                let apart = zip(session.rects, cassowary.rects).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
                #expect(apart < 1e-9, "frame \(f): factored and Cassowary differ by \(apart)")
            }
        }
        return backend.solver.factor.pivots.filter { !$0.isHole }.map(\.column)
    }

    private func isAscending(_ xs: [Int32]) -> Bool { zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 } }

    @Test func aTreeIsFactoredInTheOrderOfItsUnknowns() throws {
        let columns = try pivotColumns(SceneGenerator.generate(.tree, GeneratorParameters(views: 400, frames: 4)))
        #expect(columns.count > 1000)
        #expect(isAscending(columns))
    }

    @Test func aTreeInCacheKeepsThePeelOrder() throws {
        let scene = SceneGenerator.generate(.tree, GeneratorParameters(views: 400, frames: 4))
        #expect(try !isAscending(pivotColumns(scene, anySize: false)))
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

/// In the order of its unknowns, the frame program's terms read the solver's values
/// directly (`termsReadUnknowns`), including after the factor changes locally (toggle,
/// churn) and rows are patched in place: every frame the same as Cassowary's, and
/// every invariant holds.
struct TermsReadUnknownsTests {
    @Test(arguments: [Family.tree, .grid, .toggle, .churn, .mixed, .clamp])
    func framesMatchCassowaryWithTheProgramReadingUnknowns(family: Family) throws {
        let compiled = try SceneGenerator.generate(family, GeneratorParameters(views: 120, frames: 24)).compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        backend.solver.factor.columnOrderMinimumPositions = 0
        backend.solver.factorValidity.isValid = false
        backend.solver.ensureFactor()
        let cassowary = try SceneSession(scene: compiled, backend: CassowaryBackend.self)
        var framesReadingUnknowns = 0
        for f in compiled.frames.indices {
            let refused = try session.runFrame(f)
            #expect(try cassowary.runFrame(f) == refused, "frame \(f)")
            if backend.solver.program.termsReadUnknowns { framesReadingUnknowns += 1 }
            let apart = zip(session.rects, cassowary.rects).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
            #expect(apart < 1e-9, "\(family) frame \(f): factored and Cassowary differ by \(apart)")
            #expect(backend.checkInvariants() == nil, "\(family) frame \(f)")
        }
        if family == .tree || family == .grid {
            #expect(framesReadingUnknowns == compiled.frames.count, "\(family): the order by unknown holds")
        }
    }
}
