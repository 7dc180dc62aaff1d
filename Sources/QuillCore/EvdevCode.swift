/// Linux evdev event types and codes used by pen tablets (`linux/input-event-codes.h`).
///
/// The numbers are the kernel's ABI; human-readable names come from libevdev through `QuillSystem`.
public enum EvdevCode {
    /// Event types (`EV_*`).
    public enum EventType {
        /// `EV_SYN`: frame boundaries and overflow notices.
        public static let syn: UInt16 = 0x00
        /// `EV_KEY`: tools in proximity, tip contact, barrel and pad buttons.
        public static let key: UInt16 = 0x01
        /// `EV_REL`: relative axes (mouse and lens wheels).
        public static let rel: UInt16 = 0x02
        /// `EV_ABS`: absolute axes (position, pressure, tilt, …).
        public static let abs: UInt16 = 0x03
        /// EV_REP: autorepeat (delay and period, not codes of a device's own).
        public static let rep: UInt16 = 0x14
        /// `EV_MSC`: miscellaneous (tool serial numbers, scan codes).
        public static let msc: UInt16 = 0x04
        /// `EV_MAX`: the largest event type the kernel defines.
        public static let max: UInt16 = 0x1f
    }

    /// `EV_SYN` codes.
    public enum Syn {
        /// `SYN_REPORT`: the end of one hardware frame.
        public static let report: UInt16 = 0
        /// `SYN_MT_REPORT`: the end of one contact of a multitouch protocol-A frame (N-Trig).
        public static let mtReport: UInt16 = 2
        /// `SYN_DROPPED`: the kernel buffer overflowed; the frame in progress is incomplete.
        public static let dropped: UInt16 = 3
    }

    /// `EV_KEY` codes a pen tablet sends.
    public enum Key {
        /// `BTN_0`: the first pad button (ExpressKey); `BTN_0 … BTN_9` are 0x100 … 0x109.
        public static let btn0: UInt16 = 0x100
        /// `BTN_9`: the last of the numbered pad buttons.
        public static let btn9: UInt16 = 0x109
        public static let btnLeft: UInt16 = 0x110
        public static let btnRight: UInt16 = 0x111
        public static let btnMiddle: UInt16 = 0x112
        public static let btnSide: UInt16 = 0x113
        public static let btnExtra: UInt16 = 0x114
        public static let toolPen: UInt16 = 0x140
        public static let toolRubber: UInt16 = 0x141
        public static let toolBrush: UInt16 = 0x142
        public static let toolPencil: UInt16 = 0x143
        public static let toolAirbrush: UInt16 = 0x144
        /// `BTN_TOOL_FINGER`: a finger on a touchpad or touchscreen.
        public static let toolFinger: UInt16 = 0x145
        public static let toolMouse: UInt16 = 0x146
        public static let toolLens: UInt16 = 0x147
        public static let stylus3: UInt16 = 0x149
        public static let touch: UInt16 = 0x14a
        public static let stylus: UInt16 = 0x14b
        public static let stylus2: UInt16 = 0x14c
    }

    /// `EV_REL` codes of the virtual pointer `quill service` scrolls with.
    public enum Rel {
        public static let x: UInt16 = 0x00
        public static let y: UInt16 = 0x01
        /// `REL_HWHEEL`: horizontal wheel clicks, positive to the right.
        public static let hWheel: UInt16 = 0x06
        /// `REL_WHEEL`: wheel clicks, positive away from the person (scrolling up).
        public static let wheel: UInt16 = 0x08
        /// `REL_WHEEL_HI_RES`: the wheel in 1/120 of a click.
        public static let wheelHighResolution: UInt16 = 0x0b
        /// `REL_HWHEEL_HI_RES`: the horizontal wheel in 1/120 of a click.
        public static let hWheelHighResolution: UInt16 = 0x0c
    }

    /// `EV_ABS` codes a pen tablet sends.
    public enum Abs {
        public static let x: UInt16 = 0x00
        public static let y: UInt16 = 0x01
        /// Art Pen barrel rotation.
        public static let z: UInt16 = 0x02
        /// `ABS_RX`: a pad's first touch strip.
        public static let rx: UInt16 = 0x03
        /// `ABS_RY`: a pad's second touch strip.
        public static let ry: UInt16 = 0x04
        /// `ABS_RZ`: a rotation (kernel resolution in units per radian).
        public static let rz: UInt16 = 0x05
        /// `ABS_THROTTLE`: a pad's second touch ring.
        public static let throttle: UInt16 = 0x06
        /// Airbrush finger wheel; on a pad, the first touch ring.
        public static let wheel: UInt16 = 0x08
        public static let pressure: UInt16 = 0x18
        public static let distance: UInt16 = 0x19
        public static let tiltX: UInt16 = 0x1a
        public static let tiltY: UInt16 = 0x1b
        /// Tool id (Wacom); on a pad, nonzero while any pad control is touched.
        public static let misc: UInt16 = 0x28
        /// `ABS_MT_SLOT`: which touch the following multitouch events are for.
        public static let mtSlot: UInt16 = 0x2f
        /// `ABS_MT_TOUCH_MAJOR`: the contact's larger dimension, in position units.
        public static let mtTouchMajor: UInt16 = 0x30
        /// `ABS_MT_TOUCH_MINOR`: the contact's smaller dimension, in position units.
        public static let mtTouchMinor: UInt16 = 0x31
        /// `ABS_MT_POSITION_X`.
        public static let mtPositionX: UInt16 = 0x35
        /// `ABS_MT_TOOL_TYPE`: finger (0), pen (1), palm (2, `MT_TOOL_PALM`).
        public static let mtToolType: UInt16 = 0x37
        /// `ABS_MT_POSITION_Y`.
        public static let mtPositionY: UInt16 = 0x36
        /// `ABS_MT_TRACKING_ID`: a touch's id; −1 when the touch ends.
        public static let mtTrackingID: UInt16 = 0x39
        /// `ABS_MT_PRESSURE`: the contact's pressure.
        public static let mtPressure: UInt16 = 0x3a
        /// `ABS_MAX`.
        public static let max: UInt16 = 0x3f
    }

    /// Input properties (`INPUT_PROP_*`).
    public enum Property {
        /// `INPUT_PROP_DIRECT`: the surface is a screen (touchscreen, screen tablet).
        public static let direct: UInt16 = 0x01
    }

    /// `EV_MSC` codes.
    public enum Msc {
        /// Tool serial number; a pen and its eraser end share it.
        public static let serial: UInt16 = 0x00
    }
}
