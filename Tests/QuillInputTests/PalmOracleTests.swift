import Foundation
import QuillTestSupport
import Testing

/// libinput 1.22.1 on the palm-rejection fixtures (Recordings/libinput-record/palm/): a real pen and
/// real touches of one tablet on one clock, played on umockdev with both nodes in one device group.
/// libinput's touch events must be what each fixture's labels say — which touches it reports
/// whole, which it cancels (once, after the pen's proximity-in), which it never reports — in
/// order and content; times are compared on the fixture's clock, never against the wall clock.
@Suite(.serialized, .liveTier("umockdev plays a pen and its touchscreen to libinput in real time"), .enabled(if: MockedTablet.isAvailable, "umockdev-run is not installed (Tools/test installs Debian's umockdev): palm oracle tests skipped"))
struct PalmOracleTests {
    @Test(arguments: PalmFixtureLabels.names)
    func libinputTreatsEveryTouchAsLabelled(fixture name: String) throws {
        let labels = try PalmFixtureLabels.load(name)
        let answer = try LibinputTouchOracle.events(fixture: PalmFixtureLabels.fixturePath(name))
        let events = answer.events
        let problems = Self.disagreements(labels: labels, events: events)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))\npacing: \(answer.pacing)\nlibinput gave:\n\(events.filter { $0.kind != .motion && $0.kind != .frame }.map(\.description).joined(separator: "\n"))")
        // Quill's own arbitration on the raw stream (a replay) gives libinput's downs, ups and
        // cancels: the same slots in the same order, at the same times (but the cancels of "ignore
        // all", which libinput stamps with its own clock).
        let theirs = events.filter { [.down, .up, .cancel].contains($0.kind) && $0.device == labels.touch.device }
        let mine = try PalmReplayTests.libinputView(PalmReplayTests.touches(name).touches)
        #expect(mine.map { "\($0.kind) slot \($0.slot) seat \($0.id)" } == theirs.map { "\($0.kind.rawValue) slot \($0.slot ?? -1) seat \($0.seatSlot ?? -1)" }, "\(name); pacing: \(answer.pacing)")
        for (quill, libinput) in zip(mine, theirs) where !(libinput.kind == .cancel && labels.pen.arbitration == "all") {
            #expect(abs(quill.time - libinput.time) < 1e-6, "\(name): Quill's \(quill.kind) of slot \(quill.slot) at \(quill.time) s, libinput's at \(libinput.time) s; pacing: \(answer.pacing)")
        }
    }

    /// Two event times on the fixture's clock are the same event time (both exact to the µs).
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    /// Where libinput's `events` differ from `labels`; empty when they agree.
    static func disagreements(labels: PalmFixtureLabels, events: [OracleTouchEvent]) -> [String] {
        var problems: [String] = []
        // The pen: in and out once, at the fixture's times, tilted as the arbitration needs.
        let pen = events.enumerated().filter { $0.element.device == labels.pen.device && [.proximityIn, .proximityOut].contains($0.element.kind) }
        guard pen.count == 2, pen[0].element.kind == .proximityIn, pen[1].element.kind == .proximityOut else {
            return ["the pen's proximity: \(pen.map(\.element.description)), expected one in and one out"]
        }
        let (penIn, penOut) = (pen[0], pen[1])
        if !same(penIn.element.time, labels.pen.proximity_in) { problems.append("proximity-in at \(penIn.element.time), labelled \(labels.pen.proximity_in)") }
        if !same(penOut.element.time, labels.pen.proximity_out) { problems.append("proximity-out at \(penOut.element.time), labelled \(labels.pen.proximity_out)") }
        let tilt = penIn.element.tiltX ?? .nan
        let tiltAgrees = switch labels.pen.hand {
        case "right": tilt > 0
        case "left": tilt < 0
        default: tilt == 0
        }
        if !tiltAgrees { problems.append("the pen's tilt x at proximity-in is \(tilt)°, labelled \(labels.pen.hand) hand (\(labels.pen.arbitration))") }

        // Every touch event belongs to a labelled touch: a down to the touch that begins then in
        // its slot, the rest to the touch holding their seat slot; each burst ends with a frame.
        var byTouch: [Int: [(index: Int, event: OracleTouchEvent)]] = [:]
        var open: [Int: Int] = [:]
        var unframed: Double?
        for (index, event) in events.enumerated() where event.device == labels.touch.device {
            if event.kind == .frame {
                if let time = unframed, !same(time, event.time) { problems.append("a frame at \(event.time) closes events at \(time)") }
                if unframed == nil { problems.append("a frame at \(event.time) with no touch event") }
                unframed = nil
                continue
            }
            guard event.isTouch, let slot = event.slot, let seat = event.seatSlot else { continue }
            if let time = unframed, !same(time, event.time) { problems.append("no frame after the events at \(time)") }
            unframed = event.time
            let touch: Int?
            if event.kind == .down {
                touch = labels.touches.firstIndex { $0.slot == slot && same($0.begins, event.time) }
                if touch == nil { problems.append("\(event): no labelled touch begins then in slot \(slot)") }
                if open[seat] != nil { problems.append("\(event): seat slot \(seat) is still held") }
                open[seat] = touch
            } else {
                touch = open[seat]
                if touch == nil { problems.append("\(event): no touch holds seat slot \(seat)") }
                if event.kind == .up || event.kind == .cancel { open[seat] = nil }
            }
            if let touch {
                if labels.touches[touch].slot != slot { problems.append("\(event): touch \(labels.touches[touch].name) is in slot \(labels.touches[touch].slot)") }
                byTouch[touch, default: []].append((index, event))
            }
        }
        if let time = unframed { problems.append("no frame after the events at \(time)") }
        if !open.isEmpty { problems.append("touches never ended: seat slots \(open.keys.sorted())") }

        for (number, touch) in labels.touches.enumerated() {
            let own = byTouch[number] ?? []
            let kinds = own.map(\.event.kind)
            let name = "touch \(touch.name) (slot \(touch.slot), \(touch.begins)–\(touch.ends) s, \(touch.expect.rawValue))"
            switch touch.expect {
            case .ignored:
                if !own.isEmpty { problems.append("\(name): libinput reported \(own.map(\.event.description))") }
            case .normal, .cancelled:
                guard let down = own.first?.event, down.kind == .down else {
                    problems.append("\(name): no touch-down (\(kinds.map(\.rawValue)))")
                    continue
                }
                if abs((down.x_mm ?? .nan) - touch.x_mm) > 0.06 || abs((down.y_mm ?? .nan) - touch.y_mm) > 0.06 {
                    problems.append("\(name): down at (\(down.x_mm ?? .nan), \(down.y_mm ?? .nan)) mm, labelled (\(touch.x_mm), \(touch.y_mm))")
                }
                let middle = own.dropFirst().dropLast()
                if middle.contains(where: { $0.event.kind != .motion }) { problems.append("\(name): \(kinds.map(\.rawValue)) between its down and its end") }
                let last = own.last!
                if touch.expect == .normal {
                    if last.event.kind != .up || !same(last.event.time, touch.ends) { problems.append("\(name): ends with \(last.event), expected an up at \(touch.ends)") }
                    if middle.contains(where: { !($0.event.time > touch.begins && $0.event.time < touch.ends) }) { problems.append("\(name): a motion outside its time") }
                    // Down while the pen came into proximity, it lives on: libinput reports it moving.
                    if touch.begins < labels.pen.proximity_in, touch.ends > labels.pen.proximity_in,
                        !middle.contains(where: { $0.event.time > labels.pen.proximity_in && $0.event.time < labels.pen.proximity_out }) {
                        problems.append("\(name): no motion while the pen is in proximity")
                    }
                } else {
                    if last.event.kind != .cancel || last.index < penIn.offset { problems.append("\(name): ends with \(last.event), expected a cancel after the proximity-in") }
                    // The rectangle's cancel carries the pen event's time (see OracleTouchEvent.time for "all").
                    if labels.pen.arbitration == "rectangle", !same(last.event.time, labels.pen.proximity_in) { problems.append("\(name): cancelled at \(last.event.time), not at the proximity-in") }
                    if middle.contains(where: { $0.index > penIn.offset }) { problems.append("\(name): moves after the proximity-in") }
                }
            }
        }
        return problems
    }
}
