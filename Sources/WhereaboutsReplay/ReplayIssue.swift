/// A problem in a track file: which file, which line (and column), and what is wrong.
///
/// Readers report issues as they go and keep the fixes read so far; in strict mode the first
/// issue is thrown instead.
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
    /// Whether this is a notice about readable input rather than a malformed record: fixes left out
    /// on purpose (estimated positions), or fixes no sentence gives a date for. Nothing is skipped
    /// as broken, so a strict reader reports a notice instead of throwing it.
    public var isNotice: Bool

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - file: The file's path.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based column.
    ///   - message: What is wrong.
    ///   - isNotice: Whether this is a notice about readable input, never fatal, rather than a
    ///     malformed record.
    public init(file: String, line: Int, column: Int? = nil, message: String, isNotice: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.isNotice = isNotice
    }

    /// `"walk.gpx:12:5: <ele> is not a number: \"abc\""`, as compilers print positions.
    public var description: String {
        var position = file
        if line > 0 { position += ":\(line)" }
        if let column, line > 0 { position += ":\(column)" }
        return "\(position): \(message)"
    }
}
