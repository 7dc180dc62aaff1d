/// What kind of input device a node is, as libinput decides it: a tablet's pen node gives pen
/// samples, its pad node (ExpressKeys, rings, strips) gives pad events, a touchscreen or touchpad
/// gives finger touches. Nothing but a ``pen`` node ever produces ``PenSample``s.
///
/// libinput takes the class from udev's `input_id` tags: `ID_INPUT_TABLET_PAD` makes a pad,
/// `ID_INPUT_TABLET` (without `ID_INPUT_TOUCHPAD`) a tablet tool, then touchscreen and touchpad.
/// A recording carries no udev properties, so ``init(capabilitiesOf:)`` applies udev's own rules
/// to the codes the device declares; a live node is classified from its udev properties when it
/// has them (``init(udevProperties:)``).
public enum DeviceClass: String, CaseIterable, Hashable, Sendable {
    /// A tablet's tool node: pens, erasers, airbrushes, pucks (libinput's tablet-tool capability).
    case pen
    /// A tablet's pad: ExpressKeys, touch rings and strips, mode-toggle buttons (an ExpressKey
    /// Remote is a pad of its own).
    case pad
    /// A touchscreen, e.g. a Cintiq's finger node.
    case touchscreen
    /// A touchpad, e.g. an Intuos's finger-touch surface.
    case touchpad
    /// Anything else (keyboard, mouse, joystick): never read by Quill.
    case other

    /// A short phrase for messages: "pen (tablet tool)", "pad", ….
    public var description: String {
        switch self {
        case .pen: return "pen (tablet tool)"
        case .pad: return "pad (buttons, rings, strips)"
        case .touchscreen: return "touchscreen"
        case .touchpad: return "touchpad"
        case .other: return "other (not a tablet)"
        }
    }

    /// The class udev's `input_id` builtin (systemd 252, `test_pointers`) gives a device with
    /// these capabilities, then the one libinput 1.22 picks from those tags.
    ///
    /// - A tablet has absolute X/Y (or multitouch X/Y) and `BTN_STYLUS` or `BTN_TOOL_PEN`.
    /// - It is a pad when it also has pad buttons: `BTN_0`, `BTN_STYLUS` and no `BTN_TOOL_PEN`
    ///   (Wacom pads declare X/Y, `BTN_STYLUS` and `ABS_MISC` so that udev calls them tablets).
    /// - Otherwise absolute X/Y with `BTN_TOOL_FINGER` and no pen on an indirect device is a
    ///   touchpad; with `BTN_TOUCH` or `INPUT_PROP_DIRECT` (and no mouse button) a touchscreen.
    public init(capabilitiesOf device: DeviceDescription) {
        let key = EvdevCode.EventType.key
        func hasKey(_ code: UInt16) -> Bool { device.has(type: key, code: code) }
        let hasAbsolute = device.axes[EvdevCode.Abs.x] != nil && device.axes[EvdevCode.Abs.y] != nil
        var hasMultitouch = device.axes[EvdevCode.Abs.mtPositionX] != nil && device.axes[EvdevCode.Abs.mtPositionY] != nil
        // udev: a device that claims every absolute axis (slot and the code before it) is not multitouch.
        if hasMultitouch, device.axes[EvdevCode.Abs.mtSlot] != nil, device.axes[EvdevCode.Abs.mtSlot - 1] != nil {
            hasMultitouch = false
        }
        let isDirect = device.properties.contains(EvdevCode.Property.direct)
        let hasStylus = hasKey(EvdevCode.Key.stylus)
        let hasPen = hasKey(EvdevCode.Key.toolPen)
        let hasTouch = hasKey(EvdevCode.Key.touch)
        let fingerButNoPen = hasKey(EvdevCode.Key.toolFinger) && !hasPen
        let hasMouseButton = hasKey(EvdevCode.Key.btnLeft)
        let hasPadButtons = hasKey(EvdevCode.Key.btn0) && hasStylus && !hasPen

        var isTablet = false, isTouchpad = false, isTouchscreen = false
        if hasAbsolute {
            if hasStylus || hasPen {
                isTablet = true
            } else if fingerButNoPen && !isDirect {
                isTouchpad = true
            } else if hasMouseButton {
                // An absolute mouse (VMware's): not a tablet.
            } else if hasTouch || isDirect {
                isTouchscreen = true
            }
        }
        if hasMultitouch {
            if hasStylus || hasPen {
                isTablet = true
            } else if fingerButNoPen && !isDirect {
                isTouchpad = true
            } else if hasTouch || isDirect {
                isTouchscreen = true
            }
        }
        // libinput: pad before tablet, tablet only when not also a touchpad.
        if isTablet && hasPadButtons {
            self = .pad
        } else if isTablet && !isTouchpad {
            self = .pen
        } else if isTouchscreen {
            self = .touchscreen
        } else if isTouchpad {
            self = .touchpad
        } else {
            self = .other
        }
    }

    /// The class libinput gives a node from its udev properties (`ID_INPUT_TABLET_PAD=1`,
    /// `ID_INPUT_TABLET=1`, `ID_INPUT_TOUCHSCREEN=1`, `ID_INPUT_TOUCHPAD=1`); nil when the node
    /// has none of them (udev has not tagged it), so the caller falls back to its capabilities.
    public init?(udevProperties properties: [String: String]) {
        func isSet(_ name: String) -> Bool { properties[name] == "1" }
        guard isSet("ID_INPUT") || ["ID_INPUT_TABLET_PAD", "ID_INPUT_TABLET", "ID_INPUT_TOUCHSCREEN", "ID_INPUT_TOUCHPAD"].contains(where: isSet)
        else { return nil }
        if isSet("ID_INPUT_TABLET_PAD") {
            self = .pad
        } else if isSet("ID_INPUT_TABLET") && !isSet("ID_INPUT_TOUCHPAD") {
            self = .pen
        } else if isSet("ID_INPUT_TOUCHSCREEN") {
            self = .touchscreen
        } else if isSet("ID_INPUT_TOUCHPAD") {
            self = .touchpad
        } else {
            self = .other
        }
    }
}

extension DeviceDescription {
    /// The device's class by udev's and libinput's rules (see ``DeviceClass/init(capabilitiesOf:)``).
    public var deviceClass: DeviceClass { DeviceClass(capabilitiesOf: self) }
}
