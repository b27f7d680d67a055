import BenchHarness
import CassowarySolver
import DenseSimplex
import LayoutModel
import Testing

/// Cassowary that fails on purpose: at its construction (`failsAtSolve` 0) or at that solve,
/// with `error`.
class FailingBackend: LayoutBackend {
    class var name: String { "failing" }
    class var summary: String { "cassowary, failing on purpose" }
    class var failsAtSolve: Int { 0 }
    class var error: LayoutError { .pivotBudgetExceeded(backend: "failing", operation: "solving", pivots: 1) }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: CassowaryBackend
    var solves = 0
    required init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        if Self.failsAtSolve == 0 { throw Self.error }
        inner = try CassowaryBackend(scene: scene, options: options)
    }
    func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    func solve() throws(LayoutError) {
        solves += 1
        if solves == Self.failsAtSolve { throw Self.error }
        try inner.solve()
    }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) { inner.readRects(into: buffer) }
    var statistics: SolveStatistics { inner.statistics }
}

/// Fails at its third solve: frame 2 of a scene with edits (the first solve declares them).
final class FailingAtFrameTwo: FailingBackend {
    override class var name: String { "failing-later" }
    override class var failsAtSolve: Int { 3 }
}

/// Stops at frame 2 saying it cannot go on (`unsupported`, as frame arithmetic does when the
/// equations in force stop fixing every unknown): a decline, not a wrong layout.
final class DecliningAtFrameTwo: FailingBackend {
    override class var name: String { "declining-later" }
    override class var failsAtSolve: Int { 3 }
    override class var error: LayoutError { .unsupported("cannot go on") }
}

/// Declines at construction for its memory estimate: says nothing of the layout.
final class TooLargeBackend: FailingBackend {
    override class var name: String { "too-large" }
    override class var error: LayoutError { .tooLarge(estimateBytes: 2 << 30, limitBytes: 1 << 30, detail: "on purpose") }
}

/// The spec's refusals must match: a back end that refuses or fails what the others solve
/// disagrees with them, however many others there are; one that only declines (its memory
/// estimate over the limit) is left out; a scene every back end refuses compares nothing.
@Suite("Equivalence: refusals and failures")
struct RefusalEquivalenceTests {
    let scene = try! ExampleScenes.named("slider-stack")!.scene().compile()

    @Test func refusingTheInitialLayoutDisagrees() {
        let outcome = Equivalence.compare(name: "s", scene: scene, backends: [CassowaryBackend.self, DenseSimplexBackend.self, FailingBackend.self])
        #expect(outcome.disagreements.map(\.message) == ["failing refuses the initial layout (\(FailingBackend.error)); solved by (cassowary, dense)"])
        #expect(outcome.nothingCompared == nil)
    }

    @Test func failingAFrameOthersRunDisagrees() {
        let outcome = Equivalence.compare(name: "s", scene: scene, backends: [CassowaryBackend.self, DenseSimplexBackend.self, FailingAtFrameTwo.self])
        #expect(outcome.disagreements.map(\.message) == ["failing-later fails this frame (\(FailingBackend.error)); run by (cassowary, dense)"])
        #expect(outcome.disagreements.first?.frame == 2)
    }

    /// In JUnit, the refusal fails the refusing back end's pair alone, and is not also a skip.
    @Test func junitBlamesTheRefusingBackEndAlone() {
        let outcome = Equivalence.compare(name: "s", scene: scene, backends: [CassowaryBackend.self, DenseSimplexBackend.self, FailingBackend.self])
        var report = JUnitReport()
        report.add(outcome)
        #expect(report.failures == 1)
        #expect(report.xml.contains(#"tests="2" failures="1" errors="0" skipped="0""#), "\(report.xml)")
        #expect(report.xml.contains(#"name="cassowary vs failing""#))
    }

    @Test func stoppingAsUnsupportedIsNoDisagreement() {
        let outcome = Equivalence.compare(name: "s", scene: scene, backends: [CassowaryBackend.self, DenseSimplexBackend.self, DecliningAtFrameTwo.self])
        #expect(outcome.passed)
        #expect(outcome.skipped.map(\.backend) == ["declining-later"])
    }

    @Test func decliningForSizeIsNoDisagreement() {
        let outcome = Equivalence.compare(name: "s", scene: scene, backends: [CassowaryBackend.self, DenseSimplexBackend.self, TooLargeBackend.self])
        #expect(outcome.passed)
        #expect(outcome.skipped.map(\.backend) == ["too-large"])
    }

    @Test func aSceneEveryBackEndRefusesComparesNothing() throws {
        // Two required widths of one view that contradict.
        func pinned(_ id: String, _ attribute: String, _ constant: Double) -> Constraint {
            Constraint(id: id, first: AttributeRef("a.\(attribute)")!, relation: .equal, constant: constant)
        }
        let unsatisfiable = try Scene(name: "u", views: [View(id: "a")], constraints: [
            pinned("w1", "width", 10), pinned("w2", "width", 20), pinned("l", "left", 0), pinned("t", "top", 0), pinned("h", "height", 5),
        ]).compile()
        let outcome = Equivalence.compare(name: "u", scene: unsatisfiable, backends: [CassowaryBackend.self, DenseSimplexBackend.self])
        #expect(!outcome.passed)
        #expect(outcome.nothingCompared == "every back end that ran refuses the initial layout (cassowary: unable to simultaneously satisfy constraints: w2: it conflicts with required w1)")
    }
}
