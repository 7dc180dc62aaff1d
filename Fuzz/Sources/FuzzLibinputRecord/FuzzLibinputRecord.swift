import Foundation
import FuzzSupport
import QuillCore
import QuillInput

// One input: a libinput record YAML file, replayed to the end (samples, pad events, touches) or to its error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let path = "/dev/shm/quill-fuzz-yaml-\(getpid()).yml"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    // As the commands open it: several devices read in time order (pens, pads, touches, palm rejection).
    if let reader = try? Recording.open(path: path) {
        let replay = SampleReplay(reader: reader)
        var events: [TabletEvent] = []
        while (try? replay.nextEvents(into: &events)) == true { events.removeAll(keepingCapacity: true) }
    }
    return 0
}

@_cdecl("FuzzLibinputRecord_main")
public func fuzzLibinputRecordMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzLibinputRecord(data, size) })
}
