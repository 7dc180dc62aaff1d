import Testing
@testable import QuillCore

@Suite struct ParametersTests {
    @Test func pressureDefaultsAreLibinputs() throws {
        // linux-input.md: lower 1 %, upper 5 % of the range; offsets up to 20 %.
        let defaults = try PressureParameters()
        #expect(defaults == PressureParameters.libinputDefaults)
        #expect(defaults.lowerThreshold == 0.01 && defaults.upperThreshold == 0.05 && defaults.maximumOffset == 0.20)
    }

    @Test func rejectsThresholdsOutOfOrder() {
        #expect(throws: ParameterError.self) { try PressureParameters(lowerThreshold: 0.05, upperThreshold: 0.05) }
        #expect(throws: ParameterError.self) { try PressureParameters(lowerThreshold: -0.1) }
        #expect(throws: ParameterError.self) { try PressureParameters(upperThreshold: 1.5) }
        #expect(throws: ParameterError.self) { try PressureParameters(maximumOffset: 1) }
        do {
            _ = try PressureParameters(lowerThreshold: 0.2, upperThreshold: 0.1)
            Issue.record("accepted lower > upper")
        } catch let error as ParameterError {
            #expect(error.field == "PressureParameters.upperThreshold")
            #expect(error.description.contains("0.1"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
