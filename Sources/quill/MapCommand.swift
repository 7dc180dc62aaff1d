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

    @Argument(help: "A recording whose device is the tablet: evemu (.events, .evemu) or libinput record YAML (.yml).")
    var file: String?

    @Option(help: "The recording, as the argument (the argument is the usual way).")
    var tablet: String?

    @Option(
        name: .customLong("device"),
        help: "The tablet's device description (an evemu .desc file) for an event file without a header; by default the .desc beside it of its name.")
    var deviceFile: String?

    /// `--tablet-device`, the older name of `--device` here.
    @Option(name: .customLong("tablet-device"), help: .hidden)
    var tabletDevice: String?

    @Option(help: "The iPad or iPhone model whose canvas the tablet maps onto, e.g. ipad-pro-11 (quill layout --list names them).")
    var model: String?

    @Option(help: "portrait or landscape.")
    var orientation: Orientation = .landscape

    @Option(help: "full, split-2/3, split-1/2, split-1/3 or slide-over.")
    var mode: MultitaskingMode = .full

    @Option(help: "fit (the default: letterbox/pillarbox, no distortion), fill (crop) or stretch.")
    var mapping: TabletMapping.Mode?

    /// `--fit`, the older name of `--mapping` here.
    @Option(name: .customLong("fit"), help: .hidden)
    var fit: TabletMapping.Mode?

    @Option(help: "Rotation of the tablet: 0, 90, 180 or 270 degrees.")
    var rotation: Int = 0

    @Option(help: "The drawing hand; left turns a reversible tablet 180°.")
    var hand: DrawingHand = .right

    /// The recording: the argument or `--tablet`.
    var recording: String { file ?? tablet ?? "" }

    /// The description: `--device` or `--tablet-device`.
    var descriptionFile: String? { deviceFile ?? tabletDevice }

    /// The rotation with the hand's: a left hand turns the tablet 180°.
    var turn: TabletMapping.Rotation? { TabletMapping.Rotation(rawValue: ((hand == .left ? rotation + 180 : rotation) % 360 + 360) % 360) }

    func validate() throws {
        if let deviceFile, DeviceCatalog.all.contains(where: { $0.id == deviceFile }) { throw DeviceOption.modelError(deviceFile) }
        if file != nil, tablet != nil { throw ValidationError("--tablet \(tablet ?? ""): the recording is given twice (as the argument and --tablet): give it once") }
        guard file != nil || tablet != nil else { throw ValidationError("give the tablet's recording: quill map FILE --model ID") }
        if deviceFile != nil, tabletDevice != nil { throw ValidationError("--tablet-device is the older name of --device: give one") }
        if mapping != nil, fit != nil { throw ValidationError("--fit is the older name of --mapping: give one") }
        if let descriptionFile { try DeviceOption.validateDescription(descriptionFile, option: deviceFile != nil ? "--device" : "--tablet-device") }
        guard let model else { throw ValidationError("give --model ID, the iPad or iPhone model (quill layout --list names them)") }
        guard [0, 90, 180, 270].contains(rotation), turn != nil else { throw ValidationError("--rotation \(rotation): expected 0, 90, 180 or 270 (degrees)") }
        do {
            _ = try LayoutEnvironment(deviceID: model, orientation: orientation, mode: mode, hand: hand).layout()
        } catch let error as LayoutError {
            throw error.usageError()
        }
    }

    func run() throws {
        let areaMode = mapping ?? fit ?? .fit
        do {
            // The tablet sized as every command sizes it: its declared resolution, else libwacom's
            // dimensions (the 22HDT declares none).
            let replay = try SampleReplay(path: recording, deviceFile: descriptionFile, catalog: WacomCatalog.loadIfAvailable())
            func pen() -> (name: String, mapping: TabletMapping)? {
                replay.devices.indices.lazy.compactMap { index in replay.mapping(forDevice: index).map { (replay.devices[index].name, $0) } }.first
            }
            var events: [TabletEvent] = []
            while pen() == nil, try replay.nextEvents(into: &events) { events.removeAll(keepingCapacity: true) }
            guard let (name, tabletMapping) = pen() else {
                throw RecordingError(file: recording, line: nil, message: "no pen or puck among its devices, or its size in millimetres is unknown (no ABS_X/ABS_Y resolution, not in libwacom)")
            }
            let width = tabletMapping.areaWidth, height = tabletMapping.areaHeight
            let model = self.model ?? ""
            let layout = try LayoutEnvironment(deviceID: model, orientation: orientation, mode: mode, hand: hand).layout()
            guard let turn else { throw ValidationError("--rotation \(rotation): expected 0, 90, 180 or 270 (degrees)") }
            let mapping = try TabletMapping(areaWidth: width, areaHeight: height, canvasRect: layout.drawableArea, mode: areaMode, rotation: turn)
            let corners = [TabletPoint(x: 0, y: 0), TabletPoint(x: width, y: 0), TabletPoint(x: width, y: height), TabletPoint(x: 0, y: height)]
                .map { MapRecord.XY(mapping.canvasPoint(for: $0)) }
            let record = MapRecord(
                tablet: .init(name: name, width_mm: width, height_mm: height), device: model, orientation: orientation.rawValue,
                mode: mode.rawValue, fit: areaMode.rawValue, rotation: turn.rawValue, canvas: .init(layout.drawableArea), mapped_area: .init(mapping.mappedArea),
                points_per_mm: .init(x: mapping.horizontalPointsPerMillimetre, y: mapping.verticalPointsPerMillimetre), corners: corners)
            print(JSONLineEncoder().line(record))
        } catch let error as RecordingError {
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
