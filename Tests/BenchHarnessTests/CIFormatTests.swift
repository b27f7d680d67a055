import BenchHarness
import DenseSimplex
import Foundation
import LayoutModel
import SceneGenerator
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Dense with view 1 one point to the right: a disagreement to report.
final class ShiftedDense: LayoutBackend {
    static var name: String { "shifted" }
    static var summary: String { "dense, view 1 one point right" }
    static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }
    let inner: DenseSimplexBackend
    init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) { inner = try DenseSimplexBackend(scene: scene, options: options) }
    func apply(_ op: CompiledOp) throws(LayoutError) { try inner.apply(op) }
    func solve() throws(LayoutError) { try inner.solve() }
    func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        inner.readRects(into: buffer)
        buffer[4] += 1
    }
    var statistics: SolveStatistics { inner.statistics }
}

/// Each CI format checked against what its tool's documentation publishes.
@Suite("formats CI tools read")
struct CIFormatTests {
    static func results() throws -> [BenchResult] {
        let scene = try SceneGenerator.generate(.stack, GeneratorParameters(views: 10, frames: 12)).compile()
        var settings = BenchSettings()
        settings.warmupFrames = 0
        return [Harness.measure(BenchScene(name: "stack-10", family: "stack", scene: scene), backend: DenseSimplexBackend.self, settings: settings)]
    }

    /// github-action-benchmark, `tool: customSmallerIsBetter`: a JSON array whose elements
    /// have a string `name` and `unit`, a number `value`, and optionally string `range` and `extra`.
    @Test("bench --format github: github-action-benchmark's customSmallerIsBetter array")
    func github() throws {
        let text = CIFormats.githubBenchmark(try Self.results())
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(entries.count == 2 + (try Self.results()[0].allocationsPerFrame == nil ? 0 : 1))
        for entry in entries {
            #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
            #expect(entry["name"] is String && entry["unit"] is String)
            let value = try #require(entry["value"] as? NSNumber)
            #expect(isNumberNotBoolean(value), "value must be a JSON number, not a boolean")
            #expect(value.doubleValue > 0 || (entry["name"] as! String).hasSuffix("allocations/frame"))
            #expect(entry["extra"] == nil || entry["extra"] is String)
        }
        #expect(entries.map { $0["name"] as! String }.prefix(2) == ["dense stack-10 frame p50", "dense stack-10 frame p99"])
        #expect(entries[0]["unit"] as? String == "ns")
        #expect(Set(entries.map { $0["name"] as! String }).count == entries.count, "names are unique")
    }

    /// Bencher Metric Format, its published JSON Schema: an object of benchmarks, each an
    /// object of measures, each an object with a required number `value` and optional number
    /// `lower_value` and `upper_value`; measure slugs at most 64 characters.
    @Test("bench --format bencher: Bencher Metric Format")
    func bencher() throws {
        let text = CIFormats.bencher(try Self.results())
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["dense stack-10"])
        for (name, measures) in root {
            #expect(!name.isEmpty && name.count <= 1024)
            let measures = try #require(measures as? [String: Any])
            #expect(measures["latency"] != nil)
            for (slug, metric) in measures {
                #expect(!slug.isEmpty && slug.count <= 64)
                let metric = try #require(metric as? [String: Any])
                #expect(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]))
                let value = try #require(metric["value"] as? NSNumber).doubleValue
                if let lower = (metric["lower_value"] as? NSNumber)?.doubleValue { #expect(lower <= value) }
                if let upper = (metric["upper_value"] as? NSNumber)?.doubleValue { #expect(upper >= value) }
            }
        }
        #expect(Set((root["dense stack-10"] as! [String: Any]).keys).isSuperset(of: ["latency", "pivots-per-frame"]))
    }

    /// JUnit XML as CI services read it: `testsuites` > `testsuite` > `testcase` with `classname`
    /// and `name`; a `failure` element with a `message`; `skipped`; counts on the suites.
    @Test("compare --junit: one test case per scene and pair, the disagreement as the failure naming frame and values")
    func junit() throws {
        let scene = try SceneGenerator.generate(.stack, GeneratorParameters(views: 10, frames: 3)).compile()
        var report = JUnitReport()
        report.add(Equivalence.compare(name: "stack-10", scene: scene, backends: [DenseSimplexBackend.self, ShiftedDense.self]))
        report.add(Equivalence.compare(name: "stack-10 again", scene: scene, backends: [DenseSimplexBackend.self, DenseSimplexBackend.self]))
        report.addError(scene: "missing.json", message: "missing.json: no such file")
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(xmlString: report.xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suite = try #require(root.elements(forName: "testsuite").first)
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 3)
        #expect(cases.allSatisfy { $0.attribute(forName: "classname") != nil && $0.attribute(forName: "name") != nil })
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "stack-10")
        #expect(cases[0].attribute(forName: "name")?.stringValue == "dense vs shifted")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        // Moving v1 breaks the stack's required spacing: the message names frame, constraint and amount.
        #expect(failure.attribute(forName: "message")?.stringValue == "frame 0: shifted breaks required constraint 'c5' by 1.0")
        #expect(failure.stringValue == failure.attribute(forName: "message")?.stringValue)
        #expect(cases[1].elements(forName: "failure").isEmpty)
        #expect(cases[2].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue == "missing.json: no such file")
        #endif
    }
}

/// A JSON boolean comes back as an NSNumber too; a number is not one of the two boolean singletons.
func isNumberNotBoolean(_ number: NSNumber) -> Bool {
    number !== NSNumber(value: true) && number !== NSNumber(value: false)
}
