// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Quill's readers of untrusted files (Tools/testing/fuzz builds them with
// -sanitize=fuzzer,address and runs them, seeded with Recordings/). Its own package, like
// Benchmarks/, so the main build stays light.
let package = Package(
    name: "QuillFuzz",
    dependencies: [.package(name: "Quill", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
        .executableTarget(name: "FuzzEvemu", dependencies: ["FuzzSupport", .product(name: "QuillInput", package: "Quill")], path: "Sources/FuzzEvemu"),
        .executableTarget(name: "FuzzDescription", dependencies: ["FuzzSupport", .product(name: "QuillInput", package: "Quill")], path: "Sources/FuzzDescription"),
        .executableTarget(name: "FuzzLibinputRecord", dependencies: ["FuzzSupport", .product(name: "QuillInput", package: "Quill")], path: "Sources/FuzzLibinputRecord"),
        .executableTarget(name: "FuzzPreferences", dependencies: ["FuzzSupport", .product(name: "QuillGestures", package: "Quill")], path: "Sources/FuzzPreferences"),
        .executableTarget(
            name: "FuzzRelay",
            dependencies: ["FuzzSupport", .product(name: "QuillService", package: "Quill"), .product(name: "QuillGestures", package: "Quill")],
            path: "Sources/FuzzRelay"),
        .executableTarget(
            name: "FuzzInk",
            dependencies: [
                "FuzzSupport", .product(name: "QuillShapes", package: "Quill"), .product(name: "QuillHandwriting", package: "Quill"),
                .product(name: "QuillCore", package: "Quill"),
            ],
            path: "Sources/FuzzInk"),
        .executableTarget(name: "FuzzDrawing", dependencies: ["FuzzSupport", .product(name: "QuillStroke", package: "Quill")], path: "Sources/FuzzDrawing"),
    ]
)
