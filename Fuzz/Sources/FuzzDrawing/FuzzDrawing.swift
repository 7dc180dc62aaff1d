import Foundation
import FuzzSupport
import QuillStroke

// One input: a drawing file, decoded and validated; a valid one is written back and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDrawing(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = input else { return 0 }
    guard let drawing = try? DrawingFile.decode(Data(bytes: data, count: size), file: "input") else { return 0 }
    let path = "/dev/shm/quill-fuzz-drawing-\(getpid()).json"
    if (try? DrawingFile.write(drawing, to: path)) != nil, let again = try? DrawingFile.read(path), again != drawing {
        fatalError("a valid drawing did not read back as written")
    }
    return 0
}

@_cdecl("FuzzDrawing_main")
public func fuzzDrawingMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzDrawing(data, size) })
}
