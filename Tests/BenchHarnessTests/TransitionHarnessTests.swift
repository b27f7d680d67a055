import LayoutModel
import TestSupport
import Testing

@testable import BenchHarness

/// Root 100×200 holding `a` (top set by constraint `top`) and `b` inside `a`; `frames` as written.
private func scene(frames: String) throws -> BenchScene {
    let json = nestedSquaresSceneJSON(name: "t", frames: frames)
    return BenchScene(name: "t", family: nil, scene: try Scene.load(Array(json.utf8)).compile())
}

@Suite("Harness: transitions, layout ops and bounds origins")
struct TransitionHarnessTests {
    @Test("a frame with two layout ops is one display frame whose time covers both solves")
    func twoLayouts() throws {
        let bench = try scene(frames: """
            [[{"op": "setConstant", "constraint": "top", "value": 300}, {"op": "layout"},
              {"op": "setConstant", "constraint": "top", "value": 40}, {"op": "layout"}]]
            """)
        var settings = BenchSettings()
        settings.warmupFrames = 0
        let r = Harness.run(bench, backend: BackendRegistry.named("cassowary")!, settings: settings)
        #expect(r.notRun == nil)
        #expect(r.framesMeasured == 1 && r.interactiveFrames == 1 && r.frameTimes.count == 1)
        #expect(r.solvesMeasured == 2)
        #expect(r.series.count == 1)
    }

    @Test("a bounds-origin change counts no solve")
    func boundsOrigin() throws {
        let bench = try scene(frames: #"[[{"op": "setBoundsOrigin", "view": "root", "x": 0, "y": 216}], []]"#)
        var settings = BenchSettings()
        settings.warmupFrames = 0
        let r = Harness.run(bench, backend: BackendRegistry.named("cassowary")!, settings: settings)
        #expect(r.framesMeasured == 2 && r.solvesMeasured == 1)
    }

    @Test("transitions are measured apart: latency, views moved, interpolated frames at the display rate")
    func transitions() throws {
        let bench = try scene(frames: """
            [[], {"kind": "transition", "duration": 0.25, "ops": [{"op": "setConstant", "constraint": "top", "value": 50}]},
             [], {"kind": "transition", "duration": 0.5, "ops": [{"op": "setConstant", "constraint": "top", "value": 5}]}]
            """)
        var settings = BenchSettings()
        settings.warmupFrames = 0
        settings.repetitions = 2
        settings.displayRate = 60
        let r = Harness.run(bench, backend: BackendRegistry.named("cassowary")!, settings: settings)
        #expect(r.framesMeasured == 8 && r.interactiveFrames == 4 && r.frameTimes.count == 4)
        let t = try #require(r.transitions)
        #expect(t.count == 4 && t.latency.count == 4 && t.displayRate == 60)
        #expect(t.viewsMovedPerTransition == 2)  // a and b
        #expect(t.interpolatedFramesPerTransition == 22.5)  // 15 and 30 frames at 60 Hz
        let context = RunContext(command: "c", gitCommit: "g", toolchain: "s", machine: "m", cores: 1, memoryBytes: 1, created: "n", allocator: "a")
        let text = ResultsJSON.encode([r], context: context, settings: settings)
        #expect(text.contains("\"interpolated_frames_per_transition\" : 22.5"))
        #expect(text.contains("\"display_rate_hz\" : 60"))
        let back = try ResultsReader.read(Array(text.utf8), source: "r.json")
        #expect(back.results[0].transitions?.count == 4 && back.results[0].interactiveFrames == 4)
        #expect(back.settings.displayRate == 60)
        let table = terminalTable([r])
        #expect(table.contains("latency p50") && table.contains("interpolated frames"))
        #expect(markdownReport([r], context: context).contains("## Transitions"))
        #expect(htmlReport([r], context: context, settings: settings).contains("<h2 id=\"transitions\">Transitions</h2>"))
        let verdicts = familyVerdicts([r], isExact: { _ in true }).map(\.verdict)
        #expect(verdicts.count == 2)
        #expect(verdicts[0].hasPrefix("transition: fastest exact: cassowary (latency p50 "))
        #expect(verdicts[1].hasPrefix("interactive: fastest exact: cassowary (p50 "))
    }
}
