import CassowarySolver
import Foundation
import DenseSimplex
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import Testing

/// Every back end that can run a scene, with its name.
private let backends: [any LayoutBackend.Type] = [CassowaryBackend.self, DenseSimplexBackend.self, FrameArithmeticBackend.self, FactoredBackend.self]

private typealias R = [Double]

/// Runs `json` on every back end that accepts it; returns, per back end, the
/// rects after each solve (frame 0 first) and each frame's refusals.
private func run(_ json: String) throws -> [(name: String, frames: [[Double]], errors: [[String]])] {
    let compiled = try Scene.load(Array(json.utf8)).compile()
    var out: [(String, [[Double]], [[String]])] = []
    for backend in backends {
        guard case .supported = backend.assess(compiled, options: BackendOptions()) else { continue }
        let session = try SceneSession(scene: compiled, backend: backend)
        var frames = [session.rects]
        var errors: [[String]] = [[]]
        for f in compiled.frames.indices {
            errors.append(try session.runFrame(f))
            frames.append(session.rects)
        }
        out.append((backend.name, frames, errors))
    }
    return out
}

/// Expected rects per frame; `nil` where a view is ambiguous and not checked.
private func check(_ key: String, _ expected: [[R?]], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let json = try #require(ExampleScenes.named(key)).json
    let results = try run(json)
    #expect(results.contains { $0.name == "cassowary" }, "cassowary must run \(key)", sourceLocation: sourceLocation)
    for (name, frames, _) in results {
        #expect(frames.count == expected.count, "\(name) \(key)", sourceLocation: sourceLocation)
        for (f, views) in expected.enumerated() where f < frames.count {
            for (v, rect) in views.enumerated() {
                guard let rect else { continue }
                let got = Array(frames[f][(v * 4)..<(v * 4 + 4)])
                let close = Tolerance.approximatelyEqual(got, rect, relative: 1e-9)
                #expect(close, "\(name) \(key) frame \(f) view \(v): \(got) != \(rect)", sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite("Example scenes, answers computed by hand")
struct ExampleSceneTests {
    private let root: R = [0, 0, 375, 667]

    @Test func sliderStack() throws {
        // red: top 20 (c1), height 60 from c3 at 250 until the edit at 750 moves it; yellow 8 below, 50 tall (c9).
        try check("slider-stack", [
            [root, [0, 20, 375, 60], [0, 88, 375, 50]],
            [root, [0, 20, 375, 120], [0, 148, 375, 50]],
            [root, [0, 30, 375, 120], [0, 158, 375, 50]],  // c1 = 30; c2 at 250 is still satisfied
            [root, [0, 30, 375, 120], nil],  // c6 off: yellow's top is free (ambiguous)
            [root, [0, 30, 375, 120], [0, 158, 375, 50]],
            [root, [0, 30, 375, 120], [0, 158, 375, 60]],  // c10: yellow = red/2 outranks c9
            [root, [0, 30, 375, 120], [0, 158, 375, 50]],
        ])
    }

    @Test func toggleSplit() throws {
        // Halves w: 355 - w = 20 + w + spacing when split wins; w = 335 when yellowFull wins.
        let row: R = [20, 100, 335, 44]
        let split10: [R?] = [root, row, [20, 100, 162.5, 44], [192.5, 100, 162.5, 44]]
        let full: [R?] = [root, row, [20, 100, 335, 44], [20, 100, 335, 44]]
        try check("toggle-split", [split10, full, full, [root, row, [20, 100, 117.5, 44], [237.5, 100, 117.5, 44]], split10])
    }

    @Test func squareSlider() throws {
        // Centred on (187.5, 333.5).
        try check("square-slider", [100, 150, 200, 50].map { (s: Double) -> [R?] in [root, [187.5 - s / 2, 333.5 - s / 2, s, s]] })
    }

    @Test func dragTip() throws {
        // box [20, 200, 335, 100]; tip 40×40 at top 230, clamped to 20...315; label 8 below, centred on the tip.
        let box: R = [20, 200, 335, 100]
        try check("drag-tip", [187.5, 300, 400, -50, 100].map { (finger: Double) -> [R?] in
            let tipLeft = min(max(finger - 20, 20), 315)
            return [root, box, [tipLeft, 230, 40, 40], [tipLeft - 20, 278, 80, 20]]
        })
    }

    @Test func scrollHeader() throws {
        // Offset s: header top -s/2, title bottom = header bottom - 16 - s/4, list from header bottom to 667.
        try check("scroll-header", [0, 40, 100, 0].map { (s: Double) -> [R?] in
            let top = -s / 2
            return [root, [0, top, 375, 200], [16, top + 200 - 16 - s / 4 - 30, 200, 30], [0, top + 200, 375, 667 - top - 200]]
        })
    }

    @Test func datePicker() throws {
        try check("date-picker", [0, -216, 0, -216].map { (k: Double) -> [R?] in
            [root, [0, 0, 375, 667 + k], [0, 667 + k, 375, 216]]
        })
    }

    @Test("refused ops leave the layout as it was and name the culprit")
    func refusals() throws {
        var json = try #require(ExampleScenes.named("slider-stack")).json
        let extra = """
            [{"op": "add", "constraint": {"id": "bad", "first": "red.top", "relation": "==", "constant": 500}},
             {"op": "suggest", "attribute": "red.height", "value": 100}],
            [{"op": "setConstant", "constraint": "ghost", "value": 1}],
            [{"op": "add", "constraint": {"id": "pin", "first": "yellow.width", "relation": "==", "constant": 375}}],
            [{"op": "setConstant", "constraint": "r2", "value": 400}]
            """
        let end = try #require(json.range(of: "]\n ]\n}", options: .backwards))
        json.replaceSubrange(end, with: "],\n" + extra + "\n ]\n}")
        for (name, frames, errors) in try run(json) {
            let unchanged: [Double] = [0, 0, 375, 667, 0, 30, 375, 100, 0, 138, 375, 50]
            #expect(frames[7] == unchanged, "\(name): the add was refused, the suggest applied")
            #expect(errors[7].count == 1 && errors[7][0].contains("bad") && errors[7][0].contains("c1"), "\(name): \(errors[7])")
            #expect(errors[8].count == 1 && errors[8][0].contains("unknown constraint 'ghost'"), "\(name): \(errors[8])")
            #expect(frames[8] == unchanged && frames[9] == unchanged && errors[9].isEmpty)
            #expect(errors[10].count == 1 && errors[10][0].contains("r2") && errors[10][0].contains("pin"), "\(name): \(errors[10])")
            #expect(frames[10] == unchanged, "\(name): root keeps its width 375")
        }
    }

    @Test("frame arithmetic declines scenes with inequalities, naming one")
    func framesDeclines() throws {
        for key in ["slider-stack", "drag-tip"] {
            let compiled = try #require(ExampleScenes.named(key)).scene().compile()
            let reason = FrameArithmeticBackend.assess(compiled, options: BackendOptions()).declineReason
            #expect(reason != nil && reason!.contains("inequal"), "\(key): \(reason ?? "supported")")
        }
    }
}
