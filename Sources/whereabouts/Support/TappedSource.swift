import Foundation
import Whereabouts

/// A source that lets the command see every raw event on its way to the engine (for the
/// progress line and the SVG's true track), without changing it.
///
/// The engine reads a source through ``eventBatches()``: the tap forwards the base source's own batches (a replay
/// at `--speed max` hands over up to ``Whereabouts/LocationSource/preferredBatchSize`` events at once) and sees each
/// batch once, rather than reading the base one event at a time, which would make every event a batch of one.
struct TappedSource: LocationSource {
    let base: any LocationSource
    let tap: @Sendable ([SourceEvent]) -> Void

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let iterator = IteratorBox(base.events().makeAsyncIterator())
        let tap = tap
        return AsyncThrowingStream {
            let event = try await iterator.next()
            if let event { tap([event]) }
            return event
        }
    }

    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        let iterator = IteratorBox(base.eventBatches().makeAsyncIterator())
        let tap = tap
        return AsyncThrowingStream {
            let batch = try await iterator.next()
            if let batch { tap(batch) }
            return batch
        }
    }
}
