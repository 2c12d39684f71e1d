import Foundation
import Whereabouts

/// The source of the client a scenario's condition monitors and geofences use: each `fix` step is handed to it as well
/// as to the engine's own reading, so that client's location manager sees the same fixes as the app's updates.
final class BroadcastSource: LocationSource, @unchecked Sendable {
    // @unchecked: `streams` is guarded by `lock`.
    private let lock = NSLock()
    private var streams: [UUID: AsyncThrowingStream<SourceEvent, any Error>.Continuation] = [:]

    /// Whether a location manager reads the source now.
    var isRead: Bool { lock.withLock { !streams.isEmpty } }

    /// Starts a stream, when the client's manager needs fixes.
    ///
    /// - Returns: The events handed to ``yield(_:)`` from now on.
    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: SourceEvent.self)
        let id = UUID()
        lock.withLock { streams[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.stopped(id) }
        return stream
    }

    private func stopped(_ id: UUID) {
        lock.withLock { _ = streams.removeValue(forKey: id) }
    }

    /// Hands an event to every reading stream.
    ///
    /// - Parameter event: The event.
    /// - Returns: Whether a stream was reading (`false`: the event was dropped).
    @discardableResult
    func yield(_ event: SourceEvent) -> Bool {
        let open = lock.withLock { Array(streams.values) }
        for continuation in open { continuation.yield(event) }
        return !open.isEmpty
    }

    /// Ends every stream.
    func finish() {
        let open = lock.withLock {
            defer { streams.removeAll() }
            return Array(streams.values)
        }
        for continuation in open { continuation.finish() }
    }
}
