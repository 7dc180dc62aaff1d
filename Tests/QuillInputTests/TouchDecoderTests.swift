import Foundation
import QuillCore
import QuillTestSupport
import Testing
@testable import QuillInput

/// Touches of the real touch recordings (whot/evemu-devices, see Recordings/README.md): the replay
/// gives exactly the touches the raw stream holds.
@Suite struct TouchDecoderTests {
    static func path(_ name: String) -> String { Fixtures.recording("evemu-devices/\(name)") }

    /// The recordings with what SOURCES.md counted in their raw events.
    static let cases: [(file: String, desc: String?, touches: Int, mostFingers: Int, isDirect: Bool)] = [
        ("dell_canvas_touch.evemu", nil, 12, 5, true),
        ("Wacom-Cintiq-13HD-touch-Finger.events", nil, 1, 1, true),
        ("Atmel-maXTouch-Touchscreen.1-finger-fast-taps.events", "Atmel-maXTouch-Touchscreen.desc", 9, 1, true),
        ("Wacom-ISDv4-E6-Finger.2fg-tap.events", "Wacom-ISDv4-E6-Finger.desc", 2, 2, true),
        ("Wacom-Intuos5-touch-M-Finger-double-tap.events", "Wacom-Intuos5-touch-M-Finger.desc", 2, 2, false),
        ("N-Trig-MultiTouch.2-fingers-touch-release.events", "N-Trig-MultiTouch.desc", 2, 2, true),
        ("N-Trig-MultiTouch.1-finger-drag-NW-SE.events", "N-Trig-MultiTouch.desc", 1, 1, true),
    ]

    static func device(_ file: String) throws -> DeviceDescription {
        let reader = try Recording.open(path: path(file))
        while let item = try reader.next() { if case let .device(_, device) = item { return device } }
        throw RecordingError(file: file, line: nil, message: "no device")
    }

    static func touches(_ file: String, _ desc: String?) throws -> [TouchSample] {
        try SampleReplay(path: path(file), deviceFile: desc.map(path)).allEvents().compactMap(\.touch)
    }

    /// The touches of the raw stream, counted independently of the decoder: protocol B, a new
    /// tracking id ≥ 0 in a slot; protocol A, the contacts of a frame (the most at once).
    static func rawCount(_ file: String, _ desc: String?) throws -> (touches: Int, mostFingers: Int) {
        let reader = try Recording.open(path: path(file), deviceFile: desc.map(path))
        var down: [Int32: Int32] = [:], slot: Int32 = 0, touches = 0, most = 0, contacts = 0, sawSlots = false
        while let item = try reader.next() {
            guard case let .event(_, event, _) = item else { continue }
            if event.type == EvdevCode.EventType.abs && event.code == EvdevCode.Abs.mtSlot { slot = event.value; sawSlots = true }
            if event.type == EvdevCode.EventType.abs && event.code == EvdevCode.Abs.mtTrackingID {
                if event.value >= 0 {
                    if down[slot] != event.value { touches += 1 }
                    down[slot] = event.value
                } else {
                    down[slot] = nil
                }
            }
            if event.type == EvdevCode.EventType.syn && event.code == EvdevCode.Syn.mtReport { contacts += 1 }
            if event.isFrameEnd {
                most = max(most, down.count, contacts)
                contacts = 0
            }
        }
        _ = sawSlots
        return (touches, most)
    }

    @Test(arguments: cases.indices)
    func everyTouchOfTheRawStreamBeginsAndEndsOnce(index: Int) throws {
        let c = Self.cases[index]
        let touches = try Self.touches(c.file, c.desc)
        let began = touches.filter { $0.phase == .began }
        #expect(began.count == c.touches, "\(c.file): SOURCES.md counts \(c.touches) touches")
        #expect(touches.filter { $0.phase.isFinal }.count == c.touches, "\(c.file): each touch ends once")
        #expect(touches.allSatisfy { $0.isDirect == c.isDirect && $0.isAccepted }, "\(c.file)")
        // At most `mostFingers` down at once, seat numbers unique among the touches down.
        var live: [Int: TouchSample] = [:], most = 0
        for touch in touches {
            switch touch.phase {
            case .began:
                #expect(live[touch.id] == nil, "\(c.file): id \(touch.id) began twice")
                live[touch.id] = touch
            case .moved:
                #expect(live[touch.id]?.slot == touch.slot, "\(c.file): a move of a touch that is not down")
            case .ended, .cancelled:
                #expect(live.removeValue(forKey: touch.id) != nil, "\(c.file): an end of a touch that is not down")
            }
            most = max(most, live.count)
        }
        #expect(live.isEmpty)
        #expect(most == c.mostFingers, "\(c.file)")
        // Protocol B: the counts the raw stream holds, counted without the decoder.
        if !c.file.hasPrefix("N-Trig") {
            let raw = try Self.rawCount(c.file, c.desc)
            #expect(raw.touches == c.touches && raw.mostFingers == c.mostFingers, "\(c.file): raw \(raw)")
        }
        // Times never go back.
        #expect(zip(touches, touches.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    /// Atmel fast taps: three touches begin without X or without Y: that coordinate is where
    /// their slot last was (libevdev keeps a slot's values across tracking ids).
    @Test func aTouchWithoutAPositionBeginsWhereItsSlotLastWas() throws {
        let touches = try Self.touches("Atmel-maXTouch-Touchscreen.1-finger-fast-taps.events", "Atmel-maXTouch-Touchscreen.desc")
        let began = touches.filter { $0.phase == .began }
        var repeated = 0
        var lastBySlot: [Int: TabletPoint] = [:]
        for touch in touches {
            if touch.phase == .began, let last = lastBySlot[touch.slot], last.x == touch.tabletLocation.x || last.y == touch.tabletLocation.y {
                repeated += 1
            }
            lastBySlot[touch.slot] = touch.tabletLocation
        }
        #expect(began.count == 9)
        #expect(repeated == 3, "SOURCES.md: 3 of the 9 taps begin without X or Y")
    }

    /// Intuos5 double tap: slot 1 never sends X: it begins at the slot's initial X (the axis
    /// minimum, 0 mm), with its real Y; a touchpad, mapped like the pen's area.
    @Test func intuos5SlotOneKeepsItsInitialX() throws {
        let touches = try Self.touches("Wacom-Intuos5-touch-M-Finger-double-tap.events", "Wacom-Intuos5-touch-M-Finger.desc")
        let second = try #require(touches.first { $0.slot == 1 && $0.phase == .began })
        #expect(second.tabletLocation.x == 0)
        #expect(second.tabletLocation.y > 0)
        #expect(!second.isDirect)
    }

    /// Dell Canvas: the 5-finger pinch at ≈ 12.5 s spreads 67 → 39 mm (SOURCES.md), and the
    /// touchscreen declares 55 / 98 units/mm (596 × 334 mm, the pen's area).
    @Test func dellCanvasPinchClosesFrom67To39Millimetres() throws {
        let replay = try SampleReplay(path: Self.path("dell_canvas_touch.evemu"))
        let events = try replay.allEvents()
        #expect(replay.scale(forDevice: 0) == .declaredResolution)
        let mapping = try #require(replay.devices.first.flatMap { try? TouchDecoder(device: $0).mapping })
        #expect(abs(mapping.areaWidth - 32767.0 / 55) < 1e-9 && abs(mapping.areaHeight - 32767.0 / 98) < 1e-9)
        // The spread (mean distance to the centroid) of the five fingers, frame by frame.
        var live: [Int: TabletPoint] = [:]
        var spreads: [Double] = []
        for event in events {
            switch event {
            case .touch(let touch):
                if touch.phase.isFinal { live[touch.id] = nil } else { live[touch.id] = touch.tabletLocation }
            case .touchFrame where live.count == 5:
                let cx = live.values.map(\.x).reduce(0, +) / 5, cy = live.values.map(\.y).reduce(0, +) / 5
                let spread = live.values.map { (($0.x - cx) * ($0.x - cx) + ($0.y - cy) * ($0.y - cy)).squareRoot() }.reduce(0, +) / 5
                spreads.append(spread)
            default: break
            }
        }
        let first = try #require(spreads.first), last = try #require(spreads.last)
        #expect(abs(first - 67) < 8 && abs(last - 39) < 8, "spread \(first) → \(last) mm")
        #expect(first > last * 1.4)
    }

    /// A touch node without resolution takes its size from libwacom when no paired pen is in the
    /// recording, and from the paired pen when one is.
    @Test func aTouchNodeWithoutResolutionTakesItsSizeFromItsPen() throws {
        let finger = try Self.device("Wacom-ISDv4-E6-Finger.desc")
        let pen = try Self.device("Wacom-ISDv4-E6-Pen.desc")
        let area = try TabletArea(width: 276, height: 156, source: "test")
        let penDecoder = try TabletDecoder(device: pen, area: area)
        let surface = try #require(TouchDecoder.surfaceArea(of: finger, pens: [(pen, penDecoder.mapping)], catalog: nil))
        #expect(surface.width == 276 && surface.height == 156)
        #expect(surface.source.contains("Wacom ISDv4 E6 Pen"))
        let decoder = try TouchDecoder(device: finger, area: surface)
        #expect(decoder.mapping.areaWidth == 276)
        #expect(TouchDecoder.surfaceArea(of: finger, pens: [], catalog: nil) == nil)
    }

    /// Seeded random protocol-B streams: whatever the order of slots, ids and positions, every
    /// touch begins once and ends once, and a move always belongs to a touch that is down.
    @Test func randomSlotStreamsStayConsistent() throws {
        var random = SeededRandom(seed: 0x70C4)
        let device = DeviceDescription(
            name: "random touch", vendor: 1, product: 2,
            codes: [EvdevCode.EventType.key: [EvdevCode.Key.touch]],
            axes: [
                EvdevCode.Abs.x: AxisInfo(minimum: 0, maximum: 1000, resolution: 10), EvdevCode.Abs.y: AxisInfo(minimum: 0, maximum: 1000, resolution: 10),
                EvdevCode.Abs.mtSlot: AxisInfo(minimum: 0, maximum: 4),
                EvdevCode.Abs.mtPositionX: AxisInfo(minimum: 0, maximum: 1000, resolution: 10), EvdevCode.Abs.mtPositionY: AxisInfo(minimum: 0, maximum: 1000, resolution: 10),
                EvdevCode.Abs.mtTrackingID: AxisInfo(minimum: 0, maximum: 65535),
            ],
            properties: [EvdevCode.Property.direct])
        for round in 0..<50 {
            var decoder = try TouchDecoder(device: device)
            var seat = TouchSeat()
            var events: [TabletEvent] = []
            var nextID: Int32 = 0, time: Int64 = 0
            for _ in 0..<200 {
                var frame: [InputEvent] = []
                time += Int64.random(in: 1_000...20_000, using: &random)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let code: UInt16, value: Int32
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0: (code, value) = (EvdevCode.Abs.mtSlot, Int32.random(in: 0...5, using: &random))  // 5 is beyond the slots
                    case 1:
                        nextID += 1
                        (code, value) = (EvdevCode.Abs.mtTrackingID, Bool.random(using: &random) ? -1 : nextID)
                    case 2: (code, value) = (EvdevCode.Abs.mtPositionX, Int32.random(in: 0...1000, using: &random))
                    default: (code, value) = (EvdevCode.Abs.mtPositionY, Int32.random(in: 0...1000, using: &random))
                    }
                    frame.append(InputEvent(microseconds: time, type: EvdevCode.EventType.abs, code: code, value: value))
                }
                frame.append(InputEvent(microseconds: time, type: EvdevCode.EventType.syn, code: EvdevCode.Syn.report, value: 0))
                decoder.decode(frame: frame[...], seat: &seat, into: &events)
            }
            decoder.finish(seat: &seat, into: &events)
            var live: Set<Int> = []
            for case .touch(let touch) in events {
                switch touch.phase {
                case .began: #expect(live.insert(touch.id).inserted, "round \(round)")
                case .moved: #expect(live.contains(touch.id), "round \(round)")
                case .ended, .cancelled: #expect(live.remove(touch.id) != nil, "round \(round)")
                }
            }
            #expect(live.isEmpty && seat.count == 0, "round \(round)")
        }
    }
}

/// Touch recordings with seeded random damage: the replay ends with a ``RecordingError`` naming
/// the line, or with touches that still begin and end once each — never a crash or a hang.
@Suite struct DamagedTouchRecordingTests {
    @Test func damagedTouchRecordingsEndCleanly() throws {
        var random = SeededRandom(seed: 0xDA7A)
        let sources = [
            try String(contentsOfFile: TouchDecoderTests.path("Wacom-Cintiq-13HD-touch-Finger.events"), encoding: .utf8),
            try String(contentsOfFile: PalmFixtureLabels.fixturePath("cintiq-13hd-rect-right"), encoding: .utf8),
        ]
        var errors = 0, completed = 0
        for round in 0..<60 {
            let source = sources[round % sources.count]
            var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<lines.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: lines.remove(at: index)  // a lost line: an unfinished frame, a slot without its id
                case 1: lines[index] = lines[index].replacingOccurrences(of: "0039", with: "0035")  // a tracking id becomes an X
                case 2: lines.insert(lines[index], at: index)  // a repeated line
                default:
                    // A number changed: a slot beyond the declared ones, a negative id, a huge X.
                    let values = ["-1", "99", "2147483647", "-2147483648", "63"]
                    var fields = lines[index].split(separator: " ").map(String.init)
                    if fields.count > 1 { fields[fields.count - 1] = values[Int.random(in: 0..<values.count, using: &random)] }
                    lines[index] = fields.joined(separator: " ")
                }
            }
            let path = try Fixtures.write(lines.joined(separator: "\n"), suffix: round % 2 == 0 ? ".events" : ".yml")
            do {
                let events = try SampleReplay(path: path).allEvents()
                // What a client acts on: accepted touches begin, move and end once; palm rejection's
                // one cancel ends an accepted touch (its later events come marked rejected).
                // Every touch (by device and slot) begins and ends once; accepted ones (by seat
                // number) likewise, palm rejection's cancel ending them, rejected ones numberless.
                var live: Set<Int> = [], down: Set<Int> = []
                for case .touch(let touch) in events {
                    let slot = touch.deviceIndex << 16 | touch.slot
                    switch touch.phase {
                    case .began:
                        #expect(down.insert(slot).inserted, "round \(round)")
                        if touch.isAccepted { #expect(live.insert(touch.id).inserted, "round \(round)") } else { #expect(touch.id == -1) }
                    case .moved:
                        #expect(down.contains(slot), "round \(round)")
                        if touch.isAccepted { #expect(live.contains(touch.id), "round \(round)") }
                    case .cancelled where touch.rejection != nil && touch.id >= 0:
                        #expect(live.remove(touch.id) != nil, "round \(round): a palm cancel ends an accepted touch")
                    case .ended, .cancelled:
                        #expect(down.remove(slot) != nil, "round \(round)")
                        if touch.isAccepted { #expect(live.remove(touch.id) != nil, "round \(round)") }
                    }
                }
                #expect(live.isEmpty && down.isEmpty, "round \(round): every touch ends")
                completed += 1
            } catch let error as RecordingError {
                #expect(error.file != nil, "round \(round): \(error)")
                errors += 1
            }
        }
        #expect(errors > 0 && completed > 0, "errors \(errors), completed \(completed)")
    }
}

/// Seat numbers across touch devices, and the left-handed turn of a touchpad.
@Suite struct TouchSeatTests {
    static let ABS = EvdevCode.EventType.abs

    /// Two touchscreens in one recording (the Dell Canvas's and the Cintiq 13HD's real
    /// descriptions): their touches never share a seat number while both are down; a number is
    /// given back when its touch ends and taken again by the next (libinput's seat slots).
    @Test func touchesOfTwoDevicesTakeDistinctSeatNumbers() throws {
        let dell = try TouchDecoderTests.device("dell_canvas_touch.evemu")
        let cintiq = try TouchDecoderTests.device("Wacom-Cintiq-13HD-touch-Finger.events")
        let path = Fixtures.temporaryPath(".yml")
        let writer = try LibinputRecordWriter(path: path, deviceCount: 2)
        try writer.beginDevice(dell, node: "/dev/input/event20")
        try writer.write(frame: Fixtures.frame(0.00, [(Self.ABS, 0x2f, 0), (Self.ABS, 0x39, 5), (Self.ABS, 0x35, 1000), (Self.ABS, 0x36, 1000)])[...])
        try writer.write(frame: Fixtures.frame(0.30, [(Self.ABS, 0x39, -1)])[...])
        try writer.beginDevice(cintiq, node: "/dev/input/event21")
        try writer.write(frame: Fixtures.frame(0.10, [(Self.ABS, 0x2f, 0), (Self.ABS, 0x39, 9), (Self.ABS, 0x35, 500), (Self.ABS, 0x36, 500)])[...])
        try writer.write(frame: Fixtures.frame(0.20, [(Self.ABS, 0x39, -1)])[...])
        try writer.write(frame: Fixtures.frame(0.40, [(Self.ABS, 0x39, 10), (Self.ABS, 0x35, 600)])[...])
        try writer.write(frame: Fixtures.frame(0.50, [(Self.ABS, 0x39, -1)])[...])
        try writer.close()
        let touches = try SampleReplay(path: path).allEvents().compactMap(\.touch)
        // In time order (the file holds the devices one after the other).
        #expect(touches.map { "\($0.deviceIndex):\($0.trackingID):\($0.phase.rawValue):\($0.id)" } == [
            "0:5:began:0", "1:9:began:1", "1:9:ended:1", "0:5:ended:0", "1:10:began:0", "1:10:ended:0",
        ])
    }

    /// Left-handed: an opaque tablet's touchpad turns with its pen (libinput rotates the paired
    /// touchpad); a touchscreen does not.
    @Test func aLeftHandedTouchpadTurnsAndAScreenDoesNot() throws {
        let parameters = try TabletDecoderParameters(isLeftHanded: true)
        let pad = try TouchDecoderTests.device("Wacom-Intuos5-touch-M-Finger.desc")
        let screen = try TouchDecoderTests.device("dell_canvas_touch.evemu")
        let frame = Fixtures.frame(0, [(Self.ABS, 0x2f, 0), (Self.ABS, 0x39, 1), (Self.ABS, 0x35, 1000), (Self.ABS, 0x36, 500)])
        for (device, turns) in [(pad, true), (screen, false)] {
            var plain = try TouchDecoder(device: device), turned = try TouchDecoder(device: device, parameters: parameters)
            var seat = TouchSeat(), events: [TabletEvent] = [], turnedEvents: [TabletEvent] = []
            plain.decode(frame: frame[...], seat: &seat, into: &events)
            turned.decode(frame: frame[...], seat: &seat, into: &turnedEvents)
            let a = try #require(events.first?.touch), b = try #require(turnedEvents.first?.touch)
            let mapping = plain.mapping
            if turns {
                #expect(abs(a.tabletLocation.x + b.tabletLocation.x - mapping.areaWidth) < 1e-9 && abs(a.tabletLocation.y + b.tabletLocation.y - mapping.areaHeight) < 1e-9)
            } else {
                #expect(a.tabletLocation == b.tabletLocation)
            }
        }
    }
}

/// Every bundled touch recording of the ISDv4 E6 and Intuos5 touch M gesture sets: the replay's
/// touches are those the raw stream holds, counted without the decoder.
@Suite struct TouchGestureSetTests {
    static let files: [(file: String, desc: String)] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.recording("evemu-devices"))) ?? []
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".events") else { return nil }
            if name.hasPrefix("Wacom-ISDv4-E6-Finger.") { return (name, "Wacom-ISDv4-E6-Finger.desc") }
            if name.hasPrefix("Wacom-Intuos5-touch-M-Finger-") { return (name, "Wacom-Intuos5-touch-M-Finger.desc") }
            return nil
        }
    }()

    /// 10 ISDv4 E6 files and 8 Intuos5 touch M files (SOURCES.md).
    @Test func theSetsAreBundled() { #expect(Self.files.count == 18) }

    @Test(arguments: files.map(\.file))
    func everyTouchOfTheRawStream(file: String) throws {
        let desc = try #require(Self.files.first { $0.file == file }?.desc)
        let touches = try TouchDecoderTests.touches(file, desc)
        let raw = try TouchDecoderTests.rawCount(file, desc)
        #expect(touches.filter { $0.phase == .began }.count == raw.touches, "\(file)")
        #expect(touches.filter(\.phase.isFinal).count == raw.touches, "\(file)")
        var live = 0, most = 0
        for touch in touches {
            if touch.phase == .began { live += 1 } else if touch.phase.isFinal { live -= 1 }
            most = max(most, live)
        }
        #expect(most == raw.mostFingers, "\(file)")
    }
}

/// SYN_DROPPED in a touch stream: what was down ends as cancelled, nothing stays stuck down.
@Suite struct TouchDropTests {
    @Test func aDroppedFrameCancelsTheTouchesDown() throws {
        let header = try String(contentsOfFile: TouchDecoderTests.path("Wacom-Cintiq-13HD-touch-Finger.events"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let events = """
            E: 0.000000 0003 002f 0
            E: 0.000000 0003 0039 1
            E: 0.000000 0003 0035 1000
            E: 0.000000 0003 0036 800
            E: 0.000000 0000 0000 0
            E: 0.010000 0000 0003 0
            E: 0.010000 0003 0039 -1
            E: 0.010000 0000 0000 0
            E: 0.020000 0003 0035 1010
            E: 0.020000 0000 0000 0
            E: 0.030000 0003 0039 2
            E: 0.030000 0003 0035 1200
            E: 0.030000 0000 0000 0
            E: 0.040000 0003 0039 -1
            E: 0.040000 0000 0000 0
            """
        let replay = try SampleReplay(path: try Fixtures.write(header + "\n" + events + "\n"))
        let touches = try replay.allEvents().compactMap(\.touch)
        // The first touch is cancelled at the drop (its lift was lost); the move after the drop
        // belongs to no touch; the next id is a new touch, whole.
        #expect(touches.map { "\($0.trackingID) \($0.phase.rawValue)" } == ["1 began", "1 cancelled", "2 began", "2 ended"])
        #expect(replay.warnings.contains { $0.message.contains("SYN_DROPPED") })
    }
}

/// The hardware's own palm detection (`ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM`), as libinput treats it
/// (evdev-fallback.c): a touch that begins as a palm is never a touch; one that turns into a palm
/// is cancelled once; either stays a palm until it lifts.
@Suite struct HardwarePalmTests {
    @Test func palmsTheHardwareReportsAreRejected() throws {
        var device = try TouchDecoderTests.device("Atmel-maXTouch-Touchscreen.desc")
        #expect(device.axes[EvdevCode.Abs.mtToolType]?.maximum == 2, "the Atmel declares MT_TOOL_PALM")
        device.name = "Atmel with palms"
        var decoder = try TouchDecoder(device: device)
        var seat = TouchSeat(), events: [TabletEvent] = []
        let ABS = EvdevCode.EventType.abs
        let frames: [[(UInt16, UInt16, Int32)]] = [
            [(ABS, 0x2f, 0), (ABS, 0x39, 1), (ABS, 0x37, 2), (ABS, 0x35, 100), (ABS, 0x36, 100)],  // a palm from the start
            [(ABS, 0x2f, 1), (ABS, 0x39, 2), (ABS, 0x37, 0), (ABS, 0x35, 400), (ABS, 0x36, 300)],  // a finger
            [(ABS, 0x35, 410)],
            [(ABS, 0x37, 2)],  // it turns into a palm
            [(ABS, 0x37, 0), (ABS, 0x35, 420)],  // and back: still a palm (libinput)
            [(ABS, 0x39, -1), (ABS, 0x2f, 0), (ABS, 0x39, -1)],
        ]
        for (index, frame) in frames.enumerated() {
            decoder.decode(frame: Fixtures.frame(Double(index) * 0.01, frame)[...], seat: &seat, into: &events)
        }
        let touches = events.compactMap(\.touch).map { "\($0.trackingID) \($0.phase.rawValue)\($0.isAccepted ? "" : " palm")" }
        #expect(touches.count == 7, "\(touches)")
        #expect(touches.filter { $0.hasPrefix("2") } == ["2 began", "2 moved", "2 cancelled palm", "2 moved palm", "2 ended palm"])
        #expect(touches.filter { $0.hasPrefix("1") } == ["1 began palm", "1 ended palm"])
        // The seat numbers: none for the palm from the start, given back at the cancel.
        var assigner = TouchSeatAssigner()
        var numbered = events
        assigner.number(&numbered)
        #expect(numbered.compactMap(\.touch).map(\.id) == numbered.compactMap(\.touch).map { $0.trackingID == 2 && ($0.isAccepted || $0.phase == .cancelled) ? 0 : -1 })
    }
}
