import Foundation
import Whereabouts

/// A source that lets the command see every raw event on its way to the engine (for the
/// progress line and the SVG's true track), without changing it.
struct TappedSource: LocationSource {
    let base: any LocationSource
    let tap: @Sendable (SourceEvent) -> Void

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let iterator = IteratorBox(base.events().makeAsyncIterator())
        let tap = tap
        return AsyncThrowingStream {
            let event = try await iterator.next()
            if let event { tap(event) }
            return event
        }
    }
}

/// Holds an iterator for the unfolding stream that owns it.
private final class IteratorBox: @unchecked Sendable {
    // @unchecked: AsyncThrowingStream(unfolding:) calls `next()` from one consumer task at a time.
    private var iterator: AsyncThrowingStream<SourceEvent, any Error>.Iterator

    init(_ iterator: AsyncThrowingStream<SourceEvent, any Error>.Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> SourceEvent? {
        try await iterator.next()
    }
}
