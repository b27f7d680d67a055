import FactoredSimplex
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import Testing

/// A long pass over listed blocks runs in two shares at once (BlockPassThreads.swift):
/// it must leave exactly what one thread leaves.
@Suite("Factored simplex: long block passes split over two threads")
struct SplitPassTests {
    /// Every frame's rectangles, pivots and re-optimisations, with long passes split or not.
    private func play(_ compiled: CompiledScene, split: Bool) throws -> (rects: [[Double]], pivots: [Int], local: [Int], splits: Int) {
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let solver = backend.solver
        solver.localBuffers.splitsLongPasses = split
        var out: (rects: [[Double]], pivots: [Int], local: [Int], splits: Int) = ([], [], [], 0)
        for f in compiled.frames.indices {
            let before = (solver.statistics.pivots, solver.blockReoptimisations)
            try session.runFrame(f)
            #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")")
            out.rects.append(session.rects)
            out.pivots.append(solver.statistics.pivots - before.0)
            out.local.append(solver.blockReoptimisations - before.1)
        }
        out.splits = solver.localBuffers.splitPasses
        return out
    }

    @Test("toggle with 2,133 rows swapping every frame: split passes give the same rectangles, bit for bit, and the same pivots as one thread")
    func splitMatchesOneThread() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 6_400, frames: 4, toggleEvery: 1))
        let compiled = try scene.compile()
        let split = try play(compiled, split: true)
        let single = try play(compiled, split: false)
        #expect(split.splits == 4)
        #expect(single.splits == 0)
        #expect(split.pivots == [2_133, 2_133, 2_133, 2_133])
        #expect(split.pivots == single.pivots)
        #expect(split.local == [1, 1, 1, 1])
        #expect(split.local == single.local)
        for f in split.rects.indices {
            #expect(split.rects[f] == single.rects[f], "frame \(f)")
        }
        // The split (spacing 100, then 10) and the full width (335) take turns; the last row, split in the second half, moves too.
        let last = try #require(compiled.viewIDs.firstIndex(of: "yellow2132"))
        #expect(split.rects.map { $0[4 * last + 2] } == [335, 117.5, 335, 162.5])
    }

    @Test("a pass shorter than the split's threshold runs on one thread")
    func shortPassIsNotSplit() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 3_400, frames: 2, toggleEvery: 1))
        let result = try play(try scene.compile(), split: true)
        #expect(result.splits == 0)
        #expect(result.local == [1, 1])
    }
}
