/// Reads a stream with deadlines: each read races the stream's `next()` against a timer, and
/// the loser is cancelled.
///
/// Cancelling a waiting `next()` ends an `AsyncThrowingStream` for good (its `onTermination`
/// runs), so a read that times out is the last read of that stream.
///
/// ```swift
/// let events = TimedIterator(source.events())
/// switch try await events.next(before: .now + .seconds(3)) {
/// case .element(let event): print(event)
/// case .finished: Issue.record("the stream ended")
/// case .timedOut: Issue.record("nothing within 3 s")
/// }
/// ```
final class TimedIterator<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `iterator` is used by one read at a time; `next(before:)` waits for its
    // reading child task before it returns, and the tests never read concurrently.
    private var iterator: AsyncThrowingStream<Element, any Error>.AsyncIterator

    /// What one read gave.
    enum Outcome: Sendable {
        /// The stream's next element.
        case element(Element)
        /// The stream ended.
        case finished
        /// The deadline passed first; the stream is now ended.
        case timedOut
    }

    /// Wraps a stream's iterator.
    ///
    /// - Parameter stream: The stream to read.
    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    /// Reads the next element, unless the deadline passes first.
    ///
    /// - Parameter deadline: When to give up.
    /// - Returns: The element, the end of the stream, or the time-out.
    /// - Throws: What the stream throws, or `CancellationError` when the test is cancelled.
    func next(before deadline: ContinuousClock.Instant) async throws -> Outcome {
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask { try await self.advance() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return .timedOut
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .timedOut
        }
    }

    private func advance() async throws -> Outcome {
        guard let element = try await iterator.next() else { return .finished }
        return .element(element)
    }
}
