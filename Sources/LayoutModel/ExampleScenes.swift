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
        ExampleScene(
            key: "switch-in",
            summary: "a switch brings a panel in from off-screen: its leading 100 pt past the screen's trailing edge (750) and its trailing 10 pt inside it (250) swap priorities, far to near and back, each flip an animation block; a label hangs off the panel's leading edge"),
        ExampleScene(
            key: "bottom-slider",
            summary: "a slider changes a required bottom constraint's constant by its delta (setConstant, every constraint required): the header grows or shrinks and every row below it moves"),
        ExampleScene(
            key: "square-neighbours",
            summary: "a square's width and height constants follow a slider; a neighbour to its right and one below keep their constraints to it"),
        ExampleScene(
            key: "staging",
            summary: "a card is staged: placed just off-screen to the right and laid out, then animated to the centre (two solves in one display frame), later sent off to the left"),
        ExampleScene(
            key: "picker-bounds",
            summary: "a date picker slides up from below the window while the content's bounds origin shifts up by the same 216 pt, keeping the focused field above the picker; then both go back"),
        ExampleScene(
            key: "label-reflow",
            summary: "a label's width animates with a rotation and its height follows (text reflowing, as sizeToFit does: height = 100 - 0.1 width, a linear stand-in); the view below it moves with its bottom"),
    ]

    public static func named(_ key: String) -> ExampleScene? { all.first { $0.key == key } }

    /// The keys of the embedded JSON files, to check that each has an entry above.
    public static var embeddedKeys: [String] { embeddedExampleJSON.keys.sorted() }
}
