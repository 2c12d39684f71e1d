import Whereabouts

/// Hands out the events of a replay's batches one at a time, for ``ReplaySource/events()`` at full speed: the
/// reads then leave the cooperative pool once a batch, not once an event.
final class BatchedEvents: @unchecked Sendable {
    // @unchecked: `AsyncThrowingStream(unfolding:)` calls `next()` from the consuming task, one call at a time;
    // `batch` and `offset` are only touched there.
    private let batches: BatchPrefetcher
    private var batch: [SourceEvent] = []
    private var offset = 0

    init(_ batches: BatchPrefetcher) {
        self.batches = batches
    }

    /// The next event, or `nil` at the end; throws what reading the next batch throws.
    func next() async throws -> SourceEvent? {
        while offset == batch.count {
            guard let next = try await batches.next() else { return nil }
            batch = next
            offset = 0
        }
        offset += 1
        return batch[offset - 1]
    }
}
