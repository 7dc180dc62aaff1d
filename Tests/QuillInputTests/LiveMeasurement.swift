import Foundation
import Testing
@testable import QuillInput

/// Not a timing test: prints the live path's numbers on a mocked tablet when QUILL_MEASURE_LIVE is
/// set (used for the README and closing notes), with the release build given in that variable.
@Suite(.enabled(if: MockedTablet.isAvailable && ProcessInfo.processInfo.environment["QUILL_MEASURE_LIVE"] != nil))
struct LiveMeasurement {
    @Test func printsLatencyAndThroughput() throws {
        let quill = ProcessInfo.processInfo.environment["QUILL_MEASURE_LIVE"] ?? CommandLineTests.executable.path
        let mock = try MockedTablet(recording: Fixtures.dth2242)
        let run = try mock.run([quill, "live", "--device", MockedTablet.node, "--duration", "\(mock.playedDuration + 2)", "--stats"], timeout: 600)
        print("LIVE-MEASUREMENT \(mock.events.count) events over \(mock.duration) s: \(run.error)")
        #expect(run.status == 0)
    }
}
