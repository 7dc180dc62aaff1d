import ArgumentParser
import QuillCore
import QuillInput
import QuillSystem

/// `quill info FILE`: what the recorded device can report.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe the recorded device(s): name, ids, axes with ranges and resolution, tools, buttons, active area in millimetres.")

    @Argument(help: "A recording: evemu or libinput record YAML.")
    var file: String

    @Option(name: .customLong("device"), help: "The device description (evemu .desc) for an event file without a header.")
    var deviceFile: String?

    func run() throws {
        let output = TextOutput()
        defer { output.flush() }
        do {
            let reader = try Recording.open(path: file, deviceFile: deviceFile)
            output.line("file: \(file) (\(reader.format.rawValue))")
            while let item = try reader.next() {
                if case let .device(index, device) = item { describe(device, index: index, into: output) }
            }
        } catch let error as RecordingError {
            output.flush()
            Console.error(error)
            throw ExitCode.failure
        }
    }

    func describe(_ device: DeviceDescription, index: Int, into output: TextOutput) {
        func hex(_ value: UInt16) -> String { "0x" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count)) + String(value, radix: 16) }
        output.line("device \(index): \"\(device.name)\"")
        output.line("  ids: bus \(hex(device.bus)) vendor \(hex(device.vendor)) product \(hex(device.product)) version \(hex(device.version))")
        let properties = device.properties.map { EvdevNames.propertyName($0) ?? "\($0)" }
        output.line("  properties: \(properties.isEmpty ? "none" : properties.joined(separator: ", "))")
        output.line("  axes:")
        for code in device.axes.keys.sorted() {
            guard let axis = device.axes[code] else { continue }
            let name = EvdevNames.codeName(type: EvdevCode.EventType.abs, code: code) ?? "ABS_\(code)"
            let unit: String
            switch code {
            case EvdevCode.Abs.x, EvdevCode.Abs.y: unit = axis.resolution > 0 ? "units/mm" : "(no resolution)"
            case EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY, EvdevCode.Abs.z: unit = axis.resolution > 0 ? "units/rad" : "(no resolution)"
            default: unit = axis.resolution > 0 ? "units/mm" : ""
            }
            output.line(
                "    \(name.padded(to: 14)) min \(String(axis.minimum).leftPadded(to: 6)) max \(String(axis.maximum).leftPadded(to: 6)) fuzz \(axis.fuzz) flat \(axis.flat) resolution \(axis.resolution) \(unit)")
        }
        let tools = PenTool.allCases.filter { device.has(type: EvdevCode.EventType.key, code: $0.keyCode) }
        output.line("  tools: \(tools.isEmpty ? "none declared (a pen is assumed, as libinput does)" : tools.map(\.rawValue).joined(separator: ", "))")
        let toolCodes = Set(PenTool.allCases.map(\.keyCode))
        let buttons = (device.codes[EvdevCode.EventType.key] ?? []).filter { !toolCodes.contains($0) }
            .map { EvdevNames.codeName(type: EvdevCode.EventType.key, code: $0) ?? "KEY_\($0)" }
        output.line("  buttons: \(buttons.isEmpty ? "none" : buttons.joined(separator: ", "))")
        if let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y] {
            if x.resolution > 0 && y.resolution > 0 {
                output.line("  active area: \(millimetres(x.span / Double(x.resolution))) × \(millimetres(y.span / Double(y.resolution))) mm")
            } else {
                let assumed = Double(TabletDecoderParameters.defaults.assumedResolution)
                output.line(
                    "  active area: unknown (no resolution); \(millimetres(x.span / assumed)) × \(millimetres(y.span / assumed)) mm assuming \(Int(assumed)) units/mm")
            }
        }
    }

    func millimetres(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return String(rounded)
    }
}

extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
