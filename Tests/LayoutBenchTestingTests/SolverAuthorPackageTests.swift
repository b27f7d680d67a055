import Foundation
import LayoutModel
import Testing

/// A package outside this one (Tests/Fixtures/SolverAuthorPackage: one correct back
/// end, one with a planted bug) depends on LayoutBenchTesting by path; SwiftPM builds
/// and tests it here, in a temporary folder, as its author would.
@Suite("a solver author's package uses LayoutBenchTesting")
struct SolverAuthorPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let swift: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "its correct back end passes (Swift Testing and XCTest); the planted bug fails with the shrunk scene",
        .enabled(if: swift != nil, "swift is not on PATH: the fixture package cannot be built"))
    func fixturePackage() throws {
        let fileManager = FileManager.default
        let work = fileManager.temporaryDirectory.appendingPathComponent("solver-author-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: work) }
        let package = work.appendingPathComponent("SolverAuthorPackage")
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        try fileManager.copyItem(at: Self.repository.appendingPathComponent("Tests/Fixtures/SolverAuthorPackage"), to: package)
        // A scratch folder kept between runs, if one is named (faster by hand); else a fresh one.
        let scratch = ProcessInfo.processInfo.environment["LAYOUTBENCH_FIXTURE_SCRATCH"] ?? work.appendingPathComponent("build").path
        let (status, output) = try run(
            Self.swift!, ["test", "--package-path", package.path, "--scratch-path", scratch],
            environment: ["LAYOUTBENCH_PATH": Self.repository.path])
        // One test of the three fails: swift test exits non-zero.
        #expect(status != 0, "\(output.suffix(4000))")
        #expect(output.contains("Test mySolverAgreesWithTheReference() passed"), "\(output.suffix(4000))")
        #expect(output.contains("Test Case 'MySolverXCTests.testMySolverAgreesWithTheReference' passed"), "\(output.suffix(4000))")
        #expect(output.contains("Test plantedBugIsCaught() failed"), "\(output.suffix(4000))")
        #expect(output.contains("plantedbug disagrees with the reference"), "\(output.suffix(4000))")
        // The shrunk counterexample is in the failure: a scene that lowers a priority.
        let start = try #require(output.range(of: "\"name\": \"plantedbug-"), "\(output.suffix(4000))")
        let sceneStart = try #require(output.range(of: "{", options: .backwards, range: output.startIndex..<start.lowerBound))
        let sceneEnd = try #require(output.range(of: "\n}", range: start.upperBound..<output.endIndex))
        let scene = try Scene.load(Array(output[sceneStart.lowerBound..<sceneEnd.upperBound].utf8))
        #expect(scene.frames.joined().contains { $0.name == "setPriority" })
        #expect(scene.views.count <= 4)
    }

    func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
