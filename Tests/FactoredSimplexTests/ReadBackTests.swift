import CassowarySolver
@testable import FactoredSimplex
import LayoutModel
import SceneGenerator
import Testing

/// How factored's values reach the caller: published at once from the solver's
/// changed list, or, after a solve that moved much of a large layout, compared view
/// by view in the read itself. Either way the read lists each view that moved since
/// the last read, once, and writes its rectangle.
struct ReadBackTests {
    /// A tree of 5,000 views (20,000 unknowns, past the size where the list is always
    /// used) whose root resizes every frame, so every view moves and the read compares.
    private func resizingTree() throws -> CompiledScene {
        try SceneGenerator.generate(.tree, GeneratorParameters(views: 5000, frames: 4)).compile()
    }

    @Test func aReadAfterALargeMoveListsExactlyTheViewsThatMoved() throws {
        let scene = try resizingTree()
        let factored = try SceneSession(scene: scene, backend: FactoredBackend.self)
        let backend = try #require(factored.backend as? FactoredBackend)
        var before = factored.rects
        var deferredReads = 0
        for f in scene.frames.indices {
            for op in scene.frames[f] { try backend.apply(op) }
            try backend.solve()
            if backend.publishDeferred { deferredReads += 1 }
            var buffer = before
            var changed: [Int32] = []
            buffer.withUnsafeMutableBufferPointer { backend.readChangedRects(into: $0, changedViews: &changed) }
            let moved = (0..<scene.viewCount).filter { v in (0..<4).contains { buffer[4 * v + $0] != before[4 * v + $0] } }
            #expect(changed.map(Int.init) == moved, "frame \(f): the listed views are the moved ones, in order")
            #expect(moved.count > scene.viewCount / 2, "frame \(f): most of the tree moves")
            // Every view's rectangle is the solver's: the unlisted ones were already.
            #expect(buffer == backend.solver.basis.x, "frame \(f)")
            #expect(backend.checkInvariants() == nil)
            before = buffer
        }
        #expect(deferredReads == scene.frames.count, "each frame's read compared every view")
    }

    @Test func aComparingReadAlsoListsTheViewsPendingFromBefore() throws {
        let scene = try resizingTree()
        let factored = try SceneSession(scene: scene, backend: FactoredBackend.self)
        let backend = try #require(factored.backend as? FactoredBackend)
        let rects = factored.rects
        // View 7 was published and pending (a check's solve within the frame), and
        // nothing has moved since; then a solve defers to the read.
        backend.pend(7)
        backend.publishDeferred = true
        var buffer = [Double](repeating: -1, count: rects.count)
        var changed: [Int32] = [99]
        buffer.withUnsafeMutableBufferPointer { backend.readChangedRects(into: $0, changedViews: &changed) }
        #expect(changed == [99, 7])
        #expect(Array(buffer[28..<32]) == Array(rects[28..<32]))
        #expect(buffer[0] == -1, "unlisted views are not written")
        #expect(!backend.isPending[7] && backend.pendingViews.count == 0 && !backend.publishDeferred)
        #expect(backend.checkInvariants() == nil)
    }

    @Test func aFullReadWhileComparingIsPendingWritesEverythingAndClearsTheList() throws {
        let scene = try resizingTree()
        let factored = try SceneSession(scene: scene, backend: FactoredBackend.self)
        let backend = try #require(factored.backend as? FactoredBackend)
        for op in scene.frames[0] { try backend.apply(op) }
        try backend.solve()
        #expect(backend.publishDeferred)
        var buffer = [Double](repeating: 0, count: scene.viewCount * 4)
        buffer.withUnsafeMutableBufferPointer { backend.readRects(into: $0) }
        #expect(buffer == backend.solver.basis.x)
        #expect(backend.pendingViews.count == 0 && !backend.isPending.contains(true))
        #expect(backend.checkInvariants() == nil)
        // The next read finds nothing moved.
        var changed: [Int32] = []
        buffer.withUnsafeMutableBufferPointer { backend.readChangedRects(into: $0, changedViews: &changed) }
        #expect(changed.isEmpty)
    }
}
