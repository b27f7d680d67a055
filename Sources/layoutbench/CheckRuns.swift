import BenchHarness
import Dispatch
import Foundation

/// The measuring half of `check`: this executable run again, as separate processes, under
/// the environment that makes counts repeatable, and under callgrind where valgrind exists.
struct CheckRuns {
    let plan: GatePlan
    let workFolder: String
    let jobs: Int
    /// This executable.
    let layoutbench = Bundle.main.executablePath ?? CommandLine.arguments[0]

    /// Deterministic hashing (dictionary order, hence pivots and instructions, otherwise
    /// changes per process) and no jemalloc decay (it purges freed pages on a wall-clock schedule).
    static let environment = ProcessInfo.processInfo.environment.merging(
        ["SWIFT_DETERMINISTIC_HASHING": "1", "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1"]) { $1 }

    /// Only the per-frame function is counted: no start-up, scene generation or session build.
    static let runFrameSymbol = "$s11LayoutModel12SceneSessionC8runFrame*"

    static let countFields = [
        ("pivots_per_frame", "pivots/frame"), ("rows_touched_per_frame", "rows touched/frame"),
        ("bytes_allocated_per_frame", "bytes/frame"), ("allocations_per_frame", "allocations/frame"),
    ]

    func measure(progress: (String) -> Void) -> GateMeasurement {
        var run = GateMeasurement()
        if plan.hasBuiltIns { checkEquivalence(&run, progress: progress) }
        let counted = Set(plan.countRuns.compactMap { $0.split(separator: " ").first.map(String.init) })
        for (i, spec) in plan.countRuns.enumerated() {
            let (backend, families) = split(spec)
            for (key, result) in bench("counts-\(i)", [backend], families, frames: plan.benchFrames, into: &run) {
                addCounts(result, key, &run)
            }
        }
        for (i, spec) in plan.timeRuns.enumerated() {
            let (backend, families) = split(spec)
            for (key, result) in bench("times-\(i)", [backend], families, frames: plan.benchFrames, into: &run) {
                if let p50 = (result["frame_seconds"] as? [String: Any])?["p50"] as? Double {
                    run.figures["\(key) p50 seconds/frame"] = p50
                }
            }
        }
        measureRatios(&run, countedAlready: counted)
        measureInstructions(&run, progress: progress)
        return run
    }

    func checkEquivalence(_ run: inout GateMeasurement, progress: (String) -> Void) {
        let generated = ["--family", "stack,tree,grid,clamp,toggle,scroll,churn,mixed", "--views", "10,100", "--frames", "30"]
        for (label, arguments) in [("example scenes", [String]()), ("generated, 10 and 100 views", generated)] {
            let (status, output) = execute(layoutbench, ["compare"] + arguments)
            let equivalent = output.split(separator: "\n").filter { $0.hasSuffix("\tequivalent") }.count
            if status == 0 {
                progress("equivalence (\(label)): \(equivalent) scenes equivalent")
            } else {
                run.backendFailures.append("layoutbench compare \(arguments.joined(separator: " ")) exited \(status):\n\(output)")
            }
        }
    }

    func addCounts(_ result: [String: Any], _ key: String, _ run: inout GateMeasurement) {
        for (field, metric) in Self.countFields {
            if let value = result[field] as? Double { run.figures["\(key) \(metric)"] = value }
        }
    }

    /// Timed in one run, so the machine's speed cancels out.
    func measureRatios(_ run: inout GateMeasurement, countedAlready: Set<String>) {
        guard !plan.ratioRuns.isEmpty else { return }
        let specs = plan.ratioRuns.map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 3 }
        var backends: [String] = [], families: [String] = []
        for s in specs {
            for b in [s[0], s[2]] where !backends.contains(b) { backends.append(b) }
            if !families.contains(s[1]) { families.append(s[1]) }
        }
        let timing = bench("ratios", backends, families, frames: plan.benchFrames, repeat: plan.ratioRepeat, into: &run)
        for (key, result) in timing where !countedAlready.contains(result["backend"] as? String ?? "") {
            addCounts(result, key, &run)  // counts come free with the timing run
        }
        for s in specs {
            let scene = "\(s[1])-\(plan.views)"
            guard let mine = p50(timing["\(s[0]) \(scene)"]), let other = p50(timing["\(s[2]) \(scene)"]) else { continue }
            run.ratios.append(GateRatio(name: "\(s[0]) \(scene) p50 speed-up over \(s[2])", mine: mine, other: other))
        }
    }

    func measureInstructions(_ run: inout GateMeasurement, progress: (String) -> Void) {
        let runs = plan.callgrindRuns.map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 3 }
        guard !runs.isEmpty else { return }
        guard let valgrind = onPath("valgrind"), let setarch = onPath("setarch") else {
            for r in runs { run.unmeasurable["\(r[0]) \(r[1])-\(plan.views) instructions/frame"] = "valgrind is not installed" }
            return
        }
        let results = Locked([Int: Result<Double, GateError>]())
        let queue = DispatchQueue(label: "callgrind", attributes: .concurrent)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: max(1, jobs))
        for (i, r) in runs.enumerated() {
            slots.wait()
            queue.async(group: group) {
                let value = callgrind(valgrind, setarch, backend: r[0], family: r[1], frames: Int(r[2]) ?? plan.callgrindFrames)
                results.update { $0[i] = value }
                slots.signal()
            }
        }
        group.wait()
        for (i, r) in runs.enumerated() {
            switch results.value[i]! {
            case let .success(perFrame): run.figures["\(r[0]) \(r[1])-\(plan.views) instructions/frame"] = perFrame
            case let .failure(error): run.backendFailures.append(error.description)
            }
        }
        progress("callgrind: \(runs.count) runs")
    }

    /// Instructions executed inside `SceneSession.runFrame`, per frame.
    func callgrind(_ valgrind: String, _ setarch: String, backend: String, family: String, frames: Int) -> Result<Double, GateError> {
        let out = "\(workFolder)/callgrind.\(backend)-\(family).out"
        let arguments = [
            uname(), "-R", valgrind, "--tool=callgrind", "--callgrind-out-file=\(out)", "--toggle-collect=\(Self.runFrameSymbol)",
            layoutbench, "bench", "--backend", backend, "--family", family, "--views", "\(plan.views)", "--frames", "\(frames)",
            "--warmup", "0", "--repeat", "1", "--quiet", "--results", "\(workFolder)/cg-\(backend)-\(family)",
        ]
        let (status, output) = execute(setarch, arguments)
        if status != 0 { return .failure(GateError("callgrind run of \(backend) on \(family) exited \(status):\n\(output.suffix(3000))")) }
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("summary:") }),
              let total = Double(line.split(separator: " ").last ?? ""), total > 0
        else {
            return .failure(GateError("callgrind counted nothing inside \(Self.runFrameSymbol) (\(backend) \(family)): was SceneSession.runFrame renamed? Fix CheckRuns.runFrameSymbol"))
        }
        return .success(total / Double(frames))
    }

    /// One `bench` run's results by `BACKEND SCENE`; a crash or a decline is a back-end failure.
    func bench(
        _ name: String, _ backends: [String], _ families: [String], frames: Int, repeat count: Int = 1, into run: inout GateMeasurement
    ) -> [String: [String: Any]] {
        let json = "\(workFolder)/\(name).json"
        let arguments = [
            "bench", "--backend", backends.joined(separator: ","), "--family", families.joined(separator: ","), "--views", "\(plan.views)",
            "--frames", "\(frames)", "--repeat", "\(count)", "--json", json, "--quiet", "--results", "\(workFolder)/\(name)",
        ]
        let (status, output) = execute(layoutbench, arguments)
        guard status == 0, let data = FileManager.default.contents(atPath: json),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let results = root["results"] as? [[String: Any]]
        else {
            run.backendFailures.append("layoutbench \(arguments.joined(separator: " ")) exited \(status):\n\(output.suffix(3000))")
            return [:]
        }
        var out: [String: [String: Any]] = [:]
        for r in results {
            let key = "\(r["backend"] as? String ?? "?") \(r["scene"] as? String ?? "?")"
            if let declined = r["declined"] as? String {
                run.backendFailures.append("\(key) declined: \(declined)")
            } else {
                out[key] = r
            }
        }
        return out
    }

    func split(_ spec: String) -> (String, [String]) {
        // The back end may be `exec:COMMAND WITH SPACES`: the families are the last word.
        guard let space = spec.lastIndex(of: " ") else { return (spec, []) }
        return (String(spec[..<space]), spec[spec.index(after: space)...].split(separator: ",").map(String.init))
    }

    func p50(_ result: [String: Any]?) -> Double? { (result?["frame_seconds"] as? [String: Any])?["p50"] as? Double }
}

extension GatePlan {
    /// Whether any run names a built-in back end (then `compare` runs first).
    var hasBuiltIns: Bool {
        (countRuns + callgrindRuns + ratioRuns).contains { !$0.hasPrefix("exec:") }
    }
}

/// Runs a program to its end: its exit status and what it printed (both streams).
func execute(_ program: String, _ arguments: [String]) -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = CheckRuns.environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (127, "could not start \(program): \(error.localizedDescription)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, String(decoding: data, as: UTF8.self))
}

func onPath(_ program: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(program)" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

func uname() -> String {
    var info = utsname()
    _ = Foundation.uname(&info)
    return withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}

/// A value shared by threads.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
