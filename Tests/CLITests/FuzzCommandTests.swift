import Foundation
import Testing

@Suite("layoutbench fuzz and compare's judge", .serialized)
struct FuzzCommandTests {
    @Test("a clean run prints what it checked per back end and exits 0")
    func clean() throws {
        let dir = try scratch()
        let r = try layoutbench(["fuzz", "--backend", "dense", "--seeds", "1-15", "--views", "2..8", "--output", dir])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("fuzz: seeds 1-15 of 1-15, views 2..8"))
        #expect(r.out.contains("dense\t15\t"), "\(r.out)")
        #expect(r.out.contains("\tclean"))
        #expect(r.err.contains("fuzz: seed 15 (15 of 15)"), "the last progress line: \(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("--replay checks one scene file against the judge")
    func replay() throws {
        let dir = try scratch()
        let file = dir + "/slider.json"
        let scene = try layoutbench(["examples", "slider-stack"])
        try scene.out.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try layoutbench(["fuzz", "--backend", "cassowary,dense", "--replay", file])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "cassowary\tagrees with exact on 7 solves, 7 ops\ndense\tagrees with exact on 7 solves, 7 ops\n")
    }

    @Test("bad arguments are refused naming the option and value", arguments: [
        (["--seeds", "9-3"], "--seeds takes N or FIRST-LAST with FIRST <= LAST, not '9-3'"),
        (["--views", "0..4"], "--views takes N or MIN..MAX (whole numbers from 1, MIN <= MAX), not '0..4'"),
        (["--backend", "exact"], "exact is the judge; name the back ends to check against it"),
        (["--time-limit", "0"], "--time-limit must be a positive number of seconds"),
    ])
    func badArguments(arguments: [String], message: String) throws {
        let r = try layoutbench(["fuzz"] + arguments)
        #expect(r.status != 0)
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test("compare puts the judge first on a scene small enough for it, and leaves it out with --no-judge")
    func judge() throws {
        let judged = try layoutbench(["compare", "example:drag-tip", "--backend", "cassowary,factored"])
        #expect(judged.status == 0, "\(judged.err)")
        #expect(judged.out.contains("example:drag-tip\texact,cassowary,factored\t5 frames"), "\(judged.out)")
        let plain = try layoutbench(["compare", "example:drag-tip", "--backend", "cassowary,factored", "--no-judge"])
        #expect(plain.out.contains("example:drag-tip\tcassowary,factored\t5 frames"), "\(plain.out)")
    }
}
