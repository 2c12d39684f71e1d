import NIOCore

/// One frame of gpsd's stream: the whole lines of one read, or the remains of a line too long to keep.
enum GPSDFrame: Sendable {
    /// One or more lines, each ending in `\n` or `\r\n` (a last line at the end of the stream may have no `\n`),
    /// each at most the framer's limit; ``GPSDLineFramer/forEachLine(in:_:)`` splits them.
    case lines(ByteBuffer)
    /// A line longer than the framer's limit, dropped: its start and its length in bytes.
    case overlong(excerpt: String, length: Int)
}
