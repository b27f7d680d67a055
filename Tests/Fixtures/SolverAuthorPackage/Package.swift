// swift-tools-version:6.1
// A solver author's package, outside LayoutBench: it depends on LayoutBenchTesting and
// checks its back ends with it. LayoutBench's LayoutBenchTestingTests builds and tests it
// (LAYOUTBENCH_PATH names the LayoutBench checkout; by default the one this folder is in).
import PackageDescription

/// `path` with its `.` and `..` components resolved.
func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
        if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
    }
    return "/" + parts.joined(separator: "/")
}

let layoutBenchPath = normalized(Context.environment["LAYOUTBENCH_PATH"] ?? Context.packageDirectory + "/../../..")
// A package given by path is named after its folder.
let layoutBench = String(layoutBenchPath.split(separator: "/").last ?? "LayoutBench")

let package = Package(
    name: "SolverAuthorPackage",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: layoutBenchPath)],
    targets: [
        .target(
            name: "MySolver",
            dependencies: [
                .product(name: "LayoutModel", package: layoutBench),
                .product(name: "DenseSimplex", package: layoutBench),
            ]),
        .testTarget(
            name: "MySolverTests",
            dependencies: ["MySolver", .product(name: "LayoutBenchTesting", package: layoutBench)]),
    ]
)
