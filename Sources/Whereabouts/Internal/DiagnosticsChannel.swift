import Foundation

/// One service session's diagnostics for any number of readers: each new stream starts with the set that holds,
/// then gets each change, until the session ends.
package final class DiagnosticsChannel: @unchecked Sendable {
    // @unchecked: every stored property is only touched while `lock` is held.
    private let lock = NSLock()
    private var current: Set<Diagnostic>
    private var readers: [Int: AsyncStream<Set<Diagnostic>>.Continuation] = [:]
    private var nextReader = 0
    private var ended = false

    /// Creates a channel holding a first set.
    package init(_ first: Set<Diagnostic>) { current = first }

    /// A stream of the set that holds now, then each change; already finished when the session ended.
    package func stream() -> AsyncStream<Set<Diagnostic>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Set<Diagnostic>.self,
            bufferingPolicy: .bufferingNewest(16)
        )
        let (first, open, id): (Set<Diagnostic>, Bool, Int) = lock.withLock {
            nextReader += 1
            if !ended { readers[nextReader] = continuation }
            return (current, !ended, nextReader)
        }
        continuation.yield(first)
        if open {
            continuation.onTermination = { [weak self] _ in self?.remove(id) }
        } else {
            continuation.finish()
        }
        return stream
    }

    /// Sends a set to every reader, when it differs from the last.
    package func send(_ diagnostics: Set<Diagnostic>) {
        let targets: [AsyncStream<Set<Diagnostic>>.Continuation] = lock.withLock {
            guard !ended, diagnostics != current else { return [] }
            current = diagnostics
            return Array(readers.values)
        }
        for continuation in targets { continuation.yield(diagnostics) }
    }

    /// Ends every stream, and any made later.
    package func finish() {
        let targets: [AsyncStream<Set<Diagnostic>>.Continuation] = lock.withLock {
            ended = true
            defer { readers.removeAll() }
            return Array(readers.values)
        }
        for continuation in targets { continuation.finish() }
    }

    private func remove(_ id: Int) {
        lock.withLock { _ = readers.removeValue(forKey: id) }
    }
}
