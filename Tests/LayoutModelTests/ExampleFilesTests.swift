import LayoutModel
import Testing

@Suite("Example scene files")
struct ExampleFilesTests {
    @Test("every Examples/*.json file is listed, and every listed example is a valid scene")
    func examples() throws {
        let keys = ExampleScenes.all.map(\.key)
        #expect(keys == [
            "slider-stack", "toggle-split", "square-slider", "drag-tip", "scroll-header", "date-picker", "switch-in",
            "bottom-slider", "square-neighbours", "staging", "picker-bounds", "label-reflow",
        ])
        #expect(ExampleScenes.embeddedKeys == keys.sorted())
        for example in ExampleScenes.all {
            let scene = try example.scene()
            #expect(scene.validate().isEmpty, "\(example.key): \(scene.validate())")
            #expect(!scene.frames.isEmpty && !example.summary.isEmpty, "\(example.key)")
            _ = try scene.compile()
        }
    }
}
