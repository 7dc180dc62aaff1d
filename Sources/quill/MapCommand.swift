import ArgumentParser
import Foundation
import QuillCore
import QuillInput
import QuillLayout
import QuillRender
import QuillSystem

/// `quill map`: the recorded tablet's active area on a layout's canvas.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Map a recorded tablet's active area onto a device layout's canvas: fit (default), fill or stretch, rotated for the left hand or 90°/270°.")

    @Option(help: "A recording whose device is the tablet (evemu or libinput record).")
    var tablet: String

    @Option(help: "The tablet's description (evemu .desc) for an event file without a header.")
    var tabletDevice: String?

    @Option(help: "A device id (see quill layout --list).")
    var device: String

    @Option(help: "portrait or landscape.")
    var orientation: Orientation = .landscape

    @Option(help: "full, split-2/3, split-1/2, split-1/3 or slide-over.")
    var mode: MultitaskingMode = .full

    @Option(name: [.customLong("mapping"), .customLong("fit")], help: "fit (letterbox/pillarbox, no distortion), fill (crop) or stretch (--fit is the same option).")
    var fit: TabletMapping.Mode = .fit

    @Option(help: "Rotation of the tablet: 0, 90, 180 or 270 degrees.")
    var rotation: Int = 0

    @Option(help: "The drawing hand; left turns a reversible tablet 180°.")
    var hand: DrawingHand = .right

    func run() throws {
        do {
            // The tablet sized as every command sizes it: its declared resolution, else libwacom's
            // dimensions (the 22HDT declares none).
            let replay = try SampleReplay(path: tablet, deviceFile: tabletDevice, catalog: WacomCatalog.loadIfAvailable())
            func pen() -> (name: String, mapping: TabletMapping)? {
                replay.devices.indices.lazy.compactMap { index in replay.mapping(forDevice: index).map { (replay.devices[index].name, $0) } }.first
            }
            var events: [TabletEvent] = []
            while pen() == nil, try replay.nextEvents(into: &events) { events.removeAll(keepingCapacity: true) }
            guard let (name, tabletMapping) = pen() else {
                throw RecordingError(file: tablet, line: nil, message: "no pen or puck among its devices, or its size in millimetres is unknown (no ABS_X/ABS_Y resolution, not in libwacom)")
            }
            let width = tabletMapping.areaWidth, height = tabletMapping.areaHeight
            let layout = try LayoutEnvironment(deviceID: device, orientation: orientation, mode: mode, hand: hand).layout()
            var degrees = rotation
            if hand == .left { degrees = (degrees + 180) % 360 }
            guard let turn = TabletMapping.Rotation(rawValue: degrees) else {
                throw ValidationError("--rotation must be 0, 90, 180 or 270")
            }
            let mapping = try TabletMapping(areaWidth: width, areaHeight: height, canvasRect: layout.drawableArea, mode: fit, rotation: turn)
            let corners = [TabletPoint(x: 0, y: 0), TabletPoint(x: width, y: 0), TabletPoint(x: width, y: height), TabletPoint(x: 0, y: height)]
                .map { MapRecord.XY(mapping.canvasPoint(for: $0)) }
            let record = MapRecord(
                tablet: .init(name: name, width_mm: width, height_mm: height), device: device, orientation: orientation.rawValue,
                mode: mode.rawValue, fit: fit.rawValue, rotation: degrees, canvas: .init(layout.drawableArea), mapped_area: .init(mapping.mappedArea),
                points_per_mm: .init(x: mapping.horizontalPointsPerMillimetre, y: mapping.verticalPointsPerMillimetre), corners: corners)
            print(JSONLineEncoder().line(record))
        } catch let error as LayoutError {
            Console.error(error)
            throw ExitCode.failure
        } catch let error as RecordingError {
            Console.error(error)
            throw ExitCode.failure
        } catch let error as ParameterError {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}

/// The JSON row of `quill map`.
struct MapRecord: Encodable {
    struct Tablet: Encodable {
        var name: String
        var width_mm: Double
        var height_mm: Double
    }
    struct XY: Encodable {
        var x: Double
        var y: Double
        init(x: Double, y: Double) { self.x = x; self.y = y }
        init(_ point: Point) { self.init(x: point.x, y: point.y) }
    }
    struct Box: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        init(_ rect: Rect) { x = rect.x; y = rect.y; width = rect.width; height = rect.height }
    }
    var tablet: Tablet
    var device: String
    var orientation: String
    var mode: String
    var fit: String
    var rotation: Int
    var canvas: Box
    var mapped_area: Box
    var points_per_mm: XY
    var corners: [XY]
}
