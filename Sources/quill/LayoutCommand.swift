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

    @Option(help: "A device id (see --list).")
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

    @Option(name: .shortAndLong, help: "The directory for --all.")
    var output: String?

    @Option(help: "Picture format for --all: png or svg.")
    var format: String = "png"

    func run() throws {
        do {
            if list {
                for device in DeviceCatalog.all { print("\(device.id)\t\(device.name)") }
                return
            }
            if all { return try writeAll() }
            let layout: Layout
            if let window {
                let size = try CanvasSize(parsing: window)
                layout = try Layout(windowWidth: size.width, height: size.height, scale: scale, textSize: textSize, hand: hand, palette: palette)
            } else {
                guard let device else { throw ValidationError("give --device ID (see --list), --window WxH or --all") }
                layout = try LayoutEnvironment(deviceID: device, orientation: orientation, mode: mode, textSize: textSize, hand: hand, palette: palette).layout()
            }
            print(layout.jsonText())
        } catch let error as LayoutError {
            Console.error(error)
            throw ExitCode.failure
        } catch let error as ParameterError {
            Console.error(error)
            throw ExitCode.failure
        }
    }

    func writeAll() throws {
        guard let output else { throw ValidationError("--all needs -o DIR") }
        guard format == "png" || format == "svg" else { throw ValidationError("--format must be png or svg") }
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
