import BenchHarness
import CassowarySolver
import ExternalBackend
import Foundation
import LayoutModel
import SceneGenerator
import XCTest

/// The flexbox engines (yoga: the native driver scripts/setup_yoga.sh builds; taffy: the Python
/// driver on stretchable) on the flexbox twins of small generated scenes.
final class FlexboxDriverTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    override func setUp() {
        setenv("LAYOUTBENCH_ROOT", Self.root, 1)
        ExternalRuns.reference = CassowaryBackend.self
    }

    func scene(_ family: Family) throws -> CompiledScene {
        try SceneGenerator.generate(family, GeneratorParameters(views: 10, frames: 20)).compile()
    }

    /// The driver, or a skip saying how to install it.
    func available(_ name: String) throws -> String {
        let driver = try XCTUnwrap(DriverRegistry.driver(named: name))
        try XCTSkipIf(driver.command == nil, "\(name) is not available: \(driver.unavailableReason ?? "")")
        if name == "taffy" {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = ["python3", "-c", "import stretchable"]
            probe.standardError = FileHandle.nullDevice
            try probe.run()
            probe.waitUntilExit()
            try XCTSkipIf(probe.terminationStatus != 0, "taffy is not available: stretchable is not installed (pip install stretchable)")
        }
        return name
    }

    func testYogaGivesCassowarysRectangles() throws { try expectAgreement(try available("yoga")) }
    func testTaffyGivesCassowarysRectangles() throws { try expectAgreement(try available("taffy")) }

    func expectAgreement(_ peer: String) throws {
        for family in [Family.stack, .tree, .grid] {
            let outcome = PeerVerdict.compare(peer: peer, scene: try scene(family))
            XCTAssertNil(outcome.unavailable, "\(peer) \(family)")
            XCTAssertEqual(outcome.frames, 21, "\(peer) \(family)")
            XCTAssertEqual(outcome.same, outcome.frames, "\(peer) \(family): \(outcome.summary)")
        }
        // The title's top is 200 − 16 − 30 − offset × 5/4 near 0: 32-bit floats round it, which the verdict says.
        let scroll = PeerVerdict.compare(peer: peer, scene: try scene(.scroll))
        XCTAssertTrue(scroll.passed, scroll.summary)
        XCTAssertEqual(scroll.frames, 21)
        XCTAssertTrue(scroll.explained.allSatisfy { $0.contains("32-bit float rounding") }, scroll.summary)
    }

    /// Declined before any engine runs, so this holds whether or not they are installed.
    func testCompetingPrioritiesAreDeclinedByBothWithTheConstraint() throws {
        for peer in ["yoga", "taffy"] {
            let outcome = PeerVerdict.compare(peer: peer, scene: try scene(.toggle))
            XCTAssertTrue(outcome.passed)
            XCTAssertEqual(
                outcome.summary,
                "declined: driver '\(peer)': no flexbox twin: competing priorities: constraint 'split0' (priority 750) "
                    + "and constraint 'c12' (priority 1000) both place 'blue0' horizontally")
        }
    }
}
