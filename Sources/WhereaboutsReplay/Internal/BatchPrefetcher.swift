import Whereabouts

/// Reads the next batch of an unpaced replay while the engine takes in the one just handed over, so reading the file
/// and ingesting it run side by side instead of one after the other.
///
/// At most one batch is read ahead: when the engine asks for batch N, batch N + 1 starts being read, and nothing more
/// until the engine asks again; a consumer slower than the file still holds the replay back, one batch later. The
/// player is used by one task at a time: each read starts after the previous one finished and was taken.
final class BatchPrefetcher: @unchecked Sendable {
    // @unchecked: `AsyncThrowingStream(unfolding:)` calls `next()` from the consuming task, one call at a time;
    // `ahead` is only touched there, and the player only by the one read task running at a time.
    private let player: Player
    private let limit: Int
    /// The read of the next batch, started when the previous batch was handed over.
    private var ahead: Task<[SourceEvent]?, any Error>?

    init(player: Player, limit: Int) {
        self.player = player
        self.limit = limit
    }

    deinit {
        ahead?.cancel()
    }

    /// The next batch, or `nil` at the end; starts reading the one after it.
    func next() async throws -> [SourceEvent]? {
        let current = ahead ?? read()
        ahead = nil
        let batch = try await withTaskCancellationHandler {
            try await current.value
        } onCancel: {
            current.cancel()
        }
        if batch != nil, !Task.isCancelled { ahead = read() }
        return batch
    }

    private func read() -> Task<[SourceEvent]?, any Error> {
        let player = player
        let limit = limit
        return Task { try await player.nextBatch(limit: limit) }
    }
}
