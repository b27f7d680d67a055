import ExternalBackend
import Foundation
import LayoutModel
import SceneGenerator

/// `bench --suite published`: every published workload at the sizes its source varies,
/// on every exact back end and the kiwi driver, plus kiwi's own benchmark run in process.
public enum PublishedSuite {
    /// Back ends of the suite, in table order (kiwi runs out of process).
    public static let backendNames = ["cassowary", "factored", "manual", "dense", "kiwi"]

    /// The sizes each workload is measured at (in its own unit: `PublishedWorkload.sizeName`);
    /// where the source makes a scaling claim, enough that every back end, dense and kiwi
    /// within their caps (`runs`) included, has at least four.
    public static func sizes(_ workload: PublishedWorkload) -> [Int] {
        switch workload {
        case .cassowaryChain: return [30, 60, 125, 250, 500, 1_000, 2_000]
        case .cassowaryTree: return [3, 4, 5, 6, 8, 10]
        case .enamlWindow: return [1]
        case .feedCell: return [1, 2, 3, 10, 30, 100, 1_000, 10_000]
        case .flat, .nested: return [40, 75, 150, 300, 600, 1_200, 2_400]
        default: return [25, 50, 100, 300, 1_000, 3_000]
        }
    }

    /// Whether `backend` runs a scene of `views` views: dense rebuilds every frame, so it stops
    /// at 300 views (and the root: 301); the kiwi driver at 1,000 (past it, a frame that moves a chain of 1,000 views or more took it seconds here).
    public static func runs(_ backend: String, _ views: Int) -> Bool {
        switch backend {
        case "dense": return views <= 301
        case "kiwi": return views <= 1_000
        default: return true
        }
    }

    /// The family label of a workload's records (`published:NAME`), which the report groups by.
    public static func family(_ workload: PublishedWorkload) -> String { workload.rawValue }

    public static func bench(_ workload: PublishedWorkload, size: Int, frames: Int) throws -> BenchScene {
        let scene = SceneGenerator.generate(workload, size: size, frames: frames)
        return BenchScene(name: "\(workload.rawValue)-\(size)", family: family(workload), scene: try scene.compile())
    }
}

/// kiwi's enaml-like benchmark run as its authors run it (nanobench, C++, in process).
public struct KiwiHomeGround: Sendable {
    /// nanobench's rows: the benchmark's name and its ns/op.
    public var rows: [(name: String, seconds: Double)] = []
    /// Why there are no rows (not built, or it failed).
    public var missing: String?

    /// Runs `.build-kiwi/enaml_bench` (built by scripts/setup_kiwi_bench.sh) and reads its table.
    public static func run() -> KiwiHomeGround {
        guard let root = DriverRegistry.packageRoot() else { return KiwiHomeGround(missing: "cannot find the package folder") }
        let binary = root + "/.build-kiwi/enaml_bench"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            return KiwiHomeGround(missing: "kiwi's benchmark is not built (run scripts/setup_kiwi_bench.sh)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return KiwiHomeGround(missing: "cannot run \(binary): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let home = parse(String(decoding: data, as: UTF8.self))
        if home.rows.isEmpty { return KiwiHomeGround(missing: "kiwi's benchmark printed no nanobench table (exit \(process.terminationStatus))") }
        return home
    }

    /// nanobench's Markdown rows: `| 556.27 | 1,797,679.36 | 0.2% | 0.00 | \`suggest value 400x600\``.
    public static func parse(_ text: String) -> KiwiHomeGround {
        var out = KiwiHomeGround()
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, let ns = Double(cells[1].replacingOccurrences(of: ",", with: "")),
                  let open = cells[5].firstIndex(of: "`") else { continue }
            let rest = cells[5][cells[5].index(after: open)...]
            guard let close = rest.firstIndex(of: "`") else { continue }
            out.rows.append((String(rest[..<close]), ns * 1e-9))
        }
        return out
    }

    init(rows: [(name: String, seconds: Double)] = [], missing: String? = nil) {
        self.rows = rows
        self.missing = missing
    }
}
