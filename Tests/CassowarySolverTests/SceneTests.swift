import Foundation
import LayoutModel
import Testing

@testable import CassowarySolver

/// The spec's example scene, as the spec lists it, plus two required bounds
/// (`h0`, `h1`, `cap`) used by the refused-op frames at the end.
let sliderStack = """
    {
      "format": "layoutbench-scene", "version": 1, "name": "slider-stack",
      "views": [{"id": "root"}, {"id": "red", "parent": "root"}, {"id": "yellow", "parent": "root"}],
      "constraints": [
        {"id": "r0", "first": "root.left",   "relation": "==", "constant": 0},
        {"id": "r1", "first": "root.top",    "relation": "==", "constant": 0},
        {"id": "r2", "first": "root.width",  "relation": "==", "constant": 375},
        {"id": "r3", "first": "root.height", "relation": "==", "constant": 667},
        {"id": "c1", "first": "red.top", "relation": "==", "second": "root.top", "constant": 20},
        {"id": "c2", "first": "red.height", "relation": ">=", "constant": 44, "priority": 750},
        {"id": "c3", "first": "red.height", "relation": "==", "constant": 60, "priority": 250},
        {"id": "c4", "first": "red.left", "relation": "==", "second": "root.left"},
        {"id": "c5", "first": "red.right", "relation": "==", "second": "root.right"},
        {"id": "c6", "first": "yellow.top", "relation": "==", "second": "red.bottom", "multiplier": 1, "constant": 8},
        {"id": "c7", "first": "yellow.left", "relation": "==", "second": "root.left"},
        {"id": "c8", "first": "yellow.width", "relation": "==", "second": "root.width"},
        {"id": "c9", "first": "yellow.height", "relation": "==", "constant": 50, "priority": 500}
        EXTRA_CONSTRAINTS
      ],
      "edits": [{"attribute": "red.height", "priority": 750}],
      "frames": [
        [{"op": "suggest", "attribute": "red.height", "value": 120}],
        [{"op": "setConstant", "constraint": "c1", "value": 30},
         {"op": "setPriority", "constraint": "c2", "value": 250}],
        [{"op": "deactivate", "constraint": "c6"}],
        [{"op": "activate", "constraint": "c6"}],
        [{"op": "add", "constraint": {"id": "c10", "first": "yellow.height", "relation": "==",
                                      "second": "red.height", "multiplier": 0.5}}],
        [{"op": "remove", "constraint": "c10"}]
        EXTRA_FRAMES
      ]
    }
    """

func compiled(_ extraConstraints: String = "", _ extraFrames: String = "") throws -> CompiledScene {
    let json = sliderStack.replacingOccurrences(of: "EXTRA_CONSTRAINTS", with: extraConstraints)
        .replacingOccurrences(of: "EXTRA_FRAMES", with: extraFrames)
    return try Scene.load(Array(json.utf8)).compile()
}

func rect(_ rects: [Double], _ view: Int) -> [Double] { Array(rects[(view * 4)..<(view * 4 + 4)]) }

@Suite("Cassowary back end on scenes")
struct CassowarySceneTests {
    let root: [Double] = [0, 0, 375, 667]

    @Test("the spec's example scene, frame by frame (answers computed by hand)")
    func specExample() throws {
        let scene = try compiled()
        let session = try SceneSession(scene: scene, backend: CassowaryBackend.self)
        let backend = try #require(session.backend as? CassowaryBackend)
        // Frame 0: red 60 tall (c3 at 250; the edit does not influence the initial solve); yellow 8 below.
        #expect(session.rects == root + [0, 20, 375, 60] + [0, 88, 375, 50])
        #expect(session.backend.ambiguousViews() == [])
        // Frame 1: the edit at 750 takes red to 120; yellow follows.
        #expect(try session.runFrame(0).isEmpty)
        #expect(session.rects == root + [0, 20, 375, 120] + [0, 148, 375, 50])
        #expect(Set(session.changedViews) == [1, 2])
        // Frame 2: red's top moves to 30 in place; c2 at 250 is still satisfied (120 >= 44).
        #expect(try session.runFrame(1).isEmpty)
        #expect(session.rects == root + [0, 30, 375, 120] + [0, 158, 375, 50])
        // Frame 3: c6 off: yellow's top is free (ambiguous); everything else is pinned.
        #expect(try session.runFrame(2).isEmpty)
        #expect(rect(session.rects, 1) == [0, 30, 375, 120])
        let yellow = rect(session.rects, 2)
        #expect(yellow[0] == 0 && yellow[2] == 375 && yellow[3] == 50)
        #expect(session.backend.ambiguousViews() == [2])  // yellow
        #expect(backend.solver.ambiguousVariables() == [9])
        // Frame 4: c6 back on.
        #expect(try session.runFrame(3).isEmpty)
        #expect(session.rects == root + [0, 30, 375, 120] + [0, 158, 375, 50])
        #expect(session.backend.ambiguousViews() == [])
        // Frame 5: c10 (required) outranks c9: yellow becomes 60 tall.
        #expect(try session.runFrame(4).isEmpty)
        #expect(session.rects == root + [0, 30, 375, 120] + [0, 158, 375, 60])
        #expect(session.changedViews == [2])
        // Frame 6: c10 removed: back to 50, and the solver is back to its size before the add.
        #expect(try session.runFrame(5).isEmpty)
        #expect(session.rects == root + [0, 30, 375, 120] + [0, 158, 375, 50])
        // Every frame agrees with the reference semantics' judge: required constraints hold.
        #expect(session.evaluate().satisfiesRequired)
        let stats = backend.statistics
        #expect(stats.pivots > 0 && stats.rowsTouched > 0 && stats.variablesUpdated > 0)
    }

    @Test("refused ops: a conflicting add and a conflicting setConstant name the conflicts and change nothing")
    func refusedOps() throws {
        let extra = """
            ,
            {"id": "h0", "first": "red.height", "relation": ">=", "constant": 0},
            {"id": "h1", "first": "yellow.height", "relation": ">=", "constant": 0},
            {"id": "cap", "first": "yellow.bottom", "relation": "<=", "second": "root.bottom"}
            """
        let frames = """
            ,
            [{"op": "add", "constraint": {"id": "wide", "first": "root.width", "relation": "==", "constant": 400}},
             {"op": "suggest", "attribute": "red.height", "value": 100}],
            [{"op": "setConstant", "constraint": "c1", "value": 700}],
            [{"op": "setConstant", "constraint": "c1", "value": 500}],
            [{"op": "addEdit", "attribute": "yellow.top", "priority": 900},
             {"op": "suggest", "attribute": "red.height", "value": 140}],
            [{"op": "removeEdit", "attribute": "yellow.top"}]
            """
        let scene = try compiled(extra, frames)
        let session = try SceneSession(scene: scene, backend: CassowaryBackend.self)
        for f in 0..<6 { #expect(try session.runFrame(f).isEmpty) }
        #expect(session.rects == root + [0, 30, 375, 120] + [0, 158, 375, 50])
        // Frame 7: the add conflicts with r2 alone; the suggest in the same frame still applies.
        let e7 = try session.runFrame(6)
        #expect(e7.count == 1 && e7[0].contains("wide") && e7[0].contains("r2"), "\(e7)")
        #expect(session.rects == root + [0, 30, 375, 100] + [0, 138, 375, 50])
        // Frame 8: red's top at 700 leaves no room below the root's bottom (heights >= 0).
        let before = session.rects
        let e8 = try session.runFrame(7)
        #expect(e8.count == 1, "\(e8)")
        #expect(session.rects == before)
        let backend = try #require(session.backend as? CassowaryBackend)
        do {
            try backend.apply(.setConstant(4, value: 700))
            Issue.record("should have been refused")
        } catch {
            guard case let .unsatisfiable(name, conflicts) = error else { throw error }
            #expect(name == "c1")
            #expect(Set(conflicts).isSubset(of: ["r1", "r3", "c6", "h0", "h1", "cap"]) && conflicts.contains("cap"), "\(conflicts)")
        }
        // Frame 9: 500 fits: red squeezed (edit 750 and c2 yield), yellow at most to the bottom.
        #expect(try session.runFrame(8).isEmpty)
        let red = rect(session.rects, 1)
        let yellow = rect(session.rects, 2)
        #expect(red[1] == 500 && yellow[1] == 500 + red[3] + 8 && yellow[1] + yellow[3] <= 667 + 1e-9)
        // Room for 667 - 508 = 159 of red + yellow height: the edit (750) keeps red at 100 and
        // c9 (500) yellow at 50; only c3 (250) fails.
        #expect(red == [0, 500, 375, 100] && yellow == [0, 608, 375, 50], "\(red) \(yellow)")
        // Frame 10: an edit on yellow.top, held where it was at the last solve (608), at 900 beats red's edit (140).
        #expect(try session.runFrame(9).isEmpty)
        #expect(rect(session.rects, 1) == [0, 500, 375, 100] && rect(session.rects, 2) == [0, 608, 375, 50])
        // Frame 11: without it red takes its suggested 140; yellow shrinks to 19.
        #expect(try session.runFrame(10).isEmpty)
        #expect(rect(session.rects, 1) == [0, 500, 375, 140] && rect(session.rects, 2) == [0, 648, 375, 19])
    }

    @Test("an initial scene with conflicting required constraints fails, naming a conflicting set")
    func initialConflict() throws {
        let extra = """
            ,
            {"id": "fat", "first": "red.width", "relation": "==", "constant": 500}
            """
        let scene = try compiled(extra)
        do {
            _ = try CassowaryBackend(scene: scene, options: BackendOptions())
            Issue.record("should have failed")
        } catch {
            guard case let .unsatisfiable(name, conflicts) = error else { throw error }
            #expect(name == "fat" && Set(conflicts) == ["r2", "c4", "c5"], "\(error)")
        }
    }
}
