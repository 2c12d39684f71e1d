import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes on their way to a file descriptor, written in blocks of about ``blockSize``.
///
/// `track --speed max` writes tens of thousands of lines a second; one `write(2)` per line cost as much as
/// producing them. ``append(_:)`` says when a block is full; ``flush()`` writes everything, retrying short writes
/// and interrupted calls. Thread-safe: the fixes and the prompt flusher of ``Terminal`` use it from different tasks.
final class OutputBuffer: @unchecked Sendable {
    // @unchecked: `bytes` is only read or changed while `lock` is held.
    /// A block: large enough that system calls cost nothing next to formatting, small enough to stay in cache.
    static let blockSize = 64 * 1_024
    /// How long a line may wait in the buffer while `track` runs: below what a person notices.
    static let latency = Duration.milliseconds(20)

    private let descriptor: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
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

    /// Writes everything added so far. A descriptor that refuses (a closed pipe) loses the bytes, as
    /// `FileHandle.write` did for each line.
    func flush() {
        lock.withLock {
            guard !bytes.isEmpty else { return }
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
