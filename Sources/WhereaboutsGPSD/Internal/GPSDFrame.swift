import NIOCore

/// One frame of gpsd's stream: a line without its line break, or the remains of one too long to keep.
enum GPSDFrame: Sendable {
    /// A line, without `\n` or `\r\n`; never empty.
    case line(ByteBuffer)
    /// A line longer than the framer's limit, dropped: its start and its length in bytes.
    case overlong(excerpt: String, length: Int)
}
