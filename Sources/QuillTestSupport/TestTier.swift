import Foundation

// No `import Testing` here: QuillTestSupport is a regular target, built with the release products
// (Tools/ship/install's -static-stdlib build has no Testing module). The trait lives in the test target.

/// The test tiers. Plain `swift test` is the first: the suites in process, fast and deterministic.
/// The suites that play mocked tablets with umockdev (in real time, sensitive to load) or open
/// windows on Xvfb are the live tier: they run only with `QUILL_TEST_TIER=live` in the
/// environment. `Tools/test` runs every tier, the live one on its own and one suite at a time
/// (it finds the live suites by their `.liveTier` trait); `Tools/test --quick` runs the first.
public enum TestTier {
    /// The environment variable that enables a tier: `QUILL_TEST_TIER=live`.
    public static let variable = "QUILL_TEST_TIER"

    /// True when the live tier is asked for (`QUILL_TEST_TIER=live`; a comma-separated list may name it).
    public static var live: Bool {
        guard let value = ProcessInfo.processInfo.environment[variable] else { return false }
        return value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "live" }
    }
}
