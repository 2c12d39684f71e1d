public import Whereabouts

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

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - file: The file's path.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based column.
    ///   - message: What is wrong.
    public init(file: String, line: Int, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `"walk.gpx:12:5: <ele> is not a number: \"abc\""`, as compilers print positions.
    public var description: String {
        var position = file
        if line > 0 { position += ":\(line)" }
        if let column, line > 0 { position += ":\(column)" }
        return "\(position): \(message)"
    }
}

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

/// The track formats Whereabouts reads.
public enum TrackFormat: String, Hashable, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1 (XML).
    case gpx
    /// NMEA 0183 sentences, one per line.
    case nmea

    /// Guesses the format from the first bytes of the input: `<` (after any byte-order mark and
    /// white space) is GPX, `$` or `!` is NMEA.
    ///
    /// - Parameter prefix: The first bytes (a few hundred are plenty).
    /// - Returns: The format, or `nil` when neither fits.
    public static func detect(_ prefix: some Collection<UInt8>) -> TrackFormat? {
        var bytes = Array(prefix.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "<"): return .gpx
        case UInt8(ascii: "$"), UInt8(ascii: "!"): return .nmea
        default: return nil
        }
    }
}
