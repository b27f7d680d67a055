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

@Suite("CLI: back ends over parent-relative positions")
struct ParentRelativeCLITests {
    /// The `rects` of each JSON line `solve` printed; none where a view is free (two
    /// back ends may each pick another optimal layout there).
    func frames(_ out: String) throws -> [[[Double]]] {
        try out.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object?["ambiguous"] != nil { return [] }
            return try #require(object?["rects"] as? [[Double]])
        }
    }

    @Test("solve with NAME-relative prints cassowary's rectangles on every example, on screen and with --relative")
    func solveEveryExample() throws {
        let examples = try layoutbench(["examples"]).out.split(separator: "\n").compactMap { $0.split(separator: " ").first }
        #expect(examples.count >= 10)
        for name in examples {
            for extra in [[], ["--relative"]] {
                let window = try layoutbench(["solve", "example:\(name)"] + extra)
                let variant = try layoutbench(["solve", "example:\(name)", "--backend", "factored-relative"] + extra)
                #expect(window.status == 0 && variant.status == 0, "\(name) \(extra): \(variant.err)")
                let a = try frames(window.out), b = try frames(variant.out)
                #expect(a.count == b.count, "\(name) \(extra)")
                for (f, (ra, rb)) in zip(a, b).enumerated() {
                    let same = ra.isEmpty || rb.isEmpty || ra.count == rb.count && zip(ra.joined(), rb.joined()).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
                    #expect(same, "\(name) \(extra) frame \(f): \(ra) != \(rb)")
                }
            }
        }
    }
}
