import Foundation
import Testing
import QuillCore
import QuillSystem
import QuillTestSupport
@testable import QuillInput

/// The readers' Swift device model and name tables (no C library) against libevdev itself.
struct DeviceModelTests {
    /// Every code of every type: the generated names and largest codes are the linked libevdev's.
    @Test func theNameTablesAreLibevdevsOwn() {
        var compared = 0
        for type in UInt16(0)...EvdevCode.EventType.max {
            #expect(EvdevNames.maximumCode(type: type).map(Int.init) == EvdevDeviceModel.libevdevMaximumCode(type: type), "type \(type)")
            guard let maximum = EvdevNames.maximumCode(type: type) else { continue }
            for code in UInt16(0)...maximum {
                #expect(EvdevNames.codeName(type: type, code: code) == EvdevDeviceModel.libevdevCodeName(type: type, code: code))
                compared += 1
            }
        }
        #expect(compared > 1000)
        #expect(EvdevNames.code(named: "BTN_TOUCH")! == (1, 330))
        #expect(EvdevNames.code(type: EvdevCode.EventType.abs, named: "ABS_PRESSURE") == 24)
        #expect(EvdevNames.code(type: EvdevCode.EventType.key, named: "ABS_PRESSURE") == nil)
    }

    /// Each bundled recording's device, built by the Swift model, is what libevdev builds.
    @Test(arguments: Fixtures.all)
    func aRecordingsDeviceIsTheOneLibevdevBuilds(recording: (path: String, device: String?)) throws {
        let reader = try Recording.open(path: recording.path, deviceFile: recording.device)
        guard case let .device(_, description)? = try reader.next() else {
            Issue.record("no device in \(recording.path)")
            return
        }
        let libevdev = try EvdevDeviceModel(description).snapshot
        #expect(description == libevdev)
    }

    private func succeeded(_ result: Result<Void, Error>) -> Bool {
        if case .success = result { return true }
        return false
    }

    /// Seeded random codes and properties: the Swift model accepts exactly what libevdev accepts,
    /// and the two snapshots agree.
    @Test func randomCodesAreAcceptedAndRefusedAsLibevdevDoes() throws {
        var random = SeededRandom(seed: 0x5eed_0001)
        for round in 0..<200 {
            var model = DeviceModel()
            let libevdev = try EvdevDeviceModel()
            for _ in 0..<20 {
                let type = UInt16(random.next() % 0x20)
                let code = UInt16(random.next() % 0x310)
                if type == EvdevCode.EventType.abs {
                    let info = AxisInfo(minimum: 0, maximum: Int32(random.next() % 5000) + 1, fuzz: 0, flat: 0, resolution: 10)
                    let swift = Result { try model.enableAxis(code: code, info: info) }
                    let c = Result { try libevdev.enableAxis(code: code, info: info) }
                    #expect(succeeded(swift) == succeeded(c), "round \(round): ABS code \(code)")
                } else {
                    let swift = Result { try model.enable(type: type, code: code) }
                    let c = Result { try libevdev.enable(type: type, code: code) }
                    #expect(succeeded(swift) == succeeded(c), "round \(round): type \(type) code \(code)")
                }
                let property = UInt16(random.next() % 40)
                let swift = Result { try model.enableProperty(property) }
                let c = Result { try libevdev.enableProperty(property) }
                #expect(succeeded(swift) == succeeded(c), "round \(round): property \(property)")
            }
            #expect(model.snapshot == libevdev.snapshot, "round \(round)")
        }
    }
}
