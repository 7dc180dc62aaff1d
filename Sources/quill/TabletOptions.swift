import ArgumentParser
import QuillCore
import QuillInput

/// How the tablet maps onto the canvas: shared by the replay commands and `quill live`.
struct TabletOptions: ParsableArguments {
    @Option(help: "Canvas size in points, WIDTHxHEIGHT; the tablet area is placed on it by --mapping.")
    var canvas: String = "1366x1024"

    @Option(help: "How the tablet's area is placed on the canvas: fit (whole, undistorted, centred), fill (covering it, cropped) or stretch (corner to corner).")
    var mapping: TabletMapping.Mode = .fit

    @Flag(help: "Left-handed use: the tablet turned 180° (x and y mirrored, tilt negated), as libinput's left-handed mode. For reversible tablets (quill devices says which).")
    var leftHanded = false

    @Option(help: "Screen-tablet calibration a,b,c,d,e,f (libinput's matrix over positions normalized to 0…1), e.g. 1,0,0,0,1,0.")
    var calibration: String?

    @Option(help: "Pressure curve x1,y1,x2,y2: a Bézier from (0,0) to (100,100) in percent, as GNOME's and the Wacom driver's setting; e.g. 0,50,50,100 is softer. Default linear.")
    var pressureCurve: String?

    func parameters() throws -> TabletDecoderParameters {
        try TabletDecoderParameters(
            canvas: CanvasSize(parsing: canvas), isLeftHanded: leftHanded,
            calibration: calibration.map(CalibrationMatrix.init(parsing:)) ?? .identity,
            pressureCurve: pressureCurve.map(PressureCurve.init(parsing:)) ?? .linear, mappingMode: mapping)
    }

    func validate() throws {
        do { _ = try parameters() } catch { throw ValidationError("\(error)") }
    }
}
