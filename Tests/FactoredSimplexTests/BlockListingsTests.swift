import CassowarySolver
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import TestSupport
import Testing

/// The blocks' listings kept from one solve to the next (BlockListings.swift): made
/// at load, reused by every priority swap, and dropped by any change of structure.
@Suite("Factored simplex: block listings kept across frames")
struct BlockListingsTests {
    /// Toggle at 30 views (9 rows under a root) with `frames` instead of its own.
    private func toggleScene(_ frames: [Frame]) -> Scene {
        var scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 30, frames: 2, toggleEvery: 1))
        scene.frames = frames
        scene.presentations = []
        return scene
    }

    /// Toggle's first two frames: to the full width (the split's spacing set to 100), and back to the split.
    private func swaps() -> (toSplit: Frame, toFull: Frame) {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 30, frames: 2, toggleEvery: 1))
        return (scene.frames[1], scene.frames[0])
    }

    /// Runs every frame with the duals left stale before it (as a frame past the
    /// incremental updates leaves them, so priority changes take the local path),
    /// checking the invariants; per frame, the blocks with a current listing and
    /// whether the frame re-optimised blocks locally.
    private func play(_ session: SceneSession, _ backend: FactoredBackend, each: (Int) -> Void = { _ in }) throws -> (listed: [Int], local: [Int]) {
        let solver = backend.solver
        var out: (listed: [Int], local: [Int]) = ([], [])
        for f in session.scene.frames.indices {
            solver.prices.state.forgetDuals()
            let before = solver.blockReoptimisations
            try session.runFrame(f)
            #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
            out.listed.append(solver.listings.currentBlocks().count)
            out.local.append(solver.blockReoptimisations - before)
            each(f)
        }
        return out
    }

    @Test("every row's block is listed at load; swaps reuse the listings; a constraint taken out and put back makes the next swap list again; answers as cassowary's")
    func listingsFollowTheStructure() throws {
        let (toSplit, toFull) = swaps()
        let frames: [Frame] = [
            toFull, toSplit,
            [.deactivate(constraint: "full3")], toFull,
            [.activate(constraint: "full3")], toSplit, toFull,
        ]
        let compiled = try toggleScene(frames).compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let rows = compiled.viewIDs.filter { $0.hasPrefix("row") }.count
        #expect(backend.solver.listings.currentBlocks().count == rows)
        let (listed, local) = try play(session, backend)
        // The swaps keep the listings made at load; taking `full3` out drops them all,
        // and the next swaps list again the blocks they reach.
        #expect(listed == [rows, rows, 0, rows, 0, rows, rows])
        #expect(local == [1, 1, 0, 1, 0, 1, 1])
        let outcome = Equivalence.compare(name: "toggle-30-listings", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }

    @Test("each row a current listing holds names its block in the row memo, and no other row does; a change of structure leaves none named")
    func rowsNameTheirBlocks() throws {
        let compiled = try toggleScene([[.deactivate(constraint: "full3")]]).compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let solver = try #require(session.backend as? FactoredBackend).solver
        let listings = solver.listings
        var named: [Int?] = (0..<solver.rowCount).map { listings.listedBlock(ofRow: $0) }
        var held = 0
        for b in listings.currentBlocks() {
            for r in listings.rows(of: b)! {
                #expect(named[Int(r)] == b)
                held += 1
            }
        }
        // Each of the 9 rows' blocks holds its three tight rows and the loose optional one.
        #expect(held == 4 * 9)
        #expect(named.compactMap { $0 }.count == held)
        try session.runFrame(0)
        named = (0..<solver.rowCount).map { listings.listedBlock(ofRow: $0) }
        #expect(named.allSatisfy { $0 == nil })
        #expect(solver.checkInvariants() == nil)
    }

    @Test("a loose row put in force without a pivot (a cap its slack meets) reads a listed block's unknowns: the next swap finds it, answers as cassowary's")
    func newLooseRowIsListed() throws {
        let (toSplit, toFull) = swaps()
        var scene = toggleScene([])
        // yellow0's width capped at 200 (900, above the split and the full width):
        // inactive at load, so no listing made then knows it reads block 0's unknowns;
        // put in force at the split (162.5 at the spacing of 10), where its slack holds it, so no pivot follows.
        scene.constraints.append(Constraint(
            id: "cap0", first: AttributeRef(view: "yellow0", attribute: .width), relation: .lessThanOrEqual,
            constant: 200, priority: 900, isActive: false))
        scene.frames = [[.activate(constraint: "cap0")], toFull, toSplit, toFull]
        let compiled = try scene.compile()
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let v = try #require(compiled.viewIDs.firstIndex(of: "yellow0"))
        var yellow0: [Double] = []
        let (_, local) = try play(session, backend) { _ in yellow0.append(session.rects[4 * v + 2]) }
        // The full width would be 335: the cap holds yellow0 at 200 each time.
        #expect(yellow0 == [162.5, 200, 117.5, 200])
        #expect(local == [0, 1, 1, 1])
        let outcome = Equivalence.compare(name: "toggle-30-cap", scene: compiled, backends: [CassowaryBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
    }
}
