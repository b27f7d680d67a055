import CassowarySolver
import DenseSimplex
import Foundation
import LayoutBenchTesting
import LayoutModel
import Testing

/// Dense under another name, so the report's messages tell it from the references.
final class Renamed: LayoutBackend {
    static var name: String { "candidate" }
    static var summary: String { "dense, renamed" }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: DenseSimplexBackend
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try DenseSimplexBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    func solve() throws(LayoutError) { try inner.solve() }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    var statistics: SolveStatistics { inner.statistics }
}

/// Wrong by one point on view 1's left edge whenever the layout has more than three views.
final class OffByOne: LayoutBackend {
    static var name: String { "offbyone" }
    static var summary: String { "cassowary, view 1 one point right" }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: CassowaryBackend
    let views: Int
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        inner = try CassowaryBackend(scene: scene, options: options)
        views = scene.viewCount
    }
    func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    func solve() throws(LayoutError) { try inner.solve() }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        inner.readRects(into: buffer)
        if views > 3 { buffer[4] += 1 }
    }
    var statistics: SolveStatistics { inner.statistics }
}

/// Declines everything.
final class DeclinesAll: LayoutBackend {
    static var name: String { "declinesall" }
    static var summary: String { "declines every scene" }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .declined("not today") }
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { throw .unsupported("not today") }
    func apply(_ op: CompiledOp) throws(LayoutError) {}
    func solve() throws(LayoutError) {}
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {}
    var statistics: SolveStatistics { SolveStatistics() }
}

@Suite("ReferenceCheck: a back end judged on examples, families and random scenes")
struct ReferenceCheckTests {
    static var quick: ReferenceCheck.Settings {
        var s = ReferenceCheck.Settings()
        s.randomSeeds = 1...20
        return s
    }

    @Test("a correct back end passes on every example, every family at 10 views and 20 random scenes")
    func correctPasses() {
        let report = ReferenceCheck.run(Renamed.self, settings: Self.quick)
        #expect(report.passed, "\(report)")
        #expect(report.failures.isEmpty)
        // Every example, every family, 20 random scenes.
        let expected = ExampleScenes.all.count + Self.quick.families.count + 20
        #expect(report.scenesChecked == expected, "\(report)")
        #expect(report.judgedBy["exact"] == expected)
        #expect(report.description.hasPrefix("candidate agrees with the reference on \(expected) scenes"))
    }

    @Test("a wrong answer fails, and the message carries the shrunk scene as JSON that still disagrees")
    func wrongAnswerFails() throws {
        var settings = Self.quick
        settings.randomSeeds = 1...5
        let report = ReferenceCheck.run(OffByOne.self, settings: settings)
        #expect(!report.passed)
        let first = try #require(report.failures.first)
        #expect(first.source.hasPrefix("example:"))
        #expect(first.reference == "exact")
        #expect(first.message.contains("offbyone"))
        // Shrunk to the fewest views that show it: root plus three.
        #expect(first.shrunk.views.count == 4)
        let text = report.description
        #expect(text.contains("offbyone disagrees with the reference on"))
        let start = try #require(text.range(of: "{\n"))
        let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        let reread = try Scene.load(Array(text[start.lowerBound..<end.upperBound].utf8))
        #expect(reread.views.count == 4)
        #expect(report.failures.contains { $0.source.hasPrefix("random seed") })
    }

    @Test("a back end that declines every scene does not pass")
    func decliningIsNoPass() {
        var settings = Self.quick
        settings.randomSeeds = 1...3
        let report = ReferenceCheck.run(DeclinesAll.self, settings: settings)
        #expect(!report.passed)
        #expect(report.scenesChecked == 0)
        #expect(report.description.contains("was judged on no scene"))
    }

    @Test("where exact declines a scene (over its size limit), cassowary and dense agreeing are the reference")
    func pairJudgesLargeScenes() {
        var settings = ReferenceCheck.Settings()
        settings.examples = false
        settings.families = [.stack, .tree]
        settings.familyViews = [320]
        settings.familyFrames = 5
        settings.randomSeeds = nil
        let good = ReferenceCheck.run(Renamed.self, settings: settings)
        #expect(good.passed, "\(good)")
        #expect(good.judgedBy == ["cassowary and dense": 2])
        settings.families = [.stack]
        settings.shrinkTime = .seconds(5)
        let bad = ReferenceCheck.run(OffByOne.self, settings: settings)
        #expect(bad.failures.first?.reference == "cassowary and dense")
        #expect(bad.failures.first?.message.contains("offbyone") == true)
    }
}
