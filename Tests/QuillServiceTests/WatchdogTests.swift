import Foundation
import QuillGestures
import QuillSystem
import QuillTestSupport
import Testing

@testable import QuillService

/// The service under systemd: READY=1, then WATCHDOG=1 from its loop (a unix datagram socket
/// stands in for systemd's).
struct WatchdogTests {
    @Test func theServiceSaysItIsReadyThenKeepsTheWatchdogFed() throws {
        let path = TestScratch.directory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd); unlink(path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, byte) in path.utf8.enumerated() { raw[i] = byte } }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
        let notifier = try #require(SystemdNotifier(socketPath: path, watchdogMicroseconds: 100_000))
        #expect(notifier.watchdogInterval == 0.05)
        // No tablet on this node directory: the service waits, feeding the watchdog, until three
        // WATCHDOG=1 came (the test reads them as they come; a deadline fails it rather than hang).
        let empty = TestScratch.directory.appendingPathComponent("input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let service = TabletService(preferences: PencilPreferences(), rescanInterval: 0.05, inputDirectory: empty, log: { _ in })
        service.notifier = notifier
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(30)
        var buffer = [UInt8](repeating: 0, count: 256)
        try service.run {
            while true {
                let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { break }
                messages.append(String(decoding: buffer.prefix(count), as: UTF8.self))
            }
            return messages.filter { $0 == "WATCHDOG=1" }.count >= 3 || Date() > deadline
        }
        #expect(messages.first == "READY=1", "\(messages)")
        #expect(messages.dropFirst().prefix(3) == ["WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1"], "\(messages)")
    }
}
