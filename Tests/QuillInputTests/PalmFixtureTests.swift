import Foundation
import QuillCore
import Testing
@testable import QuillInput

/// The palm-rejection fixtures are what their generator writes, Quill reads them, and every label
/// is what the fixture's events hold (libinput's side is checked live by `PalmOracleTests`).
struct PalmFixtureTests {
    @Test func theGeneratorWritesTheCommittedFixtures() throws {
        let script = Fixtures.repositoryRoot.appendingPathComponent("Tools/generate/palm-fixtures.py").path
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--check"], deadline: 120)
        #expect(run.status == 0, "\(run.output)\(run.error)")
    }

    /// A contact of the touch node as its events say: slot, tracking id, first and last frame, where it began.
    struct Contact {
        var slot: Int
        var trackingID: Int
        var begins: Int64
        var ends: Int64?
        var x: Int32?
        var y: Int32?
    }

    @Test(arguments: PalmFixtureLabels.names)
    func everyLabelIsWhatTheFixtureHolds(fixture name: String) throws {
        let labels = try PalmFixtureLabels.load(name)
        #expect(labels.derived)
        let reader = try Recording.open(path: PalmFixtureLabels.fixturePath(name))
        var devices: [Int: DeviceDescription] = [:]
        var contacts: [Contact] = []
        var proximity: [Int32: Int64] = [:]
        var slot = 0
        var open: [Int: Int] = [:]
        while let item = try reader.next() {
            switch item {
            case let .device(index, description): devices[index] = description
            case let .event(index, event, _) where index == labels.pen.device:
                if event.type == EvdevCode.EventType.key && event.code == 0x140 { proximity[event.value] = proximity[event.value] ?? event.microseconds }
            case let .event(index, event, _) where index == labels.touch.device && event.type == EvdevCode.EventType.abs:
                switch event.code {
                case EvdevCode.Abs.mtSlot: slot = Int(event.value)
                case EvdevCode.Abs.mtTrackingID where event.value >= 0:
                    open[slot] = contacts.count
                    contacts.append(Contact(slot: slot, trackingID: Int(event.value), begins: event.microseconds))
                case EvdevCode.Abs.mtTrackingID:
                    if let contact = open.removeValue(forKey: slot) { contacts[contact].ends = event.microseconds }
                case 0x35: if let contact = open[slot], contacts[contact].begins == event.microseconds { contacts[contact].x = event.value }
                case 0x36: if let contact = open[slot], contacts[contact].begins == event.microseconds { contacts[contact].y = event.value }
                default: break
                }
            default: break
            }
        }
        #expect(devices.count == 2 && devices[labels.pen.device]?.deviceClass == .pen && devices[labels.touch.device]?.deviceClass == .touchscreen)
        #expect(proximity[1].map { Double($0) / 1e6 } == labels.pen.proximity_in && proximity[0].map { Double($0) / 1e6 } == labels.pen.proximity_out)
        #expect(contacts.count == labels.touches.count)
        let touch = try #require(devices[labels.touch.device])
        for label in labels.touches {
            let contact = try #require(contacts.first { $0.trackingID == label.tracking_id }, "\(name): no tracking id \(label.tracking_id)")
            #expect(contact.slot == label.slot && Double(contact.begins) / 1e6 == label.begins && contact.ends.map { Double($0) / 1e6 } == label.ends, "\(name): touch \(label.name)")
            // Where it touches down, in mm as libinput measures (from the axis minimum, by resolution).
            if let x = contact.x, let y = contact.y, let xAxis = touch.axes[0x35], let yAxis = touch.axes[0x36] {
                #expect(abs(Double(x - xAxis.minimum) / Double(xAxis.resolution) - label.x_mm) < 0.051, "\(name): touch \(label.name) x")
                #expect(abs(Double(y - yAxis.minimum) / Double(yAxis.resolution) - label.y_mm) < 0.051, "\(name): touch \(label.name) y")
            }
        }
    }
}
