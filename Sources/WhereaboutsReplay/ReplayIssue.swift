/// A problem in a track file: which file, which line (and column), and what is wrong.
///
/// Readers report issues as they go and keep the fixes read so far; in strict mode the first
/// malformed record is thrown instead. Lines a reader skips on purpose (a comment header, the
/// content before an NMEA log's first sentence, sentence types it does not use) are reported
/// with ``Severity-swift.enum/skipped``, in every mode, and never thrown.
///
/// ```swift
/// var reader = try GPXReader(contentsOf: url, onIssue: { print("warning: \($0)") })
/// while let event = try reader.next() { ... }
/// ```
public struct ReplayIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path, or `<stdin>`.
    public var file: String
    /// The 1-based line; 0 when the problem is not tied to a line (the file cannot be opened).
    public var line: Int
    /// The 1-based column, when known.
    public var column: Int?
    /// What is wrong, and how to fix it when that is not obvious.
    public var message: String
    /// Whether the record is malformed or only skipped.
    public var severity: Severity

    /// How much an issue matters.
    public enum Severity: Hashable, Sendable {
        /// A malformed record: skipped, or thrown when the reader is strict.
        case malformed
        /// Readable content the reader leaves out on purpose, in every mode: a comment, a header, a sentence
        /// type it does not use, estimated positions, fixes no sentence gives a date for. Reported once for each
        /// kind where it repeats, never thrown.
        case skipped
    }

    /// Whether this is a notice about readable input (``Severity-swift.enum/skipped``) rather than a malformed
    /// record: a strict reader reports a notice instead of throwing it.
    public var isNotice: Bool { severity == .skipped }

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - file: The file's path.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based column.
    ///   - message: What is wrong.
    ///   - severity: Whether the record is malformed (the default) or only skipped.
    public init(file: String, line: Int, column: Int? = nil, message: String, severity: Severity = .malformed) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// `"walk.gpx:12:5: <ele> is not a number: \"abc\""`, as compilers print positions.
    public var description: String {
        var position = file
        if line > 0 { position += ":\(line)" }
        if let column, line > 0 { position += ":\(column)" }
        return "\(position): \(message)"
    }
}
