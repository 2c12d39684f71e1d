import Whereabouts

/// A source that hands the engine one event at a time, and waits before each for the app to have handled what the
/// last one caused (`track --geofences`: the geofence monitor's events and the fix it asked for), so a replay at
/// `--speed max` reports the same crossings as one in real time; it says when the track has ended.
struct GatedSource: LocationSource {
    let base: any LocationSource
    /// Awaited before each event is handed over.
    let gate: @Sendable () async -> Void
    /// Called once when the base source ends or fails.
    let ended: @Sendable ((any Error)?) -> Void

    var providesHeadings: Bool { base.providesHeadings }

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let iterator = IteratorBox(base.events().makeAsyncIterator())
        let gate = gate
        let ended = ended
        return AsyncThrowingStream {
            await gate()
            do {
                let event = try await iterator.next()
                if event == nil { ended(nil) }
                return event
            } catch {
                ended(error)
                throw error
            }
        }
    }

    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        let events = events()
        let iterator = IteratorBox(events.makeAsyncIterator())
        return AsyncThrowingStream {
            try await iterator.next().map { [$0] }
        }
    }
}
