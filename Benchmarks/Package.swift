// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the main build and test run stay light.
// Run: cd Benchmarks && swift package benchmark
let package = Package(
    name: "QuillBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Quill", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "DecodeBenchmark",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "QuillInput", package: "Quill"),
                .product(name: "QuillCore", package: "Quill"),
                .product(name: "QuillGestures", package: "Quill"),
                .product(name: "QuillService", package: "Quill"),
            ],
            path: "Benchmarks/DecodeBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "StrokeBenchmark",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "QuillInput", package: "Quill"),
                .product(name: "QuillCore", package: "Quill"),
                .product(name: "QuillStroke", package: "Quill"),
            ],
            path: "Benchmarks/StrokeBenchmark",
            // The harness's own state lives in a class (one sample per iteration): without this its
            // dynamic exclusivity checks (≈ 20 % of a sample's time in `perf`) were counted as the engine's.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "InkBenchmark",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "QuillCore", package: "Quill"),
                .product(name: "QuillShapes", package: "Quill"),
                .product(name: "QuillHandwriting", package: "Quill"),
            ],
            path: "Benchmarks/InkBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
