import Foundation
import Logging
import NIOCore
import NIOPosix
import Whereabouts

extension GPSDSource.Session {
    /// Opens a TCP connection with gpsd's line framing, acting on each read where it arrives.
    ///
    /// - Returns: The channel, and the handler that records how the connection went.
    func connect() async throws -> (any Channel, GPSDFrameHandler) {
        let maximumLength = GPSDSource.maximumLineLength
        let handler = GPSDFrameHandler(onFrame: { handle($0) })
        let channel = try await ClientBootstrap(group: eventLoopGroup)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let framer = ByteToMessageHandler(GPSDLineFramer(maximumLength: maximumLength))
                    try channel.pipeline.syncOperations.addHandlers(framer, handler)
                }
            }
            .connect(host: host, port: port)
            .get()
        return (channel, handler)
    }

    /// Sends the watch and waits until the connection ends or the task is cancelled, then closes.
    ///
    /// The lines themselves are acted on by `handler`, on the event loop, as they are read.
    func serve(_ channel: any Channel, handler: GPSDFrameHandler) async -> Ending {
        let connectedAt = clock.now
        let healthyAt = connectedAt.advanced(by: configuration.healthyAfter)
        link.connected(at: connectedAt)
        defer {
            // Judged again at the end, so a timer that had not yet run when the connection closed decides nothing.
            if clock.now >= healthyAt { link.provedHealthy() }
        }
        do {
            try await withTaskCancellationHandler {
                try await channel.writeAndFlush(ByteBuffer(string: GPSDSource.watchCommand))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await watchdog() }
                    group.addTask { await healthTimer(until: healthyAt) }
                    defer { group.cancelAll() }
                    try await channel.closeFuture.get()
                }
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            let reason = Self.describe(handler.error ?? error, timeout: configuration.connectTimeout)
            return Ending(reason: reason)
        }
        let reason = handler.error.map { Self.describe($0, timeout: configuration.connectTimeout) }
        return Ending(reason: reason ?? "connection closed by gpsd")
    }

    /// Acts on the lines of one read, in order.
    func handle(_ frame: GPSDFrame) {
        switch frame {
        case .lines(let lines):
            _ = lines.readableBytesView.withContiguousStorageIfAvailable { bytes in
                GPSDLineFramer.forEachLine(in: bytes) { handle(line: $0) }
            }
        case .overlong(let excerpt, let length):
            statistics.increment(\.malformedLines)
            let problem = "longer than \(GPSDSource.maximumLineLength) bytes (\(length))"
            warn(
                .malformedLine,
                "malformed line from gpsd, skipped",
                metadata: ["problem": "\(problem)", "excerpt": "\(excerpt)"]
            )
        }
    }

    /// Acts on one line: the per-line path, kept short.
    func handle(line: UnsafeBufferPointer<UInt8>) {
        let message: GPSDMessage
        do {
            message = try GPSDDecoder.decode(line)
        } catch {
            statistics.increment(\.malformedLines)
            warn(
                .malformedLine,
                "malformed line from gpsd, skipped",
                metadata: ["problem": "\(error.message)", "excerpt": "\(error.excerpt)"]
            )
            return
        }
        switch message {
        case .tpv(let report):
            statistics.increment(\.reports)
            // A report, with or without a fix, shows gpsd is serving this connection: it is healthy.
            link.provedHealthy()
            let check = report.check
            if let check, !check.problems.isEmpty {
                statistics.increment(\.outOfRangeReports)
                warn(
                    .outOfRange,
                    check.location == nil
                        ? "gpsd report out of range, skipped" : "gpsd report out of range, values left out",
                    metadata: ["problem": "\(check.problems.joined(separator: "; "))"]
                )
            }
            if let location = check?.location {
                statistics.increment(\.locations)
                link.deliver(location, at: clock.now)
            } else if let mode = report.mode, mode < 2 {
                link.lostFix("\(name): no fix (mode \(mode))")
            }
        case .sky:
            break
        case .error(let text):
            statistics.increment(\.errors)
            warn(.gpsdError, "gpsd sent an error", metadata: ["message": "\(text)"])
        case .other(let className):
            statistics.increment(\.skipped)
            logger.trace("skipped a gpsd message", metadata: ["class": "\(className)"])
        case .version(let release, _, _):
            logger.debug("gpsd version", metadata: ["release": "\(release ?? "unknown")"])
        case .devices(let paths):
            logger.debug("gpsd devices", metadata: ["devices": "\(paths.joined(separator: ", "))"])
        case .watch(let enabled):
            logger.debug("gpsd watch", metadata: ["enabled": "\(enabled.map(String.init) ?? "unknown")"])
        }
    }

    /// What went wrong, in a few words: "connection refused", "connection reset".
    static func describe(_ error: any Error, timeout: Duration) -> String {
        switch error {
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve \(error.host)" }
            guard let first = error.connectionErrors.first else { return "cannot connect" }
            return describe(first.error, timeout: timeout)
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused"
            case ECONNRESET: return "connection reset"
            case EPIPE: return "connection broken"
            case ETIMEDOUT: return "connection timed out"
            case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
            default: return "\(error)"
            }
        case ChannelError.connectTimeout:
            return "no answer within \(seconds(timeout)) s"
        case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.eof:
            return "connection closed by gpsd"
        default:
            return "\(error)"
        }
    }
}
