@testable import FactoredSimplex
import LayoutFuzzing
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// The solver's numbering of the back end's rows (RowNumbering.swift): the rows of the
/// blocks the build lists are numbered together, and nothing a user sees changes.
@Suite("Factored simplex: rows numbered block by block")
struct RowNumberingTests {
    /// Factored with its rows renumbered whenever the build lists a block (the back
    /// end's own threshold is for large layouts only).
    class Renumbered: LayoutBackend {
        class var minimumListedRows: Int { 1 }
        class var name: String { "factored-renumbered" }
        static var summary: String { "factored, rows renumbered from one listed row on" }
        static var isExact: Bool { true }
        static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
        let inner: FactoredBackend
        required init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
            inner = try FactoredBackend(scene: scene, renumberingFrom: Self.minimumListedRows)
        }
        func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
        func applyValueOps(_ ops: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal? {
            try inner.applyValueOps(ops)
        }
        func solve() throws(LayoutError) { try inner.solve() }
        func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
        func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews: inout [Int32]) {
            inner.readChangedRects(into: buffer, changedViews: &changedViews)
        }
        var statistics: SolveStatistics { inner.statistics }
        func ambiguousViews() -> [Int32]? { inner.ambiguousViews() }
        func checkInvariants() -> String? { inner.checkInvariants() }
    }

    /// The same, never renumbered: the rows are the handles.
    final class HandleOrder: Renumbered {
        override class var minimumListedRows: Int { .max }
        override class var name: String { "factored-handle-order" }
    }

    /// Each frame's messages, refused ops and rectangles, the invariants checked after each.
    func play(_ scene: CompiledScene, _ backend: Renumbered.Type) throws -> [(errors: [String], refused: [Int], rects: [Double])] {
        let session = try SceneSession(scene: scene, backend: backend)
        var out: [(errors: [String], refused: [Int], rects: [Double])] = []
        for f in 0..<scene.frameCount {
            let errors = try session.runFrame(f)
            out.append((errors, session.refusedOps, session.rects))
            #expect(session.backend.checkInvariants() == nil, "\(scene.name) frame \(f + 1): \(session.backend.checkInvariants() ?? "")")
        }
        return out
    }

    @Test("toggle's blocks take rows 0, 1, 2, … four at a time, each its layout row's two trailing constraints, its blue view's trailing edge and its width as the yellow's; the other rows follow in their order")
    func blocksTakeConsecutiveRows() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 30, frames: 2, toggleEvery: 1))
        let compiled = try scene.compile()
        let backend = try #require(try SceneSession(scene: compiled, backend: Renumbered.self).backend as? Renumbered).inner
        let numbering = try #require(backend.numbering)
        let rows = compiled.viewIDs.filter { $0.hasPrefix("row") }.count
        #expect(rows == 9)
        func id(_ view: String, _ attribute: Attribute, second: String? = nil) -> String {
            scene.constraints.first { $0.first == AttributeRef(view: view, attribute: attribute) && (second == nil || $0.second?.view == second) }!.id
        }
        for i in 0..<rows {
            let names = Set((4 * i..<4 * i + 4).map { backend.solver.names[$0] })
            #expect(names == [id("blue\(i)", .trailing), id("blue\(i)", .width, second: "yellow\(i)"), "split\(i)", "full\(i)"], "block \(i)")
        }
        let rest = numbering.handleOfRow[(4 * rows)...]
        #expect(rest.count == compiled.constraints.count - 4 * rows)
        #expect(zip(rest, rest.dropFirst()).allSatisfy { $0 < $1 })
        // Every listed block's rows are consecutive.
        for b in backend.solver.listings.currentBlocks() {
            let listed = try #require(backend.solver.listings.rows(of: b)).map(Int.init).sorted()
            #expect(listed == Array(listed[0]...listed[listed.count - 1]), "block \(b)")
        }
        #expect(backend.checkInvariants() == nil)
        // Below the threshold, and for a layout without blocks, the rows stay the handles.
        #expect(try FactoredBackend(scene: compiled, options: BackendOptions()).numbering == nil)
        let stack = try SceneGenerator.generate(.stack, GeneratorParameters(views: 30, frames: 2)).compile()
        #expect(try FactoredBackend(scene: stack, renumberingFrom: 1).numbering == nil)
    }

    @Test("renumbered or not, every frame of toggle gives the same rectangles, the same messages and the same refused ops (seeds shift the phase and the spacings)", arguments: [
        (UInt64(1), 1), (2, 2), (3, 3), (4, 5),
    ])
    func sameFramesEitherWay(seed: UInt64, every: Int) throws {
        let scene = try SceneGenerator.generate(.toggle, GeneratorParameters(views: 120, frames: 40, seed: seed, toggleEvery: every)).compile()
        #expect(try FactoredBackend(scene: scene, renumberingFrom: 1).numbering != nil)
        let renumbered = try play(scene, Renumbered.self), handles = try play(scene, HandleOrder.self)
        for f in 0..<scene.frameCount {
            #expect(renumbered[f].errors == handles[f].errors, "frame \(f + 1)")
            #expect(renumbered[f].refused == handles[f].refused, "frame \(f + 1)")
            #expect(renumbered[f].rects == handles[f].rects, "frame \(f + 1)")
        }
    }

    @Test("an op on a renumbered row reaches that row: a required edge put against a block's row is refused naming both, and constants, priorities and constraints taken out and put back apply as without the numbering")
    func opsReachTheirRows() throws {
        var scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 30, frames: 2, toggleEvery: 1))
        let swap = scene.frames[0]
        let trailing = scene.constraints.first { $0.first == AttributeRef(view: "blue4", attribute: .trailing) }!.id
        scene.constraints.append(Constraint(
            id: "pin4", first: AttributeRef(view: "blue4", attribute: .trailing), relation: .equal, constant: 0, isActive: false))
        scene.frames = [
            swap, [.activate(constraint: "pin4")],
            [.setConstant(constraint: "split2", value: 40), .setPriority(constraint: "split2", value: 900)],
            [.deactivate(constraint: "full6")], swap, [.activate(constraint: "full6")], swap,
        ]
        scene.presentations = []
        let compiled = try scene.compile()
        let renumbered = try play(compiled, Renumbered.self), handles = try play(compiled, HandleOrder.self)
        #expect(renumbered[1].errors.count == 1)
        #expect(renumbered[1].errors.first.map { $0.contains("pin4") && $0.contains(trailing) } == true, "\(renumbered[1].errors)")
        #expect(renumbered[1].refused == [0])
        for f in compiled.frames.indices {
            #expect(renumbered[f].errors == handles[f].errors, "frame \(f + 1)")
            #expect(renumbered[f].refused == handles[f].refused, "frame \(f + 1)")
            #expect(renumbered[f].rects == handles[f].rects, "frame \(f + 1)")
        }
    }

    @Test("over random scenes, renumbered and not agree under the equivalence judge frame by frame, and some of the scenes are renumbered")
    func randomScenesAgree() throws {
        var renumbered = 0
        for seed in UInt64(1)...1000 {
            let scene = try RandomScenes.scene(seed: seed, RandomScenes.Parameters(views: 2...24, frames: 2...10, opsPerFrame: 1...8)).compile()
            guard let backend = try? FactoredBackend(scene: scene, renumberingFrom: 1) else { continue }
            if backend.numbering != nil { renumbered += 1 }
            let outcome = Equivalence.compare(name: "random-\(seed)", scene: scene, backends: [HandleOrder.self, Renumbered.self])
            #expect(outcome.passed, "seed \(seed): \(outcome.disagreements.first.map(\.description) ?? "")")
        }
        #expect(renumbered >= 20, "\(renumbered) of 1,000 random scenes renumbered")
    }
}
