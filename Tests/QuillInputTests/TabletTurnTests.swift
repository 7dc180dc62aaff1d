import Foundation
import Testing
import QuillCore
@testable import QuillInput

/// Left-handed use and calibration in Quill's decoder (libinput 1.22's rules: `tablet_update_xy`
/// mirrors x and y within their ranges, `tablet_update_tilt` negates tilt, the calibration matrix
/// works on positions normalized to the axis range and keeps whole device units), over every
/// bundled recording.
struct TabletTurnTests {
    static func replay(_ recording: (path: String, device: String?), _ parameters: TabletDecoderParameters) throws -> (samples: [PenSample], mapping: TabletMapping, device: DeviceDescription) {
        let replay = try SampleReplay(path: recording.path, deviceFile: recording.device, parameters: parameters)
        let samples = try replay.allSamples()
        return (samples, try #require(replay.mapping(forDevice: 0)), try #require(replay.devices.first))
    }

    @Test(arguments: Fixtures.all.map(\.path))
    func leftHandedMirrorsEveryPositionAndNegatesTilt(path: String) throws {
        let recording = try #require(Fixtures.all.first { $0.path == path })
        let (plain, mapping, _) = try Self.replay(recording, .defaults)
        let (turned, _, _) = try Self.replay(recording, TabletDecoderParameters(isLeftHanded: true))
        try #require(turned.count == plain.count && !plain.isEmpty)
        var tilted = 0
        for (a, b) in zip(plain, turned) {
            #expect(a.time == b.time && a.phase == b.phase && a.pressure == b.pressure && a.tool == b.tool && a.roll == b.roll)
            #expect(abs(a.tabletLocation.x + b.tabletLocation.x - mapping.areaWidth) < 1e-9)
            #expect(abs(a.tabletLocation.y + b.tabletLocation.y - mapping.areaHeight) < 1e-9)
            #expect(abs(a.altitude - b.altitude) < 1e-12)
            if a.altitude < .pi / 2 - 1e-9, a.altitude > 1e-9 {
                tilted += 1
                // Tilt (x, y) → (−x, −y): the azimuth turns by half a turn. (A pen at ±90° lies
                // flat: the W3C rules give azimuth 0 whichever way, so flat samples are skipped.)
                let turn = (b.azimuth - a.azimuth).truncatingRemainder(dividingBy: 2 * .pi)
                #expect(abs(abs(turn) - .pi) < 1e-9, "azimuth \(a.azimuth) → \(b.azimuth), altitude \(a.altitude) t \(a.time) \(a.tool)")
            }
        }
        if plain.contains(where: { $0.altitude < .pi / 2 - 1e-9 && $0.altitude > 1e-9 }) { #expect(tilted > 0) }
    }

    @Test func aHalfTurnCalibrationIsTheLeftHandedTurnToWithinOneDeviceUnit() throws {
        // (x, y) → (1 − x, 1 − y) over the range (max − min + 1) lands at most one unit from
        // max − (x − min). Truncating to whole units can make two neighbouring frames equal, so
        // the calibrated replay may drop a repeat the turned one keeps: compared by time.
        for recording in Fixtures.all {
            let (turned, mapping, device) = try Self.replay(recording, TabletDecoderParameters(isLeftHanded: true))
            let (calibrated, _, _) = try Self.replay(recording, TabletDecoderParameters(calibration: CalibrationMatrix([-1, 0, 1, 0, -1, 1])))
            try #require(calibrated.count <= turned.count && calibrated.count > turned.count * 3 / 4)
            let unitX = mapping.areaWidth / (try #require(device.axes[EvdevCode.Abs.x])).span
            let unitY = mapping.areaHeight / (try #require(device.axes[EvdevCode.Abs.y])).span
            var index = 0
            for b in calibrated {
                while index < turned.count, turned[index].time < b.time || (turned[index].time == b.time && turned[index].phase != b.phase) { index += 1 }
                guard index < turned.count else {
                    Issue.record("\(recording.path): calibrated sample at \(b.time) has no turned sample")
                    break
                }
                let a = turned[index]
                #expect(abs(a.tabletLocation.x - b.tabletLocation.x) <= unitX + 1e-9, "\(recording.path)")
                #expect(abs(a.tabletLocation.y - b.tabletLocation.y) <= unitY + 1e-9, "\(recording.path)")
            }
        }
    }

    @Test func theIdentityCalibrationChangesNothing() throws {
        for recording in Fixtures.all {
            let (plain, _, _) = try Self.replay(recording, .defaults)
            let (identity, _, _) = try Self.replay(recording, TabletDecoderParameters(calibration: CalibrationMatrix(parsing: "1, 0, 0, 0, 1, 0")))
            #expect(plain == identity)
        }
    }

    @Test(arguments: ["1,0,0,0,1", "1,0,0,0,1,0,0", "1,0,zero,0,1,0", "1,0,inf,0,1,0", "1 0,0,0,1,0", ""])
    func aMalformedCalibrationIsRejectedWithWhatWasExpected(text: String) {
        #expect {
            _ = try CalibrationMatrix(parsing: text)
        } throws: { error in
            "\(error)".contains("expected six") && "\(error)".contains("calibration") || "\(error)".contains("CalibrationMatrix")
        }
    }
}
