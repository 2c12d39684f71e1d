/// What comes before an NMEA log's first sentence: a free-text header, binary bytes, a sentence cut
/// where the recording began.
///
/// A capture rarely starts on a sentence's first byte, so such content is not a reason to reject the
/// log: it is skipped and reported once, as ``ReplayIssue/Severity-swift.enum/skipped``, when the first
/// sentence arrives. A log without any sentence is another matter: its first line is then reported as
/// malformed.
struct NMEALeadingContent {
    /// Whether a sentence was read: the content after it is no longer leading.
    private(set) var isOver = false
    /// The line and column where the leading content starts, and how many lines it spans.
    private var firstLine = 0
    private var firstColumn = 0
    private var lines = 0

    /// Counts a whole line of leading content.
    mutating func add(line: Int, column: Int) {
        if lines == 0 {
            firstLine = line
            firstColumn = column
        }
        lines += 1
    }

    /// Ends the leading content at the first sentence.
    ///
    /// - Parameters:
    ///   - line: The first sentence's line.
    ///   - bytes: The bytes before the sentence's `$` on its line.
    ///   - file: The input's name.
    /// - Returns: The issue that reports what was skipped, or `nil` when nothing was.
    mutating func end(atLine line: Int, skippingBytes bytes: Int, file: String) -> ReplayIssue? {
        isOver = true
        guard lines > 0 || bytes > 0 else { return nil }
        var parts: [String] = []
        if lines > 0 { parts.append(lines == 1 ? "1 line" : "\(lines) lines") }
        if bytes > 0 { parts.append(bytes == 1 ? "1 byte before its '$'" : "\(bytes) bytes before its '$'") }
        return ReplayIssue(
            file: file,
            line: lines > 0 ? firstLine : line,
            column: lines > 0 ? firstColumn : 1,
            message: "skipped \(parts.joined(separator: " and ")) before the first sentence (line \(line)): "
                + "not NMEA, but a header, binary bytes, or a sentence cut where the recording began",
            severity: .skipped
        )
    }

    /// The issue for a log whose every non-blank line is leading content: none is a sentence.
    ///
    /// - Parameter file: The input's name.
    /// - Returns: The issue, malformed, at the first such line; `nil` when there was none.
    func withoutSentence(file: String) -> ReplayIssue? {
        guard !isOver, lines > 0 else { return nil }
        let others =
            switch lines {
            case 1: ""
            case 2: " (nor is the other line)"
            default: " (nor is any of the \(lines - 1) others)"
            }
        return ReplayIssue(
            file: file,
            line: firstLine,
            column: firstColumn,
            message: "not an NMEA sentence: a sentence starts with '$'\(others)"
        )
    }
}
