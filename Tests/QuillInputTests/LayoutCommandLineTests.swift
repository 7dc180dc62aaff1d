import Foundation
import QuillTestSupport
import Testing

/// `quill layout` and `quill map` as a person runs them; numbers from layout.md and devices.json.
@Suite struct LayoutCommandLineTests {
    let cli = CommandLineTests()

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func printsOneObjectWithExactlyTheDocumentedKeys() throws {
        // layout.md: the 12.9" iPad Pro in a landscape 1/2 split is 678 pt wide and regular.
        let run = try cli.quill("layout", "--model", "ipad-pro-12.9-gen3plus", "--orientation", "landscape", "--mode", "split-1/2")
        #expect(run.status == 0)
        let layout = try object(run.output)
        #expect(Set(layout.keys) == ["device", "orientation", "mode", "window", "scale", "size_class", "safe_area", "layout_margins", "readable_width", "canvas", "palette", "obscured"])
        #expect((layout["window"] as? [String: Double])?["width"] == 678)
        #expect((layout["size_class"] as? [String: String])?["horizontal"] == "regular")
        #expect((layout["safe_area"] as? [String: Double]) == ["top": 24, "left": 0, "bottom": 20, "right": 0])
        #expect((layout["layout_margins"] as? [String: Double]) == ["left": 20, "right": 20])
        let palette = try #require(layout["palette"] as? [String: Any])
        #expect(Set(palette.keys) == ["x", "y", "width", "height", "docked"])
    }

    @Test func aCompactWindowDocksThePaletteAndUsesSixteenPointMargins() throws {
        // 1/3 split: compact width; margins 16; the palette docked, so it covers nothing.
        let layout = try object(try cli.quill("layout", "--model", "ipad-pro-12.9-gen3plus", "--orientation", "landscape", "--mode", "split-1/3").output)
        #expect((layout["window"] as? [String: Double])?["width"] == 375)
        #expect((layout["size_class"] as? [String: String])?["horizontal"] == "compact")
        #expect((layout["layout_margins"] as? [String: Double]) == ["left": 16, "right": 16])
        #expect((layout["palette"] as? [String: Any])?["docked"] as? Bool == true)
        #expect(layout["obscured"] is NSNull)
    }

    @Test func impossibleCombinationsAreClearErrors() throws {
        let portraitHalf = try cli.quill("layout", "--model", "ipad-pro-12.9-gen3plus", "--orientation", "portrait", "--mode", "split-1/2")
        #expect(portraitHalf.status == 64 && portraitHalf.error.contains("--mode split-1/2: ipad-pro-12.9-gen3plus has no 1/2 split in portrait"))
        let phoneSplit = try cli.quill("layout", "--model", "iphone-12-pro-max", "--orientation", "landscape", "--mode", "split-2/3")
        #expect(phoneSplit.status == 64 && phoneSplit.error.contains("--mode split-2/3"))
        let unknown = try cli.quill("layout", "--model", "ipad-99", "--orientation", "landscape")
        #expect(unknown.status == 64 && unknown.error.contains("--model ipad-99"))
    }

    @Test func anyWindowGetsASizeClassFromTheWidthRule() throws {
        let wide = try object(try cli.quill("layout", "--window", "1280x800").output)
        #expect((wide["size_class"] as? [String: String])?["horizontal"] == "regular")
        #expect(wide["device"] is NSNull)
        let narrow = try object(try cli.quill("layout", "--window", "639x900").output)
        #expect((narrow["size_class"] as? [String: String])?["horizontal"] == "compact")
    }

    @Test func allWritesATableAndAPictureOfEveryPlacement() throws {
        let directory = TestScratch.directory.appendingPathComponent("quill-layouts-\(UUID().uuidString)").path
        let run = try cli.quill("layout", "--all", "-o", directory)
        #expect(run.status == 0)
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/layouts.json"))) as? [[String: Any]])
        let pictures = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }
        #expect(!table.isEmpty && pictures.count == table.count)
        let one = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + (pictures.first ?? "")))
        #expect(Array(one.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(pictures.contains("ipad-pro-12.9-gen3plus-landscape-split-1-2.png"))
        #expect(!pictures.contains("ipad-pro-12.9-gen3plus-portrait-split-1-2.png"))
    }

    @Test func mapFitsTheTabletWithoutDistortion() throws {
        // The Intuos Pro M record: 44800/200 × 29600/200 = 224 × 148 mm.
        let run = try cli.quill("map", Fixtures.intuosProRecord, "--model", "ipad-pro-12.9-gen3plus")
        #expect(run.status == 0, "\(run.error)")
        let map = try object(run.output)
        #expect((map["tablet"] as? [String: Any])?["width_mm"] as? Double == 224)
        let area = try #require(map["mapped_area"] as? [String: Double])
        #expect(abs((area["width"] ?? 0) / (area["height"] ?? 1) - 224.0 / 148.0) < 1e-9)
        let left = try object(try cli.quill("map", Fixtures.intuosProRecord, "--model", "ipad-pro-12.9-gen3plus", "--hand", "left").output)
        #expect(left["rotation"] as? Int == 180)
        let corners = try #require(left["corners"] as? [[String: Double]])
        // Turned 180°: the tablet's top-left corner lands at the bottom-right of the mapped area.
        #expect(abs((corners[0]["x"] ?? 0) - ((area["x"] ?? 0) + (area["width"] ?? 0))) < 1e-6)
        // The 22HDT declares no resolution: sized from libwacom as `quill info` sizes it (it was
        // refused before issue 38), when libwacom knows it.
        let noResolution = try cli.quill("map", Fixtures.cintiq22HDT, "--model", "ipad-pro-11", "--mapping", "fill")
        let info = try cli.quill("info", Fixtures.cintiq22HDT).output
        if info.contains("from libwacom") {
            #expect(noResolution.status == 0, "\(noResolution.error)")
            let tablet = try #require(try object(noResolution.output)["tablet"] as? [String: Any])
            let width = try #require(tablet["width_mm"] as? Double)
            #expect(info.contains(String(format: "%.1f", width)), "\(width) mm not in \(info)")
            #expect(try object(noResolution.output)["fit"] as? String == "fill")
        } else {
            #expect(noResolution.status == 1 && noResolution.error.contains("resolution"))
        }
    }
}
