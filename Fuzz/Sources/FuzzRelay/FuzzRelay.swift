import Foundation
import FuzzSupport
import QuillCore
import QuillGestures
import QuillService

// One input: an evemu recording relayed to the virtual tablet as `quill service --replay` does
// (the person's default preferences: double taps, squeezes, the eraser switch), to its end or to
// its error. The relay must never trap, hang or grow without bound on any stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelay(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let path = "/dev/shm/quill-fuzz-relay-\(getpid()).events"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    var preferences = PencilPreferences()
    preferences.keyChords["showContextualPalette"] = try? KeyChord(parsing: "ctrl+space")
    if let relay = try? RecordingRelay(path: path, preferences: preferences) {
        var output = RelayOutput()
        while (try? relay.next(into: &output)) == true { output.removeAll() }
    }
    return 0
}

@_cdecl("FuzzRelay_main")
public func fuzzRelayMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzRelay(data, size) })
}
