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
        .library(name: "FlexboxTwin", targets: ["FlexboxTwin"]),
        .library(name: "BenchHarness", targets: ["BenchHarness"]),
        .library(name: "IBImport", targets: ["IBImport"]),
        .library(name: "LayoutRender", targets: ["LayoutRender"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The scene model, its JSON format, validation, the DSL and the back-end protocol.
        .target(name: "LayoutModel", exclude: ["Examples"], plugins: ["EmbedExamplesPlugin"]),
        // The example scenes are JSON files (Sources/LayoutModel/Examples) embedded at build time.
        .executableTarget(name: "EmbedExamples", path: "Sources/EmbedExamples"),
        .plugin(
            name: "EmbedExamplesPlugin", capability: .buildTool(), dependencies: ["EmbedExamples"],
            path: "Sources/EmbedExamplesPlugin"),
        // Back ends: each depends on the model only.
        .target(name: "CassowarySolver", dependencies: ["LayoutModel"]),
        .target(name: "DenseSimplex", dependencies: ["LayoutModel"]),
        .target(name: "FrameArithmetic", dependencies: ["LayoutModel"]),
        .target(name: "FactoredSimplex", dependencies: ["LayoutModel"]),
        .target(name: "SceneGenerator", dependencies: ["LayoutModel"]),
        // A scene as a flexbox tree and style changes, for the flexbox engines run as peers.
        .target(name: "FlexboxTwin", dependencies: ["LayoutModel"]),
        // Interface Builder files (.xib, .storyboard) as scenes; three real-looking screens
        // (Sources/IBImport/Screens) embedded at build time for the default bench suite.
        .target(name: "IBImport", dependencies: ["LayoutModel"], exclude: ["Screens"], plugins: ["EmbedExamplesPlugin"]),
        // Peers: a solver-level trace of a scene, and drivers run out of process on it.
        .target(name: "SolverTrace", dependencies: ["LayoutModel"]),
        .target(name: "ExternalBackend", dependencies: ["LayoutModel", "SolverTrace", "FlexboxTwin"]),
        // Pictures: SVG frames, the HTML player, SVG plots.
        .target(name: "LayoutRender", dependencies: ["LayoutModel"]),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        .target(
            name: "BenchHarness",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator", "CJemalloc",
                "SolverTrace", "ExternalBackend", "LayoutRender", "IBImport",
            ]
        ),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "SceneGenerator",
                "BenchHarness", "IBImport", "SolverTrace", "ExternalBackend", "LayoutRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target for the scene reader (see its source for the command).
        .executableTarget(name: "SceneReaderFuzzer", dependencies: ["LayoutModel"]),
        // Helpers shared by the tests; no product depends on it.
        .target(name: "TestSupport", dependencies: ["LayoutModel", "CassowarySolver"], path: "Tests/TestSupport"),
        // CassowarySolver and DenseSimplex solve the scene-format article's worked example.
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "TestSupport", "CassowarySolver", "DenseSimplex"]),
        .testTarget(name: "CassowarySolverTests", dependencies: ["CassowarySolver", "LayoutModel"]),
        .testTarget(name: "DenseSimplexTests", dependencies: ["DenseSimplex", "CassowarySolver", "SceneGenerator", "LayoutModel", "TestSupport"]),
        .testTarget(
            name: "FactoredSimplexTests",
            dependencies: ["FactoredSimplex", "CassowarySolver", "DenseSimplex", "SceneGenerator", "BenchHarness", "LayoutModel", "TestSupport"]
        ),
        .testTarget(name: "FrameArithmeticTests", dependencies: ["FrameArithmetic", "CassowarySolver", "SceneGenerator", "LayoutModel", "TestSupport"]),
        .testTarget(name: "FlexboxTwinTests", dependencies: ["FlexboxTwin", "SceneGenerator", "LayoutModel"]),
        .testTarget(name: "SceneGeneratorTests", dependencies: ["SceneGenerator", "CassowarySolver", "LayoutModel"]),
        .testTarget(
            name: "IBImportTests", dependencies: ["IBImport", "CassowarySolver", "LayoutModel"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "LayoutRenderTests",
            dependencies: ["LayoutRender", "BenchHarness", "CassowarySolver", "SceneGenerator", "LayoutModel", "TestSupport"]
        ),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness", "DenseSimplex", "SceneGenerator", "LayoutModel"]),
        // Runs the built executable: exit statuses, messages and files of the commands.
        .testTarget(name: "CLITests", dependencies: ["layoutbench"]),
        .testTarget(
            name: "ExternalBackendTests",
            dependencies: ["ExternalBackend", "SolverTrace", "BenchHarness", "CassowarySolver", "SceneGenerator", "LayoutModel"]
        ),
        .testTarget(
            name: "ExampleSceneTests",
            dependencies: ["LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator"]
        ),
        .testTarget(
            name: "EquivalenceTests",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator",
                "BenchHarness", "TestSupport",
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
