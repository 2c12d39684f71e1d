public import Whereabouts

/// A reader of raw fixes from a track file, one event at a time, in constant memory.
///
/// Readers are not shared between tasks: a ``ReplaySource`` owns one per replay.
public protocol TrackReader {
    /// The next event: a fix, or a moment without one (``Whereabouts/SourceEvent/unavailable(_:)``).
    ///
    /// Malformed records are reported to the reader's issue handler and skipped, unless the
    /// reader is strict.
    ///
    /// - Returns: The event, or `nil` at the end of the input.
    /// - Throws: ``ReplayIssue`` for input that cannot be read at all, or for any malformed
    ///   record when strict.
    mutating func next() throws(ReplayIssue) -> SourceEvent?

    /// How many issues were reported so far.
    var issueCount: Int { get }
}
