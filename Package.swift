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
        .library(name: "ExactReference", targets: ["ExactReference"]),
        .library(name: "LayoutFuzzing", targets: ["LayoutFuzzing"]),
        .library(name: "SceneGenerator", targets: ["SceneGenerator"]),
        // For a solver author's own tests: one call checks a back end against the reference.
        .library(name: "LayoutBenchTesting", targets: ["LayoutBenchTesting"]),
        .library(name: "FlexboxTwin", targets: ["FlexboxTwin"]),
        .library(name: "BenchHarness", targets: ["BenchHarness"]),
        .library(name: "IBImport", targets: ["IBImport"]),
        .library(name: "LayoutRender", targets: ["LayoutRender"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
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
        // The judge: the reference semantics in exact rational arithmetic.
        .target(name: "ExactReference", dependencies: ["LayoutModel", .product(name: "BigInt", package: "BigInt")]),
        .target(name: "SceneGenerator", dependencies: ["LayoutModel"]),
        // Random scenes and op streams checked against the judge, and the shrinker.
        .target(name: "LayoutFuzzing", dependencies: ["LayoutModel", "ExactReference", "SceneGenerator"]),
        // A solver author's test kit: examples, families and random op streams judged by the
        // reference. Not on BenchHarness (it links jemalloc), so it builds in any package.
        .target(
            name: "LayoutBenchTesting",
            dependencies: ["LayoutModel", "ExactReference", "LayoutFuzzing", "SceneGenerator", "CassowarySolver", "DenseSimplex"]),
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
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "ExactReference", "SceneGenerator", "CJemalloc",
                "SolverTrace", "ExternalBackend", "LayoutRender", "IBImport",
            ]
        ),
        .executableTarget(
            name: "layoutbench",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator",
                "BenchHarness", "IBImport", "SolverTrace", "ExternalBackend", "LayoutRender", "LayoutFuzzing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target for the scene reader (see its source for the command).
        .executableTarget(name: "SceneReaderFuzzer", dependencies: ["LayoutModel"]),
        // Helpers shared by the tests; no product depends on it.
        .target(name: "TestSupport", dependencies: ["LayoutModel", "CassowarySolver"], path: "Tests/TestSupport"),
        // CassowarySolver and DenseSimplex solve the scene-format article's worked example.
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "TestSupport", "CassowarySolver", "DenseSimplex"]),
        .testTarget(name: "CassowarySolverTests", dependencies: ["CassowarySolver", "LayoutModel", "TestSupport"]),
        .testTarget(name: "DenseSimplexTests", dependencies: ["DenseSimplex", "CassowarySolver", "SceneGenerator", "LayoutModel", "TestSupport"]),
        .testTarget(
            name: "FactoredSimplexTests",
            dependencies: ["FactoredSimplex", "CassowarySolver", "DenseSimplex", "SceneGenerator", "BenchHarness", "LayoutModel", "TestSupport"]
        ),
        .testTarget(
            name: "ExactReferenceTests",
            dependencies: [
                "ExactReference", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator",
                "LayoutModel", "TestSupport", .product(name: "BigInt", package: "BigInt"),
            ]),
        .testTarget(
            name: "LayoutFuzzingTests",
            dependencies: ["LayoutFuzzing", "ExactReference", "CassowarySolver", "DenseSimplex", "FactoredSimplex", "LayoutModel", "TestSupport"]),
        // Tests/Fixtures holds a package outside this one (a solver author's); a test builds it.
        .testTarget(
            name: "LayoutBenchTestingTests",
            dependencies: ["LayoutBenchTesting", "CassowarySolver", "DenseSimplex", "LayoutModel"]),
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
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness", "DenseSimplex", "SceneGenerator", "LayoutModel", "TestSupport"]),
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
                "BenchHarness", "TestSupport", "LayoutFuzzing", "ExactReference",
            ]
        ),
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                "LayoutModel", "CassowarySolver", "DenseSimplex", "FrameArithmetic", "FactoredSimplex", "SceneGenerator",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
