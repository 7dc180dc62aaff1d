import QuillCore

/// Gives touches their seat-wide numbers the way libinput gives seat slots: after palm
/// rejection, so a touch ignored from its start takes none (−1), and a touch palm rejection
/// cancels gives its number back at the cancel; an accepted touch takes the lowest free number
/// when it begins and gives it back when it ends. Each decoder numbers its own touches; this
/// stage, one per source, makes the numbers seat-wide.
public struct TouchSeatAssigner: Sendable {
    private struct DeviceTouch: Hashable, Sendable {
        var device: Int
        var number: Int
    }

    private var seat = TouchSeat()
    private var numbers: [DeviceTouch: Int] = [:]

    public init() {}

    /// Sets `touch.id` to its seat-wide number (−1 while it has none).
    public mutating func number(_ touch: inout TouchSample) {
        let key = DeviceTouch(device: touch.deviceIndex, number: touch.id)
        if touch.phase == .began {
            if let stale = numbers.removeValue(forKey: key) { seat.release(stale) }
            guard touch.isAccepted else {
                touch.id = -1
                return
            }
            numbers[key] = seat.take()
        }
        guard let number = numbers[key] else {
            touch.id = -1
            return
        }
        touch.id = number
        // An accepted touch's end, or palm rejection's cancel (its later samples have no number).
        if touch.phase.isFinal {
            numbers[key] = nil
            seat.release(number)
        }
    }

    /// Numbers the touches among `events` (from `start`), in place.
    public mutating func number(_ events: inout [TabletEvent], from start: Int = 0) {
        for index in start..<events.count {
            guard case .touch(var touch) = events[index] else { continue }
            number(&touch)
            events[index] = .touch(touch)
        }
    }
}
