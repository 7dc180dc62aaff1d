import Foundation
import FuzzSupport
import QuillInput

// One input: an evemu device description (.desc), read for its device.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescription(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    let path = "/dev/shm/quill-fuzz-desc-\(getpid()).desc"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    if let device = try? EvemuReader.readDescription(path: path) { _ = device.deviceClass }
    return 0
}

@_cdecl("FuzzDescription_main")
public func fuzzDescriptionMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzDescription(data, size) })
}
