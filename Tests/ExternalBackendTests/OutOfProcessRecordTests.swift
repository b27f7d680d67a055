import BenchHarness
import CassowarySolver
import ExternalBackend
import Foundation
import LayoutModel
import SceneGenerator
import XCTest

/// Bench records say which back ends an external driver measured out of process: the JSON's
/// `out_of_process: true` (absent for a built-in back end), † in the tables, read back by `report`.
final class OutOfProcessRecordTests: XCTestCase {
    /// A driver that reports a whole run of slider-stack (6 frames) without solving anything.
    func toyDriver() throws -> DriverSpec {
        let frames = (1...6).map { "frame \($0) 2000\\n" }.joined()
        let path = NSTemporaryDirectory() + "layoutbench-test-toy-\(getpid()).sh"
        try "printf 'layoutbench-driver 1 toy 1\\nbuild 3000\\n\(frames)end\\n'\n".write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return DriverSpec(name: "exec:sh \(path)", command: "sh \(path)")
    }

    func results() throws -> [BenchResult] {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let bench = BenchScene(name: "slider-stack", family: nil, scene: scene)
        var settings = BenchSettings()
        settings.warmupFrames = 0
        ExternalRuns.reference = CassowaryBackend.self
        return [
            Harness.measure(bench, backend: CassowaryBackend.self, settings: settings),
            Harness.runExternal(bench, driver: try toyDriver(), settings: settings),
        ]
    }

    let context = RunContext(
        command: "layoutbench bench", gitCommit: "0", toolchain: "swift", machine: "test", cores: 2, memoryBytes: 1 << 30,
        created: "2026-11-23T00:00:00Z", allocator: "none")

    func testExternalRecordIsMarkedOutOfProcessAndBuiltInIsNot() throws {
        let run = try results()
        XCTAssertFalse(run[0].outOfProcess)
        XCTAssertTrue(run[1].outOfProcess)
        XCTAssertFalse(Harness.isOutOfProcess(run[0]))
        XCTAssertTrue(Harness.isOutOfProcess(run[1]))
        XCTAssertNil(run[1].declined)
        XCTAssertEqual(run[1].framesMeasured, 6)
        XCTAssertEqual(run[1].buildSeconds, 3e-6)
        XCTAssertEqual(run[1].frameTimes.p50, 2000 * 1e-9)  // nanoseconds × 1e-9, as the harness converts

        let text = ResultsJSON.encode(run, context: context, settings: BenchSettings())
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let records = try XCTUnwrap(root["results"] as? [[String: Any]])
        XCTAssertEqual(records.count, 2)
        XCTAssertEqual(records[0]["backend"] as? String, "cassowary")
        XCTAssertNil(records[0]["out_of_process"], "a built-in back end has no out_of_process key")
        XCTAssertEqual(records[1]["out_of_process"] as? Bool, true)
        XCTAssertEqual(records[1]["build_seconds"] as? Double, 3e-6)

        let back = try ResultsReader.read(Array(text.utf8), source: "results.json").results
        XCTAssertEqual(back.map(\.outOfProcess), [false, true])
    }

    func testTablesMarkOutOfProcessWithADagger() throws {
        let run = try results()
        let name = run[1].backend
        let table = terminalTable(run, width: 400)
        XCTAssertTrue(table.contains("  \(name) †  "), table)
        XCTAssertFalse(table.contains("cassowary †"), table)
        XCTAssertTrue(table.contains("† = measured out of process"), table)
        let markdown = markdownReport(run, context: context)
        XCTAssertTrue(markdown.contains("| \(name) † |"), markdown)
        let row = try XCTUnwrap(markdown.split(separator: "\n").first { $0.contains("| \(name) † |") })
        XCTAssertFalse(row.contains("pivots"), "no work count out of process: \(row)")
        XCTAssertTrue(markdown.contains("| cassowary |"), markdown)
        let html = htmlReport(run, context: context, settings: BenchSettings())
        XCTAssertTrue(html.contains("<td>\(name) †</td>"), html)
        // Without an external back end, no mark and no footnote.
        XCTAssertFalse(terminalTable([run[0]]).contains("†"))
        XCTAssertFalse(markdownReport([run[0]], context: context).contains("†"))
    }

    /// A peer's transitions are timed apart from its interactive frames, as a built-in back end's:
    /// toggle (10 views, 40 frames) swaps priorities in an animation block at frames 0 and 30.
    /// A toy driver times transition frames 5,000 ns and the others 1,000 ns.
    func testAPeersTransitionsAreLatenciesApartFromItsFrames() throws {
        let scene = try SceneGenerator.generate(.toggle, GeneratorParameters(views: 10, frames: 40)).compile()
        let kinds = (0..<scene.frameCount).map { scene.presentation(ofFrame: $0).isTransition }
        XCTAssertEqual(kinds.filter { $0 }.count, 2)
        let frames = kinds.enumerated().map { "frame \($0.offset + 1) \($0.element ? 5000 : 1000)\\n" }.joined()
        let path = NSTemporaryDirectory() + "layoutbench-test-toy-transitions-\(getpid()).sh"
        try "printf 'layoutbench-driver 1 toy 1\\nbuild 3000\\n\(frames)end\\n'\n".write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        var settings = BenchSettings()
        settings.warmupFrames = 0
        ExternalRuns.reference = CassowaryBackend.self
        let r = Harness.runExternal(
            BenchScene(name: "toggle-10", family: "toggle", scene: scene),
            driver: DriverSpec(name: "exec:sh \(path)", command: "sh \(path)"), settings: settings)
        XCTAssertNil(r.declined)
        XCTAssertEqual(r.framesMeasured, 40)
        XCTAssertEqual(r.interactiveFrames, 38)
        XCTAssertEqual(r.frameTimes.count, 38)
        XCTAssertEqual(r.frameTimes.max, 1000 * 1e-9)
        let t = try XCTUnwrap(r.transitions)
        XCTAssertEqual(t.count, 2)
        XCTAssertEqual(t.latency.p50, 5000 * 1e-9)
        XCTAssertNil(t.viewsMovedPerTransition, "what moved is not known out of process")

        let text = ResultsJSON.encode([r], context: context, settings: settings)
        XCTAssertTrue(text.contains("\"interpolated_frames_per_transition\""), text)
        XCTAssertFalse(text.contains("views_moved_per_transition"), "not known, not written: \(text)")
        let back = try ResultsReader.read(Array(text.utf8), source: "results.json").results[0]
        XCTAssertEqual(back.transitions?.count, 2)
        XCTAssertNil(back.transitions?.viewsMovedPerTransition)
        XCTAssertTrue(markdownReport([r], context: context).contains("| 2 | 5.0 µs |"))
    }

    /// A driver that fails is declined, and its record still says it was to run out of process.
    func testDeclinedDriverRecordIsMarked() throws {
        let scene = try ExampleScenes.named("slider-stack")!.scene().compile()
        let broken = DriverSpec(name: "exec:false", command: "false")
        var settings = BenchSettings()
        settings.warmupFrames = 0
        ExternalRuns.reference = CassowaryBackend.self
        let r = Harness.runExternal(BenchScene(name: "slider-stack", family: nil, scene: scene), driver: broken, settings: settings)
        XCTAssertNotNil(r.declined)
        XCTAssertTrue(r.outOfProcess)
        let text = ResultsJSON.encode([r], context: context, settings: settings)
        XCTAssertTrue(text.contains("\"out_of_process\" : true"), text)
    }
}
