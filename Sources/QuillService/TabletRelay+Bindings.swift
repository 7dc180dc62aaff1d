import QuillCore
import QuillGestures

extension TabletRelay {
    /// What the preferences make of this tablet's buttons, pressure and positions, derived once
    /// (at the start, and when the person's preferences change).
    struct Bindings {
        /// The preferences the session acts on: a barrel button bound in penButtons is not the
        /// double tap's or the squeeze's.
        var sessionPreferences: PencilPreferences
        var tapCode: UInt16?
        var squeezeCode: UInt16?
        var chords: [String: KeyChord]
        var pressures: [PenPressure]
        var pressureAxis: AxisInfo?
        var areaMapping: TabletAreaMapping?
        var scrollCode: UInt16?
        var clickWhileTouchingCodes: [UInt16]
        var panCodes: [UInt16]

        init(device: DeviceDescription, preferences person: PencilPreferences, parameters: DoubleTapParameters, options: RelayOptions, unitsPerMillimetre: (x: Double, y: Double)) throws {
            // The person's area on the positions (this model's settings, else every tablet's).
            areaMapping = try (person.tabletAreas[ModelID(device)] ?? person.tabletAreas[ModelID?.none]).map {
                try TabletAreaMapping(settings: $0, xAxis: device.axes[EvdevCode.Abs.x]!, yAxis: device.axes[EvdevCode.Abs.y]!, unitsPerMillimetre: unitsPerMillimetre)
            }
            var preferences = person
            if person.penButtons[parameters.source] != nil { preferences.preferredTapAction = .ignore }
            if person.penButtons[parameters.squeezeSource] != nil { preferences.preferredSqueezeAction = .ignore }
            sessionPreferences = preferences
            scrollCode = preferences.penButtons.filter { $0.value == .scroll }.map(\.key).sorted { $0.rawValue < $1.rawValue }.first.flatMap(TabletRelay.code(of:))
            clickWhileTouchingCodes = preferences.penButtons.filter { $0.value == .clickWhileTouching }.compactMap { TabletRelay.code(of: $0.key) }
            panCodes = preferences.penButtons.filter { $0.value == .pan }.compactMap { TabletRelay.code(of: $0.key) }.sorted()
            // A button is held back only when its action does something here: a palette action with
            // no chord bound would swallow the button (an app's own use of it, e.g. panning) for nothing.
            tapCode = VirtualTablet.acts(preferences.preferredTapAction, chords: preferences.keyChords) ? TabletRelay.code(of: parameters.source) : nil
            squeezeCode = VirtualTablet.acts(preferences.preferredSqueezeAction, chords: preferences.keyChords) ? TabletRelay.code(of: parameters.squeezeSource) : nil
            chords = preferences.keyChords
            // Each tool's settings: the preferences' for this model and tool, the curve of the
            // options in place of theirs.
            pressures = PenPressureScope.tools.map { tool in
                let settings = preferences.pressure(of: ModelID(device), tool: tool)
                guard let curve = options.pressureCurve else { return settings }
                return (try? PenPressure(curve: curve, tipThreshold: settings.tipThreshold)) ?? settings
            }
            pressureAxis = pressures.contains { !$0.isUnchanged } ? device.axes[EvdevCode.Abs.pressure].flatMap { $0.span > 0 ? $0 : nil } : nil
        }
    }
}
