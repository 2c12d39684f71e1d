import NIOConcurrencyHelpers
import NIOCore

/// Acts on gpsd's frames where they are read, on the connection's event loop, and records how the connection ended.
///
/// Decoding a report and handing its fix to the stream takes microseconds and never waits (the stream keeps the
/// newest events), so doing it on the event loop saves a hop to another task per read: a fix reaches the engine
/// one thread wake-up after gpsd sent it. The handler closes the channel on any read error; the session waits
/// for the close and reads ``error`` to say what happened.
final class GPSDFrameHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = GPSDFrame

    private let onFrame: @Sendable (GPSDFrame) -> Void
    private let firstError = NIOLockedValueBox<(any Error)?>(nil)

    /// Creates a handler.
    ///
    /// - Parameter onFrame: Acts on one frame; called on the event loop, in the order the frames were read.
    init(onFrame: @escaping @Sendable (GPSDFrame) -> Void) {
        self.onFrame = onFrame
    }

    /// The first read error, if the connection ended with one; final once the channel's close future has completed.
    var error: (any Error)? {
        firstError.withLockedValue { $0 }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onFrame(unwrapInboundIn(data))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        firstError.withLockedValue { first in
            if first == nil { first = error }
        }
        context.close(promise: nil)
    }
}
