import CGtk
import Foundation
import QuillCore
import QuillDevices
import QuillGestures
import QuillInput
import QuillRender
import QuillStroke
import QuillSystem

/// Where a canvas window's pen input comes from.
public enum CanvasInput: Sendable {
    /// A recording played at its own pace × `speed` (> 0) — as fast as frames come (a chunk of
    /// samples per frame) when the window takes a screenshot. `description` is the evemu .desc
    /// for an event file without a header.
    case replay(path: String, description: String? = nil, speed: Double)
    /// A live tablet through libinput: `nodes` (nil: every tablet of the udev seat).
    case libinput(nodes: [String]?)
    /// Live tablet nodes (a pen, its pad, its touch node) read by Quill's own decoder over
    /// libevdev, in one session (palm rejection between a pen and its touch node).
    case evdev(nodes: [String])
    /// GTK's own pointer and stylus events only (no tablet, or no access to one).
    case pointer
}

/// A GTK object pointer as the GTK type a function takes (GTK's casting macros).
private func typed<T>(_ pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// A failure of the canvas window, with what to do about it.
public struct CanvasError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The `quill canvas` window: a GTK 4 window whose drawing area shows a ``CanvasModel`` painted
/// by ``CanvasPainter``, fed by a recording, a live tablet (libinput's fd or Quill's evdev
/// reader, in GTK's main loop) or GTK's pointer. Keys: Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S
/// save, Ctrl+E export PNG, Delete clear, 1–7 inks, E eraser, T a text box — never a pen gesture; Ctrl+scroll
/// zooms the page about the pointer, Ctrl+0 fits it again (``CanvasModel/pageTransform``).
public final class CanvasWindow {
    public let model: CanvasModel
    public let painter = CanvasPainter()
    /// Where Ctrl+S saves (and the drawing opened, when one was).
    public var savePath: String
    /// What the window says about its input, e.g. "libinput: Wacom Intuos Pro M Pen".
    public private(set) var inputDescription: String
    /// A PNG to write the window's content to at the end (a replay's end, or ``duration``), then close.
    public var screenshot: String?
    /// Seconds after which the window closes by itself (nil: when the person closes it).
    public var duration: Double?
    /// Messages for standard error (source errors, saves), oldest first.
    public private(set) var messages: [String] = []

    private let input: CanvasInput
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var area: UnsafeMutablePointer<GtkWidget>?
    private var isDone = false
    private var failure: Error?
    // Replay.
    private var timeline: [TabletEvent] = []
    private var next = 0
    private var replayStart: Double?
    private var screenshotFramesLeft: Int?
    // Live.
    /// Quill's own reader of a live node: the session re-opens it after an unplug.
    private var tablet: TabletSession?
    /// The session's fds GLib watches.
    private var watched: Set<Int32> = []
    private var libinput: LibinputSource?
    private var timer: guint = 0
    private var pointerAdapter: ToolkitSampleAdapter?
    private var pointerTouching = false
    private var dragStart = (x: 0.0, y: 0.0)
    /// Where the pointer is over the drawing area (window points), for Ctrl+scroll's zoom.
    private var pointerAt: Point?


    /// Makes the canvas for `input`: a recording is read whole first, a live tablet opened; the
    /// tablet's mapping gives the document its size, as `quill render` and `quill live` have it. Throws on an unreadable
    /// recording or tablet.
    /// `parameters` decode the tablet (canvas, left-handed, calibration, pressure curve) as
    /// `quill render` and `quill live` do, libwacom's sizes included.
    public init(options: CanvasOptions, input: CanvasInput, parameters: TabletDecoderParameters = .defaults, drawing: Drawing? = nil, savePath: String) throws {
        self.input = input
        self.savePath = savePath
        var mapping: TabletMapping?
        var description = "GTK pointer"
        var liveClock: SampleClock?
        var timeline: [TabletEvent] = []
        switch input {
        case let .replay(path, deviceFile, speed):
            guard speed.isFinite, speed > 0 else { throw ParameterError(field: "speed", value: "\(speed)", expected: "a number > 0 (1: recorded speed)") }
            let replay = try SampleReplay(path: path, deviceFile: deviceFile, parameters: parameters, catalog: WacomCatalog.loadIfAvailable())
            // Every event in the recording's order, as `quill gestures` and `quill render` take them.
            var batch: [TabletEvent] = []
            while try replay.nextEvents(into: &batch) {
                for event in batch where event.time != nil {
                    if mapping == nil, case .sample(let sample) = event { mapping = replay.mapping(forDevice: sample.deviceIndex) }
                    timeline.append(event)
                }
                batch.removeAll(keepingCapacity: true)
            }
            guard mapping != nil else { throw CanvasError("\(path): no pen samples to draw (a pad or touch recording has none)") }
            description = "replay of \(URL(fileURLWithPath: path).lastPathComponent) at ×\(speed)"
        case let .libinput(nodes):
            let source = try LibinputSource(paths: nodes, parameters: parameters)
            try source.dispatch()
            var held: [LibinputSource.Event] = []
            while let event = source.nextEvent() {
                if case let .tabletAdded(device, index, _, _) = event, mapping == nil {
                    mapping = source.mapping(forDevice: index)
                    description = "libinput: \(device.name)"
                }
                held.append(event)
            }
            guard mapping != nil else { throw CanvasError("libinput found no pen tablet\(nodes.map { " on " + $0.joined(separator: ", ") } ?? " on the seat") (quill devices lists what there is)") }
            libinput = source
            pendingLibinput = held
            liveClock = .live(originMicroseconds: source.origin)
        case let .evdev(nodes):
            // A pen and its touch node together: the session arbitrates the palm.
            let session = try TabletSession(paths: nodes, parameters: parameters)
            guard let source = session.sources.first(where: { !$0.isPad && !$0.isTouch }) else {
                throw CanvasError("\(nodes.joined(separator: ", ")): no pen among them (quill devices lists the pen nodes)")
            }
            mapping = source.mapping
            description = "evdev: " + session.sources.map(\.tablet.node.description.name).joined(separator: " + ")
            tablet = session
            liveClock = .live(originMicroseconds: session.origin)
        case .pointer:
            // GTK's pointer samples are stamped with the monotonic clock (``pointer(_:x:y:touching:)``).
            liveClock = .monotonic
        }
        self.timeline = timeline
        inputDescription = description
        // The drawing's own size, else the tablet's canvas (so the drawing is the one `quill
        // render` makes of the same samples), else the window's canvas.
        let document = try drawing.map { try CanvasSize(width: $0.canvasWidth, height: $0.canvasHeight) }
        model = try CanvasModel(options: options, document: document, mapping: mapping)
        if let drawing { try model.open(drawing) }
        // Live samples' times are on the frames' clock from the start; a replay's once it plays.
        model.sampleClock = liveClock
        // A recording's pen never saw the palette: its strokes are all ink.
        if case .replay = input { model.penUsesPalette = false }
    }

    private var pendingLibinput: [LibinputSource.Event] = []

    // MARK: - Running

    /// Opens the window and runs GTK's main loop until the window is closed (or, with a
    /// screenshot, until it is written). Throws when there is no display or the screenshot fails.
    public func run() throws {
        // The program's name as GLib's option parser would set it (argv[0]'s last component): the
        // window's Wayland app_id and X11 WM_CLASS, so a compositor, a window rule or a per-app
        // profile can tell the canvas ("quill") from other apps; GTK says "GTK Application" without.
        if g_get_prgname() == nil { g_set_prgname(URL(fileURLWithPath: CommandLine.arguments.first ?? "quill").lastPathComponent) }
        guard gtk_init_check() != 0 else {
            throw CanvasError("no display: GTK could not open one (set DISPLAY or WAYLAND_DISPLAY; without a screen, run under Xvfb: xvfb-run quill canvas …)")
        }
        let window = gtk_window_new()!
        self.window = window
        gtk_window_set_title(typed(window), "Quill — \(inputDescription)")
        gtk_window_set_default_size(typed(window), Int32(model.options.windowWidth), Int32(model.options.windowHeight))
        let area = gtk_drawing_area_new()!
        self.area = area
        gtk_widget_set_size_request(area, 320, 320)
        gtk_widget_set_focusable(area, 1)
        gtk_window_set_child(typed(window), area)
        let me = Unmanaged.passUnretained(self).toOpaque()

        gtk_drawing_area_set_draw_func(typed(area), { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().draw(cairo, width: Int(width), height: Int(height))
        }, me, nil)
        let resized: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, width, height, data in
            guard let data else { return }
            Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().resized(width: Int(width), height: Int(height))
        }
        quill_gtk_connect(area, "resize", unsafeBitCast(resized, to: GCallback.self), me)
        let closed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().isDone = true
            return 0
        }
        quill_gtk_connect(window, "close-request", unsafeBitCast(closed, to: GCallback.self), me)
        keepTicking()
        addKeys(to: area, me)
        addPointer(to: area, me)
        addScrollZoom(to: area, me)
        addLiveSources(me)
        if let duration {
            g_timeout_add(guint(max(1, (duration * 1000).rounded())), { data in
                guard let data else { return 0 }
                Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().end()
                return 0
            }, me)
        }

        gtk_window_present(typed(window))
        while !isDone { g_main_context_iteration(nil, 1) }
        if timer != 0 { g_source_remove(timer) }
        gtk_window_destroy(typed(window))
        while g_main_context_iteration(nil, 0) != 0 {}
        if let failure { throw failure }
    }

    private func draw(_ cairo: OpaquePointer, width: Int, height: Int) {
        let target = CairoCanvas(borrowing: cairo, width: Double(width), height: Double(height))
        do {
            try painter.paint(model, on: target, width: width, height: height, now: MonotonicClock.now())
        } catch {
            fail(error)
        }
    }

    private func resized(width: Int, height: Int) {
        do { try model.resize(width: Double(width), height: Double(height)) } catch { messages.append("resize: \(error)") }
    }

    private func fail(_ error: Error) {
        failure = failure ?? error
        isDone = true
    }

    /// Keeps GTK's frame clock ticking (``tick(now:)`` each frame) while the window moves on its
    /// own: a replay, the tool indicator's fading flash, the screenshot's last frames. Otherwise the
    /// clock idles — no frame while nothing changes — and each input asks for its own frame
    /// (``redraw()``), at once after a pause (a running clock would hold it to its next tick).
    private func keepTicking() {
        guard ticking == 0, let area else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        ticking = gtk_widget_add_tick_callback(area, { _, clock, data in
            guard let data else { return 0 }
            let frameTime = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().tick(now: frameTime) ? 1 : 0
        }, me, nil)
    }

    /// The tick callback's id while the window animates, else 0.
    private var ticking: guint = 0

    /// What changed is drawn in the next frame (the clock ticks on while the flash fades).
    private func redraw() {
        guard let area else { return }
        gtk_widget_queue_draw(area)
        if model.visibleFeedback(at: MonotonicClock.now()) != nil || model.isWritingInTextBox { keepTicking() }
    }

    /// One frame: plays the recording up to now, keeps the window drawing while anything moves.
    /// False (the callback ends) once nothing does.
    private func tick(now: Double) -> Bool {
        guard let area else { return false }
        if let left = screenshotFramesLeft {
            // The input ended and its last frame was drawn: write the window and stop.
            if left > 0 {
                screenshotFramesLeft = left - 1
            } else if let screenshot {
                if quill_gtk_save_png(area, screenshot) == 0 { fail(CanvasError("\(screenshot): GTK could not render the window to PNG")) }
                isDone = true
                ticking = 0
                return false
            }
        } else if case let .replay(_, _, speed) = input, next < timeline.count {
            play(now: now, speed: speed, chunk: screenshot == nil ? nil : 400)
            if next == timeline.count {
                model.finish()
                if screenshot != nil { screenshotFramesLeft = 2 }
            }
        }
        let live: Bool
        if case .replay = input { live = false } else { live = true }
        // Live writing in a text box is read once the pen has rested, even if it sends nothing.
        if live, model.isWritingInTextBox { model.pollTextFields(now: MonotonicClock.now()) }
        gtk_widget_queue_draw(area)
        let replaying: Bool
        if case .replay = input { replaying = next < timeline.count } else { replaying = false }
        let moving = replaying || screenshotFramesLeft != nil || model.visibleFeedback(at: MonotonicClock.now()) != nil || (live && model.isWritingInTextBox)
        if !moving { ticking = 0 }
        return moving
    }

    /// ``duration`` is over: the live input ends (an open stroke is kept), then the window closes
    /// (after its screenshot, when one is asked for).
    private func end() {
        let now = MonotonicClock.now()
        if let libinput {
            libinput.finish()
            while let event = libinput.nextEvent() { handle(event) }
        } else if let tablet {
            tablet.finish()
            drainTablet(now: now)
        }
        model.finish()
        if screenshot != nil {
            screenshotFramesLeft = 2
            keepTicking()
        } else {
            isDone = true
        }
    }

    /// Hands the model the recording's events up to now: at its own pace × `speed`, each event once
    /// its moment has passed on the monotonic clock (not the frame clock's time, which GTK may set
    /// ahead of it: no sample is shown before the replayed pen made it), or `chunk` events a frame.
    private func play(now: Double, speed: Double, chunk: Int?) {
        guard next < timeline.count else { return }
        let first = timeline[0].time ?? 0
        let read = MonotonicClock.now()
        let start = replayStart ?? read
        if replayStart == nil, chunk == nil {
            // The replayed pen is at recording second t at monotonic second start + (t − first) / speed.
            model.sampleClock = .replay(startingAt: start, firstEventTime: first, speed: speed)
        }
        replayStart = start
        let until = chunk.map { min(timeline.count, next + $0) } ?? timeline.count
        while next < until {
            let item = timeline[next]
            if chunk == nil, ((item.time ?? first) - first) / speed > read - start { break }
            model.handle(item, readAt: read, now: now)
            next += 1
        }
    }

    // MARK: - Live input in GTK's loop (libinput's fd and dispatch; Quill's evdev reader)

    private func addLiveSources(_ me: UnsafeMutableRawPointer) {
        let ready: GUnixFDSourceFunc = { _, _, data in
            guard let data else { return 0 }
            return Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().readLive() ? 1 : 0
        }
        if let libinput {
            for event in pendingLibinput { handle(event) }
            pendingLibinput = []
            g_unix_fd_add(libinput.fileDescriptor, G_IO_IN, ready, me)
        } else if tablet != nil {
            drainTablet(now: MonotonicClock.now())
            watchTabletNodes()
        }
    }

    /// Watches the session's fds that GLib does not watch yet (at the start, and a node back
    /// after an unplug); a watch ends when its node goes away.
    private func watchTabletNodes() {
        guard let tablet else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let ready: GUnixFDSourceFunc = { fd, _, data in
            guard let data else { return 0 }
            let window = Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue()
            guard window.readLive() else { return 0 }
            // An unplugged node's fd is no longer the session's: stop watching it.
            guard window.tablet?.fileDescriptors.contains(fd) == true else {
                window.watched.remove(fd)
                return 0
            }
            return 1
        }
        for fd in tablet.fileDescriptors where !watched.contains(fd) {
            watched.insert(fd)
            g_unix_fd_add(fd, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), ready, me)
        }
    }

    /// Reads what a live source has; false stops watching its fd (the tablet is gone).
    private func readLive() -> Bool {
        let now = MonotonicClock.now()
        do {
            if let libinput {
                try libinput.dispatch()
                while let event = libinput.nextEvent() { handle(event) }
                libinput.addBack()
            } else if let tablet {
                try tablet.dispatch()
                drainTablet(now: now)
                watchTabletNodes()
                armTabletTimer()
            }
        } catch {
            drainTablet(now: now)
            messages.append("\(error) — drawing goes on with GTK's pointer")
            inputDescription = "GTK pointer"
            return false
        }
        redraw()
        return true
    }

    private func drainTablet(now: Double) {
        guard let tablet else { return }
        while let event = tablet.nextEvent() {
            switch event {
            case .deviceRemoved: messages.append("\(tablet.path(ofDevice: event.device) ?? "the tablet") was unplugged; what it drew is kept, and drawing goes on when it is back")
            case .deviceBack: messages.append("\(tablet.path(ofDevice: event.device) ?? "the tablet") is back")
            default: break
            }
            model.handle(event, readAt: now, now: now)
        }
    }

    /// The session's own deadlines (a silent hovering pen's proximity, the next look for an
    /// unplugged node): a GLib timer at the nearest.
    private func armTabletTimer() {
        if timer != 0 { g_source_remove(timer); timer = 0 }
        guard let seconds = tablet?.timeout else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        timer = g_timeout_add(guint(max(1, (seconds * 1000).rounded(.up))), { data in
            guard let data else { return 0 }
            let window = Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue()
            window.timer = 0
            _ = window.readLive()
            return 0
        }, me)
    }

    private func handle(_ event: LibinputSource.Event) {
        let now = MonotonicClock.now()
        if case let .removed(sysname, tabletIndex, _, _, _) = event, tabletIndex != nil {
            messages.append("\(sysname) was unplugged; what it drew is kept")
        }
        if let tabletEvent = event.tabletEvent { model.handle(tabletEvent, readAt: now, now: now) }
    }

    // MARK: - Keys and pointer

    private func addKeys(to area: UnsafeMutablePointer<GtkWidget>, _ me: UnsafeMutableRawPointer) {
        let keys = gtk_event_controller_key_new()!
        let pressed: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, key, _, state, data in
            guard let data else { return 0 }
            return Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().key(key, control: state.rawValue & quill_gtk_control_mask() != 0, shift: state.rawValue & quill_gtk_shift_mask() != 0) ? 1 : 0
        }
        quill_gtk_connect(UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(pressed, to: GCallback.self), me)
        gtk_widget_add_controller(area, keys)
    }

    /// A key: undo, redo, save, export, clear, fit the page, inks, eraser, a text box. True when it was one of them.
    func key(_ key: guint, control: Bool, shift: Bool) -> Bool {
        let now = MonotonicClock.now()
        switch (Int32(key), control) {
        case (GDK_KEY_z, true): model.undo()
        case (GDK_KEY_Z, true): if shift { model.redo() } else { model.undo() }
        case (GDK_KEY_s, true): save()
        case (GDK_KEY_e, true): export(to: (savePath as NSString).deletingPathExtension + ".png")
        case (GDK_KEY_0, true), (GDK_KEY_KP_0, true): model.resetPageTransform()
        case (GDK_KEY_Delete, _): model.clear()
        case (GDK_KEY_e, false), (GDK_KEY_E, false): model.choose(control: CanvasModel.paletteInks.count - 1, now: now)
        case let (k, false) where (GDK_KEY_1...GDK_KEY_7).contains(k): model.choose(control: Int(k - GDK_KEY_1), now: now)
        case (GDK_KEY_t, false), (GDK_KEY_T, false):
            do { try model.addTextBoxInView() } catch { messages.append("text box: \(error)") }
        default: return false
        }
        redraw()
        return true
    }

    // MARK: - Page transform

    /// A finger gesture moving the page (pinch, rotate and pan as one transform, values since it
    /// began; see ``CanvasModel/applyPageGesture(phase:scale:rotation:translation:centroid:)``),
    /// then a redraw. A rejected value is kept in ``messages`` and the page stays.
    public func applyPageGesture(phase: CanvasModel.PageGesturePhase, scale: Double, rotation: Double, translation: Point, centroid: Point) {
        do {
            try model.applyPageGesture(phase: phase, scale: scale, rotation: rotation, translation: translation, centroid: centroid)
        } catch {
            messages.append("page gesture: \(error)")
        }
        redraw()
    }

    /// The zoom of one scroll step with Ctrl held (a wheel notch; a touchpad scrolls in fractions).
    public static let zoomPerScrollStep = 1.1

    /// Ctrl+scroll zooms the page about the pointer; the pointer's place is followed for it.
    private func addScrollZoom(to area: UnsafeMutablePointer<GtkWidget>, _ me: UnsafeMutableRawPointer) {
        let motion = gtk_event_controller_motion_new()!
        let moved: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().pointerAt = Point(x: x, y: y)
        }
        quill_gtk_connect(UnsafeMutableRawPointer(motion), "enter", unsafeBitCast(moved, to: GCallback.self), me)
        quill_gtk_connect(UnsafeMutableRawPointer(motion), "motion", unsafeBitCast(moved, to: GCallback.self), me)
        gtk_widget_add_controller(area, motion)
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        let scrolled: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { controller, _, dy, data in
            guard let data, let controller else { return 0 }
            let state = gtk_event_controller_get_current_event_state(OpaquePointer(controller))
            guard state.rawValue & quill_gtk_control_mask() != 0 else { return 0 }
            return Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue().scrollZoom(steps: dy) ? 1 : 0
        }
        quill_gtk_connect(UnsafeMutableRawPointer(scroll), "scroll", unsafeBitCast(scrolled, to: GCallback.self), me)
        gtk_widget_add_controller(area, scroll)
    }

    /// `steps` of Ctrl+scroll (down: positive, zooms out) about the pointer (the canvas's centre
    /// when the pointer's place is not known). True when it zoomed.
    func scrollZoom(steps: Double) -> Bool {
        guard steps.isFinite, steps != 0 else { return false }
        let canvas = model.layout.canvas
        let about = pointerAt ?? Point(x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2)
        do {
            try model.zoomPage(by: pow(Self.zoomPerScrollStep, -steps), about: about)
        } catch {
            messages.append("zoom: \(error)")
            return false
        }
        redraw()
        return true
    }

    /// Writes the drawing to ``savePath`` (atomically).
    public func save() {
        do {
            try DrawingFile.write(model.drawingToSave, to: savePath)
            model.markSaved()
            messages.append("saved \(savePath)")
        } catch {
            messages.append("could not save: \(error)")
        }
    }

    /// Exports the drawing as the same renderer as `quill render` draws it (PNG, SVG or PDF).
    public func export(to path: String) {
        do {
            try DrawingRenderer.render(model.recorder.drawing, to: path)
            messages.append("exported \(path)")
        } catch {
            messages.append("could not export: \(error)")
        }
    }

    private func addPointer(to area: UnsafeMutablePointer<GtkWidget>, _ me: UnsafeMutableRawPointer) {
        let drag = gtk_gesture_drag_new()!
        let begin: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { gesture, x, y, data in
            guard let data else { return }
            let window = Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue()
            window.dragStart = (x, y)
            window.pointer(gesture, x: x, y: y, touching: true)
        }
        let update: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { gesture, dx, dy, data in
            guard let data else { return }
            let window = Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue()
            window.pointer(gesture, x: window.dragStart.x + dx, y: window.dragStart.y + dy, touching: true)
        }
        let end: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { gesture, dx, dy, data in
            guard let data else { return }
            let window = Unmanaged<CanvasWindow>.fromOpaque(data).takeUnretainedValue()
            window.pointer(gesture, x: window.dragStart.x + dx, y: window.dragStart.y + dy, touching: false)
        }
        quill_gtk_connect(UnsafeMutableRawPointer(drag), "drag-begin", unsafeBitCast(begin, to: GCallback.self), me)
        quill_gtk_connect(UnsafeMutableRawPointer(drag), "drag-update", unsafeBitCast(update, to: GCallback.self), me)
        quill_gtk_connect(UnsafeMutableRawPointer(drag), "drag-end", unsafeBitCast(end, to: GCallback.self), me)
        gtk_widget_add_controller(area, drag)
    }

    /// A pointer or stylus event from GTK (window points). A live tablet read directly draws on
    /// its own, so then the pointer only picks from the palette (the compositor sends the same
    /// pen as a pointer too).
    private func pointer(_ gesture: UnsafeMutableRawPointer?, x: Double, y: Double, touching: Bool) {
        let now = MonotonicClock.now()
        let live = libinput != nil || tablet != nil
        if live {
            if touching, !pointerTouching { model.pick(atWindowX: x, y: y, now: now) }
            pointerTouching = touching
            redraw()
            return
        }
        var pressure: Double?
        if let gesture, let event = gtk_gesture_get_last_event(OpaquePointer(gesture), gtk_gesture_single_get_current_sequence(OpaquePointer(gesture))) {
            var value = 0.0
            if gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0, (0...1).contains(value) { pressure = value }
        }
        // Input points: the model puts them on the page point shown under the pointer.
        let point = model.inputPoint(windowX: x, y: y)
        do {
            if pointerAdapter == nil {
                pointerAdapter = try ToolkitSampleAdapter(pointsPerMillimetre: CanvasModel.pointerPointsPerMillimetre, window: model.document)
            }
            guard var adapter = pointerAdapter else { return }
            var sample = try adapter.sample(x: point.x.isFinite ? point.x : 0, y: point.y.isFinite ? point.y : 0, time: now, isTouching: touching, pressure: touching ? pressure : nil)
            pointerAdapter = adapter
            // The document's own millimetres (a tablet's, when the document was sized by one).
            sample.tabletLocation = model.recorder.engine.mapping.tabletPoint(for: point)
            model.add(sample, readAt: now, now: now)
        } catch {
            messages.append("pointer: \(error)")
        }
        redraw()
    }
}
