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
            let catalog = WacomCatalog.loadIfAvailable()
            var pens: [(DeviceDescription, TabletMapping)] = []
            while let item = try reader.next() {
                guard case let .device(index, device) = item else { continue }
                describe(device, index: index, catalog: catalog, pens: pens, into: output)
                if device.deviceClass == .pen, let decoder = try? TabletDecoder(device: device, area: catalog?.activeArea(of: device)) {
                    pens.append((device, decoder.mapping))
                }
            }
        } catch let error as RecordingError {
            output.flush()
            Console.error(error)
            throw ExitCode.failure
        }
    }

    func describe(_ device: DeviceDescription, index: Int, catalog: WacomCatalog?, pens: [(DeviceDescription, TabletMapping)], into output: TextOutput) {
        func hex(_ value: UInt16) -> String { "0x" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count)) + String(value, radix: 16) }
        output.line("device \(index): \"\(device.name)\"")
        let deviceClass = device.deviceClass
        let classNote: String
        switch deviceClass {
        case .pen: classNote = "gives pen samples"
        case .pad: classNote = "gives pad events (quill pad), never pen samples"
        case .touchscreen, .touchpad: classNote = "finger touches: gives no pen samples"
        case .other: classNote = "not a tablet: gives nothing"
        }
        output.line("  class: \(deviceClass.rawValue) — \(classNote)")
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
            case EvdevCode.Abs.tiltX, EvdevCode.Abs.tiltY, EvdevCode.Abs.z, EvdevCode.Abs.rz:
                unit = axis.resolution > 0 ? "units/rad" : "(no resolution)"
            default: unit = axis.resolution > 0 ? "units/mm" : ""
            }
            output.line(
                "    \(name.padded(to: 14)) min \(String(axis.minimum).leftPadded(to: 6)) max \(String(axis.maximum).leftPadded(to: 6)) fuzz \(axis.fuzz) flat \(axis.flat) resolution \(axis.resolution) \(unit)")
        }
        let tools = PenTool.allCases.filter { device.has(type: EvdevCode.EventType.key, code: $0.keyCode) }
        if deviceClass == .pen {
            output.line("  tools: \(tools.isEmpty ? "none declared (a pen is assumed, as libinput does)" : tools.map(\.rawValue).joined(separator: ", "))")
        }
        let toolCodes = Set(PenTool.allCases.map(\.keyCode))
        let buttons = (device.codes[EvdevCode.EventType.key] ?? []).filter { !toolCodes.contains($0) }
            .map { EvdevNames.codeName(type: EvdevCode.EventType.key, code: $0) ?? "KEY_\($0)" }
        output.line("  buttons: \(buttons.isEmpty ? "none" : buttons.joined(separator: ", "))")
        if deviceClass == .touchscreen || deviceClass == .touchpad {
            describeTouchSurface(device, catalog: catalog, pens: pens, into: output)
        } else if let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y] {
            if x.resolution > 0 && y.resolution > 0 {
                output.line("  active area: \(millimetres(x.span / Double(x.resolution))) × \(millimetres(y.span / Double(y.resolution))) mm")
            } else if deviceClass == .pen, let area = catalog?.activeArea(of: device) {
                output.line("  active area: \(millimetres(area.width)) × \(millimetres(area.height)) mm (no resolution declared: size from \(area.source))")
            } else if deviceClass == .pen {
                let assumed = Double(TabletDecoderParameters.defaults.assumedResolution)
                output.line(
                    "  active area: unknown (no resolution, and libwacom does not know the model); \(millimetres(x.span / assumed)) × \(millimetres(y.span / assumed)) mm assuming \(Int(assumed)) units/mm")
            }
        }
        if deviceClass == .pad {
            let layout = catalog?.padLayout(of: device) ?? PadLayout(kernelCapabilitiesOf: device)
            let names = layout.buttonCodes.enumerated().map { "\($0.offset)=\(EvdevNames.codeName(type: EvdevCode.EventType.key, code: $0.element) ?? "KEY_\($0.element)")" }
            output.line("  pad: \(layout.buttonCodes.count) buttons (\(names.joined(separator: ", "))), \(layout.ringCount) ring(s), \(layout.stripCount) strip(s)")
            for (number, group) in layout.modeGroups.enumerated() {
                let toggles = group.toggleButtons.isEmpty ? "no mode toggle" : "toggled by button \(group.toggleButtons.sorted().map(String.init).joined(separator: ", "))"
                output.line(
                    "  mode group \(number): \(group.modeCount) mode(s), \(toggles); buttons \(group.buttons.sorted().map(String.init).joined(separator: ",")); rings \(group.rings.sorted()); strips \(group.strips.sorted())")
            }
        }
    }

    /// A touch node: its slots or protocol A, its size and where the millimetres come from, the
    /// pen it pairs with for palm rejection.
    func describeTouchSurface(_ device: DeviceDescription, catalog: WacomCatalog?, pens: [(DeviceDescription, TabletMapping)], into output: TextOutput) {
        let area = TouchDecoder.surfaceArea(of: device, pens: pens, catalog: catalog)
        guard let decoder = try? TouchDecoder(device: device, area: area) else {
            output.line("  touch surface: no ABS_MT_POSITION_X/Y with a range: gives no touches")
            return
        }
        let protocolText = decoder.usesSlots
            ? "multitouch protocol B, \((device.axes[EvdevCode.Abs.mtSlot]?.maximum ?? 0) + 1) slots"
            : "multitouch protocol A (SYN_MT_REPORT): contacts tracked by nearest position"
        output.line("  touch surface: \(decoder.isDirect ? "direct (a touchscreen)" : "indirect (a touchpad)"), \(protocolText)")
        let mapping = decoder.mapping
        output.line("  touch area: \(millimetres(mapping.areaWidth)) × \(millimetres(mapping.areaHeight)) mm (\(decoder.scale.description))")
        if let pen = pens.last(where: { TabletGroupRule.pairs(pen: $0.0, touch: device, catalog: catalog, isOnlyPair: false) }), TabletGroupRule.arbitrates(device) {
            output.line("  palm rejection: paired with \"\(pen.0.name)\" (libinput's touch arbitration)")
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
