import FactoredSimplex
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import Testing

/// A long pass over listed blocks runs in two shares at once (BlockPassThreads.swift),
/// and so does the read's comparison of every view in a large layout (ViewComparison.swift):
/// it must leave exactly what one thread leaves.
@Suite("Factored simplex: long block passes split over two threads")
struct SplitPassTests {
    /// Every frame's rectangles, views read back, pivots and re-optimisations, with long
    /// passes split or not, and how many block passes and comparisons of every view were split.
    private struct Played {
        var rects: [[Double]] = [], changed: [[Int32]] = [], pivots: [Int] = [], local: [Int] = []
        var splits = 0, splitComparisons = 0
    }

    /// Plays `compiled`, checking the invariants after each frame when `checked`.
    private func play(_ compiled: CompiledScene, split: Bool, failing: Int = -1, checked: Bool = true) throws -> Played {
        let session = try SceneSession(scene: compiled, backend: FactoredBackend.self)
        let backend = try #require(session.backend as? FactoredBackend)
        let solver = backend.solver
        solver.localBuffers.splitsLongPasses = split
        solver.localBuffers.failsListedBlock = failing
        // The session's first read, at its start, compared every view already.
        let comparisonsBefore = backend.splitComparisons
        var out = Played()
        for f in compiled.frames.indices {
            let before = (solver.statistics.pivots, solver.blockReoptimisations)
            try session.runFrame(f)
            if checked { #expect(backend.checkInvariants() == nil, "\(backend.checkInvariants() ?? "")") }
            out.rects.append(session.rects)
            out.changed.append(session.changedViews)
            out.pivots.append(solver.statistics.pivots - before.0)
            out.local.append(solver.blockReoptimisations - before.1)
        }
        out.splits = solver.localBuffers.splitPasses
        out.splitComparisons = backend.splitComparisons - comparisonsBefore
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

    @Test("a block failing in the middle of a split pass: the caller finishes from the basis the chunks left, and every frame is the optimum that one thread and a pass without the failure give")
    func failureInsideASplitPass() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 6_400, frames: 4, toggleEvery: 1))
        let compiled = try scene.compile()
        // Block 1,000 of 2,133 is in the fourth chunk of 256: chunks before and after it are re-optimised on both threads.
        let split = try play(compiled, split: true, failing: 1_000)
        let single = try play(compiled, split: false, failing: 1_000)
        let clean = try play(compiled, split: false)
        #expect(split.splits == 4)
        // No frame counts as re-optimised block by block: the failure sends each to the caller's pricing.
        #expect(split.local == [0, 0, 0, 0])
        #expect(single.local == [0, 0, 0, 0])
        #expect(clean.local == [1, 1, 1, 1])
        for f in clean.rects.indices {
            for (which, run) in [("split", split), ("one thread", single)] {
                let worst = zip(run.rects[f], clean.rects[f]).map { abs($0 - $1) }.max() ?? 0
                #expect(worst < 1e-9, "frame \(f), \(which): differs from the run without a failure by \(worst)")
            }
        }
        let last = try #require(compiled.viewIDs.firstIndex(of: "yellow2132"))
        #expect(split.rects.map { $0[4 * last + 2] } == [335, 117.5, 335, 162.5])
    }

    @Test("the read's comparison of every view, split over two threads at 66,667 views, lists the same views in the same order and reads back the same rectangles as one thread")
    func splitComparisonMatchesOneThread() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 66_667, frames: 3, toggleEvery: 1))
        let compiled = try scene.compile()
        let split = try play(compiled, split: true, checked: false)
        let single = try play(compiled, split: false, checked: false)
        // Each swap moves two views of three: past an eighth of the unknowns, so the read compares every view.
        #expect(split.splitComparisons == 3)
        #expect(single.splitComparisons == 0)
        #expect(split.changed.map(\.count) == [44_444, 44_444, 44_444])
        #expect(split.changed == single.changed)
        #expect(split.changed.allSatisfy { zip($0, $0.dropFirst()).allSatisfy { $0 < $1 } })
        #expect(split.rects == single.rects)
    }

    @Test("a pass shorter than the split's threshold runs on one thread")
    func shortPassIsNotSplit() throws {
        let scene = SceneGenerator.generate(.toggle, GeneratorParameters(views: 3_400, frames: 2, toggleEvery: 1))
        let result = try play(try scene.compile(), split: true)
        #expect(result.splits == 0)
        #expect(result.local == [1, 1])
    }
}
