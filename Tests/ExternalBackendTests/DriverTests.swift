import BenchHarness
import CassowarySolver
import ExternalBackend
import Foundation
import LayoutModel
import SolverTrace
import XCTest

final class DriverTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func example(_ key: String) throws -> CompiledScene { try ExampleScenes.named(key)!.scene().compile() }

    /// A driver made of a shell script printing `body`.
    func scriptDriver(_ name: String, _ body: String) throws -> DriverSpec {
        let path = NSTemporaryDirectory() + "layoutbench-test-\(name)-\(getpid()).sh"
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return DriverSpec(name: name, command: "sh \(path)")
    }

    func run(_ driver: DriverSpec, wall: Double = 20) throws -> Result<DriverRun, DriverFailure> {
        let scene = try example("slider-stack")
        let trace = try TraceWriter.write(scene, reference: CassowaryBackend.self)
        return DriverProcess.run(
            driver, trace: trace.text, frameCount: scene.frameCount, readCount: scene.variableCount, wantValues: false,
            wallSeconds: wall)
    }

    func failure(_ result: Result<DriverRun, DriverFailure>) -> DriverFailure? {
        if case let .failure(f) = result { return f }
        return nil
    }

    func testDriverThatExitsEarly() throws {
        let driver = try scriptDriver("early", "printf 'layoutbench-driver 1\\nbuild 5\\nframe 1 7\\n'; echo 'solver crashed' >&2; exit 3\n")
        let f = try XCTUnwrap(failure(run(driver)))
        XCTAssertEqual(f.driver, "early")
        XCTAssertEqual(f.reason, "exited with status 3")
        XCTAssertEqual(f.line, 3)
        XCTAssertEqual(f.text, "frame 1 7")
        XCTAssertTrue("\(f)".contains("solver crashed"), "\(f)")
    }

    func testDriverThatHangsIsStopped() throws {
        let driver = try scriptDriver("sleepy", "printf 'layoutbench-driver 1\\n'; exec sleep 60\n")
        let started = Date()
        let f = try XCTUnwrap(failure(run(driver, wall: 1)))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(f.driver, "sleepy")
        XCTAssertEqual(f.reason, "still running after the limit of 1 s; stopped it")
        XCTAssertEqual(f.text, "layoutbench-driver 1")
    }

    func testMalformedLineIsNamed() throws {
        let driver = try scriptDriver("garbage", "printf 'layoutbench-driver 1\\nbuild 5\\nframe one 12\\n'\n")
        let f = try XCTUnwrap(failure(run(driver)))
        XCTAssertEqual(f.driver, "garbage")
        XCTAssertEqual(f.reason, "'frame' needs a frame number and whole nanoseconds")
        XCTAssertEqual(f.line, 3)
        XCTAssertEqual(f.text, "frame one 12")
        XCTAssertEqual("\(f)", "driver 'garbage': 'frame' needs a frame number and whole nanoseconds at output line 3: 'frame one 12'")
    }

    func testParserReadsAWholeRun() {
        let text = "layoutbench-driver 1 toy\nbuild 100\nvalues 0 1 2\nrefused 1 0 unsatisfiable\nframe 1 50\nvalues 1 3 4.5\nframe 2 60\nvalues 2 5 6\nend\n"
        guard case let .success(run) = DriverOutputParser.parse(text, driver: "toy", frameCount: 2, readCount: 2, wantValues: true) else {
            return XCTFail("not parsed")
        }
        XCTAssertEqual(run.buildNanoseconds, 100)
        XCTAssertEqual(run.initialValues, [1, 2])
        XCTAssertEqual(run.frames.map(\.nanoseconds), [50, 60])
        XCTAssertEqual(run.frames[0].refused.map(\.op), [0])
        XCTAssertEqual(run.frames[0].refused.map(\.message), ["unsatisfiable"])
        XCTAssertEqual(run.frames[1].values, [5, 6])
        XCTAssertFalse(run.stoppedByTimeLimit)
        let short = DriverOutputParser.parse("layoutbench-driver 1\nbuild 1\nframe 1 5\nend\n", driver: "toy", frameCount: 2, readCount: 2, wantValues: false)
        XCTAssertEqual(failure(short)?.reason, "reported 1 of 2 frames without 'stopped'")
        let stopped = DriverOutputParser.parse("layoutbench-driver 1\nbuild 1\nframe 1 5\nstopped 1\nend\n", driver: "toy", frameCount: 2, readCount: 2, wantValues: false)
        XCTAssertNil(failure(stopped))
    }

    /// A broken driver is declined with its reason, and the other back ends' results are all there.
    func testBenchGoesOnPastABrokenDriver() throws {
        let broken = try scriptDriver("broken", "echo nonsense\n")
        let bench = BenchScene(name: "slider-stack", family: nil, scene: try example("slider-stack"))
        var settings = BenchSettings()
        settings.warmupFrames = 0
        let results = [
            Harness.run(bench, backend: CassowaryBackend.self, settings: settings),
            Harness.runExternal(bench, driver: broken, settings: settings),
        ]
        XCTAssertNil(results[0].declined)
        XCTAssertEqual(results[0].framesMeasured, 6)
        XCTAssertEqual(
            results[1].declined,
            "driver 'broken': expected the header 'layoutbench-driver 1' at output line 1: 'nonsense'")
    }

    /// The README's minimal driver (scripts/drivers/minimal_driver.py) gives cassowary's rectangles on every example.
    func testMinimalPythonDriverMatchesCassowary() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import kiwisolver"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        try XCTSkipIf(probe.terminationStatus != 0, "python3 with kiwisolver is not installed (pip install 'kiwisolver==1.5.*')")
        let driver = DriverSpec(name: "minimal", command: "python3 '\(Self.root)/scripts/drivers/minimal_driver.py'")
        ExternalRuns.reference = CassowaryBackend.self
        for example in ExampleScenes.all {
            let scene = try example.scene().compile()
            let replay = try XCTUnwrap(ReplayBackend.type(for: driver))
            if let reason = replay.assess(scene, options: BackendOptions()).declineReason {
                // A frame with a `layout` op solves twice; the protocol solves once per frame.
                XCTAssertTrue(reason.contains("has a `layout` op"), "\(example.key): \(reason)")
                continue
            }
            let theirs = try SceneSession(scene: scene, backend: replay)
            let ours = try SceneSession(scene: scene, backend: CassowaryBackend.self)
            XCTAssertEqual(theirs.rects, ours.rects, "\(example.key) frame 0")
            for f in 0..<scene.frameCount {
                let a = try theirs.runFrame(f), b = try ours.runFrame(f)
                XCTAssertEqual(a, b, "\(example.key) frame \(f + 1) refusals")
                for (x, y) in zip(theirs.rects, ours.rects) {
                    XCTAssertEqual(x, y, accuracy: 1e-6 * max(1, abs(y)), "\(example.key) frame \(f + 1)")
                }
            }
        }
    }
}
