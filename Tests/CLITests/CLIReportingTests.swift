import Foundation
import Testing

/// A five-view stack whose first op is misspelt ("sugest"): every back end refuses it.
private func misspeltOpScene(in dir: String) throws -> String {
    let path = dir + "/typo.json"
    let made = try layoutbench(["generate", "--family", "stack", "--views", "5", "--frames", "3", "--output", path])
    #expect(made.status == 0, "\(made.err)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: #""op" : "suggest""#, with: #""op" : "sugest""#)
        .replacingOccurrences(of: #""op": "suggest""#, with: #""op": "sugest""#)
        .write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// What `bench`, `compare` and `validate` say about scenes that are wrong, and where their
/// reports could not go: said at once, by name, with a non-zero exit.
@Suite("Command line: refusals and reports", .serialized)
struct CLIReportingTests {
    @Test func benchNamesARefusedOpAndFails() throws {
        let dir = try scratch()
        let scene = try misspeltOpScene(in: dir)
        let r = try layoutbench(["bench", "--scene", scene, "--backend", "cassowary", "--results", dir + "/r", "--quiet"])
        #expect(r.status == 1)
        #expect(r.err.contains(#"cassowary refused 3 ops over the run, timed without them; the first: frame 1 op 0: sugest v0.height: unknown op "sugest""#), "\(r.err)")
        #expect(r.err.contains("bench: ops were refused in \(scene)"))
    }

    @Test func compareNotesRefusedOps() throws {
        let dir = try scratch()
        let r = try layoutbench(["compare", try misspeltOpScene(in: dir), "--backend", "cassowary,dense"])
        #expect(r.status == 0)
        #expect(r.err.contains(#"note: ops are refused, the first: frame 1 op 0: sugest v0.height: unknown op "sugest""#), "\(r.err)")
    }

    @Test func aSceneEveryBackEndRefusesComparesNothing() throws {
        let dir = try scratch()
        try unsatisfiable.write(toFile: dir + "/u.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["compare", dir + "/u.json", "--backend", "cassowary,dense"])
        #expect(r.status == 1)
        #expect(r.out.contains("NOTHING COMPARED"), "\(r.out)")
        #expect(!r.out.contains("DIFFERENT") && !r.err.contains("DISAGREEMENT"), "\(r.err)")
        #expect(r.err.contains("nothing compared: every back end that ran refuses the initial layout (exact: unable to simultaneously satisfy constraints: w2: it conflicts with required w1)"), "\(r.err)")
    }

    @Test func validateRefusesAnUnsatisfiableScene() throws {
        let dir = try scratch()
        try unsatisfiable.write(toFile: dir + "/u.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["validate", dir + "/u.json"])
        #expect(r.status == 1)
        #expect(r.err.contains("u.json: $.constraints: the initial required constraints are unsatisfiable: unable to simultaneously satisfy constraints: w2: it conflicts with required w1"), "\(r.err)")
        #expect(r.err.contains("1 problem"))
    }

    @Test func validateReportsAnUnreadableValueOnce() throws {
        let dir = try scratch()
        let made = try layoutbench(["generate", "--family", "stack", "--views", "5", "--frames", "3", "--output", dir + "/s.json"])
        #expect(made.status == 0)
        var scene = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s.json"))) as? [String: Any])
        var constraints = try #require(scene["constraints"] as? [[String: Any]])
        constraints[0]["constant"] = "8"
        constraints[1]["priority"] = "high"
        scene["constraints"] = constraints
        var edits = try #require(scene["edits"] as? [[String: Any]])
        edits[0].removeValue(forKey: "priority")
        scene["edits"] = edits
        try JSONSerialization.data(withJSONObject: scene).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let r = try layoutbench(["validate", dir + "/bad.json"])
        #expect(r.status == 1)
        let problems = r.err.split(separator: "\n").filter { !$0.hasSuffix("problems") }
        #expect(problems.count == 3, "\(r.err)")
        #expect(r.err.contains(#".constant: must be a finite number, got "8""#))
        #expect(r.err.contains(#".priority: must be a finite number, got "high""#))
        #expect(r.err.contains("$.edits[0].priority: is missing"))
        #expect(r.err.hasSuffix("3 problems\n"))
    }

    @Test func reportsThatCannotBeWrittenStopARunBeforeItStarts() throws {
        let dir = try scratch()
        try "".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        let bench = try layoutbench(["bench", "--family", "stack", "--views", "10", "--frames", "2", "--backend", "cassowary", "--quiet",
                                     "--results", dir + "/file/results"])
        #expect(bench.status == 64)
        #expect(bench.err.contains("--results: cannot write into '\(dir)/file/results': '\(dir)/file' is not a folder"), "\(bench.err)")
        let html = try layoutbench(["bench", "--family", "stack", "--views", "10", "--frames", "2", "--backend", "cassowary", "--quiet",
                                    "--results", dir + "/r", "--html", dir + "/missing/x.html"])
        #expect(html.status == 64)
        #expect(html.err.contains("--html: cannot write '\(dir)/missing/x.html': No such file or directory"), "\(html.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r"))
        let compare = try layoutbench(["compare", "example:drag-tip", "--json", dir + "/missing/c.json"])
        #expect(compare.status == 64)
        #expect(compare.err.contains("--json: cannot write '\(dir)/missing/c.json'"), "\(compare.err)")
    }

    @Test func benchNeedsAFrameToTime() throws {
        let r = try layoutbench(["bench", "--family", "stack", "--views", "10", "--frames", "0", "--backend", "cassowary", "--quiet"])
        #expect(r.status == 64)
        #expect(r.err.contains("--frames must be in 1..."), "\(r.err)")
    }
}
