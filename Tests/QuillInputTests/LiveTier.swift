import QuillTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// Puts a suite in the live tier: without `QUILL_TEST_TIER=live` it is skipped, and Swift
    /// Testing prints why (`what` says what the suite needs), so a skip never passes for a pass.
    static func liveTier(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(
            if: TestTier.live,
            Comment(rawValue: "live tier (\(what)): runs with \(TestTier.variable)=live, as Tools/test does"),
            sourceLocation: sourceLocation)
    }
}
