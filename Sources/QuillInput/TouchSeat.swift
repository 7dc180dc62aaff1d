/// The seat-wide touch numbers (libinput's seat slots): every touch that begins on any touch
/// device of a source takes the lowest number free and gives it back when it ends, so two fingers
/// on two devices never share one. Up to 64 touches at once; a 65th is reported with number 64
/// and the numbers stay unique among the first 64.
public struct TouchSeat: Hashable, Sendable {
    private var taken: UInt64 = 0

    public init() {}

    /// Takes the lowest free number.
    public mutating func take() -> Int {
        let free = ~taken
        guard free != 0 else { return 64 }
        let number = free.trailingZeroBitCount
        taken |= 1 << UInt64(number)
        return number
    }

    /// Gives `number` back.
    public mutating func release(_ number: Int) {
        guard (0..<64).contains(number) else { return }
        taken &= ~(1 << UInt64(number))
    }

    /// How many numbers are taken.
    public var count: Int { taken.nonzeroBitCount }
}
