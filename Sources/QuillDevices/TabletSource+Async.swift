@preconcurrency import Dispatch
import QuillCore
import QuillSystem

extension TabletSource {
    /// The tablet's samples as they come, for Swift concurrency:
    ///
    /// ```swift
    /// let stream = source.samples()
    /// for try await sample in stream { … }   // until source.endSamples(), an unplug or cancellation
    /// ```
    ///
    /// Built on the fd + ``dispatch()`` shape: a Dispatch read source on ``fileDescriptor`` and a
    /// timer for ``timeout`` run ``dispatch()`` on `queue`, which owns the source from then on — use
    /// it only through the stream and ``endSamples()``. An unplugged tablet ends the stream with
    /// its error (after the cancelled end of an open stroke); ``endSamples()`` ends the input as
    /// ``finish()`` does (an open stroke gets its `ended` sample) and then the stream; cancelling
    /// the consuming task stops reading at once.
    public func samples(queue: DispatchQueue = DispatchQueue(label: "quill.tablet-source")) -> AsyncThrowingStream<PenSample, Error> {
        // The source is touched only on `queue` from here on.
        nonisolated(unsafe) let source = self
        let descriptor = fileDescriptor
        return AsyncThrowingStream { continuation in
            nonisolated(unsafe) let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            nonisolated(unsafe) let timer = DispatchSource.makeTimerSource(queue: queue)
            nonisolated(unsafe) var isStopped = false
            @Sendable func stop(_ error: Error?) {
                guard !isStopped else { return }
                isStopped = true
                reader.cancel()
                timer.cancel()
                continuation.finish(throwing: error)
            }
            @Sendable func deliver() {
                while let sample = source.nextSample() { continuation.yield(sample) }
            }
            @Sendable func pump() {
                guard !isStopped else { return }
                do {
                    try source.dispatch()
                } catch {
                    deliver()
                    stop(error)
                    return
                }
                deliver()
                // The proximity timer: dispatch again when a silent hovering pen is due out.
                timer.schedule(deadline: source.timeout.map { .now() + $0 + 0.001 } ?? .distantFuture)
            }
            source.endStream = {
                queue.async {
                    guard !isStopped else { return }
                    source.finish()
                    deliver()
                    stop(nil)
                }
            }
            reader.setEventHandler(handler: pump)
            timer.setEventHandler(handler: pump)
            continuation.onTermination = { _ in queue.async { stop(nil) } }
            timer.schedule(deadline: .distantFuture)
            reader.resume()
            timer.resume()
        }
    }

    /// Ends the stream of ``samples(queue:)``: the input ends (a tip still down gets its `ended`
    /// sample), what is waiting is delivered, then the stream finishes. Safe from any thread.
    public func endSamples() {
        endStream?()
    }
}
