import Foundation
import Whereabouts

/// The location source of a scenario run: it knows whether the engine is reading it, and the
/// runner hands each `fix` step to the engine itself with `ingest(_:)`.
///
/// The engine reads its source only while something needs fixes (updates, a request, a region),
/// so a fix sent while nobody reads it is dropped, as a GPS fix nobody reads.
final class ScenarioSource: LocationSource, @unchecked Sendable {
    // @unchecked: `streams` and `finished` are guarded by `lock`.
    private let lock = NSLock()
    private var streams: [UUID: AsyncThrowingStream<SourceEvent, any Error>.Continuation] = [:]
    private var finished = false

    /// Whether the engine is reading the source now.
    var isRead: Bool { lock.withLock { !streams.isEmpty } }

    /// Starts a stream; the engine calls this when it needs fixes, and cancels its reading task when it stops.
    ///
    /// - Returns: A stream that carries nothing and ends when the source finishes.
    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: SourceEvent.self)
        let id = UUID()
        let open: Bool = lock.withLock {
            if finished { return false }
            streams[id] = continuation
            return true
        }
        guard open else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.stopped(id) }
        return stream
    }

    private func stopped(_ id: UUID) {
        lock.withLock { _ = streams.removeValue(forKey: id) }
    }

    /// Hands an event to the engine when it is reading the source.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - engine: The engine reading the source.
    /// - Returns: Whether the engine was reading (`false`: the event was dropped).
    func send(_ event: SourceEvent, to engine: SimulatedOS) async -> Bool {
        guard isRead else { return false }
        await engine.ingest(event)
        return true
    }

    /// Ends every stream, and any started later.
    func finish() {
        let open: [AsyncThrowingStream<SourceEvent, any Error>.Continuation] = lock.withLock {
            finished = true
            defer { streams.removeAll() }
            return Array(streams.values)
        }
        for continuation in open { continuation.finish() }
    }
}
