/// Appends to an array without the stall of its doubling: once the array is half full, a buffer
/// of twice its capacity is reserved and filled three elements per append, so that when the
/// array is full the copy is already made and the two are swapped. Every append then costs a bounded
/// amount however long the array gets (a recorded stroke of any length: issue 13's 10-minute
/// stroke), where a plain append copies the whole array at each doubling (5.4 ms at 131 072 stroke
/// points). The array must only be appended to while it grows this way.
public struct SteadyGrowth<Element>: Sendable where Element: Sendable {
    /// The copy being made, with twice the array's capacity.
    private var next: [Element] = []
    private var isGrowing = false
    /// How many times the copy was swapped in (each a doubling made without a stall).
    private(set) var swaps = 0
    /// Arrays smaller than this double as usual (their copy is cheap).
    public static var threshold: Int { 1024 }

    public init() {}

    /// Appends `element` to `array`.
    public mutating func append(_ element: Element, to array: inout [Element]) {
        if isGrowing, array.count == array.capacity {
            if next.count == array.count {
                swap(&array, &next)
                next = []
                swaps += 1
            }
            isGrowing = false  // caught up and swapped, or (the array changed meanwhile) plain growth
        }
        array.append(element)
        if !isGrowing, array.capacity >= Self.threshold, array.count >= array.capacity / 2 {
            next = []
            next.reserveCapacity(2 * array.capacity)
            isGrowing = true
        }
        guard isGrowing else { return }
        // Three per append: begun at half full (or just past it), the copy catches up when the
        // array is three quarters full, and then keeps up one element per append.
        var copied = 0
        while copied < 3, next.count < array.count {
            next.append(array[next.count])
            copied += 1
        }
    }

    /// Forgets the copy in progress (a new array starts).
    public mutating func reset() {
        next = []
        isGrowing = false
    }
}
