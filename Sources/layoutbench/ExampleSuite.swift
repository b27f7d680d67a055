import BenchHarness
import LayoutModel

/// Example scenes in the default bench suite, their frames cycled to the suite's frame count.
enum ExampleSuite {
    static let keys = ["date-picker"]

    /// Example `key` with its frames (and how each reaches the screen) repeated in order until
    /// there are `frames` of them: the date picker slides up and down `frames` times.
    static func make(_ key: String, frames: Int) throws -> BenchScene {
        var scene = try ExampleScenes.named(key)!.scene()
        let count = scene.frames.count
        let indices = (0..<max(1, frames)).map { $0 % count }
        scene.presentations = indices.map { scene.presentation(ofFrame: $0) }
        scene.frames = indices.map { scene.frames[$0] }
        return BenchScene(name: "example-\(key)", family: nil, scene: try scene.compile())
    }
}
