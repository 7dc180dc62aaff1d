/// The controls of one pad and how they are grouped into modes, as libinput 1.22 sets them up:
/// buttons numbered from the kernel codes, rings and strips from the axes, and mode groups
/// either from libwacom (one group per ring or strip, with its mode-toggle buttons and as many
/// modes as it has LEDs) or one fallback group holding everything with a single mode.
public struct PadLayout: Hashable, Sendable {
    /// A set of controls that share a mode; a mode-toggle button cycles it.
    public struct ModeGroup: Hashable, Sendable {
        /// Buttons (libinput numbers) of this group.
        public var buttons: Set<Int>
        /// Rings (0, 1) of this group.
        public var rings: Set<Int>
        /// Strips (0, 1) of this group.
        public var strips: Set<Int>
        /// Buttons that switch this group to its next mode when pressed.
        public var toggleButtons: Set<Int>
        /// How many modes the group cycles through (≥ 1).
        public var modeCount: Int

        /// Throws ``ParameterError`` when `modeCount` < 1 or a toggle button is not among `buttons`.
        public init(buttons: Set<Int>, rings: Set<Int> = [], strips: Set<Int> = [], toggleButtons: Set<Int> = [], modeCount: Int = 1) throws {
            guard modeCount >= 1 else {
                throw ParameterError(field: "PadLayout.ModeGroup.modeCount", value: "\(modeCount)", expected: "at least 1 mode")
            }
            guard toggleButtons.isSubset(of: buttons) else {
                throw ParameterError(
                    field: "PadLayout.ModeGroup.toggleButtons", value: "\(toggleButtons.sorted())", expected: "buttons of the group \(buttons.sorted())")
            }
            self.buttons = buttons
            self.rings = rings
            self.strips = strips
            self.toggleButtons = toggleButtons
            self.modeCount = modeCount
        }
    }

    /// The evdev key code of each pad button, in libinput's button order: button n is `buttonCodes[n]`.
    public var buttonCodes: [UInt16]
    /// Rings the pad has (`ABS_WHEEL`, then `ABS_THROTTLE`).
    public var ringCount: Int
    /// Strips the pad has (`ABS_RX`, then `ABS_RY`).
    public var stripCount: Int
    /// Mode groups; every button, ring and strip is in exactly one.
    public var modeGroups: [ModeGroup]

    /// Throws ``ParameterError`` when a button, ring or strip is in no group or in two.
    public init(buttonCodes: [UInt16], ringCount: Int, stripCount: Int, modeGroups: [ModeGroup]) throws {
        guard (0...2).contains(ringCount), (0...2).contains(stripCount) else {
            throw ParameterError(field: "PadLayout.ringCount/stripCount", value: "\(ringCount)/\(stripCount)", expected: "0, 1 or 2 each")
        }
        func check(_ name: String, _ count: Int, _ members: (ModeGroup) -> Set<Int>) throws {
            for item in 0..<count where modeGroups.filter({ members($0).contains(item) }).count != 1 {
                throw ParameterError(field: "PadLayout.modeGroups", value: "\(name) \(item)", expected: "in exactly one mode group")
            }
        }
        try check("button", buttonCodes.count, \.buttons)
        try check("ring", ringCount, \.rings)
        try check("strip", stripCount, \.strips)
        self.buttonCodes = buttonCodes
        self.ringCount = ringCount
        self.stripCount = stripCount
        self.modeGroups = modeGroups
    }

    /// libinput's layout without libwacom data: buttons numbered from the kernel codes the device
    /// declares (`BTN_0 … BTN_9`, `BTN_BASE`, `BTN_BASE2`, `BTN_A … BTN_Z`, `BTN_LEFT … BTN_TASK`,
    /// in that order), rings and strips from the axes, and one group with one mode and no toggles.
    public init(kernelCapabilitiesOf device: DeviceDescription) {
        let codes = PadLayout.kernelButtonCodes(of: device)
        let rings = [EvdevCode.Abs.wheel, EvdevCode.Abs.throttle].filter { device.axes[$0] != nil }.count
        let strips = [EvdevCode.Abs.rx, EvdevCode.Abs.ry].filter { device.axes[$0] != nil }.count
        buttonCodes = codes
        ringCount = rings
        stripCount = strips
        modeGroups = [
            ModeGroup(unchecked: Set(codes.indices), rings: Set(0..<rings), strips: Set(0..<strips), toggleButtons: [], modeCount: 1)
        ]
    }

    /// The pad buttons a device declares, in libinput's order (`pad_init_buttons_from_kernel`).
    public static func kernelButtonCodes(of device: DeviceDescription) -> [UInt16] {
        let ranges: [ClosedRange<UInt16>] = [0x100...0x109, 0x126...0x127, 0x130...0x135, 0x110...0x116]
        return ranges.flatMap { $0 }.filter { device.has(type: EvdevCode.EventType.key, code: $0) }
    }

    /// The group of button `number`, ring or strip; nil when there is none.
    public func groupIndex(ofButton number: Int) -> Int? { modeGroups.firstIndex { $0.buttons.contains(number) } }
    public func groupIndex(ofRing number: Int) -> Int? { modeGroups.firstIndex { $0.rings.contains(number) } }
    public func groupIndex(ofStrip number: Int) -> Int? { modeGroups.firstIndex { $0.strips.contains(number) } }
}

extension PadLayout.ModeGroup {
    init(unchecked buttons: Set<Int>, rings: Set<Int>, strips: Set<Int>, toggleButtons: Set<Int>, modeCount: Int) {
        self.buttons = buttons
        self.rings = rings
        self.strips = strips
        self.toggleButtons = toggleButtons
        self.modeCount = modeCount
    }
}

/// The current mode of each of a pad's mode groups, kept by Quill (libinput 1.22 keeps a mode
/// only on pads whose LEDs it can drive; on others it reports mode 0 for ever).
public struct PadModes: Hashable, Sendable {
    /// The pad's groups and toggles.
    public let layout: PadLayout
    /// The mode of each group, 0 ..< its `modeCount`.
    public private(set) var modes: [Int]

    public init(layout: PadLayout) {
        self.layout = layout
        modes = Array(repeating: 0, count: layout.modeGroups.count)
    }

    /// Applies one event and returns its group and the group's mode after it: a press of a
    /// group's mode-toggle button moves the group to its next mode (the press reports it).
    public mutating func apply(_ kind: PadEvent.Kind) -> (group: Int, mode: Int) {
        let group: Int?
        switch kind {
        case let .button(number, isPressed):
            group = layout.groupIndex(ofButton: number)
            if isPressed, let group, layout.modeGroups[group].toggleButtons.contains(number) {
                modes[group] = (modes[group] + 1) % layout.modeGroups[group].modeCount
            }
        case let .ring(number, _): group = layout.groupIndex(ofRing: number)
        case let .strip(number, _): group = layout.groupIndex(ofStrip: number)
        }
        guard let group, group < modes.count else { return (0, 0) }
        return (group, modes[group])
    }
}
