/// Holds an iterator for the unfolding stream that owns it (the tapped and the gated sources).
final class IteratorBox<Element: Sendable>: @unchecked Sendable {
    // @unchecked: AsyncThrowingStream(unfolding:) calls `next()` from one consumer task at a time.
    private var iterator: AsyncThrowingStream<Element, any Error>.Iterator

    init(_ iterator: AsyncThrowingStream<Element, any Error>.Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> Element? {
        try await iterator.next()
    }
}
