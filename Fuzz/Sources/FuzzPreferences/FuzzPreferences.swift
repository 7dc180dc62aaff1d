import Foundation
import FuzzSupport
import QuillGestures

// One input: a preferences file read as the system's and as an app's; a valid system file,
// written out as `quill preferences show` prints it, must read back to the same preferences.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreferences(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let input else { return 0 }
    let data = Data(bytes: input, count: size)
    _ = try? PreferencesFile.decodeApp(data, path: "input")
    guard let preferences = try? PreferencesFile.decode(data, path: "input") else { return 0 }
    guard let again = try? PreferencesFile.decode(Data(PreferencesFile.json(preferences).utf8), path: "again"), again == preferences else {
        fatalError("valid preferences did not read back as printed")
    }
    return 0
}

@_cdecl("FuzzPreferences_main")
public func fuzzPreferencesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzPreferences(data, size) })
}
