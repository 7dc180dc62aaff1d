import ArgumentParser
import Foundation
import QuillCore
import QuillDevices
import QuillSystem

/// `quill devices`: the pen tablets this machine has.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the tablets under /dev/input, one group per physical tablet: each node's class (pen, pad, touchscreen), size, axes, tools, pad buttons and libwacom's data.")

    @Option(help: "Directory of event nodes.")
    var directory: String = "/dev/input"

    func run() throws {
        let nodes = EvdevNode.eventNodes(in: directory)
        let catalog = WacomCatalog.loadIfAvailable()
        var found: [(path: String, device: DeviceDescription, deviceClass: DeviceClass)] = []
        var denied: [EvdevNodeError] = []
        for path in nodes {
            do {
                let node = try EvdevNode(path: path)
                let deviceClass = TabletFinder.deviceClass(of: node)
                guard deviceClass != .other else { continue }
                found.append((path, node.description, deviceClass))
            } catch let error as EvdevNodeError {
                if error.isPermissionDenied { denied.append(error) }
            }
        }
        // Nodes of one physical tablet (pen, pad, touch) form one group, as libinput's device group.
        for (number, group) in TabletGroup.group(found.map(\.device), paired: { catalog?.tablet(for: $0)?.paired }).enumerated() {
            let first = found[group.members[0]].device
            print("tablet group \(number + 1): \(group.name) (usb \(ModelID(first).text))")
            for member in group.members { describe(found[member].device, path: found[member].path, deviceClass: found[member].deviceClass, catalog: catalog) }
        }
        if found.isEmpty {
            if let first = denied.first {
                Console.error("\(denied.count) input device(s) could not be opened. \(first)")
                throw ExitCode(2)
            }
            print(nodes.isEmpty ? "no input devices on this machine (\(directory) has no event nodes): no pen tablet found" : "no pen tablet found among \(nodes.count) input devices")
        }
    }

    func describe(_ device: DeviceDescription, path: String, deviceClass: DeviceClass, catalog: WacomCatalog?) {
        print("  \(path): \"\(device.name)\" usb \(ModelID(device).text) — \(deviceClass.description)")
        switch deviceClass {
        case .pen:
            if let x = device.axes[EvdevCode.Abs.x], let y = device.axes[EvdevCode.Abs.y], x.resolution > 0, y.resolution > 0 {
                print(String(format: "    size: %.1f × %.1f mm", x.span / Double(x.resolution), y.span / Double(y.resolution)))
            } else if let area = catalog?.activeArea(of: device) {
                print(String(format: "    size: %.1f × %.1f mm (no resolution declared: from libwacom; libinput ignores such devices)", area.width, area.height))
            } else {
                print("    size: unknown (no resolution; libinput ignores such devices)")
            }
            let axes = device.axes.keys.sorted().compactMap { EvdevNames.codeName(type: EvdevCode.EventType.abs, code: $0) }
            print("    axes: \(axes.joined(separator: ", "))")
            let tools = PenTool.allCases.filter { device.has(type: EvdevCode.EventType.key, code: $0.keyCode) }.map(\.rawValue)
            print("    tools: \(tools.isEmpty ? "none declared (pen assumed)" : tools.joined(separator: ", "))")
            printLibwacom(device, database: catalog?.database)
        case .pad:
            let layout = catalog?.padLayout(of: device) ?? PadLayout(kernelCapabilitiesOf: device)
            print("    pad: \(layout.buttonCodes.count) buttons, \(layout.ringCount) ring(s), \(layout.stripCount) strip(s), \(layout.modeGroups.count) mode group(s)")
            if let pad = catalog?.tablet(for: device)?.pad {
                let buttons = pad.buttons.map { button in
                    "\(button.label)\(button.position.map { " \($0)" } ?? "")\(button.togglesModeOf.map { " (mode toggle: \($0.rawValue))" } ?? "")"
                }
                print("    buttons (libwacom): \(buttons.joined(separator: ", "))")
            }
        case .touchscreen, .touchpad, .other:
            print("    finger touches: not read by Quill (never pen samples)")
        }
    }
}

extension Devices {
    /// What libwacom's database says about the tablet: model, left-handed use, pad buttons, styli.
    func printLibwacom(_ device: DeviceDescription, database: WacomDatabase?) {
        guard let database else {
            print("  libwacom: its database could not be loaded (install libwacom-common)")
            return
        }
        guard let tablet = database.tablet(for: device) else {
            print("  libwacom: not in libwacom's database (\(ModelID(device).text))")
            return
        }
        let kind = tablet.isDisplayIntegrated ? "screen tablet" : tablet.isSystemIntegrated ? "built-in tablet" : "external tablet"
        print("  libwacom: \"\(tablet.name)\"\(tablet.modelName.map { " (\($0))" } ?? ""), \(kind), \(tablet.widthInches) × \(tablet.heightInches) in")
        print("  left-handed: \(tablet.isReversible ? "reversible (quill live --left-handed turns it 180°)" : "not reversible")")
        print("  pad buttons: \(tablet.padButtons)")
        print("  styli: \(tablet.styli.count)")
        let erasers = Set(tablet.styli.filter(\.isEraser).map(\.id))
        func hex(_ id: Int) -> String { String(format: "0x%05x", id) }
        for stylus in tablet.styli {
            let role: String
            if stylus.isEraser {
                role = "eraser end" + (stylus.pairedIds.first.map { " of \(hex($0))" } ?? "")
            } else if let eraser = stylus.pairedIds.first(where: erasers.contains) {
                role = "eraser: other end, \(hex(eraser))"
            } else {
                role = stylus.eraserType == .none || stylus.eraserType == .unknown ? "no eraser" : "eraser: \(stylus.eraserType.rawValue)"
            }
            print("    \(hex(stylus.id)) \"\(stylus.name)\", \(stylus.buttons) button\(stylus.buttons == 1 ? "" : "s"), \(role)")
        }
    }
}
