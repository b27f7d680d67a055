import Foundation
import Testing

@Suite("CLI: transitions, bounds origins and relative frames")
struct AnimationCLITests {
    @Test("solve prints on-screen rectangles, and with --relative each frame in its parent's coordinates")
    func solveRelative() throws {
        let screen = try layoutbench(["solve", "example:picker-bounds"])
        #expect(screen.status == 0)
        #expect(screen.out.split(separator: "\n")[1]
            == #"{"frame": 1, "rects": [[0, 0, 375, 667], [0, 0, 375, 667], [20, 284, 335, 44], [0, 451, 375, 216]]}"#)
        let relative = try layoutbench(["solve", "example:picker-bounds", "--relative"])
        #expect(relative.status == 0)
        #expect(relative.out.split(separator: "\n")[1]
            == #"{"frame": 1, "rects": [[0, 0, 375, 667], [0, 0, 375, 667], [20, 500, 335, 44], [0, 451, 375, 216]]}"#)
    }

    @Test("bench's --display-rate and --read take only what they document")
    func benchOptions() throws {
        let rate = try layoutbench(["bench", "--scene", "example:staging", "--display-rate", "90"])
        #expect(rate.status == 64)
        #expect(rate.err.contains("--display-rate must be 60 or 120 (Hz), got \"90\""))
        let read = try layoutbench(["bench", "--scene", "example:staging", "--read", "parent"])
        #expect(read.status == 64)
        #expect(read.err.contains("--read must be window or relative, got \"parent\""))
    }

    @Test("bench reports a transitions-only scene in the transitions table, with its solves in the results file")
    func benchTransitions() throws {
        let dir = try scratch()
        let r = try layoutbench([
            "bench", "--scene", "example:staging", "--backend", "cassowary", "--warmup", "0", "--read", "relative",
            "--display-rate", "60", "--results", dir,
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("transitions only (below)"))
        #expect(r.out.contains("latency p50"))
        let json = try String(contentsOfFile: dir + "/results.json", encoding: .utf8)
        #expect(json.contains("\"solves_measured\" : 3"))  // staging's two, then one
        #expect(json.contains("\"interpolated_frames_per_transition\" : 18"))  // 0.3 s at 60 Hz
        #expect(json.contains("\"read\" : \"relative\""))
    }
}
