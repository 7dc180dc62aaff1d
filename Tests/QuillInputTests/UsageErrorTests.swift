import Foundation
import QuillTestSupport
import Testing

/// A person's mistake on the command line is a usage error (exit 64, EX_USAGE) that names what to
/// change: an option's value out of range names the option, a mistyped command the one meant.
@Suite struct UsageErrorTests {
    let cli = CommandLineTests()

    @Test func aValueOutOfRangeNamesItsOptionAndExits64() throws {
        let samples = try cli.quill("samples", Fixtures.cintiq12WX, "--display-rate", "0")
        #expect(samples.status == 64)
        #expect(samples.error.hasPrefix("quill: error: --display-rate 0.0: expected"), "\(samples.error)")
        #expect(samples.error.contains("Usage: quill samples "))
        let strokes = try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "predicted", "--horizon", "1")
        #expect(strokes.status == 64)
        #expect(strokes.error.contains("--horizon 1.0: expected seconds 0.008 … 0.034") && strokes.error.contains("PredictionParameters.horizon"))
        // A well-formed run is untouched.
        #expect(try cli.quill("strokes", Fixtures.cintiq12WX, "--emit", "final").status == 0)
    }

    @Test func aMistypedCommandSuggestsTheOneMeant() throws {
        let run = try cli.quill("sumary", Fixtures.cintiq12WX)
        #expect(run.status == 64)
        #expect(run.error.contains("unknown command 'sumary': did you mean 'summary'?"), "\(run.error)")
        // Nothing near: ArgumentParser's own message.
        let far = try cli.quill("xyzzyplugh")
        #expect(far.status == 64 && !far.error.contains("did you mean"))
    }
}
