import Foundation
import QuillCore
import QuillDevices
import QuillInput
import QuillSystem
import Testing

/// The live loop in process, on a clock the test moves: real recordings' events given to the
/// session as a kernel would give them, without a device, umockdev or real time.
@Suite struct TabletSessionTests {
    /// Runs the session to `end` µs in `step` µs steps, dispatching at each; returns every event.
    static func drive(_ session: TabletSession, _ clock: FakeClock, to end: Int64, step: Int64 = 5_000, at moments: [Int64: () -> Void] = [:]) throws -> [TabletEvent] {
        var events: [TabletEvent] = []
        while let event = session.nextEvent() { events.append(event) }
        while clock.now < end && !session.isFinished {
            clock.now += step
            for (moment, action) in moments where moment == clock.now { action() }
            try session.dispatch()
            while let event = session.nextEvent() { events.append(event) }
        }
        return events
    }

    static func samples(_ events: [TabletEvent], device: Int) -> [PenSample] {
        events.compactMap(\.sample).filter { $0.deviceIndex == device }
    }

    /// The replay of the same recording: what the live session must give.
    static func replayed(_ name: String) throws -> [PenSample] {
        try SampleReplay(path: RecordedTablet.path(name)).allSamples()
    }

    static func sameExceptTime(_ live: [PenSample], _ replay: [PenSample], shift: Double) -> Bool {
        guard live.count == replay.count else { return false }
        return zip(live, replay).allSatisfy { a, b in
            var moved = b
            moved.time += shift
            moved.deviceIndex = a.deviceIndex
            return abs(a.time - moved.time) < 1e-9 && { var c = a; c.time = moved.time; return c == moved }()
        }
    }

    @Test func twoTabletsOnOneClockGiveTheirReplays() throws {
        let clock = FakeClock(0)
        let cintiq = try RecordedTablet("Wacom-Cintiq-12WX.events", start: 1_000_000)
        let dth = try RecordedTablet("Wacom-DTH2242-Pen.events", start: 1_500_000)
        let session = try TabletSession(
            nodes: [cintiq.node("/dev/input/event20", clock: clock), dth.node("/dev/input/event21", clock: clock)], origin: 0, clock: clock.clock)
        let end = max(cintiq.events.last!.microseconds, dth.events.last!.microseconds) + 100_000
        var events = try Self.drive(session, clock, to: end)
        session.finish()
        while let event = session.nextEvent() { events.append(event) }
        // Both announced first, in order.
        #expect(events.prefix(2).map(\.device) == [0, 1])
        #expect(events.prefix(2).allSatisfy { if case .deviceAdded(_, .pen, _) = $0 { return true } else { return false } })
        // Each tablet's samples are its replay's, on the run's clock (its first event at 1.0 s / 1.5 s).
        let first = Self.samples(events, device: 0), second = Self.samples(events, device: 1)
        let replayFirst = try Self.replayed("Wacom-Cintiq-12WX.events"), replaySecond = try Self.replayed("Wacom-DTH2242-Pen.events")
        #expect(first.count == replayFirst.count && second.count == replaySecond.count)
        #expect(Self.sameExceptTime(first, replayFirst, shift: first[0].time - replayFirst[0].time))
        #expect(Self.sameExceptTime(second, replaySecond, shift: second[0].time - replaySecond[0].time))
        #expect(abs((first.first?.time ?? 0) - 1.0) < 0.05 && abs((second.first?.time ?? 0) - 1.5) < 0.05)
        for device in [0, 1] {
            let times = Self.samples(events, device: device).map(\.time)
            #expect(times == times.sorted(), "device \(device)'s times never step back")
        }
    }

    @Test func anUnpluggedTabletEndsItsStrokeAndComesBackOnTheSameClock() throws {
        let clock = FakeClock(0)
        let recorded = try RecordedTablet("Wacom-Cintiq-12WX.events", start: 1_000_000)
        let node = recorded.node("/dev/input/event20", clock: clock)
        var plugged = false
        var attempts: [Int64] = []
        var replugged: ScriptedNode?
        let session = try TabletSession(
            nodes: [node], origin: 0, clock: clock.clock,
            opener: { path in
                attempts.append(clock.now)
                guard plugged, let replugged else { throw EvdevNodeError(path: path, operation: "open", errno: ENOENT) }
                return replugged
            })
        // Run until a stroke is under way (the first `moved` sample), then pull the cable.
        var events: [TabletEvent] = []
        while !events.contains(where: { $0.sample?.phase == .moved }) {
            clock.now += 5_000
            try session.dispatch()
            while let event = session.nextEvent() { events.append(event) }
        }
        node.unplug()
        let unpluggedAt = clock.now
        clock.now += 5_000
        try session.dispatch()
        var after: [TabletEvent] = []
        while let event = session.nextEvent() { after.append(event) }
        #expect(after.count == 2)
        #expect(after.first?.sample?.phase == .cancelled, "the open stroke is cancelled")
        guard case let .deviceRemoved(0, removedAt) = after.last else {
            Issue.record("expected deviceRemoved, got \(after)")
            return
        }
        #expect(session.isAwaiting && session.fileDescriptors.isEmpty)
        #expect(abs((session.timeout ?? -1) - 0.2) < 1e-9, "the next look for the node in 0.2 s")
        // Half a second without the node: looked for every 0.2 s, nothing else happens.
        for _ in 0..<100 {
            clock.now += 5_000
            try session.dispatch()
            #expect(session.nextEvent() == nil)
        }
        #expect(attempts.count == 2, "tried at +0.2 and +0.4 s: \(attempts.map { Double($0 - unpluggedAt) / 1e6 })")
        // Plugged back in: the rest of the recording, later on the same clock.
        let later = recorded.events.filter { $0.microseconds > unpluggedAt }.map { var moved = $0; moved.microseconds += 2_000_000; return moved }
        replugged = recorded.node("/dev/input/event20", clock: clock, events: later)
        plugged = true
        let back = try Self.drive(session, clock, to: (later.last?.microseconds ?? 0) + 100_000)
        guard case let .deviceBack(0, backAt) = back.first else {
            Issue.record("expected deviceBack first, got \(back.prefix(3))")
            return
        }
        #expect(backAt > removedAt)
        let samples = Self.samples(back, device: 0)
        #expect(!samples.isEmpty)
        #expect(samples.allSatisfy { $0.time > backAt }, "the samples after the return keep the run's clock")
        #expect(abs((samples.first?.time ?? 0) - Double(later.first!.microseconds) / 1e6) < 0.05)
    }

    @Test func aSilentHoveringPenIsForcedOutAfterLibinputsTimeout() throws {
        let clock = FakeClock(0)
        let recorded = try RecordedTablet("Wacom-Cintiq-12WX.events", start: 1_000_000)
        // The events up to the first hover sample's frame, then silence.
        let replay = try Self.replayed("Wacom-Cintiq-12WX.events")
        let firstHover = try #require(replay.first { $0.phase == .hover })
        let cut = recorded.events.filter { Double($0.microseconds - 1_000_000) / 1e6 <= firstHover.time + 1e-9 }
        let session = try TabletSession(nodes: [recorded.node("/dev/input/event20", clock: clock, events: cut)], origin: 0, clock: clock.clock)
        let lastFrame = try #require(cut.last).microseconds
        clock.now = lastFrame
        try session.dispatch()
        while session.nextEvent() != nil {}
        clock.now = lastFrame + 20_000
        // The host sleeps exactly until libinput's 50 ms timer: 30 ms from here.
        #expect(abs((session.timeout ?? -1) - 0.030) < 1e-9, "\(String(describing: session.timeout))")
        clock.now = lastFrame + 50_001
        try session.dispatch()
        var events: [TabletEvent] = []
        while let event = session.nextEvent() { events.append(event) }
        guard case let .proximityOut(0, .pen, time, isForced) = events.last else {
            Issue.record("expected a forced proximity-out, got \(events)")
            return
        }
        #expect(isForced)
        #expect(abs(time - (Double(lastFrame) / 1e6 + 0.05)) < 1e-9, "out at the deadline, not when the host woke")
        #expect(session.timeout == nil, "nothing waits any more")
    }

    @Test func theRunsDurationEndsItAndLiftsTheTip() throws {
        let clock = FakeClock(0)
        let recorded = try RecordedTablet("Wacom-Cintiq-12WX.events", start: 100_000)
        let replay = try Self.replayed("Wacom-Cintiq-12WX.events")
        // End the run while the tip is down: in the middle of the first stroke.
        let began = try #require(replay.firstIndex { $0.phase == .began })
        let ended = try #require(replay[began...].firstIndex { $0.phase == .ended })
        let middle = replay[(began + ended) / 2].time + 0.1
        let session = try TabletSession(nodes: [recorded.node("/dev/input/event20", clock: clock)], origin: 0, clock: clock.clock, duration: middle)
        #expect(abs((session.timeout ?? -1) - middle) < 1e-9, "the run's end is a deadline too")
        let events = try Self.drive(session, clock, to: 60_000_000)
        #expect(session.isFinished)
        #expect(clock.now <= Int64((middle + 0.005) * 1e6) + 1, "stopped at the duration, not at the end of the input")
        let samples = Self.samples(events, device: 0)
        #expect(samples.last?.phase == .ended, "the open stroke ends")
        #expect(samples.allSatisfy { $0.time <= middle + 1e-9 })
        #expect(session.timeout == 0)
        try session.dispatch()
        #expect(session.nextEvent() == nil, "nothing is read after the end")
    }

    /// A pen and its touchscreen on one clock (the Dell Canvas palm fixture: a touch moves 0.17 ms
    /// before the upright pen comes into proximity, which cancels every touch): whether a dispatch
    /// holds one frame or many of both nodes (a reader that woke late), the session arbitrates
    /// them in the order of their times and gives the replay's touches. Read node after node,
    /// the pen's proximity-in met the arbiter first: that motion came out muted and the touch was
    /// cancelled before it (and, in bigger batches, earlier motions too). Only here, not in the
    /// live tier: umockdev paces each node's stream on its own and they drift apart by tens of
    /// milliseconds within seconds (measured on this fixture: the pen's node 60 ms early, the
    /// touchscreen's 80 ms late), so a mocked pen's frame can come before a touch frame stamped
    /// 20 ms earlier — which no reader can put back in order, and a kernel does not do.
    @Test(arguments: [1_000, 20_000, 100_000] as [Int64])
    func aLateReaderArbitratesThePenAndItsTouchesInTimeOrder(step: Int64) throws {
        let path = RecordedTablet.root.appendingPathComponent("Recordings/libinput-record/palm/dell-canvas-ignore-all.yml").path
        let catalog = WacomCatalog.loadIfAvailable()
        let expected = try SampleReplay(path: path, catalog: catalog).allEvents().compactMap(\.touch)
        let reader = try Recording.open(path: path)
        var devices: [Int: DeviceDescription] = [:]
        var events: [Int: [InputEvent]] = [:]
        while let item = try reader.next() {
            switch item {
            case let .device(index, description): devices[index] = description
            case let .event(index, event, _): events[index, default: []].append(event)
            }
        }
        let clock = FakeClock(0)
        let start: Int64 = 1_000_000
        let nodes = devices.keys.sorted().map { index in
            ScriptedNode(path: "/dev/input/event\(20 + index)", description: devices[index]!, events: (events[index] ?? []).map { var moved = $0; moved.microseconds += start; return moved }, clock: clock)
        }
        let session = try TabletSession(nodes: nodes, origin: 0, catalog: catalog, clock: clock.clock)
        #expect(session.palmPairs.map { "\($0.pen)-\($0.touch)" } == ["0-1"])
        let end = start + (events.values.compactMap { $0.last?.microseconds }.max() ?? 0) + step
        var output = try Self.drive(session, clock, to: end, step: step)
        session.finish()
        while let event = session.nextEvent() { output.append(event) }
        let touches = output.compactMap(\.touch)
        #expect(touches.count == expected.count, "\(touches.count) touches, the replay \(expected.count)")
        let difference = zip(touches, expected).first { live, replay in
            var moved = replay
            moved.time += 1
            return abs(live.time - moved.time) > 1e-9 || { var same = live; same.time = moved.time; return same != moved }()
        }
        #expect(difference == nil, "first difference: \(difference.map { "live \($0.0.time) \($0.0.phase) slot \($0.0.slot) \($0.0.rejection.map(\.rawValue) ?? "accepted"), replay \($0.1.time + 1) \($0.1.phase) slot \($0.1.slot) \($0.1.rejection.map(\.rawValue) ?? "accepted")" } ?? "")")
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aDurationThatIsNotAPositiveNumberIsRefused(duration: Double) throws {
        let clock = FakeClock(0)
        let recorded = try RecordedTablet("Wacom-Cintiq-12WX.events", start: 0)
        #expect(throws: ParameterError.self) {
            _ = try TabletSession(nodes: [recorded.node("/dev/input/event20", clock: clock)], clock: clock.clock, duration: duration)
        }
    }
}
