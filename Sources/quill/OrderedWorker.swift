import Dispatch

/// Runs work on one background thread in the order it was submitted, so a command can read a
/// recording and run the engine on one core while what it made is formatted and written on the
/// other (`quill strokes --emit final`: the rows of finished strokes).
///
/// At most `depth` pieces of work wait: when the writing falls behind (a slow pipe), `submit`
/// waits instead of memory growing. Whatever the work touches (a `TextOutput`) belongs to this
/// thread until ``drain()`` returns.
final class OrderedWorker: @unchecked Sendable {  // its queue and semaphore are thread-safe
    private let queue = DispatchQueue(label: "quill.ordered-worker")
    private let slots: DispatchSemaphore

    /// - Parameter depth: how many pieces of work may wait (≥ 1).
    init(depth: Int = 16) {
        slots = DispatchSemaphore(value: max(1, depth))
    }

    /// Queues `work` after everything submitted before it; waits while `depth` pieces wait.
    func submit(_ work: @escaping @Sendable () -> Void) {
        slots.wait()
        queue.async { [slots] in
            work()
            slots.signal()
        }
    }

    /// Returns when everything submitted so far has run.
    func drain() {
        queue.sync {}
    }
}
