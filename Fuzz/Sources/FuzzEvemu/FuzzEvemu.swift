import Foundation
import FuzzSupport
import QuillCore
import QuillInput

// One input: an evemu recording, replayed to the end (samples, pad events) or to its error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let path = "/dev/shm/quill-fuzz-evemu-\(getpid()).events"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    if let reader = try? EvemuReader(path: path) {
        let replay = SampleReplay(reader: reader)
        var events: [TabletEvent] = []
        while (try? replay.nextEvents(into: &events)) == true { events.removeAll(keepingCapacity: true) }
    }
    return 0
}

@_cdecl("FuzzEvemu_main")
public func fuzzEvemuMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzEvemu(data, size) })
}
