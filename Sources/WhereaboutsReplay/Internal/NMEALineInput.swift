import Foundation

/// The bytes of an NMEA log and where the reader is in them: the current chunk, the start of a
/// line cut by the chunk's end, and the line number.
///
/// Only one chunk (64 KiB) and at most one partial line (1 KiB) are held at a time, so memory
/// stays constant whatever the input's size.
struct NMEALineInput {
    /// The longest line read, without its line break: NMEA's limit is 82 characters, so anything
    /// near this is not a sentence.
    static let maximumLineLength = 1024

    private var source: ByteInput
    /// The chunk being read.
    private(set) var chunk = Data()
    /// The offset of the first unread byte in `chunk`.
    var position = 0
    /// The start of a line that the chunk's end cut, waiting for the rest.
    var carry: [UInt8] = []
    /// Whether the reader is skipping the rest of an over-long line.
    var isSkippingLongLine = false
    /// The number of the last line started (1-based).
    var lineNumber = 0
    /// Bytes read so far.
    private(set) var byteCount = 0

    init(_ input: ByteInput) {
        source = input
        carry.reserveCapacity(Self.maximumLineLength + 2)
    }

    /// Whether every byte of the current chunk was read.
    var isChunkRead: Bool { position >= chunk.count }

    /// Moves to the next chunk; `false` at the end of the input.
    mutating func loadChunk() throws(ReplayIssue) -> Bool {
        guard let data = try source.nextChunk() else { return false }
        chunk = data
        position = 0
        byteCount += chunk.count
        return true
    }
}
