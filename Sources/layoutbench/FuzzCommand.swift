import ArgumentParser
import BenchHarness
import ExternalBackend
import Foundation
import LayoutFuzzing
import LayoutModel

struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check back ends against the exact reference on random scenes, and shrink what fails.",
        discussion: """
            Each seed makes one random well-formed scene (views, constraints of every kind and priority, edits) \
            with an op stream that covers every op: removals and re-adds, duplicate and near-duplicate \
            constraints switched around each other, edits added and removed, refused conflicts, ties and free \
            views. Every back end plays it, and after every frame is checked against `exact` (the reference \
            semantics in exact rational arithmetic): required constraints hold, the violation total at every \
            priority is optimal, the same ops are refused, and fixed views are where the reference puts them.

            A back end's first disagreement is shrunk to a minimal scene (fewest views, constraints, frames and \
            ops that still disagree), written to --output, and printed with the command that replays it. Seeds \
            are deterministic. Exit status: 0 clean, 1 a disagreement was found.

            Examples:
              layoutbench fuzz --backend cassowary,factored,dense --seeds 1-5000
              layoutbench fuzz --backend exec:'python3 my_driver.py' --seeds 1-200 --views 2..12
              layoutbench fuzz --backend factored --replay fuzz-failures/factored-seed42.json
            """
    )

    @Option(help: "Back ends to check, comma-separated (built-in or exec:COMMAND).", transform: backendList)
    var backend: [BackendChoice] = ["cassowary", "dense", "factored"].compactMap { BackendChoice(argument: $0) }

    @Option(parsing: .unconditional, help: "Seeds: N or FIRST-LAST.", transform: seedRange)
    var seeds: ClosedRange<UInt64> = 1...1000

    @Option(parsing: .unconditional, help: "Views per scene: N or MIN..MAX (half the scenes are drawn from the five smallest sizes).",
            transform: countRange("--views"))
    var views: ClosedRange<Int> = 2...60

    @Option(parsing: .unconditional, help: "Frames per scene: N or MIN..MAX.", transform: countRange("--frames"))
    var frames: ClosedRange<Int> = 2...12

    @Option(parsing: .unconditional, help: "Stop after this many seconds (the run reports how far it got).",
            transform: durationSeconds("--time-limit"))
    var timeLimit: Double?

    @Option(parsing: .unconditional, help: "Seconds one shrink may take.", transform: durationSeconds("--shrink-time"))
    var shrinkTime: Double = 30

    @Option(help: "Folder for the shrunk scenes (and the originals).")
    var output = "fuzz-failures"

    @Flag(help: "With --replay: shrink a disagreement to a minimal scene and write it to --output.")
    var shrink = false

    @Flag(help: "Call each back end's invariant check after every op and solve (slower).")
    var checkInvariants = false

    @Option(help: "Check one scene file instead of random ones, and say where it disagrees.")
    var replay: String?

    func validate() throws {
        if shrink, replay == nil { throw ValidationError("--shrink goes with --replay (fuzzed scenes are always shrunk)") }
        if backend.contains(where: { $0.type.name == "exact" }) {
            throw ValidationError("exact is the judge; name the back ends to check against it")
        }
    }

    func run() throws {
        let types = backend.map(\.type)
        // Drivers read a trace written by playing the scene on the judge, so that the
        // values their edits hold come from the layout they are judged against.
        ExternalRuns.reference = BackendRegistry.judge
        if let replay { return try replayScene(replay, types) }
        var settings = FuzzCampaign.Settings(
            seeds: seeds, scenes: RandomScenes.Parameters(views: views, frames: frames),
            timeLimit: timeLimit.map { .milliseconds(Int64($0 * 1000)) }, shrinkTime: .milliseconds(Int64(shrinkTime * 1000)))
        settings.checkingInvariants = checkInvariants
        let start = ContinuousClock.now
        var lastProgress = start
        let report = FuzzCampaign.run(backends: types, settings: settings) { seed, report in
            let now = ContinuousClock.now
            guard now - lastProgress >= .seconds(2) || seed == seeds.upperBound else { return }
            lastProgress = now
            let done = seed - seeds.lowerBound + 1
            let checked = report.tallies.map { "\($0.backend) \($0.frames) frames" }.joined(separator: ", ")
            printError("fuzz: seed \(seed) (\(done) of \(seeds.count)), \(checked), \(report.counterexamples.count) disagreeing, \(seconds(since: start))")
        }
        try printSummary(report, elapsed: seconds(since: start))
    }

    func printSummary(_ report: FuzzCampaign.Report, elapsed: String) throws {
        let last = report.lastSeed.map { "\($0)" } ?? "none"
        let stop = report.stoppedByTimeLimit ? ", stopped by --time-limit" : ""
        print("fuzz: seeds \(seeds.lowerBound)-\(last) of \(seeds.lowerBound)-\(seeds.upperBound), views \(views.lowerBound)..\(views.upperBound), \(elapsed)\(stop)")
        print("backend\tscenes\tframes\tops\tdeclined\tresult")
        var nothingChecked: [String] = []
        for t in report.tallies {
            let failed = report.counterexamples.contains { $0.backend == t.backend }
            if !failed, t.scenes == 0 { nothingChecked.append(t.backend) }
            print("\(t.backend)\t\(t.scenes)\t\(t.frames)\t\(t.ops)\t\(t.declined)\t\(failed ? "DISAGREES" : "clean")")
            if let reason = t.declineReason { print("  declined, e.g.: \(reason)") }
        }
        for c in report.counterexamples { try write(c) }
        if !nothingChecked.isEmpty {
            printError("fuzz: no scene was checked on \(nothingChecked.joined(separator: ", ")): nothing was proved")
            throw ExitCode.failure
        }
        if !report.passed { throw ExitCode.failure }
    }

    func write(_ c: FuzzCampaign.Counterexample) throws {
        let base = "\(output)/\(c.backend.filter { $0.isLetter || $0.isNumber || $0 == "-" })-seed\(c.seed)"
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try writeFile(c.shrunk.jsonString() + "\n", to: base + ".json")
            try writeFile(c.original.jsonString() + "\n", to: base + "-original.json")
        } catch {
            printError("fuzz: \((error as? FileError)?.description ?? "cannot write '\(base).json': \(error.localizedDescription)")")
            throw ExitCode.failure
        }
        let s = c.shrunk
        let ops = s.frames.reduce(0) { $0 + $1.count }
        print("DISAGREEMENT \(c.backend), seed \(c.seed), frame \(c.frame): \(c.message)")
        print("  shrunk to \(s.views.count) views, \(s.constraints.count) constraints, \(s.edits.count) edits, \(s.frames.count) frames, \(ops) ops (\(c.shrinkChecks) checks): \(base).json")
        print("  \(c.shrunkMessage)")
        print("  reproduce: layoutbench fuzz --backend \(shellQuoted(backendArgument(c.backend))) --replay \(base).json")
    }

    func backendArgument(_ name: String) -> String {
        backend.first { $0.type.name == name }?.argument ?? name
    }

    func replayScene(_ path: String, _ types: [any LayoutBackend.Type]) throws {
        let scene: Scene
        do { scene = try loadScene(path) } catch {
            printError("\(path): \(error)")
            throw ExitCode.failure
        }
        var failed = false
        for type in types {
            switch Judge.check(scene, backend: type, checkingInvariants: checkInvariants) {
            case let .agrees(frames, ops): print("\(type.name)\tagrees with exact on \(frames) solves, \(ops) ops")
            case let .declined(reason): print("\(type.name)\tnot checked: \(reason)")
            case let .disagrees(frame, message):
                failed = true
                print("\(type.name)\tDISAGREES at frame \(frame): \(message)")
                if shrink { try writeShrunk(scene, frame: frame, message: message, type) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}

extension Fuzz {
    /// Shrinks a replayed scene's disagreement and writes it like a fuzzed one.
    func writeShrunk(_ scene: Scene, frame: Int, message: String, _ type: any LayoutBackend.Type) throws {
        let invariants = checkInvariants
        var shrinker = Shrinker(deadline: .now + .milliseconds(Int64(shrinkTime * 1000))) {
            Judge.check($0, backend: type, checkingInvariants: invariants).isDisagreement
        }
        var small = shrinker.shrink(scene, failingFrame: frame)
        small.name = scene.name + "-shrunk"
        var shrunkMessage = message
        if case let .disagrees(f, m) = Judge.check(small, backend: type, checkingInvariants: invariants) { shrunkMessage = "frame \(f): \(m)" }
        try write(FuzzCampaign.Counterexample(
            backend: type.name, seed: 0, frame: frame, message: message, original: scene, shrunk: small,
            shrunkMessage: shrunkMessage, shrinkChecks: shrinker.checks))
    }
}

func seconds(since start: ContinuousClock.Instant) -> String {
    let d = ContinuousClock.now - start
    let s = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    return String(format: "%.1f s", s)
}

func shellQuoted(_ text: String) -> String {
    text.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/,".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// `N` or `FIRST-LAST`.
@Sendable func seedRange(_ text: String) throws -> ClosedRange<UInt64> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = UInt64(parts[0]), let last = UInt64(parts.last!), first <= last else {
        throw ValidationError("--seeds takes N or FIRST-LAST with FIRST <= LAST, not '\(shortenedForMessage(text))'")
    }
    return first...last
}

/// `N` or `MIN..MAX`, each at least 1.
func countRange(_ option: String) -> @Sendable (String) throws -> ClosedRange<Int> {
    { text in
        let parts = text.components(separatedBy: "..")
        guard parts.count <= 2, let low = Int(parts[0]), let high = Int(parts.last!), low >= 1, low <= high else {
            throw ValidationError("\(option) takes N or MIN..MAX (whole numbers from 1, MIN <= MAX), not '\(shortenedForMessage(text))'")
        }
        return low...high
    }
}
