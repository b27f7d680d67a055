import CassowarySolver
import TestSupport
import Testing

@testable import LayoutModel

/// Root 0,0 100×200 holding `a` (a 10 pt square at top `t`, constraint `top`) and `b` inside `a`.
private func scene(frames: String) -> String { nestedSquaresSceneJSON(name: "p", frames: frames) }

private func problems(_ json: String) -> [String] {
    let decoded = Scene.decode(json)
    return (decoded.diagnostics + (decoded.scene?.validate() ?? [])).map(\.description)
}

@Suite("Frame presentation: transitions, layout and bounds-origin ops")
struct FramePresentationTests {
    @Test("a transition frame, layout and setBoundsOrigin read, validate and round-trip")
    func roundTrip() throws {
        let json = scene(frames: """
            [[], {"kind": "transition", "duration": 0.3, "ops": [{"op": "setConstant", "constraint": "top", "value": 50}]},
             [{"op": "setBoundsOrigin", "view": "root", "x": 0, "y": -216}, {"op": "layout"}],
             {"kind": "interactive", "ops": []}]
            """)
        #expect(problems(json) == [])
        let loaded = try Scene.load(Array(json.utf8))
        #expect(loaded.presentations == [.interactive, .transition(duration: 0.3)])
        #expect(loaded.presentation(ofFrame: 3) == .interactive)
        #expect(loaded.frames[2] == [.setBoundsOrigin(view: "root", x: 0, y: -216), .layout])
        let again = try Scene.load(Array(loaded.jsonString().utf8))
        #expect(again == loaded)
        #expect(loaded.jsonString().contains(#"{"kind": "transition", "duration": 0.3, "ops": [{"op": "setConstant""#))
    }

    @Test("mistakes in frame objects and the new ops name their JSON path")
    func messages() {
        #expect(problems(scene(frames: #"[{"kind": "transition", "ops": []}]"#)) == [
            "$.frames[0] (frame 1).duration: is missing"
        ])
        #expect(problems(scene(frames: #"[{"kind": "transition", "duration": -1, "ops": []}]"#)) == [
            "$.frames[0] (frame 1).duration: a transition's duration must be a number of seconds in (0, 60], got -1"
        ])
        #expect(problems(scene(frames: #"[{"kind": "slow", "ops": [], "speed": 2}]"#)) == [
            "$.frames[0] (frame 1): has an unknown key \"speed\"",
            "$.frames[0] (frame 1).kind: expected \"interactive\" or \"transition\", found \"slow\"",
        ])
        #expect(problems(scene(frames: #"[{"kind": "interactive", "duration": 1, "ops": []}]"#)) == [
            "$.frames[0] (frame 1).duration: only a transition has a duration"
        ])
        #expect(problems(scene(frames: #"[{"kind": "transition", "duration": 1}]"#)) == [
            "$.frames[0] (frame 1).ops: is missing"
        ])
        #expect(problems(scene(frames: #"[[{"op": "setBoundsOrigin", "view": "nope", "x": 0, "y": 1}]]"#)) == [
            "$.frames[0][0] (frame 1 op 0, setBoundsOrigin).view: setBoundsOrigin: unknown view \"nope\""
        ])
        #expect(problems(scene(frames: #"[[{"op": "setBoundsOrigin", "view": "a", "x": 0}]]"#)).first
            == "$.frames[0][0] (frame 1 op 0, setBoundsOrigin).y: is missing")
        #expect(problems(scene(frames: #"[[{"op": "layout", "now": true}]]"#)).first
            == "$.frames[0][0] (frame 1 op 0, layout): has an unknown key \"now\"")
    }

    @Test("two layout ops in a frame solve twice in it; the frame ends without a third solve")
    func twoLayouts() throws {
        let json = scene(frames: """
            [[{"op": "setConstant", "constraint": "top", "value": 300}, {"op": "layout"},
              {"op": "setConstant", "constraint": "top", "value": 40}, {"op": "layout"}],
             [{"op": "setConstant", "constraint": "top", "value": 7}, {"op": "layout"}, {"op": "layout"},
              {"op": "setConstant", "constraint": "top", "value": 8}],
             [{"op": "layout"}], []]
            """)
        let session = try SceneSession(scene: try Scene.load(Array(json.utf8)).compile(), backend: CassowaryBackend.self)
        try session.runFrame(0)
        #expect(session.solvesInLastFrame == 2)
        #expect(session.viewsMovedInLastFrame == 4)  // a and b, twice
        #expect(Array(session.rects[4..<8]) == [0, 40, 10, 10])
        try session.runFrame(1)
        #expect(session.solvesInLastFrame == 2)  // the second layout has nothing to do; the end solves top = 8
        #expect(Array(session.rects[4..<8]) == [0, 8, 10, 10])
        try session.runFrame(2)
        #expect(session.solvesInLastFrame == 0)
        try session.runFrame(3)
        #expect(session.solvesInLastFrame == 1)  // a plain frame solves once, as ever
    }

    @Test("a bounds-origin change moves the view's descendants on screen, solving nothing")
    func boundsOrigin() throws {
        let json = scene(frames: """
            [[{"op": "setBoundsOrigin", "view": "root", "x": 0, "y": 216}],
             [{"op": "setBoundsOrigin", "view": "a", "x": -3, "y": 0}],
             [{"op": "setBoundsOrigin", "view": "nope", "x": 0, "y": 0}]]
            """)
        let session = try SceneSession(scene: try Scene.load(Array(json.utf8)).compile(), backend: CassowaryBackend.self)
        let solved = session.rects
        try session.runFrame(0)
        #expect(session.solvesInLastFrame == 0)
        #expect(session.rects == solved)
        #expect(session.screenRects == [0, 0, 100, 200, 0, -211, 10, 10, 1, -210, 2, 2])
        try session.runFrame(1)
        #expect(session.screenRects == [0, 0, 100, 200, 0, -211, 10, 10, 4, -210, 2, 2])
        let errors = try session.runFrame(2)
        #expect(errors == ["frame 3 op 0: setBoundsOrigin: unknown view \"nope\""])
    }
}
