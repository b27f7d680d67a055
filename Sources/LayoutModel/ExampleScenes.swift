// The hand-written scenes of the classic Auto Layout animations. Their JSON lives in
// `Examples/KEY.json` beside this file and is embedded at build time (see the
// EmbedExamples plugin), so that `layoutbench examples` can list and write them.
// Their expected rectangles are computed by hand in the tests.

public struct ExampleScene: Sendable {
    public let key: String
    public let summary: String
    public var json: String { embeddedExampleJSON[key] ?? "" }

    public func scene() throws(LayoutError) -> Scene { try Scene.load(Array(json.utf8)) }
}

public enum ExampleScenes {
    public static let all: [ExampleScene] = [
        ExampleScene(
            key: "slider-stack",
            summary: "a slider drives red's height through an edit at 750; yellow, stacked 8 pt below, follows"),
        ExampleScene(
            key: "toggle-split",
            summary: "a switch swaps two trailing priorities (750/250) to split a row into a yellow and a blue half, spacing 10 or 100; each flip an animation block"),
        ExampleScene(
            key: "square-slider",
            summary: "a slider changes a centred square's width and height constants"),
        ExampleScene(
            key: "drag-tip",
            summary: "a tip kept inside its box by required inequalities while its centre follows the finger at 750, with a label bound to it"),
        ExampleScene(
            key: "scroll-header",
            summary: "a header's constants follow the scroll offset (background up at half speed, title up at a quarter) over a list"),
        ExampleScene(
            key: "date-picker",
            summary: "a picker container slides up from below the screen by its top constraint's constant, the content above shrinking, and back down: each move an animation block (one solve, then 0.3 s of interpolation)"),
    ]

    public static func named(_ key: String) -> ExampleScene? { all.first { $0.key == key } }

    /// The keys of the embedded JSON files, to check that each has an entry above.
    public static var embeddedKeys: [String] { embeddedExampleJSON.keys.sorted() }
}
