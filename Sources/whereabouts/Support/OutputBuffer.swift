import Foundation

/// Bytes on their way to a file descriptor, written in blocks of about ``blockSize``.
///
/// `track --speed max` writes tens of thousands of lines a second; one `write(2)` per line cost as much as
/// producing them. ``append(_:)`` says when a block is full; ``flush()`` writes everything through a
/// ``StandardStream``, which retries short writes and interrupted calls and remembers a failure. Thread-safe: the fixes and the prompt flusher of ``Terminal`` use it from different tasks.
final class OutputBuffer: @unchecked Sendable {
    // @unchecked: `bytes` is only read or changed while `lock` is held.
    /// A block: large enough that system calls cost nothing next to formatting, small enough to stay in cache.
    static let blockSize = 64 * 1_024
    /// How long a line may wait in the buffer while `track` runs: below what a person notices.
    static let latency = Duration.milliseconds(20)

    private let stream: StandardStream
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init(stream: StandardStream) {
        self.stream = stream
        bytes.reserveCapacity(Self.blockSize + 4_096)
    }

    /// Whether anything waits to be written.
    var hasBytes: Bool { lock.withLock { !bytes.isEmpty } }

    /// Adds bytes; returns whether a block is full (the caller then flushes).
    @discardableResult
    func append(_ more: [UInt8]) -> Bool {
        lock.withLock {
            bytes.append(contentsOf: more)
            return bytes.count >= Self.blockSize
        }
    }

    /// Writes everything added so far. When the stream refuses (a closed pipe, a full disk) the bytes are dropped
    /// and the stream keeps the failure (``StandardStream/failure``), for the command to stop and say so.
    func flush() {
        lock.withLock {
            guard !bytes.isEmpty else { return }
            stream.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
