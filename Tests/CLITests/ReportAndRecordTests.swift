import Foundation
import Testing

/// Files other programs read: the report's plots as SVG files, compare's verdicts as JSON,
/// and generate's K-constants scenes.
@Suite("Command line: plots, verdicts and scenes as files", .serialized)
struct ReportAndRecordTests {
    @Test("report --plots writes one scaling SVG per family run at two sizes and one series SVG at the largest size")
    func reportPlots() throws {
        let dir = try scratch()
        let results = dir + "/results.json"
        let bench = try layoutbench([
            "bench", "--family", "stack,grid", "--views", "10,30", "--backend", "cassowary,manual", "--frames", "4",
            "--warmup", "0", "--quiet", "--results", dir + "/run", "--json", results,
        ])
        #expect(bench.status == 0, "\(bench.err)")
        let plots = dir + "/plots"
        let report = try layoutbench(["report", results, "--plots", plots])
        #expect(report.status == 0, "\(report.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: plots).sorted()
        #expect(written == ["scaling-grid.svg", "scaling-stack.svg", "series-grid-30.svg", "series-stack-30.svg"])
        let svg = try String(contentsOfFile: plots + "/scaling-stack.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("stack: time per frame against size") && svg.contains("cassowary p50") && svg.contains("manual p99"))
        #expect(svg.contains("120 Hz budget"))
        #expect(report.out.contains("wrote \(plots)/series-stack-30.svg"))
    }

    @Test("bench --change-constants times one scene per K; report --plots over two runs draws time per frame against ops per frame, naming the runs")
    func opsPlot() throws {
        let dir = try scratch()
        var files: [String] = []
        for (ks, backends) in [("1,4", "cassowary,factored"), ("16", "factored")] {
            let file = dir + "/k\(ks).json"
            let bench = try layoutbench([
                "bench", "--family", "grid", "--views", "30", "--frames", "3", "--warmup", "0", "--change-constants", ks,
                "--backend", backends, "--quiet", "--results", dir + "/run", "--json", file,
            ])
            #expect(bench.status == 0, "\(bench.err)")
            files.append(file)
        }
        let first = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[0]))) as! [String: Any]
        let records = first["results"] as! [[String: Any]]
        #expect(records.map { $0["scene"] as! String } == ["grid-30-k1", "grid-30-k1", "grid-30-k4", "grid-30-k4"])
        #expect(records.map { $0["ops_per_frame"] as! Double } == [1, 1, 4, 4])
        let plots = dir + "/plots"
        let report = try layoutbench(["report"] + files + ["--plots", plots])
        #expect(report.status == 0, "\(report.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: plots).sorted()
        #expect(written.contains("ops-grid.svg") && !written.contains("scaling-grid.svg"), "\(written)")
        let svg = try String(contentsOfFile: plots + "/ops-grid.svg", encoding: .utf8)
        #expect(svg.contains("grid: time per frame against ops per frame") && svg.contains("factored p50") && svg.contains("cassowary p99"))
        // Where it comes from: both runs' commands and commits, in the plot itself.
        #expect(svg.contains("<desc>drawn by `layoutbench report` from the run of `layoutbench bench --family grid"))
        #expect(svg.contains("--change-constants 1,4") && svg.contains("--change-constants 16") && svg.contains(" at commit "))
        let refused = try layoutbench(["bench", "--same-constraints", "--family", "grid", "--views", "30"])
        #expect(refused.status != 0 && refused.err.contains("--same-constraints needs --change-constants K"))
    }

    @Test("report refuses a results file given twice, naming it, before reading any (its runs would count twice)")
    func reportRefusesAFileTwice() throws {
        let dir = try scratch()
        let twice = try layoutbench(["report", dir + "/a.json", dir + "/./a.json"])
        #expect(twice.status == 64)
        #expect(twice.err.contains("'\(dir)/./a.json' is given twice (as '\(dir)/a.json' too): each results file is read once"), "\(twice.err)")
        #expect(!twice.err.contains("cannot read"))
        #expect(twice.out.isEmpty)
    }

    @Test("report --plots onto a file is refused naming it, and writes nothing")
    func reportPlotsOntoFile() throws {
        let dir = try scratch()
        let results = dir + "/results.json"
        _ = try layoutbench(["bench", "--family", "stack", "--views", "10", "--backend", "manual", "--frames", "2",
                             "--warmup", "0", "--quiet", "--results", dir + "/run", "--json", results])
        FileManager.default.createFile(atPath: dir + "/taken", contents: Data("x".utf8))
        let report = try layoutbench(["report", results, "--plots", dir + "/taken"])
        #expect(report.status == 1)
        #expect(report.err.contains("--plots '\(dir)/taken': exists and is not a folder"))
    }

    @Test("compare --json writes one record per scene and back-end set: frames compared, result, first disagreement")
    func compareJSON() throws {
        let dir = try scratch()
        let out = dir + "/verdicts.json"
        let run = try layoutbench(["compare", "--family", "stack,grid", "--views", "10", "--frames", "5",
                                   "--backend", "cassowary,factored", "--json", out])
        #expect(run.status == 0, "\(run.err)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(file["format"] as? String == "layoutbench-compare" && file["version"] as? Int == 1)
        let records = try #require(file["records"] as? [[String: Any]])
        #expect(records.map { $0["scene"] as? String } == ["stack-10", "grid-10"])
        for r in records {
            #expect(r["result"] as? String == "equivalent" && r["passed"] as? Bool == true)
            #expect(r["frames_compared"] as? Int == 6)  // the initial solve and the 5 frames
            #expect((r["backends"] as? [String])?.contains("factored") == true)
            #expect(r["first_disagreement"] == nil)
        }
    }

    @Test("generate --change-constants K: K setConstant ops a frame; --same-constraints alone is refused")
    func changeConstants() throws {
        let run = try layoutbench(["generate", "--family", "grid", "--views", "101", "--frames", "3", "--change-constants", "4"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("\"name\": \"grid-101-k4\"") || run.out.contains("\"name\":\"grid-101-k4\""))
        #expect(run.out.components(separatedBy: "setConstant").count - 1 == 12)
        let lonely = try layoutbench(["generate", "--family", "grid", "--same-constraints"])
        #expect(lonely.status != 0 && lonely.err.contains("--same-constraints needs --change-constants K"))
        #expect(lonely.out.isEmpty)
    }
}
