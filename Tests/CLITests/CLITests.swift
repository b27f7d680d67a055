import Foundation
import Synchronization
import Testing

/// The built `layoutbench`, found beside the test bundle (or in a folder above it).
func layoutbenchExecutable() -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("layoutbench").path), folder.path != "/" {
        folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("layoutbench")
}

/// Runs the built `layoutbench` and returns its exit status and both outputs.
func layoutbench(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try runProcess(layoutbenchExecutable(), arguments)
}

/// Runs `executable` and returns its exit status and both outputs; its standard output goes to
/// `standardOutput` instead when one is given (`out` is then empty); `environment` is added to ours.
func runProcess(
    _ executable: URL, _ arguments: [String], standardOutput: FileHandle? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe()
    process.standardOutput = standardOutput ?? out
    process.standardError = err
    try process.run()
    let outData = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// A fresh folder for files a test writes, removed when the test process exits.
func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "layoutbench-cli-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    scratchFolders.withLock { folders in
        if folders.isEmpty { atexit { for p in scratchFolders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: p) } } }
        folders.append(path)
    }
    return path
}

/// The folders `scratch` made, for the exit handler it installs with the first one.
private let scratchFolders = Mutex<[String]>([])

/// Two views whose required widths contradict: unsatisfiable from the first solve.
let unsatisfiable = """
    {"format": "layoutbench-scene", "version": 1, "name": "u", "views": [{"id": "a"}],
     "constraints": [{"id": "w1", "first": "a.width", "relation": "==", "constant": 10},
                     {"id": "w2", "first": "a.width", "relation": "==", "constant": 20},
                     {"id": "l", "first": "a.left", "relation": "==", "constant": 0},
                     {"id": "t", "first": "a.top", "relation": "==", "constant": 0},
                     {"id": "h", "first": "a.height", "relation": "==", "constant": 5}],
     "frames": [[]]}
    """

/// Regression tests: each of these once passed in silence where it must fail loudly.
@Suite("Command line: nothing wrong in silence", .serialized)
struct CLITests {
    @Test("crash: a mismatched surrogate escape is an error at its position, exit 1")
    func surrogate() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"format": "layoutbench-scene", "name": "\ud800\u0041"}"#.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["solve", dir + "/s.json"])
        #expect(r.status == 1)
        #expect(r.err.contains("line 1, column 42: high surrogate \\uD800 followed by \\u0041"))
    }

    @Test("crash and memory: --views and --frames beyond the machine are refused with an estimate before any work")
    func sizes() throws {
        let huge = try layoutbench(["generate", "--family", "tree", "--views", "9223372036854775807"])
        #expect(huge.status == 64)
        #expect(huge.err.contains("9,223,372,036,854,775,807 views is more than a scene can index"))
        let big = try layoutbench(["generate", "--family", "stack", "--views", "100000000"])
        #expect(big.status == 64)
        #expect(big.err.contains("100,000,000 views and 120 frames of stack need about 80 GB of scene text"))
        let frames = try layoutbench(["generate", "--family", "stack", "--views", "3", "--frames", "9223372036854775807"])
        #expect(frames.status == 64)
        #expect(frames.err.contains("need about"))
        let negative = try layoutbench(["generate", "--family", "stack", "--views", "-5"])
        #expect(negative.status == 64)
        #expect(negative.err.contains("--views must not be negative, got -5"))
        let memory = try layoutbench(["solve", "example:drag-tip", "--memory-limit", "9223372036854775807"])
        #expect(memory.status == 64)
        #expect(memory.err.contains("--memory-limit must be in 1...8796093022207, got 9223372036854775807"))
    }

    @Test("solve refuses an add whose constraint has a typo, as validate does")
    func typoInAdd() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = """
            {"format": "layoutbench-scene", "version": 1, "name": "t", "views": [{"id": "a"}],
             "constraints": [{"id": "l", "first": "a.left", "relation": "==", "constant": 0},
                             {"id": "t", "first": "a.top", "relation": "==", "constant": 0},
                             {"id": "w", "first": "a.width", "relation": "==", "constant": 10, "priority": 500},
                             {"id": "h", "first": "a.height", "relation": "==", "constant": 5}],
             "frames": [[{"op": "add", "constraint": {"id": "x", "first": "a.width", "relation": "==", "second": "a.height", "multipler": 4}}]]}
            """
        try scene.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["solve", dir + "/t.json"])
        #expect(r.status == 0)
        #expect(r.out.contains(#"add x: constraint has an unknown key \"multipler\""#))
        #expect(r.out.contains("[0, 0, 10, 5]"))  // not multiplied in silently: the width stays 10
    }

    @Test("failed writes: --output /dev/full exits 1 and says what could not be written")
    func devFull() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }  // Linux only
        for arguments in [["generate", "--family", "stack", "--views", "10"], ["solve", "example:drag-tip"]] {
            let r = try layoutbench(arguments + ["--output", "/dev/full"])
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err.contains("cannot write '/dev/full': No space left on device"), "\(arguments)")
        }
    }

    @Test("exits that lie: compare and bench fail when they could not do what was asked")
    func exits() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try unsatisfiable.write(toFile: dir + "/u.json", atomically: true, encoding: .utf8)
        let views = try layoutbench(["compare", "--views", "abc"])
        #expect(views.status == 64)
        #expect(views.err.contains("'abc' is not a positive whole number of views"))
        let one = try layoutbench(["compare", "--backends", "cassowary"])
        #expect(one.status == 64)
        #expect(one.err.contains("compare needs at least two back ends, got cassowary"))
        let empty = try layoutbench(["compare", "--backend", ","])
        #expect(empty.status == 64)
        #expect(empty.err.contains("the list ',' has an empty entry"))
        let compare = try layoutbench(["compare", dir + "/u.json"])
        #expect(compare.status == 1)
        #expect(compare.err.contains("nothing compared: every back end that ran refuses the initial layout"))
        let bench = try layoutbench(["bench", "--scene", dir + "/u.json", "--results", dir + "/r", "--quiet"])
        #expect(bench.status == 1)
        #expect(bench.err.contains("nothing was timed for \(dir)/u.json"))
    }

    @Test("overflow is never printed as inf: solve refuses, naming the view and attribute (or the value is refused on reading)")
    func overflow() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = """
            {"format": "layoutbench-scene", "version": 1, "name": "o", "views": [{"id": "a"}, {"id": "b"}],
             "constraints": [{"id": "al", "first": "a.left", "relation": "==", "constant": 1e305},
                             {"id": "bl", "first": "b.left", "relation": "==", "second": "a.left", "multiplier": 1000000},
                             {"id": "at", "first": "a.top", "relation": "=="}, {"id": "aw", "first": "a.width", "relation": "=="},
                             {"id": "ah", "first": "a.height", "relation": "=="}, {"id": "bt", "first": "b.top", "relation": "=="},
                             {"id": "bw", "first": "b.width", "relation": "=="}, {"id": "bh", "first": "b.height", "relation": "=="}],
             "frames": [[]]}
            """
        try scene.write(toFile: dir + "/o.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["solve", dir + "/o.json"])
        #expect(r.status == 1)
        #expect(!r.out.contains("inf"))
        // Without the ±1e9 range check of the compile step, the solve reaches the overflow.
        #expect(r.err.contains("b.left is not a finite number") || r.err.contains("al"), "\(r.err)")
    }

    @Test("leftovers: a failed solve --output leaves no file")
    func leftovers() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try unsatisfiable.write(toFile: dir + "/u.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["solve", dir + "/u.json", "--output", dir + "/s.jsonl"])
        #expect(r.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["u.json"])
    }

    @Test("messages: folder errors are one clear line, not an NSCocoaErrorDomain dump")
    func ioMessages() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x".write(toFile: dir + "/afile.txt", atomically: true, encoding: .utf8)
        let suite = try layoutbench(["generate", "--suite", dir + "/afile.txt"])
        #expect(suite.status == 1)
        #expect(suite.err == "generate: cannot create the folder '\(dir)/afile.txt': a file of that name exists\n")
        let examples = try layoutbench(["examples", "--write", dir + "/afile.txt"])
        #expect(examples.status == 1)
        #expect(examples.err == "examples: cannot create the folder '\(dir)/afile.txt': a file of that name exists\n")
        let bench = try layoutbench(["bench", "--scene", "example:drag-tip", "--backend", "cassowary", "--warmup", "0",
                                     "--results", dir + "/r", "--json", dir + "/afile.txt/x.json", "--quiet"])
        // Checked before any work: a usage error.
        #expect(bench.status == 64)
        #expect(bench.err.contains("--json: cannot write '\(dir)/afile.txt/x.json': Not a directory"))
        #expect(!bench.err.contains("NSCocoaErrorDomain"))
    }

    @Test("messages: two top-level views keys give one message naming the key")
    func duplicateViews() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"format": "layoutbench-scene", "version": 1, "views": [{"id": "a"}], "views": [], "constraints": []}"#
            .write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["validate", dir + "/d.json"])
        #expect(r.status == 1)
        #expect(r.err == "\(dir)/d.json: $: malformed JSON at line 1, column 71: duplicate key \"views\" in an object\n\(dir)/d.json: 1 problem\n")
    }

    @Test("a scene with no frames says so in bench instead of timing nothing")
    func noFrames() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"format": "layoutbench-scene", "version": 1, "views": [{"id": "a"}], "constraints": []}"#
            .write(toFile: dir + "/n.json", atomically: true, encoding: .utf8)
        let r = try layoutbench(["bench", "--scene", dir + "/n.json", "--results", dir + "/r", "--quiet"])
        #expect(r.status != 0)
        #expect(r.err.contains("has no frames: there is nothing to time"))
    }

    @Test("help with an unknown command is an error; --version answers")
    func helpAndVersion() throws {
        let help = try layoutbench(["help", "nosuch"])
        #expect(help.status == 64)
        #expect(help.err.contains("unknown command 'nosuch'"))
        let version = try layoutbench(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("layoutbench "))
    }

    @Test("generate --seed 11 and --seed 12 differ for every family; the same seed is byte-identical")
    func seeds() throws {
        for family in ["stack", "tree", "grid", "clamp", "toggle", "scroll", "churn", "mixed"] {
            let a = try layoutbench(["generate", "--family", family, "--views", "300", "--seed", "11"])
            let b = try layoutbench(["generate", "--family", family, "--views", "300", "--seed", "12"])
            let c = try layoutbench(["generate", "--family", family, "--views", "300", "--seed", "11"])
            #expect(a.status == 0 && b.status == 0)
            #expect(a.out != b.out, "\(family)")
            #expect(a.out == c.out, "\(family)")
        }
    }
}
