import CQuill
import QuillCore
import QuillDevices
import QuillInput
import QuillLayout
import QuillSystem
#if canImport(Glibc)
import Glibc
#endif

// Status codes, quill_strerror and quill_last_error: every entry point reports through here.

/// A failure of a C entry point: its status and the message quill_last_error() gives.
struct CFailure: Error {
    var status: Int32
    var message: String

    static func invalid(_ message: String) -> CFailure { CFailure(status: QUILL_ERROR_INVALID_ARGUMENT.rawValue, message: message) }
}

/// The last failure's message, one per thread (pthread key; freed with the thread).
private let lastErrorKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
}()

func setLastError(_ message: String) {
    if let old = pthread_getspecific(lastErrorKey) { free(old) }
    pthread_setspecific(lastErrorKey, strdup(message))
}

/// Runs `body` as ``guarded(_:)`` does, a rejected parameter named by the C field it came from:
/// `fields` maps the Swift libraries' names (`TabletMapping.areaWidth`) to the caller's
/// (`quill_engine_options.area_width_mm`), so a message never names Quill's internals.
func guarded(naming fields: KeyValuePairs<String, String>, _ body: () throws -> Int32) -> Int32 {
    guarded {
        do {
            return try body()
        } catch let error as ParameterError {
            guard let name = fields.first(where: { $0.key == error.field })?.value else { throw error }
            throw CFailure.invalid("invalid \(name) = \(error.value): expected \(error.expected)")
        }
    }
}

/// Runs `body`, turning thrown errors into a status and the thread's last error.
func guarded(_ body: () throws -> Int32) -> Int32 {
    do {
        return try body()
    } catch let failure as CFailure {
        setLastError(failure.message)
        return failure.status
    } catch {
        setLastError("\(error)")
        return CStatus.status(for: error)
    }
}

enum CStatus {
    static let ok: Int32 = QUILL_OK.rawValue

    /// The status for an error thrown by the Swift libraries.
    static func status(for error: Error) -> Int32 {
        switch error {
        case is RecordingError: return QUILL_ERROR_FORMAT.rawValue
        case is ParameterError, is LayoutError: return QUILL_ERROR_INVALID_ARGUMENT.rawValue
        case let finder as TabletFinderError: return finder.deviceClass == nil ? QUILL_ERROR_NOT_FOUND.rawValue : QUILL_ERROR_NOT_A_PEN.rawValue
        case let node as EvdevNodeError:
            if node.isPermissionDenied { return QUILL_ERROR_PERMISSION.rawValue }
            return node.errno == ENODEV ? QUILL_ERROR_DEVICE_GONE.rawValue : QUILL_ERROR_IO.rawValue
        default: return QUILL_ERROR_IO.rawValue
        }
    }

    /// Writes a mapping's area (millimetres) to the caller's two doubles.
    static func writeArea(of mapping: TabletMapping, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) throws -> Int32 {
        guard let width, let height else { throw CFailure.invalid("width_mm or height_mm is NULL") }
        width.pointee = mapping.areaWidth
        height.pointee = mapping.areaHeight
        return ok
    }

    /// The bytes of a caller's struct libquill may read or write: the size of the newest version
    /// of it that fits in its `size` field (this library's own size for a newer header's larger
    /// one). Throws for NULL and for a size below the first version's.
    private static func versionBytes<T: CVersionedStruct>(_ raw: UnsafeRawPointer?, _ type: T.Type, _ name: String) throws -> Int {
        guard let raw else { throw CFailure.invalid("\(name) is NULL") }
        assert(T.versionSizes.last == MemoryLayout<T>.size, "struct \(name): its newest QUILL_…_SIZE_V constant is not its size")
        let size = Int(raw.load(as: UInt32.self))
        let first = T.versionSizes[0]
        guard size >= first else {
            throw CFailure.invalid(
                "\(name).size is \(size); expected sizeof(struct \(name)) from quill.h, at least \(first) (QUILL_\(name.dropFirst(6).uppercased())_SIZE_V1, struct \(name) of quill 0.4.0)")
        }
        // Only whole versions: a size between two (no header gives one) counts as the older.
        return T.versionSizes.last { $0 <= size } ?? first
    }

    /// A caller's struct, read: the fields of the newest version that fits in its `size` field;
    /// the fields the caller's header lacks are 0 (their default). Throws for NULL and for a size
    /// below the first version's.
    static func check<T: CVersionedStruct>(_ pointer: UnsafePointer<T>?, _ name: String) throws -> T {
        let count = try versionBytes(pointer.map { UnsafeRawPointer($0) }, T.self, name)
        var value = T()
        withUnsafeMutableBytes(of: &value) { $0.baseAddress!.copyMemory(from: UnsafeRawPointer(pointer!), byteCount: count) }
        return value
    }

    /// A caller's struct to fill, checked before anything is computed: NULL and a size below the
    /// first version's throw.
    static func checkOutput<T: CVersionedStruct>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws -> COutput<T> {
        let count = try versionBytes(pointer.map { UnsafeRawPointer($0) }, T.self, name)
        return COutput(target: UnsafeMutableRawPointer(pointer!), count: count)
    }
}

/// A struct of quill.h that begins with `uint32_t size` (imported from C: `init()` zeroes it).
protocol CVersionedStruct {
    init()
    /// Its size in each version of quill.h, oldest first (QUILL_…_SIZE_V1, _V2, …): the last is
    /// this library's, `MemoryLayout<Self>.size`.
    static var versionSizes: [Int] { get }
}

extension quill_sample: CVersionedStruct { static let versionSizes = [Int(QUILL_SAMPLE_SIZE_V1), Int(QUILL_SAMPLE_SIZE_V2)] }
extension quill_source_options: CVersionedStruct {
    static let versionSizes = [Int(QUILL_SOURCE_OPTIONS_SIZE_V1), Int(QUILL_SOURCE_OPTIONS_SIZE_V2), Int(QUILL_SOURCE_OPTIONS_SIZE_V3)]
}
extension quill_pad_event: CVersionedStruct { static let versionSizes = [Int(QUILL_PAD_EVENT_SIZE_V1)] }
extension quill_engine_options: CVersionedStruct {
    static let versionSizes = [Int(QUILL_ENGINE_OPTIONS_SIZE_V1), Int(QUILL_ENGINE_OPTIONS_SIZE_V2), Int(QUILL_ENGINE_OPTIONS_SIZE_V3), Int(QUILL_ENGINE_OPTIONS_SIZE_V4)]
}
extension quill_stroke_update: CVersionedStruct { static let versionSizes = [Int(QUILL_STROKE_UPDATE_SIZE_V1), Int(QUILL_STROKE_UPDATE_SIZE_V2)] }
extension quill_stroke_change: CVersionedStruct { static let versionSizes = [Int(QUILL_STROKE_CHANGE_SIZE_V1)] }
extension quill_tool_event: CVersionedStruct { static let versionSizes = [Int(QUILL_TOOL_EVENT_SIZE_V1)] }
extension quill_toolkit_event: CVersionedStruct { static let versionSizes = [Int(QUILL_TOOLKIT_EVENT_SIZE_V1)] }
extension quill_gesture_preferences: CVersionedStruct { static let versionSizes = [Int(QUILL_GESTURE_PREFERENCES_SIZE_V1)] }
extension quill_gesture_outcome: CVersionedStruct {
    static let versionSizes = [Int(QUILL_GESTURE_OUTCOME_SIZE_V1), Int(QUILL_GESTURE_OUTCOME_SIZE_V2), Int(QUILL_GESTURE_OUTCOME_SIZE_V3)]
}
extension quill_layout: CVersionedStruct { static let versionSizes = [Int(QUILL_LAYOUT_SIZE_V1), Int(QUILL_LAYOUT_SIZE_V2)] }
extension quill_touch: CVersionedStruct { static let versionSizes = [Int(QUILL_TOUCH_SIZE_V1)] }
extension quill_finger_gesture: CVersionedStruct { static let versionSizes = [Int(QUILL_FINGER_GESTURE_SIZE_V1), Int(QUILL_FINGER_GESTURE_SIZE_V2)] }

/// A caller's struct to fill, of `count` bytes (the version its `size` field names).
struct COutput<T> {
    let target: UnsafeMutableRawPointer
    let count: Int

    /// Writes `value`'s first `count` bytes, past the caller's `size` field (kept as it is): no
    /// byte beyond the caller's struct.
    func write(_ value: T) {
        withUnsafeBytes(of: value) { bytes in
            let offset = MemoryLayout<UInt32>.size
            (target + offset).copyMemory(from: bytes.baseAddress! + offset, byteCount: count - offset)
        }
    }
}

/// The opaque handles of the C interface: a retained Swift object behind an OpaquePointer.
enum CHandle {
    /// The object behind `handle`; `name` names the handle in the error for NULL.
    static func object<T: AnyObject>(_ handle: OpaquePointer?, _ name: String) throws -> T {
        guard let handle else { throw CFailure.invalid("\(name) is NULL") }
        return Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// Hands `object` to the caller through `out` (retained until the matching free).
    static func handOut<T: AnyObject>(_ object: T, to out: UnsafeMutablePointer<OpaquePointer?>?, _ name: String) throws {
        guard let out else { throw CFailure.invalid("\(name) (the output pointer) is NULL") }
        out.pointee = OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// Releases the caller's handle (NULL is ignored).
    static func release<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) {
        guard let handle else { return }
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}

/// A static C string (never freed).
func staticCString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(QuillVersionText.value)!

enum QuillVersionText {
    static let value = QuillVersion.string
}

@_cdecl("quill_version")
public func quill_version() -> UnsafePointer<CChar> { UnsafePointer(versionString) }

@_cdecl("quill_strerror")
public func quill_strerror(_ status: Int32) -> UnsafePointer<CChar> {
    switch status {
    case QUILL_OK.rawValue: return staticCString("success")
    case QUILL_ERROR_INVALID_ARGUMENT.rawValue: return staticCString("invalid argument")
    case QUILL_ERROR_IO.rawValue: return staticCString("input/output error")
    case QUILL_ERROR_FORMAT.rawValue: return staticCString("malformed recording")
    case QUILL_ERROR_BUFFER_TOO_SMALL.rawValue: return staticCString("buffer too small")
    case QUILL_ERROR_NOT_FOUND.rawValue: return staticCString("not found")
    case QUILL_ERROR_PERMISSION.rawValue: return staticCString("permission denied")
    case QUILL_ERROR_NOT_A_PEN.rawValue: return staticCString("not a pen device")
    case QUILL_ERROR_DEVICE_GONE.rawValue: return staticCString("device went away")
    default: return staticCString("unknown status")
    }
}

nonisolated(unsafe) private let emptyCString: UnsafeMutablePointer<CChar> = strdup("")!

@_cdecl("quill_last_error")
public func quill_last_error() -> UnsafePointer<CChar> {
    guard let message = pthread_getspecific(lastErrorKey) else { return UnsafePointer(emptyCString) }
    return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
}
