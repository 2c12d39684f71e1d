// The runnable model behind the stand-ins (see StandInDevice.swift).
internal import Whereabouts

/// Reads a simulated service session's diagnostics for a stand-in `CLServiceSession.Diagnostics` iterator, which is
/// a value type that Core Location's users advance from any task.
final class StandInDiagnosticsIterator: @unchecked Sendable {
    // Advanced by one task at a time, as an async iterator is.
    private var iterator: AsyncStream<Set<Diagnostic>>.Iterator

    init(_ stream: AsyncStream<Set<Diagnostic>>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next diagnostics, or nil once the session has ended.
    func next() async -> Set<Diagnostic>? {
        await iterator.next()
    }
}
