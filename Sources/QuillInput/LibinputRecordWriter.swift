import QuillCore
import SystemPackage

/// Writes `libinput record` YAML (version 1), the format of `libinput record`, streaming: each
/// frame goes out as it is written, so a recording of any length needs no memory to speak of.
///
/// Event times are written relative to the first event, as libinput's recorder does; comments
/// name each code through libevdev. Call ``beginDevice(_:node:)`` before a device's frames and
/// ``close()`` at the end.
public final class LibinputRecordWriter {
    /// The file being written.
    public let path: String
    private let descriptor: FileDescriptor
    private var buffer = ""
    private var isClosed = false
    private var previousFrameTime: Int64?
    /// When true every frame is written to the file at once, so a crash or Ctrl-C loses nothing
    /// already captured (`quill record`). Default false (buffered).
    public var flushesEveryFrame = false

    /// Creates or truncates `path` (a device or FIFO is written as it is, never replaced by a
    /// regular file) and writes the top-level keys for `deviceCount` devices.
    public init(path: String, deviceCount: Int) throws {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: FilePermissions(rawValue: 0o644))
        } catch {
            throw RecordingError(file: path, line: nil, message: "cannot create the output file: \(error)")
        }
        buffer += """
            # libinput record
            version: 1
            ndevices: \(deviceCount)
            libinput:
              version: "1.22.1"
              git: "unknown"
            system:
              os: "unknown"
              kernel: "unknown"
              dmi: "unknown"
            devices:

            """
    }

    /// Starts a device: its description, then the `events:` list its frames go into.
    public func beginDevice(_ device: DeviceDescription, node: String = "/dev/input/event0") throws {
        previousFrameTime = nil
        var text = "- node: \(node)\n  evdev:\n"
        text += "    # Name: \(device.name)\n"
        text += "    # ID: bus 0x\(hex(device.bus)) vendor 0x\(hex(device.vendor)) product 0x\(hex(device.product)) version 0x\(hex(device.version))\n"
        text += "    name: \"\(LibinputRecordWriter.escaped(device.name))\"\n"
        text += "    id: [\(device.bus), \(device.vendor), \(device.product), \(device.version)]\n"
        text += "    codes:\n"
        var types = Set(device.codes.keys)
        if !device.axes.isEmpty { types.insert(EvdevCode.EventType.abs) }
        for type in types.sorted() {
            let codes = type == EvdevCode.EventType.abs ? device.axes.keys.sorted() : (device.codes[type] ?? [])
            text += "      \(type): [\(codes.map(String.init).joined(separator: ", "))] # \(EvdevNames.typeName(type) ?? "?")\n"
        }
        if !device.axes.isEmpty {
            text += "    absinfo:\n"
            for code in device.axes.keys.sorted() {
                guard let info = device.axes[code] else { continue }
                text += "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)]\n"
            }
        }
        text += "    properties: [\(device.properties.map(String.init).joined(separator: ", "))]\n"
        text += "  events:\n"
        buffer += text
        try flushIfNeeded()
    }

    /// Writes one frame (normally ending in `SYN_REPORT`). Times are microseconds from the recording's start.
    public func write(frame: ArraySlice<InputEvent>) throws {
        guard !frame.isEmpty else { return }
        buffer += "  - evdev:\n"
        for event in frame {
            let seconds = event.microseconds / 1_000_000
            let micros = event.microseconds % 1_000_000
            buffer += "    - [\(pad(seconds, 3)), \(pad(micros, 6)), \(pad(Int64(event.type), 3)), \(pad(Int64(event.code), 3)), \(pad(Int64(event.value), 7))]"
            if event.isFrameEnd {
                let delta = previousFrameTime.map { event.microseconds.subtractingReportingOverflow($0).partialValue / 1000 } ?? 0
                buffer += " # ------------ SYN_REPORT (0) ---------- +\(delta)ms\n"
                previousFrameTime = event.microseconds
            } else {
                buffer += " # \(EvdevNames.describe(type: event.type, code: event.code)) \(event.value)\n"
            }
        }
        if flushesEveryFrame { try flush() } else { try flushIfNeeded() }
    }

    /// Writes what is buffered and closes the file.
    public func close() throws {
        try flush()
        guard !isClosed else { return }
        isClosed = true
        try descriptor.close()
    }

    /// A writer dropped without ``close()`` closes its file (what was not flushed is lost).
    deinit { if !isClosed { try? descriptor.close() } }

    private func flushIfNeeded() throws {
        if buffer.utf8.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try descriptor.writeAll(buffer.utf8)
        } catch {
            throw RecordingError(file: path, line: nil, message: "write failed: \(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func hex(_ value: UInt16) -> String { String(value, radix: 16) }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
