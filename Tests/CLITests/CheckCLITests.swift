import Foundation
import Testing

/// `layoutbench check` end to end, on a plan of one `exec:` driver (no valgrind, no
/// compare: quick and repeatable): a driver that reports 2 µs a frame, whatever it is given.
@Suite("Command line: check, the CI gate", .serialized)
struct CheckCLITests {
    /// A driver that reports every frame of a 10-frame run at 2 µs without solving.
    static func toyDriver(in dir: String) throws -> String {
        let path = dir + "/toy.sh"
        try """
            printf 'layoutbench-driver 1 toy 1\\nbuild 3000\\n'
            i=1; while [ $i -le 10 ]; do printf "frame $i 2000\\n"; i=$((i+1)); done
            printf 'end\\n'

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return "exec:sh \(path)"
    }

    /// The recorded baseline with its figures' values set to `value`.
    func setValue(_ value: String, in path: String, recorded: String) throws {
        try recorded.replacingOccurrences(of: "\"value\": 2e-06", with: "\"value\": \(value)").write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("record, pass, then exit 1 on a regression, 2 on an improvement, 3 on a new figure, 4 on a crashed driver, 5 on a bad baseline")
    func exitStatuses() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let driver = try Self.toyDriver(in: dir)
        let baseline = dir + "/baseline.json"
        let record = try layoutbench(["check", "--update", "--baseline", baseline, "--backend", driver, "--family", "stack,tree", "--views", "20", "--frames", "10"])
        #expect(record.status == 0, "\(record.err)")
        #expect(record.out.contains("wrote \(baseline): 2 figures, 0 ratios"))

        let pass = try layoutbench(["check", "--baseline", baseline, "--markdown", dir + "/summary.md"])
        #expect(pass.status == 0, "\(pass.out)\(pass.err)")
        #expect(pass.out.contains("check: passed (2 figures and ratios)"))
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        #expect(summary.contains("| \(driver) stack-20 p50 seconds/frame | 2e-06 | 2e-06 | +0.0% | +25% | ✅ ok |"))

        let recorded = try String(contentsOfFile: baseline, encoding: .utf8)
        try setValue("1e-06", in: baseline, recorded: recorded)
        let regression = try layoutbench(["check", "--baseline", baseline])
        #expect(regression.status == 1)
        #expect(regression.out.contains("REGRESSION \(driver) stack-20 p50 seconds/frame moved from 1e-06 to 2e-06 (+100.0%, threshold +25%)"))

        try setValue("1e-05", in: baseline, recorded: recorded)
        let improved = try layoutbench(["check", "--baseline", baseline])
        #expect(improved.status == 2)
        #expect(improved.out.contains("record it with --update"))

        // A figure the baseline lacks.
        let text = recorded.split(separator: "\n").filter { !$0.contains("tree-20") }.joined(separator: "\n").replacingOccurrences(of: "},\n  }", with: "}\n  }")
        try text.write(toFile: baseline, atomically: true, encoding: .utf8)
        let new = try layoutbench(["check", "--baseline", baseline])
        #expect(new.status == 3, "\(new.out)\(new.err)")
        #expect(new.out.contains("NEW \(driver) tree-20 p50 seconds/frame = 2e-06 is not in the baseline"))

        // The driver now fails: its command exits 1 without a word.
        try text.replacingOccurrences(of: "exec:sh \(dir)/toy.sh", with: "exec:false").write(toFile: baseline, atomically: true, encoding: .utf8)
        let crashed = try layoutbench(["check", "--baseline", baseline])
        #expect(crashed.status == 4, "\(crashed.out)\(crashed.err)")
        #expect(crashed.out.contains("FAILED exec:false stack-20 declined: driver 'exec:false': exited with status 1"))

        try #"{"settings": {"views": 0}}"#.write(toFile: baseline, atomically: true, encoding: .utf8)
        let broken = try layoutbench(["check", "--baseline", baseline])
        #expect(broken.status == 5)
        #expect(broken.err.contains("\(baseline): settings.views: needs a whole number above 0"))
        let none = try layoutbench(["check", "--baseline", dir + "/none.json"])
        #expect(none.status == 5)
        #expect(none.err.contains("no baseline at \(dir)/none.json (record one with --update)"))
    }

    @Test("a new plan needs --update, and --family needs --backend")
    func usage() throws {
        let r = try layoutbench(["check", "--backend", "cassowary"])
        #expect(r.status == 64)
        #expect(r.err.contains("--backend records a new plan: give --update too"))
        let f = try layoutbench(["check", "--family", "stack"])
        #expect(f.status == 64)
    }
}
