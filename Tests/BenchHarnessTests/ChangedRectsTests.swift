import LayoutModel
import SceneGenerator
import Testing

@testable import BenchHarness

@Suite("Changed rectangles, resident memory and CPU time per back end")
struct ChangedRectsTests {
    /// Rectangles that differ between consecutive frames, by comparing every view.
    func changesByFullComparison(_ scene: CompiledScene) throws -> [Int] {
        let session = try SceneSession(scene: scene, backend: BackendRegistry.named("cassowary")!)
        var previous = session.rects
        var counts: [Int] = []
        for f in 0..<scene.frameCount {
            try session.runFrame(f)
            var changed = 0
            for v in 0..<scene.viewCount where (0..<4).contains(where: { session.rects[v * 4 + $0] != previous[v * 4 + $0] }) {
                changed += 1
            }
            counts.append(changed)
            previous = session.rects
        }
        return counts
    }

    @Test("every back end counts the rectangles each frame changed as a comparison of every view does")
    func countsAgree() throws {
        for family in [Family.stack, .grid, .scroll] {
            let scene = try SceneGenerator.generate(family, GeneratorParameters(views: 40, frames: 10)).compile()
            let counts = try changesByFullComparison(scene)
            let expected = Double(counts.reduce(0, +)) / Double(counts.count)
            #expect(expected > 0, "\(family): the frames move something")
            var settings = BenchSettings()
            settings.warmupFrames = 2
            settings.repetitions = 2
            for name in ["cassowary", "factored", "manual", "dense"] {
                let r = Harness.run(BenchScene(name: "s", family: nil, scene: scene), backend: BackendRegistry.named(name)!, settings: settings)
                #expect(r.notRun == nil)
                #expect(r.changedRectsPerFrame == expected, "\(name) on \(family)")
                #expect(r.nanosecondsPerChangedRect != nil, "\(name) on \(family)")
            }
        }
    }

    @Test("a rectangle far down a long layout that moves a tenth of a point counts as changed; last-bit noise does not")
    func movesAtLargeCoordinates() {
        // A stack's row at a million views sits near y = 5e7: one part in a million of that is 50 points.
        #expect(ChangedRectCounter.moved(5.2e7, 5.2e7 + 0.1))
        #expect(ChangedRectCounter.moved(5.2e7 + 0.1, 5.2e7))
        #expect(ChangedRectCounter.moved(0, 2e-6))
        #expect(!ChangedRectCounter.moved(44, 44))
        #expect(!ChangedRectCounter.moved(0, 5e-7))
        // A parent-relative frame worked out by subtraction at large window coordinates.
        let parent = 5.2e7 + 0.3, child = parent + 8.1
        let relative = child - parent, again = (child + 0.1) - (parent + 0.1)
        #expect(relative != 8.1 || again != 8.1, "the subtraction's last bits differ from the exact value")
        #expect(!ChangedRectCounter.moved(relative, again))
        #expect(!ChangedRectCounter.moved(relative, 8.1))
        // Past 5e8 points, 16 ulps of the coordinate decide.
        #expect(!ChangedRectCounter.moved(1e12, 1e12 + 1e-4))
        #expect(ChangedRectCounter.moved(1e12, 1e12 + 0.01))
    }

    @Test("a back end's peak resident memory is its own: reset before it, at least what was resident before it")
    func residentMemory() throws {
        let scene = try SceneGenerator.generate(.tree, GeneratorParameters(views: 200, frames: 4)).compile()
        let r = Harness.run(BenchScene(name: "tree-200", family: "tree", scene: scene), backend: BackendRegistry.named("factored")!, settings: BenchSettings())
        #if os(Linux)
        let peak = try #require(r.backendPeakResidentBytes)
        let before = try #require(r.residentBeforeBytes)
        // Tests run side by side in one process and each run resets the kernel's one
        // high-water mark, so only the figures' presence and sizes are certain here.
        #expect(peak > 0 && before > 0 && r.peakResidentBytes > 0)
        #expect(r.peakResidentBytes >= peak)
        #endif
        let context = RunContext(command: "c", gitCommit: "g", toolchain: "t", machine: "m", cores: 1, memoryBytes: 1, created: "now", allocator: "a")
        let json = try JSONReader.parse(ResultsJSON.encode([r], context: context, settings: BenchSettings()))
        guard case let .array(records)? = json["results"] else {
            Issue.record("results missing")
            return
        }
        #expect(r.buildCPUSeconds != nil && r.preemptionsDuringFrames != nil)
        for key in ["backend_peak_rss_bytes", "rss_before_bytes", "changed_rects_per_frame", "ns_per_changed_rect", "build_cpu_seconds", "preemptions_during_frames"] {
            #expect(records[0][key] != nil, "missing \(key)")
        }
        #expect(markdownReport([r], context: context).contains("ns/changed"))
    }
}
