import ArgumentParser

/// The live tablets a command reads (`live`, `record`, `service`): `--node`, an event node, as
/// many as the command takes. `--device` is a device description (an evemu `.desc` file) wherever
/// a recording is read, so here it is a usage error that names `--node`.
struct NodeOptions: ParsableArguments {
    @Option(
        name: .customLong("node"),
        help: "A live tablet's event node, e.g. /dev/input/event13; repeat it for several (a tablet and its touch or pad node, or other tablets). Default: the command finds them (see above).")
    var nodes: [String] = []

    @Option(name: .customLong("device"), help: .hidden)
    var misplacedDevices: [String] = []

    func validate() throws {
        if let value = misplacedDevices.first { throw DeviceOption.nodeError(value) }
    }
}

extension DeviceOption {
    /// The usage error for `--device VALUE` given where a live tablet's node is meant: `--device`
    /// is a device description in every command; the node is `--node`.
    static func nodeError(_ value: String) -> ValidationError {
        ValidationError("--device \(value): --device is a device description (an evemu .desc file) in every command; a live tablet's event node is --node\(value.hasPrefix("/dev/") ? ": use --node \(value)" : " (e.g. --node /dev/input/event13)")")
    }
}
