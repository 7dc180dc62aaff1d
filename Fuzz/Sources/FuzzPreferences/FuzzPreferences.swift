import Foundation
import FuzzSupport
import QuillGestures

// One input: a preferences file read as the system's and as an app's (the one decoder of each);
// valid preferences, written out as their file holds them and as `quill preferences show` prints
// them, must read back to the same preferences.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreferences(_ input: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let input else { return 0 }
    let data = Data(bytes: input, count: size)
    if let app = try? PreferencesFile.decodeApp(data, path: "input") {
        guard let again = try? PreferencesFile.decodeApp(PreferencesFile.encodeApp(app), path: "again"), again == app else {
            fatalError("valid app preferences did not read back as written")
        }
    }
    guard let preferences = try? PreferencesFile.decode(data, path: "input") else { return 0 }
    guard let again = try? PreferencesFile.decode(Data(PreferencesFile.json(preferences).utf8), path: "again"), again == preferences else {
        fatalError("valid preferences did not read back as printed")
    }
    guard let written = try? PreferencesFile.decode(PreferencesFile.encode(preferences), path: "written"), written == preferences else {
        fatalError("valid preferences did not read back as written")
    }
    return 0
}

@_cdecl("FuzzPreferences_main")
public func fuzzPreferencesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { data, size in fuzzPreferences(data, size) })
}
