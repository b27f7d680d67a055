import BenchHarness
import CassowarySolver
import Foundation
import LayoutModel
import LayoutRender
import Testing

/// Cassowary with a deliberately wrong answer: view 1 moves 1 pt right after the second solve.
final class OffByOneBackend: LayoutBackend {
    static let name = "off-by-one"
    static let summary = "cassowary, view 1 off by one point from the second frame on"
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: CassowaryBackend
    var solves = 0
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try CassowaryBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    func solve() throws(LayoutError) {
        try inner.solve()
        solves += 1
    }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        inner.readRects(into: buffer)
        if solves >= 3 { buffer[4] += 1 }  // the session's solve after declaring the scene's edits is the first
    }
    var statistics: SolveStatistics { inner.statistics }
}

/// The attributes of the `<rect … data-view="ID" …>` element (the first with that id).
func rectAttributes(_ svg: String, view: String, overlay: Bool = false) -> [String: String]? {
    for line in svg.split(separator: "\n") where line.hasPrefix("<rect") && line.contains("data-view=\"\(view)\"") {
        if line.contains("class=\"ov") != overlay { continue }
        var out: [String: String] = [:]
        let head = line.split(separator: ">", maxSplits: 1)[0]
        for part in head.split(separator: " ").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            out[String(kv[0])] = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"/"))
        }
        // class may hold several words: read it whole.
        if let r = line.range(of: "class=\"") {
            out["class"] = String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        return out
    }
    return nil
}

func example(_ name: String) throws -> (Scene, CompiledScene) {
    let scene = try #require(ExampleScenes.named(name)).scene()
    return (scene, try scene.compile())
}

@Test func svgRectangleHasTheSolvedCoordinates() throws {
    let (scene, compiled) = try example("slider-stack")
    let picture = try FrameCapture.picture(
        sceneName: "slider-stack", hierarchy: ViewHierarchy(scene: scene), scene: compiled, frame: 1, backend: CassowaryBackend.self)
    let svg = picture.svg().string
    // The README's frame 1: red [0, 20, 375, 120], yellow [0, 148, 375, 50].
    let red = try #require(rectAttributes(svg, view: "red"))
    #expect([red["x"], red["y"], red["width"], red["height"]] == ["0", "20", "375", "120"])
    let yellow = try #require(rectAttributes(svg, view: "yellow"))
    #expect([yellow["x"], yellow["y"], yellow["width"], yellow["height"]] == ["0", "148", "375", "50"])
    #expect(red["class"] == "d1")  // nested one level inside root
    #expect(svg.contains("<title>red: left 0, top 20, width 375, height 120</title>"))
    #expect(svg.contains("<rect class=\"win\" data-window=\"root\" x=\"0\" y=\"0\" width=\"375\" height=\"667\"/>"))
    #expect(svg.contains("— frame 1 — cassowary"))
    #expect(svg.contains("ops: suggest red.height = 120"))
}

@Test func negativeSizesAndViewsOutsideTheWindowAreDrawnAndMarked() {
    let hierarchy = ViewHierarchy(ids: ["window", "inside", "flipped", "away"], parents: [-1, 0, 0, 0])
    let rects: [Double] = [0, 0, 100, 100, 10, 10, 20.004, 20, 50, 50, -10, 5, 90, 90, 30, 30]
    let svg = FramePicture(sceneName: "s", hierarchy: hierarchy, frame: 0, backend: "b", rects: rects).svg().string
    #expect(rectAttributes(svg, view: "inside")?["class"] == "d1")
    #expect(rectAttributes(svg, view: "inside")?["width"] == "20")  // rounded to 0.01
    let flipped = rectAttributes(svg, view: "flipped")
    #expect(flipped?["class"] == "d1 neg")
    #expect([flipped?["x"], flipped?["width"]] == ["40", "10"])
    #expect(rectAttributes(svg, view: "away")?["class"] == "d1 out")
    #expect(svg.contains("flipped: left 50, top 50, width -10, height 5 (negative size)"))
}

@Test func overlayMarksExactlyTheDifferingViews() {
    let hierarchy = ViewHierarchy(ids: ["root", "a", "b", "c"], parents: [-1, 0, 0, 0])
    let mine: [Double] = [0, 0, 100, 100, 0, 0, 10, 10, 20, 0, 10, 10, 40, 0, 10, 10]
    var theirs = mine
    theirs[4 * 1] += 1e-9  // within tolerance: not a difference
    theirs[4 * 2 + 3] += 2
    theirs[4 * 3] -= 0.5
    var picture = FramePicture(sceneName: "s", hierarchy: hierarchy, frame: 0, backend: "x", rects: mine)
    picture.overlay = ("y", theirs)
    picture.highlighted = RectDifference.views(mine, theirs)
    #expect(picture.highlighted == [2, 3])
    let svg = picture.svg().string
    let marked = ["root", "a", "b", "c"].filter { rectAttributes(svg, view: $0)?["class"]?.contains("differs") == true }
    #expect(marked == ["b", "c"])
    let overlayMarked = ["root", "a", "b", "c"].filter { rectAttributes(svg, view: $0, overlay: true)?["class"] == "ov differs" }
    #expect(overlayMarked == ["b", "c"])
    #expect(rectAttributes(svg, view: "b", overlay: true)?["height"] == "12")
    #expect(svg.contains("differ (red): 'b', 'c'"))
}

@Test func playerListsTheDifferingViewsPerFrame() throws {
    let (scene, compiled) = try example("slider-stack")
    let page = try PlayerRecorder.page(
        sceneName: "slider-stack", hierarchy: ViewHierarchy(scene: scene), scene: compiled, backend: CassowaryBackend.self,
        overlay: OffByOneBackend.self
    ).string
    // Frames 0 and 1 agree; from frame 2 on the wrong back end moves view 1 ('red').
    let diffs = try #require(page.range(of: "\"diffs\": [")).upperBound
    let list = String(page[diffs...].prefix { $0 != "}" }.dropLast(1))  // up to the closing "]"
    let expected = (["[]", "[]"] + Array(repeating: "[1]", count: compiled.frameCount - 1)).joined(separator: ",\n")
    #expect(list == expected)
}

@Test func playerStoresFrameZeroAndOnlyChangedViews() throws {
    let (scene, compiled) = try example("slider-stack")
    let page = try PlayerRecorder.page(
        sceneName: "slider-stack", hierarchy: ViewHierarchy(scene: scene), scene: compiled, backend: CassowaryBackend.self
    ).string
    // Frame 0 in hundredths; frame 1: red's height 60 → 120 (view gap 2, mask 8, +6000), yellow's top 88 → 148.
    #expect(page.contains("\"base\": [0,0,37500,66700,0,2000,37500,6000,0,8800,37500,5000]"))
    #expect(page.contains("\"frames\": [\n[2,8,6000,1,2,6000]"))
    #expect(page.contains("\"ops\": [[],\n[\"suggest red.height = 120\"]"))
}

@Test func pageLoadsNoExternalResource() throws {
    let (scene, compiled) = try example("drag-tip")
    let page = try PlayerRecorder.page(
        sceneName: "drag-tip", hierarchy: ViewHierarchy(scene: scene), scene: compiled,
        backend: CassowaryBackend.self, overlay: CassowaryBackend.self
    ).string
    for forbidden in ["http", "src=", "@import", "url(", "<link", "<iframe", "fetch(", "XMLHttpRequest", "import("] {
        #expect(!page.contains(forbidden), "the page contains \(forbidden)")
    }
}

@Test func sceneNamesCannotCloseThePlayersScript() throws {
    let (scene, compiled) = try example("drag-tip")
    let page = try PlayerRecorder.page(
        sceneName: "tip </script><script>alert(1)</script>", hierarchy: ViewHierarchy(scene: scene), scene: compiled,
        backend: CassowaryBackend.self
    ).string
    #expect(page.components(separatedBy: "</script>").count == 2)
    #expect(page.contains("<title>tip &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; — LayoutBench player</title>"))
}

@Test func comparePicturesNameTheWrongView() throws {
    let (_, compiled) = try example("slider-stack")
    let outcome = Equivalence.compare(name: "example:slider-stack", scene: compiled, backends: [CassowaryBackend.self, OffByOneBackend.self])
    let disagreement = try #require(outcome.disagreements.first)
    #expect(disagreement.frame == 2)
    let directory = NSTemporaryDirectory() + "layoutrender-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let written = try DisagreementPicture.write(
        disagreement, scene: compiled, backends: [CassowaryBackend.self, OffByOneBackend.self], directory: directory)
    #expect(written.path == directory + "/example_slider-stack-frame-2.svg")
    #expect(written.views == ["red"])
    let svg = try String(contentsOfFile: written.path, encoding: .utf8)
    #expect(svg.contains("differ (red): 'red'"))
    #expect(svg.contains("DISAGREEMENT: off-by-one breaks required constraint 'c4' by 1.0"))
    #expect(rectAttributes(svg, view: "red")?["class"] == "d0 differs")
    #expect(rectAttributes(svg, view: "red", overlay: true)?["x"] == "1")
}

@Test func numbersAreWrittenInHundredths() {
    var b = ByteBuffer()
    for v in [0, 12, 12.5, -0.25, 0.004, -0.006, 1e9, 375.129] {
        b.append(hundredths: v)
        b.append(" ")
    }
    #expect(b.string == "0 12 12.5 -0.25 0 -0.01 1000000000 375.13 ")
}

@Test func hierarchyDepthsAndDrawingOrder() {
    let h = ViewHierarchy(ids: ["c", "root", "b", "other"], parents: [2, -1, 1, -1])
    #expect(h.depths == [2, 0, 1, 0])
    #expect(h.window == 1)
    #expect(h.drawingOrder() == [1, 3, 2, 0])
}
