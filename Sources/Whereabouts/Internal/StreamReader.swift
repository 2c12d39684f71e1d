/// The iterator of a stream read by one consumer through `AsyncThrowingStream(unfolding:)`: how a stream of single
/// elements is read as a stream of batches.
final class StreamReader<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `AsyncThrowingStream(unfolding:)` calls its closure from the consuming task, one call at a
    // time, so `iterator` is never touched concurrently.
    private var iterator: AsyncThrowingStream<Element, any Error>.AsyncIterator

    /// Reads this stream.
    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next element, or `nil` at the end.
    func next() async throws -> Element? {
        try await iterator.next()
    }

    /// The elements of a stream, each as a batch of one, read as the consumer asks.
    static func batches(of stream: AsyncThrowingStream<Element, any Error>) -> AsyncThrowingStream<[Element], any Error>
    {
        let reader = StreamReader(stream)
        return AsyncThrowingStream { try await reader.next().map { [$0] } }
    }
}
