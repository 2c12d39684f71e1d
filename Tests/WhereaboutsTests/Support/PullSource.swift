import Foundation
import Whereabouts

/// A source that makes fixes as fast as it is read — a walk north, one fix a second — and counts how many it
/// made, so a test can tell how far it ran ahead of the consumer.
///
/// It is pull-based: its batches are made only when the engine asks for the next one.
final class PullSource: LocationSource, @unchecked Sendable {
    // @unchecked: `madeCount` is only touched while holding `lock`.
    private let lock = NSLock()
    private var madeCount = 0
    /// How many fixes to make in all (`nil`: without end).
    let total: Int?
    /// How many fixes each batch holds.
    let batchSize: Int

    init(total: Int? = nil, batchSize: Int = 256) {
        self.total = total
        self.batchSize = batchSize
    }

    /// How many fixes the source made so far.
    var made: Int { lock.withLock { madeCount } }

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        AsyncThrowingStream { self.makeBatch(limit: 1)?.first }
    }

    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        AsyncThrowingStream { self.makeBatch(limit: self.batchSize) }
    }

    private func makeBatch(limit: Int) -> [SourceEvent]? {
        let range: Range<Int> = lock.withLock {
            let end = total.map { min(madeCount + limit, $0) } ?? madeCount + limit
            defer { madeCount = max(madeCount, end) }
            return madeCount..<end
        }
        guard !range.isEmpty else { return nil }
        return range.map { Self.fix($0) }
    }

    /// The `index`th fix: 5 m north of the last, a second later.
    static func fix(_ index: Int) -> SourceEvent {
        .location(
            Location(
                coordinate: Coordinate(latitude: 48.8 + Double(index) * 0.000_045, longitude: 2.35),
                altitude: 35,
                horizontalAccuracy: 5,
                verticalAccuracy: 3,
                speed: 5,
                course: 0,
                timestamp: Date(timeIntervalSince1970: 1_750_000_000 + Double(index))
            )
        )
    }
}
