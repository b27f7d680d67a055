import ArgumentParser
import BenchHarness
import CJemalloc
import Foundation
import LayoutModel
import SceneGenerator

/// jemalloc's per-thread byte counter (the executable links jemalloc, so it is
/// the process's allocator) and an allocation hook that counts allocations per
/// thread (jemalloc keeps no such count). Created on the thread that runs the frames.
final class JemallocCounter: AllocationCounter {
    let allocated: UnsafeMutablePointer<UInt64>?
    /// Written by the hook; never freed, since jemalloc keeps calling the hook until exit.
    let allocations = UnsafeMutablePointer<layoutbench_allocation_counter>.allocate(capacity: 1)
    let countsAllocations: Bool

    init() {
        var pointer: UnsafeMutablePointer<UInt64>? = nil
        var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        allocated = mallctl("thread.allocatedp", &pointer, &size, nil, 0) == 0 ? pointer : nil
        countsAllocations = allocated != nil && layoutbench_install_allocation_counter(allocations) == 0
    }

    func allocatedBytes() -> UInt64 { allocated?.pointee ?? 0 }
    func allocationCount() -> UInt64? { countsAllocations ? allocations.pointee.count : nil }

    var description: String {
        guard allocated != nil else { return "system malloc (jemalloc counters unavailable)" }
        return countsAllocations
            ? "jemalloc (per-thread allocated bytes; allocations counted by a jemalloc hook)"
            : "jemalloc (per-thread allocated bytes; allocation hook unavailable)"
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every back end's per-frame re-solve on the same scenes and report it.",
        discussion: """
            With no arguments, runs the built-in default suite (every back end, every family, a few sizes; \
            about two minutes in a release build). A back end that declines a scene, or whose memory \
            estimate exceeds its limit, is reported as declined with the reason. Writes a table to the \
            terminal, and results.json plus report.md under --results (default results/latest).

            Examples:
              layoutbench bench
              layoutbench bench --backend cassowary,frames --family stack,tree --views 100,1000,10000,100000
              layoutbench bench --scene scene.json --repeat 5 --json out.json
            """
    )

    @Option(help: "Back ends, comma-separated (\(BackendRegistry.namesWithDrivers.joined(separator: ", "))).")
    var backend: String?

    @Option(help: "Families, comma-separated (\(Family.allCases.map(\.rawValue).joined(separator: ", "))).")
    var family: String?

    @Option(help: "View counts, comma-separated.")
    var views: String?

    @Option(parsing: .upToNextOption, help: "Scene files (or example:NAME) instead of generated families.")
    var scene: [String] = []

    @Option(help: "Frames per generated scene.")
    var frames = 120

    @Option(help: "Seed for generated scenes.")
    var seed: UInt64 = 1

    @Option(help: "Repetitions of each frame stream (each on a fresh load).")
    var `repeat` = 1

    @Option(help: "Frames played untimed first, on a separate load.")
    var warmup = 10

    @Option(help: "Stop timing a back end on a scene after its frames took this many seconds (marked * in the table).")
    var timeLimit: Double?

    @Option(help: "Memory limit in MiB for back ends that estimate their memory (dense).")
    var memoryLimit = 4096

    @Option(help: "Folder for results.json and report.md.")
    var results = "results/latest"

    @Option(help: "Write the JSON results to this file (as well).")
    var json: String?

    @Option(help: "Write the report as one HTML page (sortable table, verdicts, SVG plots) to this file.")
    var html: String?

    @Flag(help: "No progress line on standard error.")
    var quiet = false

    /// The default suite: every family; cassowary and frames at 100, 300, 1,000 and 10,000 views, dense at
    /// 100 and 300 (its re-solve from scratch costs 15–330 ms a frame at 300 views; about two minutes in all).
    static let defaultSizes: [String: [Int]] = [
        "cassowary": [100, 300, 1_000, 10_000], "frames": [100, 300, 1_000, 10_000], "dense": [100, 300],
    ]

    func run() throws {
        let backendNames = backend?.split(separator: ",").map { String($0) } ?? BackendRegistry.names
        var backends: [any LayoutBackend.Type] = []
        for name in backendNames {
            guard let b = BackendRegistry.resolve(name) else {
                throw ValidationError("unknown back end '\(name)' (known: \(BackendRegistry.namesWithDrivers.joined(separator: ", ")))")
            }
            backends.append(b)
        }
        let families: [Family] = try family?.split(separator: ",").map { name in
            guard let f = Family(rawValue: String(name)) else {
                throw ValidationError("unknown family '\(name)' (known: \(Family.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return f
        } ?? Family.allCases
        let sizes: [Int]? = try views?.split(separator: ",").map { text in
            guard let n = Int(text), n > 0 else { throw ValidationError("--views takes positive whole numbers, not '\(text)'") }
            return n
        }

        // (back end, scene) pairs in the order they run.
        var plan: [(backend: any LayoutBackend.Type, key: String, make: () throws -> BenchScene)] = []
        if !scene.isEmpty {
            for path in scene {
                let load = { () throws -> BenchScene in
                    let s = try Scene.load(readSceneBytes(path))
                    return BenchScene(name: s.name.isEmpty ? path : String(s.name.prefix(40)), family: nil, scene: try s.compile())
                }
                for b in backends { plan.append((b, path, load)) }
            }
        } else {
            for f in families {
                var allSizes: [Int] = []
                for b in backends { for n in sizes ?? Bench.defaultSizes[b.name] ?? [100] where !allSizes.contains(n) { allSizes.append(n) } }
                for n in allSizes.sorted() {
                    let make = { () throws -> BenchScene in
                        let s = SceneGenerator.generate(f, GeneratorParameters(views: n, frames: frames, seed: seed))
                        return BenchScene(name: "\(f.rawValue)-\(n)", family: f.rawValue, scene: try s.compile())
                    }
                    for b in backends where (sizes ?? Bench.defaultSizes[b.name] ?? [100]).contains(n) { plan.append((b, "\(f.rawValue)-\(n)", make)) }
                }
            }
        }

        var settings = BenchSettings()
        settings.repetitions = max(1, self.repeat)
        settings.warmupFrames = max(0, warmup)
        settings.timeLimitSeconds = timeLimit
        settings.options.memoryLimitBytes = memoryLimit << 20
        let counter = JemallocCounter()
        let tty = isatty(2) != 0
        var all: [BenchResult] = []
        var cache: (key: String, scene: BenchScene)? = nil
        let started = monotonicSeconds()
        for (i, (b, key, make)) in plan.enumerated() {
            let bench: BenchScene
            if let cache, cache.key == key {
                bench = cache.scene
            } else {
                do { bench = try make() } catch {
                    printError("\(key): \(error)")
                    throw ExitCode.failure
                }
                cache = (key, bench)
            }
            let label = "[\(i + 1)/\(plan.count)] \(b.name) \(bench.name)"
            var lastPrint = 0.0
            let result = Harness.measure(bench, backend: b, settings: settings, counter: counter) { done, total in
                guard !quiet else { return }
                let now = monotonicSeconds()
                guard tty, now - lastPrint > 0.1 else { return }
                lastPrint = now
                FileHandle.standardError.write("\r\u{1B}[K\(label): frame \(done)/\(total)".data(using: .utf8)!)
            }
            if !quiet {
                let summary = result.notRun ?? "p50 \(formatDuration(result.frameTimes.p50)), build \(formatDuration(result.buildSeconds))"
                FileHandle.standardError.write(((tty ? "\r\u{1B}[K" : "") + "\(label): \(summary)\n").data(using: .utf8)!)
            }
            all.append(result)
        }
        if !quiet { printError("done in \(formatDuration(monotonicSeconds() - started))") }

        print(resultTable(all, markdown: false), terminator: "")
        let context = RunContext(
            command: (["layoutbench"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
            gitCommit: shell("git", "rev-parse", "HEAD") ?? "unknown",
            toolchain: shell("swift", "--version")?.split(separator: "\n").first.map(String.init) ?? "unknown",
            machine: machineDescription(), cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: Int(ProcessInfo.processInfo.physicalMemory),
            created: ISO8601DateFormatter().string(from: Date()),
            allocator: counter.description)
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
        let jsonText = ResultsJSON.encode(all, context: context, settings: settings)
        try jsonText.write(toFile: results + "/results.json", atomically: true, encoding: .utf8)
        try markdownReport(all, context: context).write(toFile: results + "/report.md", atomically: true, encoding: .utf8)
        if let json { try jsonText.write(toFile: json, atomically: true, encoding: .utf8) }
        if let html { try htmlReport(all, context: context, settings: settings).write(toFile: html, atomically: true, encoding: .utf8) }
        printError("wrote \(results)/results.json and \(results)/report.md" + (json.map { " and \($0)" } ?? ""))
    }
}

/// A command's standard output, trimmed, or nil if it cannot run.
func shell(_ arguments: String...) -> String? { shell(arguments) }

func shell(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

func machineDescription() -> String {
    var name = utsname()
    uname(&name)
    let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let arch = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    var cpu = ""
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") })
    {
        cpu = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    return "\(system) \(release) \(arch)" + (cpu.isEmpty ? "" : ", \(cpu)")
}
