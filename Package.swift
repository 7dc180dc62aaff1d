// swift-tools-version:6.0
import PackageDescription

// Data flows one way: device or recording → frames → samples → gestures and strokes → geometry → pictures.
// The device layer (`QuillSystem`, `QuillDevices`) alone imports libevdev, libinput, libwacom and libudev; `QuillRender`
// alone imports Cairo; `QuillCanvas` alone imports GTK 4; `QuillYAML` alone imports libyaml (the `libinput record` reader's
// parser). QuillCore, QuillInput, QuillStroke, QuillGestures and QuillLayout import no C library, and no module libquill
// links imports Foundation: FoundationEssentials only, so the library carries no ICU (see the README's embedding section).
let package = Package(
    name: "Quill",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "QuillCore", targets: ["QuillCore"]),
        .library(name: "QuillInput", targets: ["QuillInput"]),
        .library(name: "QuillStroke", targets: ["QuillStroke"]),
        .library(name: "QuillShapes", targets: ["QuillShapes"]),
        .library(name: "QuillHandwriting", targets: ["QuillHandwriting"]),
        .library(name: "QuillLayout", targets: ["QuillLayout"]),
        .library(name: "QuillGestures", targets: ["QuillGestures"]),
        .library(name: "QuillDrawing", targets: ["QuillDrawing"]),
        // Pictures with Cairo: strokes, plots, layouts (PNG, SVG, PDF).
        .library(name: "QuillRender", targets: ["QuillRender"]),
        // Live tablets in a host's own main loop (fd + dispatch), over libevdev / libinput / libwacom.
        .library(name: "QuillDevices", targets: ["QuillDevices"]),
        // The `quill canvas` window (GTK 4 and Cairo) for apps that want it whole.
        .library(name: "QuillCanvas", targets: ["QuillCanvas"]),
        // `quill service`: a virtual tablet (uinput) in front of every app, with the person's preferences.
        .library(name: "QuillService", targets: ["QuillService"]),
        // The C interface (Sources/CQuill/include/quill.h): built as libQuillC.so with the soname
        // libquill.so.0, the name Tools/ship/install gives it (a product cannot share the tool's name).
        .library(name: "QuillC", type: .dynamic, targets: ["QuillC"]),
        .executable(name: "quill", targets: ["quill"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation --target MODULE`: the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .systemLibrary(
            name: "CInput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev"])]
        ),
        .systemLibrary(
            name: "CWacom",
            pkgConfig: "libwacom",
            providers: [.apt(["libwacom-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // YAML documents as trees over the system's libyaml (its event parser), for QuillInput's
        // `libinput record` reader: libyaml fenced in one module.
        .target(name: "QuillYAML", dependencies: ["CYAML"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CXcb",
            pkgConfig: "xcb",
            providers: [.apt(["libxcb1-dev"])]
        ),
        // What the desktop says about itself (the focused app on X11, through libxcb fenced here),
        // for `quill service`'s per-app profiles.
        .target(name: "QuillDesktop", dependencies: ["CXcb", "QuillService"]),
        .target(
            name: "QuillSystem",
            dependencies: ["CEvdev", "CInput", "CWacom", "QuillCore"]
        ),
        .target(
            name: "QuillCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        // Shape recognition (hold to snap): plain Swift over QuillCore's points, no C library.
        .target(
            name: "QuillShapes",
            dependencies: ["QuillCore", .product(name: "RealModule", package: "swift-numerics")]
        ),
        .systemLibrary(
            name: "CZinnia",
            pkgConfig: "zinnia",
            providers: [.apt(["libzinnia-dev"])]
        ),
        // Handwriting to text: the only module that imports Zinnia.
        .target(
            name: "QuillHandwriting",
            dependencies: ["CZinnia", "QuillCore", "QuillShapes"]
        ),
        // Quill's English handwriting model as a resource: linked by the command and the tests only
        // (a resource bundle brings Foundation, which libquill leaves out); the others find it by path.
        .target(
            name: "QuillHandwritingModel",
            exclude: ["Resources/latin.model.PROVENANCE.md", "Resources/latin.classifier.PROVENANCE.md", "Resources/words.network.PROVENANCE.md", "Resources/japanese.network.PROVENANCE.md"],
            resources: [.copy("Resources/latin.classifier"), .copy("Resources/latin.classes"), .copy("Resources/latin.model"), .copy("Resources/words.network"), .copy("Resources/japanese.network")]
        ),
        .target(
            name: "QuillStroke",
            dependencies: ["QuillCore", "QuillShapes", .product(name: "RealModule", package: "swift-numerics")]
        ),
        // Double tap, squeeze and the drawing-tool state, over the shared sample model.
        .target(
            name: "QuillGestures",
            dependencies: ["QuillCore", .product(name: "RealModule", package: "swift-numerics"), .product(name: "SystemPackage", package: "swift-system")]
        ),
        // One drawing from a tablet's events: the pencil model and the stroke engine together, the
        // policy applied once for every client (plain Swift, no C library).
        .target(name: "QuillDrawing", dependencies: ["QuillCore", "QuillGestures", "QuillShapes", "QuillStroke"]),
        // Size classes, safe areas, canvas and palette placement: plain Swift over QuillCore (its
        // geometry and tablet mapping), no C library.
        .target(name: "QuillLayout", dependencies: ["QuillCore"]),
        .target(
            name: "QuillRender",
            dependencies: ["CCairo", "QuillCore", "QuillStroke", "QuillLayout"]
        ),
        // The canvas window: GTK 4 lives here only (with Cairo through QuillRender).
        .target(
            name: "QuillCanvas",
            dependencies: ["CGtk", "QuillCore", "QuillInput", "QuillDevices", "QuillSystem", "QuillStroke", "QuillGestures", "QuillDrawing", "QuillLayout", "QuillRender", "QuillHandwriting"]
        ),
        .target(
            name: "QuillInput",
            dependencies: [
                "QuillCore", "QuillYAML",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        .target(
            name: "QuillDevices",
            dependencies: ["QuillCore", "QuillInput", "QuillSystem", .product(name: "DequeModule", package: "swift-collections")]
        ),
        // The virtual tablet: the relay (plain Swift over the one PencilSession) and the service
        // loop over QuillSystem's grab and uinput.
        .target(
            name: "QuillService",
            dependencies: ["QuillCore", "QuillInput", "QuillGestures", "QuillStroke", "QuillSystem", "QuillDevices"]
        ),
        // quill.h, the C interface's one header (its types are filled by QuillC).
        .target(name: "CQuill", publicHeadersPath: "include"),
        .target(
            name: "QuillC",
            dependencies: [
                "CQuill", "QuillCore", "QuillInput", "QuillDevices", "QuillSystem", "QuillStroke", "QuillGestures", "QuillDrawing", "QuillLayout", "QuillHandwriting",
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            exclude: ["libquill.map"],
            // Only quill_* exported (Sources/QuillC/libquill.map; the path is the package root's),
            // linked by the toolchain's lld: gold (swiftc's default on Linux) keeps every Swift symbol
            // the map makes local but another module reaches through the GOT in .dynsym (LOCAL, with
            // a GLOB_DAT relocation: 317 in a debug build), where lld resolves them in the library.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-soname=libquill.so.0", "-Xlinker", "--version-script=Sources/QuillC/libquill.map"])]
        ),
        .executableTarget(
            name: "quill",
            dependencies: [
                "QuillCore", "QuillInput", "QuillDevices", "QuillSystem", "QuillShapes", "QuillHandwriting", "QuillHandwritingModel", "QuillStroke", "QuillRender", "QuillLayout", "QuillGestures", "QuillDrawing", "QuillCanvas", "QuillService", "QuillDesktop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Examples/swift: a recording or a live tablet (through TabletSource's AsyncSequence) into
        // the stroke engine; Tools/testing/examples-check and HostLoopTests run it.
        .executableTarget(
            name: "quill-swift-example",
            dependencies: ["QuillCore", "QuillDevices", "QuillInput", "QuillStroke"],
            path: "Examples/swift"
        ),
        // Seeded random numbers for the property tests of every test target.
        .target(name: "QuillTestSupport"),
        .testTarget(name: "QuillCoreTests", dependencies: ["QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillHandwritingTests", dependencies: ["QuillHandwriting", "QuillHandwritingModel", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillShapesTests", dependencies: ["QuillShapes", "QuillStroke", "QuillInput", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillStrokeTests", dependencies: ["QuillStroke", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillGesturesTests", dependencies: ["QuillGestures", "QuillCore", "QuillTestSupport", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(name: "QuillLayoutTests", dependencies: ["QuillLayout", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillCanvasTests", dependencies: ["QuillCanvas", "QuillHandwriting", "QuillHandwritingModel", "QuillRender", "QuillStroke", "QuillGestures", "QuillDrawing", "QuillLayout", "QuillInput", "QuillSystem", "QuillCore", "QuillTestSupport"]),
        // The live session in process: scripted nodes and a clock the test moves.
        .testTarget(name: "QuillServiceTests", dependencies: ["QuillService", "QuillInput", "QuillGestures", "QuillSystem", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillDevicesTests", dependencies: ["QuillDevices", "QuillInput", "QuillSystem", "QuillCore", "QuillTestSupport"]),
        .testTarget(name: "QuillInputTests", dependencies: ["QuillInput", "QuillYAML", "QuillCore", "QuillSystem", "QuillRender", "QuillGestures", "QuillDrawing", "QuillStroke", "QuillService", "QuillDesktop", "CXcb", "QuillTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
