/// A parameter value was rejected: names the field, the value given and what is allowed.
public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name, e.g. "PressureParameters.upperThreshold".
    public var field: String
    /// The rejected value, as text.
    public var value: String
    /// What the parameter accepts.
    public var expected: String

    public init(field: String, value: String, expected: String) {
        self.field = field
        self.value = value
        self.expected = expected
    }

    public var description: String { "invalid \(field) = \(value): expected \(expected)" }
}
