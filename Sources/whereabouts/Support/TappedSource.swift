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

/// Counts and pictures shared between the source's tap and the command.
final class TrackTally: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var picture = TrackPicture()
    private var read = 0
    private var delivered = 0
    private var precise = 0
    let drawsPicture: Bool

    init(drawsPicture: Bool) {
        self.drawsPicture = drawsPicture
    }

    func sawRaw(_ event: SourceEvent) {
        guard case .location(let location) = event else { return }
        lock.withLock {
            read += 1
            if drawsPicture { picture.addTruth(location.coordinate) }
        }
    }

    func delivered(_ location: Location, precise isPrecise: Bool) {
        lock.withLock {
            delivered += 1
            if isPrecise { precise += 1 }
            if drawsPicture { picture.addReceived(location, precise: isPrecise) }
        }
    }

    var counts: (read: Int, delivered: Int, precise: Int) {
        lock.withLock { (read, delivered, precise) }
    }

    func svg(title: String) -> String {
        lock.withLock { picture.svg(title: title) }
    }
}
