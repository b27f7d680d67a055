import LayoutBenchTesting
import MySolver
import Testing
import XCTest

/// Fewer random scenes than the default: a debug build of the reference is slow.
let settings = {
    var s = ReferenceCheck.Settings()
    s.randomSeeds = 1...30
    return s
}()

@Test func mySolverAgreesWithTheReference() {
    let report = ReferenceCheck.run(MySolverBackend.self, settings: settings)
    #expect(report.passed, "\(report)")
}

@Test func plantedBugIsCaught() {
    let report = ReferenceCheck.run(PlantedBugBackend.self, settings: settings)
    #expect(report.passed, "\(report)")
}

final class MySolverXCTests: XCTestCase {
    func testMySolverAgreesWithTheReference() {
        let report = ReferenceCheck.run(MySolverBackend.self, settings: settings)
        XCTAssertTrue(report.passed, "\(report)")
    }
}
