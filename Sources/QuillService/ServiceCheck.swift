import QuillCore
import QuillGestures
import QuillSystem

#if canImport(Glibc)
import Glibc
#endif

/// What `quill service --check` says: whether this machine lets the service run (uinput, the
/// input group, the tablets) and what each of the person's bindings does in every app.
public enum ServiceCheck {
    /// One finding: what was checked, whether it is ready, and what to do when it is not.
    public struct Finding: Hashable, Sendable, Encodable {
        public var check: String
        public var ok: Bool
        public var detail: String
    }

    /// The machine's readiness: `/dev/uinput` (the module, access), the input group, the tablets' nodes.
    public static func machine(uinput: String = "/dev/uinput", inputDirectory: String = "/dev/input", moduleDirectory: String = "/sys/module/uinput") -> [Finding] {
        var findings: [Finding] = []
        let hasNode = access(uinput, F_OK) == 0
        let hasModule = access(moduleDirectory, F_OK) == 0
        findings.append(Finding(
            check: "uinput module", ok: hasNode || hasModule,
            detail: hasNode || hasModule ? "loaded (\(uinput) exists)" : "\(uinput) is missing: sudo modprobe uinput (Tools/ship/install --uinput-access loads it at every boot)"))
        let writable = hasNode && access(uinput, W_OK) == 0
        findings.append(Finding(
            check: "access to \(uinput)", ok: writable,
            detail: writable ? "this user can create virtual devices"
                : hasNode ? "this user cannot open it for writing: sudo Tools/ship/install --uinput-access, then sudo udevadm control --reload && sudo udevadm trigger \(uinput) (the person at the seat gets access)"
                : "no \(uinput) to open"))
        let inGroup = isMember(of: "input")
        let nodes = EvdevNode.eventNodes(in: inputDirectory)
        let readable = nodes.filter { access($0, R_OK) == 0 }
        findings.append(Finding(
            check: "input group", ok: inGroup || (!nodes.isEmpty && readable.count == nodes.count),
            detail: inGroup ? "this user is in the input group" : "not a member: sudo usermod -aG input $USER, then log in again (reading tablets' nodes needs it)"))
        findings.append(Finding(
            check: "event nodes", ok: !readable.isEmpty,
            detail: nodes.isEmpty ? "no \(inputDirectory)/event* nodes on this machine" : "\(readable.count) of \(nodes.count) readable"))
        return findings
    }

    /// What each binding does in every app, one line each.
    public static func bindings(_ preferences: PencilPreferences, parameters: DoubleTapParameters = .defaults) -> [String] {
        func effect(_ action: PreferredAction) -> String {
            switch action {
            case .ignore: return "nothing: the button passes through to apps untouched, every press"
            case .switchEraser: return "the pen end becomes the eraser in every app (the virtual pen leaves and returns as BTN_TOOL_RUBBER); the next one brings the pen back"
            case .switchPrevious: return "switches between the pen and the eraser (the two tool types a tablet gives apps), as switchEraser"
            case .showColorPalette, .showInkAttributes, .showContextualPalette, .runSystemShortcut:
                guard let chord = preferences.keyChords[action.name] else {
                    return "nothing is sent and the button reaches apps as it is: apps show their own palettes, so bind a key chord (quill preferences set keyChord.\(action.name) ctrl+shift+p)"
                }
                return "sends \(chord) through the virtual keyboard"
            }
        }
        var lines = [
            "double tap (two quick presses of \(parameters.source.rawValue)): \(preferences.preferredTapAction.name) → \(effect(preferences.preferredTapAction))",
            "squeeze (hold \(parameters.squeezeSource.rawValue) \(parameters.squeezeHold) s; a shorter press passes through): \(preferences.preferredSqueezeAction.name) → \(effect(preferences.preferredSqueezeAction))",
        ]
        for (number, binding) in preferences.padButtons.sorted(by: { $0.key < $1.key }) {
            let does: String
            switch binding {
            case .doubleTap: does = "acts as the double tap: " + effect(preferences.preferredTapAction)
            case .squeeze: does = "acts as the squeeze: " + effect(preferences.preferredSqueezeAction)
            case .action(let action): does = effect(action)
            }
            let held = VirtualTablet.acts(binding, preferences: preferences) ? "held back from apps" : "passes through"
            lines.append("pad button \(number) (\(held)): \(binding.name) → \(does)")
        }
        if preferences.padDialControlsWidth {
            let up = preferences.keyChords["widthUp"].map { "\($0)" } ?? "nothing (bind keyChord.widthUp)"
            let down = preferences.keyChords["widthDown"].map { "\($0)" } ?? "nothing (bind keyChord.widthDown)"
            let held = preferences.keyChords["widthUp"] != nil || preferences.keyChords["widthDown"] != nil ? "held back from apps" : "passing through"
            lines.append("rings and strips (\(held)) set the width: each step up sends \(up), each step down \(down)")
        }
        if !preferences.puckButtons.isEmpty {
            lines.append("puck buttons: their bindings act, and the buttons still reach apps (a puck's are not held back)")
        }
        for (source, action) in preferences.penButtons.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let does: String
            switch action {
            case .scroll: does = "held and moved while hovering, scrolls (the wheels of a virtual pointer, \(RelayOptions().scroll.millimetresPerClick.formatted) mm a click); never reaches apps as a button"
            case .clickWhileTouching: does = "reaches apps only while the tip touches"
            case .pan: does = "reaches apps as BTN_STYLUS, the middle button for the desktop: held and moved, it pans in drawing apps"
            }
            let gesture = source == parameters.source ? " (so it is no longer the double tap's)" : source == parameters.squeezeSource ? " (so it is no longer the squeeze's)" : ""
            lines.append("\(PenButtonAction.name(of: source)) \(action.rawValue): \(does)\(gesture)")
        }
        for (model, area) in preferences.tabletAreas.sorted(by: { ($0.key?.text ?? "*") < ($1.key?.text ?? "*") }) {
            let used = area.area.map { "\($0.width.formatted) × \($0.height.formatted) mm from (\($0.x.formatted), \($0.y.formatted)) mm" } ?? "the whole tablet"
            let screen = area.screen.map { "the screen part at (\($0.x.formatted), \($0.y.formatted)), \($0.width.formatted) × \($0.height.formatted) of it" } ?? "the whole screen"
            let extras = (area.keepsProportions ? ", proportions kept" : "") + (area.isLeftHanded ? ", turned for a left hand" : "")
            lines.append("area of \(model?.text ?? "every tablet"): \(used) on \(screen)\(extras)")
        }
        for (scope, pressure) in preferences.penPressure.sorted(by: { $0.key.description < $1.key.description }) {
            let threshold = pressure.tipThreshold.map { "the tip touches from \($0.formatted) % of the pressure range" } ?? "the tablet's own tip contact"
            let curve = pressure.curve.isLinear ? "linear" : "curve \(pressure.curve.controlPoints.map(\.formatted).joined(separator: ","))"
            lines.append("pressure of \(scope): \(threshold), \(curve)")
        }
        return lines
    }

    /// True when the process is in the group `name`.
    static func isMember(of name: String) -> Bool {
        guard let group = getgrnam(name) else { return false }
        let id = group.pointee.gr_gid
        if getegid() == id { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        return getgroups(count, &groups) > 0 && groups.contains(id)
    }
}

extension Double {
    /// The number as a person writes it: `8`, not `8.0`.
    fileprivate var formatted: String { rounded() == self && abs(self) < 1e9 ? String(Int(self)) : String(self) }
}
