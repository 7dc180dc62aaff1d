import ArgumentParser
import Foundation
import QuillCore
import QuillInput
import QuillLayout
import QuillRender

extension Orientation: ExpressibleByArgument {}
extension MultitaskingMode: ExpressibleByArgument {}
extension TextSize: ExpressibleByArgument {}
extension DrawingHand: ExpressibleByArgument {}
extension PalettePreference: ExpressibleByArgument {}
extension TabletMapping.Mode: ExpressibleByArgument {}

/// `quill layout`: size classes, safe areas and the placement of canvas and palette.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Place the canvas and tool palette for a device of the Human Interface Guidelines, or any window; print JSON or draw every placement.")

    @Option(help: "The iPad or iPhone model, e.g. ipad-pro-11 (--list names them).")
    var model: String?

    /// Not an option of this command: `--device` is a device description everywhere; here it
    /// is a usage error that says to use `--model`.
    @Option(help: .hidden)
    var device: String?

    @Option(help: "portrait or landscape.")
    var orientation: Orientation = .landscape

    @Option(help: "full, split-2/3, split-1/2, split-1/3 or slide-over.")
    var mode: MultitaskingMode = .full

    @Option(help: "Text size: xSmall … xxxLarge, accessibility1 … accessibility5 (default large).")
    var textSize: TextSize = .default

    @Option(help: "The drawing hand: left or right.")
    var hand: DrawingHand = .right

    @Option(help: "docked, floating or auto (floating in regular width, docked in compact).")
    var palette: PalettePreference = .auto

    @Option(help: "Any window instead of a device: WIDTHxHEIGHT in points.")
    var window: String?

    @Option(help: "Pixels per point for --window.")
    var scale: Double = 1

    @Flag(help: "List the device ids.")
    var list = false

    @Flag(help: "Write every device × orientation × mode: DIR/layouts.json and a picture of each.")
    var all = false

    @Option(name: .shortAndLong, help: "The directory for --all (created when missing).")
    var output: String?

    @Option(help: "Picture format for --all: png or svg.")
    var format: String = "png"

    func validate() throws {
        if let device { throw DeviceOption.modelError(device) }
        guard format == "png" || format == "svg" else { throw ValidationError("--format \(format): expected png or svg") }
        if all, output == nil { throw ValidationError("--all needs --output DIR") }
        // Checked here, while the command is parsed, so that a bad value is a usage error with
        // this command's usage line.
        if !list, !all { _ = try layout() }
    }

    func run() throws {
        if list {
            for device in DeviceCatalog.all { print("\(device.id)\t\(device.name)") }
            return
        }
        if all { return try writeAll() }
        print(try layout().jsonText())
    }

    /// The layout of `--window` or `--model`; a bad value is a usage error naming the option.
    func layout() throws -> Layout {
        do {
            if let window {
                let size: CanvasSize
                do {
                    size = try CanvasSize(parsing: window)
                } catch let error as ParameterError {
                    let expected = error.field == "canvas" ? error.expected : "WIDTHxHEIGHT, each \(error.expected)"
                    throw ValidationError("--window \(window): expected \(expected)")
                }
                return try Layout(windowWidth: size.width, height: size.height, scale: scale, textSize: textSize, hand: hand, palette: palette)
            }
            guard let model else { throw ValidationError("give --model ID (--list names them), --window WIDTHxHEIGHT or --all") }
            return try LayoutEnvironment(deviceID: model, orientation: orientation, mode: mode, textSize: textSize, hand: hand, palette: palette).layout()
        } catch let error as LayoutError {
            throw error.usageError(window: window)
        }
    }

    func writeAll() throws {
        guard let output else { throw ValidationError("--all needs --output DIR") }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var objects: [String] = []
        var pictures = 0
        for device in DeviceCatalog.all {
            for orientation in Orientation.allCases {
                for mode in MultitaskingMode.allCases {
                    guard let layout = try? LayoutEnvironment(deviceID: device.id, orientation: orientation, mode: mode, textSize: textSize, hand: hand, palette: palette).layout() else { continue }
                    objects.append(layout.jsonText())
                    let name = "\(device.id)-\(orientation.rawValue)-\(mode.rawValue.replacingOccurrences(of: "/", with: "-")).\(format)"
                    try LayoutPicture.render(layout, title: "\(device.name) — \(orientation.rawValue), \(mode.rawValue)", to: "\(output)/\(name)")
                    pictures += 1
                }
            }
        }
        try ("[\n" + objects.joined(separator: ",\n") + "\n]\n").write(toFile: "\(output)/layouts.json", atomically: true, encoding: .utf8)
        print("wrote \(output)/layouts.json (\(objects.count) layouts) and \(pictures) pictures")
    }
}

extension LayoutError {
    /// This error as a usage error (exit 64) in the words of `quill layout` and `quill map`: the
    /// option that gave the value (`--model`, `--mode`, `--window`, `--scale`), the value, why
    /// and what is allowed.
    func usageError(window: String? = nil) -> ValidationError {
        let option: String
        var given = value
        switch field {
        case "device": option = "--model"
        case "mode": option = "--mode"
        case "windowWidth", "height":
            option = "--window"
            given = window ?? value
        case "scale": option = "--scale"
        default: option = field
        }
        return ValidationError("\(option) \(given): \(reason) (allowed: \(allowed))")
    }
}
