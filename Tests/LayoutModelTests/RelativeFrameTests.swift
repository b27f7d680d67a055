import CassowarySolver
import Testing

@testable import LayoutModel

@Suite("Frames in the superview's coordinates")
struct RelativeFrameTests {
    @Test(
        "on every example and frame, relative frames are the on-screen ones minus the parent's, plus its bounds origin: worked out, read frame by frame, or read from a back end over relative positions",
        arguments: [(false, false), (true, false), (true, true)])
    func everyExample(readsRelative: Bool, relativeBackend: Bool) throws {
        for example in ExampleScenes.all {
            let scene = try example.scene()
            let index = Dictionary(uniqueKeysWithValues: scene.views.enumerated().map { ($1.id, $0) })
            let backend: any LayoutBackend.Type = relativeBackend ? ParentRelativeBackend<CassowaryBackend>.self : CassowaryBackend.self
            let session = try SceneSession(scene: try scene.compile(), backend: backend)
            if readsRelative { session.readRelativeFrames() }
            for f in -1..<scene.frames.count {
                if f >= 0 { try session.runFrame(f) }
                let screen = session.screenRects
                let origins = session.boundsOrigins.isEmpty ? [Double](repeating: 0, count: scene.views.count * 2) : session.boundsOrigins
                var expected: [Double] = []
                for (v, view) in scene.views.enumerated() {
                    var rect = Array(screen[(v * 4)..<(v * 4 + 4)])
                    if let parent = view.parent, let p = index[parent] {
                        rect[0] += origins[p * 2] - screen[p * 4]
                        rect[1] += origins[p * 2 + 1] - screen[p * 4 + 1]
                    }
                    expected += rect
                }
                let relative = session.relativeRects
                let same = zip(relative, expected).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }
                #expect(same, "\(example.key) frame \(f + 1): \(relative) != \(expected)")
            }
        }
    }

    @Test("kept up to date frame by frame from the views that moved and their children")
    func incremental() throws {
        let scene = try #require(ExampleScenes.named("picker-bounds")).scene().compile()
        let session = try SceneSession(scene: scene, backend: CassowaryBackend.self)
        var relative = session.relativeRects
        #expect(Array(relative[8..<12]) == [20, 500, 335, 44])  // the field, in the content's coordinates
        for f in scene.frames.indices {
            try session.runFrame(f)
            session.updateRelative(&relative)
            #expect(relative == session.relativeRects)
            #expect(Array(relative[8..<12]) == [20, 500, 335, 44])  // scrolling the content leaves the field's frame
        }
    }
}
