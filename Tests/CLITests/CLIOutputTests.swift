import Foundation
import Testing

/// Runs the built `layoutbench` with its standard output on `/dev/full`: every write to it fails.
private func layoutbenchOntoAFullDisk(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try runProcess(layoutbenchExecutable(), arguments, standardOutput: try #require(FileHandle(forWritingAtPath: "/dev/full")))
}

/// Where output goes and what a failed command names: standard output checked like a file, a
/// device or link never replaced, the culprit named, options a command would ignore refused.
@Suite("Command line: outputs and culprits", .serialized)
struct CLIOutputTests {
    @Test func aFailedWriteToStandardOutputIsReported() throws {
        for arguments in [["examples"], ["machine"], ["import", screen("LoginScreen.storyboard")], ["validate", "example:slider-stack"]] {
            let r = try layoutbenchOntoAFullDisk(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err.contains("cannot write 'standard output': No space left on device"), "\(arguments): \(r.err)")
            #expect(!r.err.contains("Fatal error"), "\(arguments)")
        }
    }

    @Test func reportWritesThroughALinkAndNamesAFolder() throws {
        let dir = try scratch()
        let bench = try layoutbench(["bench", "--family", "stack", "--views", "10", "--frames", "3", "--backend", "cassowary", "--quiet", "--results", dir + "/r"])
        #expect(bench.status == 0, "\(bench.err)")
        try FileManager.default.createSymbolicLink(atPath: dir + "/null", withDestinationPath: "/dev/null")
        let linked = try layoutbench(["report", dir + "/r/results.json", "--html", dir + "/null"])
        #expect(linked.status == 0, "\(linked.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/null") == "/dev/null")
        let folder = try layoutbench(["report", dir + "/r/results.json", "--html", dir])
        #expect(folder.status == 1)
        #expect(folder.err == "report: cannot write '\(dir)': it is a folder\n", "\(folder.err)")
    }

    /// A results file that records no run, or a time that is not a number of seconds, is refused
    /// by its path, not printed as a figure.
    @Test func reportRefusesImpossibleResults() throws {
        let dir = try scratch()
        let bench = try layoutbench(["bench", "--family", "stack", "--views", "10", "--frames", "3", "--backend", "cassowary", "--quiet", "--results", dir + "/r"])
        #expect(bench.status == 0, "\(bench.err)")
        let original = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r/results.json"))) as? [String: Any])
        func refused(_ change: (inout [String: Any]) -> Void) throws -> String {
            var file = original
            change(&file)
            try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: dir + "/x.json"))
            let r = try layoutbench(["report", dir + "/x.json"])
            #expect(r.status == 1)
            return r.err
        }
        func firstTimes(_ file: inout [String: Any], _ p50: Any) {
            var results = file["results"] as! [[String: Any]]
            var times = results[0]["frame_seconds"] as! [String: Any]
            times["p50"] = p50
            results[0]["frame_seconds"] = times
            file["results"] = results
        }
        #expect(try refused { $0["results"] = [Any]() } == "\(dir)/x.json: results: is empty: the file records no run\n")
        #expect(try refused { firstTimes(&$0, -1) } == "\(dir)/x.json: results[0].frame_seconds.p50: must not be negative, found -1\n")
        #expect(try refused { firstTimes(&$0, "fast") } == "\(dir)/x.json: results[0].frame_seconds.p50: must be a number of seconds, found a string\n")
        // Another tool's file, or a back end no version has, would be reported as figures of this one.
        #expect(try refused { $0["tool"] = nil } == "\(dir)/x.json: tool: missing; not a LayoutBench results file\n")
        #expect(try refused { $0["tool"] = "otherbench" } == "\(dir)/x.json: tool: is \"otherbench\"; this reads the results files layoutbench writes\n")
        let misspelt = try refused {
            var results = $0["results"] as! [[String: Any]]
            results[0]["backend"] = "casowary"
            $0["results"] = results
        }
        #expect(misspelt.hasPrefix("\(dir)/x.json: results[0].backend: \"casowary\" names no back end (cassowary, dense, manual, factored,"), "\(misspelt)")
        #expect(misspelt.hasSuffix("nor a driver (kiwi, kiwisolver, cassowary-py, yoga, taffy, exec:COMMAND)\n"), "\(misspelt)")
    }

    @Test func renderNamesWhatFailed() throws {
        let dir = try scratch()
        let overlay = try layoutbench(["render", "example:slider-stack", "--overlay", "manual", "--output", dir + "/o.svg"])
        #expect(overlay.status == 1)
        #expect(overlay.err.hasPrefix("example:slider-stack: cassowary with the overlay manual: unsupported: frame arithmetic handles equalities only"), "\(overlay.err)")
        let missing = try layoutbench(["render", "example:nosuch", "--output", dir + "/o.svg"])
        #expect(missing.err.hasPrefix("example:nosuch: unknown example 'nosuch'"), "\(missing.err)")
        let budget = try layoutbench(["render", "example:slider-stack", "--max-megabytes", "5", "--output", dir + "/o.svg"])
        #expect(budget.status == 64)
        #expect(budget.err.contains("--max-megabytes 5 applies to the .html player"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/o.svg"))
    }

    @Test func importRefusesWhatItWouldIgnoreAndCountsCopies() throws {
        let check = try layoutbench(["import", screen("LoginScreen.storyboard"), "--animate", "rotate", "--check"])
        #expect(check.status == 64)
        #expect(check.err.contains("--animate makes scenes to write; --check compares the file's stored frames"))
        let twice = try layoutbench(["import", screen("ProfileCell.xib"), "--traits", "widthClass=regular,widthClass=compact"])
        #expect(twice.status == 64)
        let list = try layoutbench(["import", screen("ProfileCell.xib"), "--replicate", "3", "--list"])
        #expect(list.status == 0)
        #expect(list.out.hasPrefix("ProfileCell-x3\t22 views\t3 guides\t"), "\(list.out)")
    }

    @Test func theTraceNumbersOpsAsTheSceneWritesThem() throws {
        let dir = try scratch()
        let made = try layoutbench(["generate", "--family", "stack", "--views", "5", "--frames", "1", "--output", dir + "/s.json"])
        #expect(made.status == 0)
        var scene = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any])
        var frames = try #require(scene["frames"] as? [[[String: Any]]])
        frames[0].insert(["op": "layout"], at: 0)
        scene["frames"] = frames
        try JSONSerialization.data(withJSONObject: scene).write(to: URL(fileURLWithPath: dir + "/l.json"))
        let trace = try layoutbench(["export", dir + "/l.json", "--trace"])
        #expect(trace.status == 0, "\(trace.err)")
        #expect(trace.out.contains("\nframe 1\nsuggest 1 0 "), "\(trace.out)")
    }

    @Test func helpTakesOneName() throws {
        #expect(try layoutbench(["help", "help"]).status == 0)
        let two = try layoutbench(["help", "solve", "extra"])
        #expect(two.status == 64)
        #expect(two.err.contains("help takes one command name, got solve extra"))
    }

    @Test func checkProbesItsMarkdownBeforeMeasuring() throws {
        let dir = try scratch()
        let r = try layoutbench(["check", "--markdown", dir + "/missing/x.md"])
        #expect(r.status == 64)
        #expect(r.err.contains("--markdown: cannot write '\(dir)/missing/x.md': No such file or directory"), "\(r.err)")
    }
}
