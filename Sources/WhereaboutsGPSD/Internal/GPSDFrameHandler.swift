import NIOConcurrencyHelpers
import NIOCore

/// Acts on gpsd's frames where they are read, on the connection's event loop, and records how the connection ended.
///
/// Decoding a report and handing its fix to the stream takes microseconds and never waits (the stream keeps the
/// newest events), so doing it on the event loop saves a hop to another task per read: a fix reaches the engine
/// one thread wake-up after gpsd sent it. The handler closes the channel on any read error; the session waits
/// for the close and reads ``outcome`` to say what happened.
final class GPSDFrameHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = GPSDFrame

    /// What a connection did before it closed.
    struct Outcome: Sendable {
        /// Whether gpsd sent at least one line.
        var delivered = false
        /// The first read error, if the connection ended with one.
        var error: (any Error)?
    }

    private let onFrame: @Sendable (GPSDFrame) -> Void
    private let onFirstFrame: @Sendable () -> Void
    private let state = NIOLockedValueBox(Outcome())

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - onFirstFrame: Called once, before the first frame is acted on.
    ///   - onFrame: Acts on one frame; called on the event loop, in the order the frames were read.
    init(onFirstFrame: @escaping @Sendable () -> Void, onFrame: @escaping @Sendable (GPSDFrame) -> Void) {
        self.onFirstFrame = onFirstFrame
        self.onFrame = onFrame
    }

    /// What the connection did so far; final once the channel's close future has completed.
    var outcome: Outcome {
        state.withLockedValue { $0 }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let first = state.withLockedValue { outcome in
            defer { outcome.delivered = true }
            return !outcome.delivered
        }
        if first { onFirstFrame() }
        onFrame(unwrapInboundIn(data))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        state.withLockedValue { outcome in
            if outcome.error == nil { outcome.error = error }
        }
        context.close(promise: nil)
    }
}
