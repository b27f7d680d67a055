import Foundation
import Testing

/// A storyboard shipped in the package.
private let loginScreen = screen("LoginScreen.storyboard")

/// Runs `layoutbench` through the shell with the largest file it may write capped at
/// `blocks` × 512 bytes (and SIGXFSZ ignored, so a write past it fails with EFBIG).
private func layoutbenchWithFileLimit(_ blocks: Int, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let quoted = ([layoutbenchExecutable().path] + arguments)
        .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "trap '' XFSZ; ulimit -f \(blocks); exec \(quoted)"],
                   standardOutput: FileHandle.nullDevice)
}

/// Option values and combinations are checked before any work: one message naming the option, exit 64.
@Suite("Command line: option values and combinations", .serialized)
struct CLIOptionCheckTests {
    @Test("fuzz: a time limit or shrink time that is not a finite number of seconds is refused, not a crash")
    func fuzzDurations() throws {
        let infinite = try layoutbench(["fuzz", "--backend", "cassowary", "--seeds", "1-3", "--time-limit", "inf"])
        #expect(infinite.status == 64)
        #expect(infinite.err.contains("--time-limit must be a positive number of seconds (at most 10000000), got inf"))
        let huge = try layoutbench(["fuzz", "--backend", "cassowary", "--seeds", "1-3", "--shrink-time", "1e300"])
        #expect(huge.status == 64)
        #expect(huge.err.contains("--shrink-time must be a positive number of seconds (at most 10000000), got 1e300"))
        let negative = try layoutbench(["fuzz", "--backend", "cassowary", "--seeds", "1-3", "--time-limit", "-1"])
        #expect(negative.status == 64)
        #expect(negative.err.contains("--time-limit must be a positive number of seconds (at most 10000000), got -1"))
    }

    @Test("render: --memory-limit and --max-megabytes are range-checked (a huge value once wrapped to 0)")
    func renderSizes() throws {
        let dir = try scratch()
        let memory = try layoutbench([
            "render", "example:slider-stack", "--backend", "dense", "--memory-limit", "17592186044416", "--output", dir + "/m.svg",
        ])
        #expect(memory.status == 64)
        #expect(memory.err.contains("--memory-limit must be in 1...8796093022207, got 17592186044416"))
        let player = try layoutbench(["render", "example:slider-stack", "--max-megabytes", "17592186044416", "--output", dir + "/m.html"])
        #expect(player.status == 64)
        #expect(player.err.contains("--max-megabytes must be in 1...4096, got 17592186044416"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("render: a write that fails leaves no file and says why")
    func renderWriteFailure() throws {
        let dir = try scratch()
        let r = try layoutbenchWithFileLimit(4, ["render", "example:slider-stack", "--output", dir + "/big.html"])
        #expect(r.status == 1)
        #expect(r.err.contains("cannot write '\(dir)/big.html': File too large"))
        #expect(!r.err.contains("NSCocoaErrorDomain"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("import: a write that fails leaves no partial scene in the folder")
    func importWriteFailure() throws {
        let dir = try scratch()
        let r = try layoutbenchWithFileLimit(8, ["import", loginScreen, "--animate", "rotate", "--frames", "5", "--output", dir])
        #expect(r.status == 1)
        #expect(r.err.contains("File too large"))
        #expect(!r.err.contains("NSCocoaErrorDomain"))
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            #expect(!name.contains(".partial"))
            let data = try #require(FileManager.default.contents(atPath: dir + "/" + name))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name) is not whole")
        }
    }

    @Test("options that would be ignored are refused, naming both")
    func ignoredCombinations() throws {
        let dir = try scratch()
        let examples = try layoutbench(["examples", "drag-tip", "--write", dir])
        #expect(examples.status == 64)
        #expect(examples.err.contains("not both: 'drag-tip' and --write"))
        #expect(examples.out.isEmpty)
        let suite = try layoutbench(["generate", "--family", "stack", "--views", "5", "--suite", dir])
        #expect(suite.status == 64)
        #expect(suite.err.contains("--family and --suite cannot be combined"))
        let views = try layoutbench(["generate", "--views", "5", "--suite", dir])
        #expect(views.status == 64)
        #expect(views.err.contains("--views and --suite cannot be combined"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let to = try layoutbench(["import", loginScreen, "--to", "5", "--list"])
        #expect(to.status == 64)
        #expect(to.err.contains("--to goes with --animate constraint:ID or outlet:NAME"))
        let frames = try layoutbench(["import", loginScreen, "--frames", "5", "--list"])
        #expect(frames.status == 64)
        #expect(frames.err.contains("--frames goes with --animate"))
        let rotateTo = try layoutbench(["import", loginScreen, "--animate", "rotate", "--to", "5", "--list"])
        #expect(rotateTo.status == 64)
        #expect(rotateTo.err.contains("not with --animate rotate"))
        let player = try layoutbench(["render", "example:slider-stack", "--frame", "99", "--output", dir + "/x.html"])
        #expect(player.status == 64)
        #expect(player.err.contains("--frame 99 applies to a .svg picture"))
        let picture = try layoutbench(["render", "example:slider-stack", "--frame", "99", "--output", dir + "/x.svg"])
        #expect(picture.status == 64)
        #expect(picture.err.contains("--frame 99 is out of range: 'example:slider-stack' has frames 0–6"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let check = try layoutbench(["check", "--views", "5"])
        #expect(check.status == 64)
        #expect(check.err.contains("--views applies to a new plan: give --update --backend too"))
        let dryUpdate = try layoutbench(["check", "--update", "--simulate-regression", "10"])
        #expect(dryUpdate.status == 64)
        #expect(dryUpdate.err.contains("--simulate-regression and --update cannot be combined"))
    }

    @Test("export: a negative warm-up or a time limit that is not a finite number of seconds is refused")
    func exportValues() throws {
        for (arguments, message) in [
            (["--warmup=-5"], "--warmup must not be negative, got -5"),
            (["--time-limit=-1"], "--time-limit must be 0 or a positive number of seconds (at most 10000000), got -1"),
            (["--time-limit", "nan"], "--time-limit must be 0 or a positive number of seconds (at most 10000000), got nan"),
            (["--time-limit", "inf"], "--time-limit must be 0 or a positive number of seconds (at most 10000000), got inf"),
        ] {
            let r = try layoutbench(["export", "example:slider-stack", "--trace"] + arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }

    @Test("usage errors exit 64, and render lists every back end it accepts")
    func usageErrors() throws {
        let backend = try layoutbench(["render", "example:slider-stack", "--backend", "casowary", "--output", "x.svg"])
        #expect(backend.status == 64)
        #expect(backend.err.contains("--backend 'casowary': unknown back end (known: cassowary, dense, manual, factored, cassowary-relative"))
        #expect(backend.err.contains("exact)"))
        for (arguments, message) in [
            (["--frames", "0"], "--frames must be in 1...100000, got 0"),
            (["--replicate", "0"], "--replicate must be in 1...1000000, got 0"),
            (["--json"], "--json: only with --check"),
            (["--traits", "foo"], "--traits 'foo': expected widthClass=compact|regular,heightClass=compact|regular"),
        ] {
            let r = try layoutbench(["import", loginScreen] + arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
        }
    }

    @Test("a negative number is read as the option's value and refused by its range check")
    func negativeNumbers() throws {
        for (arguments, message) in [
            (["render", "example:slider-stack", "--frame", "-1", "--output", "x.svg"], "--frame must not be negative, got -1"),
            (["render", "example:slider-stack", "--memory-limit", "-5", "--output", "x.svg"], "--memory-limit must not be negative, got -5"),
            (["generate", "--family", "stack", "--seed", "-1"], "--seed must not be negative, got -1"),
            (["import", loginScreen, "--animate", "rotate", "--frames", "-3"], "--frames must not be negative, got -3"),
            (["export", "example:slider-stack", "--trace", "--warmup", "-5"], "--warmup must not be negative, got -5"),
        ] {
            let r = try layoutbench(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
            #expect(!r.err.contains("Missing value"))
        }
    }

    @Test("messages say why: an unreadable or non-XML IB file, the subcommand's usage, where a baseline's JSON breaks")
    func clearMessages() throws {
        let dir = try scratch()
        let missing = try layoutbench(["import", dir + "/missing.xib"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("missing.xib: cannot read the file: No such file or directory"))
        let folder = try layoutbench(["import", dir])
        #expect(folder.status == 1)
        #expect(folder.err.contains("cannot read the file: it is a folder"))
        try "hello\n".write(toFile: dir + "/notxml.xib", atomically: true, encoding: .utf8)
        let text = try layoutbench(["import", dir + "/notxml.xib"])
        #expect(text.status == 1)
        #expect(text.err.contains("notxml.xib:1: not an XML file: no root element"))
        #expect(!text.err.contains("empty document"))
        let export = try layoutbench(["export", "example:slider-stack"])
        #expect(export.status == 64)
        #expect(export.err.contains("name the format: --trace"))
        #expect(export.err.contains("Usage: layoutbench export"))
        try "{\"settings\": {\"views\": [1,\n 2".write(toFile: dir + "/trunc.json", atomically: true, encoding: .utf8)
        let baseline = try layoutbench(["check", "--baseline", dir + "/trunc.json"])
        #expect(baseline.status == 5)
        #expect(baseline.err.contains("trunc.json: malformed JSON at line 2, column 3"))
    }

    @Test("LAYOUTBENCH_FACTORED_THREADS other than 1 or 2 is refused before any work, naming the variable and its value; 1 runs")
    func threadSettingIsChecked() throws {
        let wrong = try runProcess(layoutbenchExecutable(), ["examples"], environment: ["LAYOUTBENCH_FACTORED_THREADS": "four"])
        #expect(wrong.status == 64)
        #expect(wrong.out.isEmpty)
        #expect(wrong.err == "Error: the environment variable LAYOUTBENCH_FACTORED_THREADS must be 1 or 2, got 'four'\n")
        let one = try runProcess(layoutbenchExecutable(), ["solve", "example:toggle-split"], environment: ["LAYOUTBENCH_FACTORED_THREADS": "1"])
        #expect(one.status == 0, "\(one.err)")
    }
}
