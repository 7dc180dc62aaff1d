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
        case let node as EvdevNodeError: return node.isPermissionDenied ? QUILL_ERROR_PERMISSION.rawValue : QUILL_ERROR_IO.rawValue
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

    /// Checks a caller's struct: not NULL and at least as large as the first version of it.
    static func check<T>(_ pointer: UnsafePointer<T>?, _ name: String, minimumSize: Int = MemoryLayout<T>.size) throws -> T {
        guard let pointer else { throw CFailure.invalid("\(name) is NULL") }
        let size = UnsafeRawPointer(pointer).load(as: UInt32.self)
        guard Int(size) >= minimumSize else {
            throw CFailure.invalid("\(name).size is \(size); expected sizeof(struct \(name)) = \(minimumSize) (set it from quill.h)")
        }
        return pointer.pointee
    }

    /// Checks an output struct's size field before it is written.
    static func checkOutput<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws -> UnsafeMutablePointer<T> {
        guard let pointer else { throw CFailure.invalid("\(name) is NULL") }
        let size = UnsafeRawPointer(pointer).load(as: UInt32.self)
        guard Int(size) >= MemoryLayout<T>.size else {
            throw CFailure.invalid("\(name).size is \(size); expected sizeof(struct \(name)) = \(MemoryLayout<T>.size) (set it from quill.h)")
        }
        return pointer
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
    default: return staticCString("unknown status")
    }
}

nonisolated(unsafe) private let emptyCString: UnsafeMutablePointer<CChar> = strdup("")!

@_cdecl("quill_last_error")
public func quill_last_error() -> UnsafePointer<CChar> {
    guard let message = pthread_getspecific(lastErrorKey) else { return UnsafePointer(emptyCString) }
    return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
}
