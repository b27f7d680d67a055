// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LayoutModel", targets: ["LayoutModel"]),
        .library(name: "CassowarySolver", targets: ["CassowarySolver"]),
        .library(name: "DenseSimplex", targets: ["DenseSimplex"]),
        .library(name: "FrameArithmetic", targets: ["FrameArithmetic"]),
        .library(name: "FactoredSimplex", targets: ["FactoredSimplex"]),
        .library(name: "SceneGenerator", targets: ["SceneGenerator"]),
        .library(name: "BenchHarness", targets: ["BenchHarness"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The scene model, its JSON format, validation, the DSL and the back-end protocol.
        .target(name: "LayoutModel"),
        // Back ends: each depends on the model only.
        .target(name: "CassowarySolver", dependencies: ["LayoutModel"]),
        .target(name: "DenseSimplex", dependencies: ["LayoutModel"]),
        .target(name: "FrameArithmetic", dependencies: ["LayoutModel"]),
        .target(name: "FactoredSimplex", dependencies: ["LayoutModel"]),
        .target(name: "SceneGenerator", dependencies: ["LayoutModel"]),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(
            name: "BenchHarness",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator",
            ]
        ),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "SceneGenerator",
                "BenchHarness", "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel"]),
        .testTarget(name: "CassowarySolverTests", dependencies: ["CassowarySolver", "LayoutModel"]),
        .testTarget(name: "DenseSimplexTests", dependencies: ["DenseSimplex", "CassowarySolver", "SceneGenerator", "LayoutModel"]),
        .testTarget(
            name: "FactoredSimplexTests",
            dependencies: ["FactoredSimplex", "CassowarySolver", "DenseSimplex", "SceneGenerator", "BenchHarness", "LayoutModel"]
        ),
        .testTarget(name: "FrameArithmeticTests", dependencies: ["FrameArithmetic", "CassowarySolver", "SceneGenerator", "LayoutModel"]),
        .testTarget(name: "SceneGeneratorTests", dependencies: ["SceneGenerator", "CassowarySolver", "LayoutModel"]),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness", "DenseSimplex", "SceneGenerator", "LayoutModel"]),
        .testTarget(
            name: "ExampleSceneTests",
            dependencies: ["LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic"]
        ),
        .testTarget(
            name: "EquivalenceTests",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "SceneGenerator", "BenchHarness",
            ]
        ),
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "SceneGenerator",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
