import Foundation
import NIOCore

/// Splits gpsd's byte stream into lines at `\n`, and hands on all the whole lines of one read as one frame.
///
/// Each ``GPSDFrame/lines(_:)`` holds every complete line in the buffer at once (gpsd's reports of one socket read),
/// so the source acts on one frame per read, not one per line; ``forEachLine(in:_:)``
/// splits a frame again, dropping a `\r` before each `\n` and empty lines.
///
/// A line longer than `maximumLength` is not buffered: its bytes are dropped as they come until
/// the next `\n`, and one ``GPSDFrame/overlong(excerpt:length:)`` reports it, so a hostile or
/// broken gpsd cannot make the client hold more than about `maximumLength` bytes. At the end of
/// the stream a last line without `\n` is still delivered (it will not decode: it is truncated).
struct GPSDLineFramer: ByteToMessageDecoder {
    typealias InboundOut = GPSDFrame

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    let maximumLength: Int
    /// Readable bytes already searched for a newline, so a long line is scanned once.
    private var scanned = 0
    /// The overlong line being dropped: its start and how many bytes were dropped so far.
    private var dropping: (excerpt: String, length: Int)?

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if dropping != nil {
            guard let newline = Self.newline(in: buffer, from: 0) else {
                drop(&buffer, length: buffer.readableBytes)
                return .needMoreData
            }
            drop(&buffer, length: newline)
            buffer.moveReaderIndex(forwardBy: 1)
            finishDropping(context: context)
            return .continue
        }
        // The whole lines at the start of the buffer, up to the first that is too long.
        var end = 0
        var from = scanned
        var tooLong: Int?
        while let newline = Self.newline(in: buffer, from: from) {
            guard newline - end <= maximumLength else {
                tooLong = newline
                break
            }
            end = newline + 1
            from = end
        }
        if end > 0 {
            scanned = tooLong == nil ? buffer.readableBytes - end : 0
            let lines = buffer.readSlice(length: end)!
            context.fireChannelRead(wrapInboundOut(.lines(lines)))
            return .continue
        }
        if let tooLong {
            drop(&buffer, length: tooLong)
            buffer.moveReaderIndex(forwardBy: 1)
            finishDropping(context: context)
            return .continue
        }
        if buffer.readableBytes > maximumLength {
            drop(&buffer, length: buffer.readableBytes)
        } else {
            scanned = buffer.readableBytes
        }
        return .needMoreData
    }

    mutating func decodeLast(
        context: ChannelHandlerContext,
        buffer: inout ByteBuffer,
        seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if dropping != nil {
            drop(&buffer, length: buffer.readableBytes)
            finishDropping(context: context)
        } else if buffer.readableBytes > 0 {
            let rest = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.lines(rest)))
        }
        scanned = 0
        return .needMoreData
    }

    /// Calls `body` with each line of a ``GPSDFrame/lines(_:)`` frame, without its `\n` or `\r\n`, skipping
    /// empty lines.
    ///
    /// - Parameters:
    ///   - lines: The frame's bytes.
    ///   - body: What to do with one line.
    static func forEachLine(in lines: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = lines.baseAddress else { return }
        var start = 0
        while start < lines.count {
            let rest = lines.count - start
            let found = memchr(base + start, Int32(newline), rest)
            let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? lines.count
            var lineEnd = end
            if lineEnd > start, lines[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
            if lineEnd > start { body(UnsafeBufferPointer(rebasing: lines[start..<lineEnd])) }
            start = end + 1
        }
    }

    /// The offset from the reader index of the first `\n` at or after `offset`.
    private static func newline(in buffer: ByteBuffer, from offset: Int) -> Int? {
        buffer.withUnsafeReadableBytes { bytes in
            guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let found = memchr(base + offset, Int32(newline), bytes.count - offset) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    private mutating func drop(_ buffer: inout ByteBuffer, length: Int) {
        if dropping == nil {
            let start = buffer.readableBytesView.prefix(GPSDDecoder.excerptLength)
            dropping = (String(decoding: start, as: UTF8.self), 0)
        }
        dropping!.length += length
        buffer.moveReaderIndex(forwardBy: length)
        scanned = 0
    }

    private mutating func finishDropping(context: ChannelHandlerContext) {
        guard let dropped = dropping else { return }
        dropping = nil
        context.fireChannelRead(wrapInboundOut(.overlong(excerpt: dropped.excerpt, length: dropped.length)))
    }
}
