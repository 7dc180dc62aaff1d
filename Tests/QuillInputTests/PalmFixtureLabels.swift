import Foundation

/// What a palm-rejection fixture (Recordings/libinput-record/palm/NAME.yml) is built to show: its
/// `NAME.labels.json`, written by Tools/generate/palm-fixtures.py with the fixture. Times are
/// seconds on the fixture's clock; the pen is device `pen.device`, the touchscreen `touch.device`.
struct PalmFixtureLabels: Decodable {
    struct Pen: Decodable {
        var device: Int
        var source: String
        var proximity_in: Double
        var proximity_out: Double
        /// "rectangle" (tilted pen: a 200×250 mm rectangle is ignored) or "all" (tilt x 0).
        var arbitration: String
        /// "right", "left" or "none".
        var hand: String
    }

    struct Device: Decodable {
        var device: Int
        var source: String
    }

    /// One touch of the touchscreen, as the kernel reported it.
    struct Touch: Decodable {
        enum Expectation: String, Decodable {
            /// libinput reports it whole: down at `begins`, motion, up at `ends`, no cancel.
            case normal
            /// Down at `begins`, then cancelled once when the pen comes into proximity; nothing after.
            case cancelled
            /// No event at all: it begins while libinput ignores it (in the rectangle, in "ignore
            /// all" mode, or within 90 ms of the pen's proximity-out after "ignore all").
            case ignored
        }

        var name: String
        var tracking_id: Int
        var slot: Int
        var begins: Double
        var ends: Double
        /// Where it touches down, mm from the touchscreen's top-left corner.
        var x_mm: Double
        var y_mm: Double
        var expect: Expectation
        var why: String
        var source: String
    }

    var fixture: String
    var summary: String
    var derived: Bool
    var pen: Pen
    var touch: Device
    var touches: [Touch]

    /// The fixtures, by name (NAME.yml and NAME.labels.json under Recordings/libinput-record/palm/).
    static let names = ["cintiq-13hd-rect-right", "cintiq-13hd-rect-left", "dell-canvas-ignore-all"]

    static func fixturePath(_ name: String) -> String { Fixtures.recording("libinput-record/palm/\(name).yml") }

    static func load(_ name: String) throws -> PalmFixtureLabels {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.recording("libinput-record/palm/\(name).labels.json")))
        return try JSONDecoder().decode(PalmFixtureLabels.self, from: data)
    }
}
