import CassowarySolver
import DenseSimplex
import ExactReference
import FactoredSimplex
import FrameArithmetic
import LayoutModel
import Testing

/// The back ends that solve the reference semantics exactly.
private let exactBackends: [any LayoutBackend.Type] = [
    CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self, ExactBackend.self,
]

private typealias R = [Double]
private let root: R = [0, 0, 375, 667]

/// Plays example `key` on `backend`: the on-screen rectangles after each solve
/// (frame 0 first) and the solves each frame took.
private func play(_ key: String, _ backend: any LayoutBackend.Type) throws -> (frames: [R], solves: [Int]) {
    let compiled = try #require(ExampleScenes.named(key)).scene().compile()
    let session = try SceneSession(scene: compiled, backend: backend)
    var frames = [session.screenRects]
    var solves: [Int] = []
    for f in compiled.frames.indices {
        let errors = try session.runFrame(f)
        #expect(errors.isEmpty, "\(key) frame \(f + 1) on \(backend.name): \(errors)")
        frames.append(session.screenRects)
        solves.append(session.solvesInLastFrame)
    }
    return (frames, solves)
}

/// Checks `key` on every exact back end against rectangles computed by hand (1e-9),
/// and that compare finds every back end that runs it equivalent.
private func check(_ key: String, _ expected: [[R]], solves: [Int]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for backend in exactBackends {
        let (frames, counted) = try play(key, backend)
        #expect(frames.count == expected.count, "\(key) on \(backend.name)", sourceLocation: sourceLocation)
        for (f, views) in expected.enumerated() where f < frames.count {
            let want = views.flatMap { $0 }
            let ok = want.count == frames[f].count && zip(want, frames[f]).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
            #expect(ok, "\(key) frame \(f) on \(backend.name): \(frames[f]) != \(want)", sourceLocation: sourceLocation)
        }
        if let solves { #expect(counted == solves, "\(key) solves on \(backend.name)", sourceLocation: sourceLocation) }
    }
    let compiled = try #require(ExampleScenes.named(key)).scene().compile()
    let outcome = Equivalence.compare(name: key, scene: compiled, backends: exactBackends + [FrameArithmeticBackend.self])
    #expect(outcome.passed, "\(key): \(outcome.disagreements)", sourceLocation: sourceLocation)
    #expect(outcome.backends.count >= 4, "\(key) compared on \(outcome.backends)", sourceLocation: sourceLocation)
}

@Suite("The classic constraint animations, by hand, on every exact back end")
struct AnimationExampleTests {
    @Test("switch-in: far (leading 100 past the trailing edge) ⇄ near (trailing 10 inside), one transition each")
    func switchIn() throws {
        let far: [R] = [root, [475, 100, 100, 44], [347, 100, 120, 44]]
        let near: [R] = [root, [265, 100, 100, 44], [137, 100, 120, 44]]
        try check("switch-in", [far, near, far, near], solves: [1, 1, 1])
        let scene = try #require(ExampleScenes.named("switch-in")).scene()
        #expect(scene.presentations.allSatisfy { $0 == .transition(duration: 0.3) } && scene.presentations.count == 3)
    }

    @Test("bottom-slider: the header's required bottom moves every row below it")
    func bottomSlider() throws {
        try check("bottom-slider", [100, 120, 150, 90].map { (h: Double) -> [R] in
            [root, [0, 0, 375, h], [0, h + 8, 375, 44], [0, h + 60, 375, 44]]
        })
    }

    @Test("square-neighbours: the square's size constants move and resize its neighbours")
    func squareNeighbours() throws {
        try check("square-neighbours", [50, 60, 80, 40].map { (s: Double) -> [R] in
            [root, [20, 100, s, s], [30 + s, 100, 50, s], [20, 110 + s, s, 30]]
        })
    }

    @Test("staging: placed off-screen, laid out, animated in: two solves in one display frame")
    func staging() throws {
        try check("staging", [-250, 87.5, -250].map { (x: Double) -> [R] in [root, [x, 300, 200, 100]] }, solves: [2, 1])
    }

    @Test("picker-bounds: the picker slides up and the content's bounds origin moves the field by the same 216 pt")
    func pickerBounds() throws {
        let down: [R] = [root, root, [20, 500, 335, 44], [0, 667, 375, 216]]
        let up: [R] = [root, root, [20, 284, 335, 44], [0, 451, 375, 216]]
        try check("picker-bounds", [down, up, down], solves: [1, 1])
    }

    @Test("label-reflow: the label's height follows its width (100 - 0.1 w), the footer its bottom")
    func labelReflow() throws {
        try check("label-reflow", [335, 627, 335].map { (w: Double) -> [R] in
            let h = 100 - 0.1 * w
            return [root, [20, 40, w, h], [20, 48 + h, w, 20]]
        })
    }
}
