/// How often a live loop woke from its sleep, and how often nothing was readable (a deadline, the
/// end of the run, Ctrl-C): `--stats` prints it, so that a loop that spins shows.
struct LoopCounter {
    private(set) var wakes = 0
    private(set) var wakesWithoutEvents = 0

    mutating func woke(withEvents: Bool) {
        wakes += 1
        if !withEvents { wakesWithoutEvents += 1 }
    }

    /// "; woke N times (M without events)".
    var text: String { "; woke \(wakes) times (\(wakesWithoutEvents) without events)" }
}
