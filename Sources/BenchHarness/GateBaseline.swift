import Foundation
import LayoutModel

/// What `layoutbench check` measures, recorded in the baseline so that a run with
/// other settings is never compared with it. Every figure is per frame on generated
/// scenes of `views` views.
public struct GatePlan: Equatable, Sendable {
    public var views = 200
    /// Frames of the `bench` runs (counts, times, ratios).
    public var benchFrames = 120
    public var callgrindFrames = 60
    /// `BACKEND FAMILY FRAMES`: instructions per frame inside `SceneSession.runFrame`.
    public var callgrindRuns: [String] = []
    /// `BACKEND FAMILY,FAMILY`: pivots, rows touched, bytes and allocations per frame.
    public var countRuns: [String] = []
    /// `BACKEND FAMILY OTHER`: BACKEND's median frame against OTHER's, timed in one run.
    public var ratioRuns: [String] = []
    public var ratioRepeat = 3
    /// `BACKEND FAMILY,FAMILY`: median frame time (for `exec:` drivers, which report no counts).
    public var timeRuns: [String] = []
    public init() {}

    /// The project's own gate (run by `.ci/run`).
    public static var project: GatePlan {
        var plan = GatePlan()
        let cassowary = ["stack", "tree", "clamp", "toggle", "churn", "mixed"]
        let factored = ["stack", "tree", "grid", "clamp", "toggle", "churn", "mixed"]
        plan.countRuns = ["cassowary " + cassowary.joined(separator: ","), "manual stack,churn", "factored " + factored.joined(separator: ",")]
        plan.callgrindRuns = cassowary.map { "cassowary \($0) 60" } + ["manual stack 60", "manual churn 60", "dense stack 8"]
            + factored.map { "factored \($0) 60" }
        plan.ratioRuns = ["cassowary stack dense", "cassowary tree dense", "cassowary stack manual"]
        return plan
    }
}

/// A figure's recorded value and how far it may move.
public struct GateFigure: Equatable, Sendable {
    public var value: Double
    /// A run fails when the figure exceeds `value × (1 + thresholdPercent / 100)`, and asks
    /// for a deliberate `--update` when it falls below `value × (1 − thresholdPercent / 100)`.
    public var thresholdPercent: Double
    public init(value: Double, thresholdPercent: Double) {
        self.value = value
        self.thresholdPercent = thresholdPercent
    }

    /// Default thresholds by what a figure counts (the text after its scene).
    public static func defaultThreshold(for name: String) -> Double {
        if name.hasSuffix("instructions/frame") { return 3 }  // repeatable to the instruction; room for toolchain patches
        if name.hasSuffix("pivots/frame") { return 1 }  // exact counts: any real increase is an algorithm change
        if name.hasSuffix("bytes/frame") { return 10 }  // allocator size classes move with jemalloc and Swift
        if name.hasSuffix("seconds/frame") { return 25 }  // a wall-clock time: noisy
        return 2  // rows touched, allocations
    }
}

/// The baseline file: the plan, each figure with its threshold, each ratio's minimum.
public struct GateBaseline: Equatable, Sendable {
    public var about = "Baseline of layoutbench check. Values are per frame; a figure fails when it exceeds value * (1 + threshold_pct/100) and asks for a deliberate --update when it improves by more. Ratios are checked within one run against their min. Re-record only deliberately (layoutbench check --update) and commit it saying why."
    public var plan = GatePlan.project
    public var figures: [String: GateFigure] = [:]
    /// Ratio name -> (minimum, last measured, for information).
    public var ratios: [String: (min: Double, lastMeasured: Double?)] = [:]
    public init() {}

    public static func == (a: GateBaseline, b: GateBaseline) -> Bool {
        a.about == b.about && a.plan == b.plan && a.figures == b.figures
            && a.ratios.mapValues { [$0.min, $0.lastMeasured ?? -1] } == b.ratios.mapValues { [$0.min, $0.lastMeasured ?? -1] }
    }

    /// Reads a baseline; errors name the file and the JSON path.
    public static func load(_ path: String) throws -> GateBaseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw GateError("\(path): cannot read the baseline file") }
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw GateError("\(path): the baseline must be a JSON object")
            }
            root = object
        } catch let error as GateError { throw error } catch { throw GateError("\(path): not JSON: \(error.localizedDescription)") }
        var baseline = GateBaseline()
        baseline.about = root["about"] as? String ?? baseline.about
        guard let settings = root["settings"] as? [String: Any] else { throw GateError("\(path): settings: missing (the plan of the run)") }
        baseline.plan = try GatePlan(json: settings, path: path)
        for (name, entry) in root["figures"] as? [String: Any] ?? [:] {
            guard let entry = entry as? [String: Any], let value = (entry["value"] as? NSNumber)?.doubleValue,
                  let threshold = (entry["threshold_pct"] as? NSNumber)?.doubleValue, threshold >= 0
            else { throw GateError("\(path): figures.\"\(name)\": needs a number value and a threshold_pct of 0 or more") }
            baseline.figures[name] = GateFigure(value: value, thresholdPercent: threshold)
        }
        for (name, entry) in root["ratios"] as? [String: Any] ?? [:] {
            guard let entry = entry as? [String: Any], let minimum = (entry["min"] as? NSNumber)?.doubleValue else {
                throw GateError("\(path): ratios.\"\(name)\": needs a number min")
            }
            baseline.ratios[name] = (minimum, (entry["last_measured"] as? NSNumber)?.doubleValue)
        }
        return baseline
    }

    /// The file's text: keys in a fixed order, numbers rounded to 6 decimals.
    public var json: String {
        var lines = ["{", "  \"about\": \(jsonQuoted(about)),", "  \"settings\": \(plan.json),", "  \"figures\": {"]
        let names = figures.keys.sorted()
        for (i, name) in names.enumerated() {
            let f = figures[name]!
            lines.append("    \(jsonQuoted(name)): {\"value\": \(gateNumber(f.value)), \"threshold_pct\": \(gateNumber(f.thresholdPercent))}"
                + (i == names.count - 1 ? "" : ","))
        }
        lines.append("  },")
        lines.append("  \"ratios\": {")
        let ratioNames = ratios.keys.sorted()
        for (i, name) in ratioNames.enumerated() {
            let r = ratios[name]!
            let last = r.lastMeasured.map { ", \"last_measured\": \(gateNumber($0))" } ?? ""
            lines.append("    \(jsonQuoted(name)): {\"min\": \(gateNumber(r.min))\(last)}" + (i == ratioNames.count - 1 ? "" : ","))
        }
        lines.append("  }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

public struct GateError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A figure as the baseline stores it: rounded to 6 decimals, shortest form.
public func gateNumber(_ value: Double) -> String { formatNumber((value * 1e6).rounded() / 1e6) }

extension GatePlan {
    init(json: [String: Any], path: String) throws {
        func int(_ key: String) throws -> Int {
            guard let n = (json[key] as? NSNumber)?.intValue, n > 0 else { throw GateError("\(path): settings.\(key): needs a whole number above 0") }
            return n
        }
        func list(_ key: String) throws -> [String] {
            guard let value = json[key] else { return [] }
            guard let items = value as? [String] else { throw GateError("\(path): settings.\(key): needs a list of strings") }
            return items
        }
        views = try int("views")
        benchFrames = try int("bench_frames")
        callgrindFrames = try int("callgrind_frames")
        callgrindRuns = try list("callgrind_runs")
        countRuns = try list("count_runs")
        ratioRuns = try list("ratio_runs")
        timeRuns = try list("time_runs")
        if json["ratio_repeat"] != nil { ratioRepeat = try int("ratio_repeat") }
    }

    var json: String {
        func list(_ items: [String]) -> String { "[" + items.map(jsonQuoted).joined(separator: ", ") + "]" }
        return "{\"views\": \(views), \"bench_frames\": \(benchFrames), \"callgrind_frames\": \(callgrindFrames), "
            + "\"callgrind_runs\": \(list(callgrindRuns)), \"count_runs\": \(list(countRuns)), \"ratio_runs\": \(list(ratioRuns)), "
            + "\"ratio_repeat\": \(ratioRepeat), \"time_runs\": \(list(timeRuns))}"
    }
}
