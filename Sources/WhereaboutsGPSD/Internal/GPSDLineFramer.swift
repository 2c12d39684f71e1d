import NIOCore

/// Splits gpsd's byte stream into lines at `\n`, dropping a `\r` before it and empty lines.
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
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: Self.newline) else {
            if dropping != nil || buffer.readableBytes > maximumLength {
                drop(&buffer, length: buffer.readableBytes)
            } else {
                scanned = buffer.readableBytes
            }
            return .needMoreData
        }
        scanned = 0
        let length = newline - view.startIndex
        if dropping != nil || length > maximumLength {
            drop(&buffer, length: length)
            buffer.moveReaderIndex(forwardBy: 1)
            finishDropping(context: context)
            return .continue
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == Self.carriageReturn {
            line.moveWriterIndex(to: line.writerIndex - 1)
        }
        if line.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        return .continue
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
            context.fireChannelRead(wrapInboundOut(.line(rest)))
        }
        scanned = 0
        return .needMoreData
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
