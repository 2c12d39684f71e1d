import Logging
import NIOConcurrencyHelpers
import NIOCore
import Whereabouts

extension GPSDSource {
    /// One stream's life: connect, read, and on trouble back off and connect again, until cancelled.
    struct Session<C: Clock<Duration>>: Sendable {
        let host: String
        let port: Int
        let configuration: Configuration
        let statistics: GPSDStatistics
        let clock: C
        let logger: Logger
        let eventLoopGroup: any EventLoopGroup
        let name: String
        let link: GPSDLink<C.Instant>
        let warnings: NIOLockedValueBox<GPSDWarningLimiter<C.Instant>>

        init(source: GPSDSource, clock: C, continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation) {
            host = source.host
            port = source.port
            configuration = source.configuration
            statistics = source.statistics
            self.clock = clock
            var logger = source.logger
            logger[metadataKey: "gpsd"] = "\(source.host):\(source.port)"
            self.logger = logger
            eventLoopGroup = source.eventLoopGroup
            name = source.name
            link = GPSDLink(continuation: continuation, statistics: source.statistics, now: clock.now)
            warnings = NIOLockedValueBox(GPSDWarningLimiter(interval: source.configuration.warningInterval))
        }

        /// How a connection ended.
        struct Ending {
            /// What happened, for the consumer: "connection refused".
            var reason: String
        }

        /// Connects and reconnects until the task is cancelled.
        func run() async {
            var backoff = configuration.initialBackoff
            var hadOutage = false
            while !Task.isCancelled {
                statistics.increment(\.connectionAttempts)
                let ending: Ending
                do {
                    let (channel, handler) = try await connect()
                    statistics.increment(\.connections)
                    if hadOutage { statistics.increment(\.reconnects) }
                    logger.debug("connected to gpsd")
                    ending = await serve(channel, handler: handler)
                } catch {
                    let reason = Self.describe(error, timeout: configuration.connectTimeout)
                    ending = Ending(reason: reason)
                }
                if Task.isCancelled { break }
                hadOutage = true
                // Only a connection that proved healthy starts the backoff again; any line is not enough.
                if link.connectionWasHealthy { backoff = configuration.initialBackoff }
                if link.wentDown("\(name): \(ending.reason); reconnecting") {
                    warn(.unavailable, "gpsd is unavailable; reconnecting", metadata: ["reason": "\(ending.reason)"])
                } else {
                    logger.debug("gpsd is still unavailable", metadata: ["reason": "\(ending.reason)"])
                }
                do {
                    try await clock.sleep(for: backoff)
                } catch {
                    break
                }
                backoff = min(backoff * 2, configuration.maximumBackoff)
            }
        }

        /// Logs a warning, or only a debug message when one of its kind was logged less than
        /// ``Configuration/warningInterval`` ago; a warning after such a gap says how many were left out.
        func warn(_ kind: GPSDWarningLimiter<C.Instant>.Kind, _ message: Logger.Message, metadata: Logger.Metadata) {
            guard let leftOut = warnings.withLockedValue({ $0.admit(kind, at: clock.now) }) else {
                logger.debug(message, metadata: metadata)
                return
            }
            var metadata = metadata
            if leftOut > 0 { metadata["leftOut"] = "\(leftOut)" }
            logger.warning(message, metadata: metadata)
        }

        /// Marks the connection healthy once it has stayed open for ``Configuration/healthyAfter``: at `deadline`,
        /// counted from when it connected rather than from when this timer first ran.
        func healthTimer(until deadline: C.Instant) async {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            link.provedHealthy()
        }

        /// Reports "no fix for N s" when no fix arrives for `staleAfter`, until cancelled.
        func watchdog() async {
            let message = "\(name): no fix for \(Self.seconds(configuration.staleAfter)) s"
            var wake = link.checkStale(now: clock.now, staleAfter: configuration.staleAfter, message: message)
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: wake, tolerance: nil)
                } catch {
                    return
                }
                wake = link.checkStale(now: clock.now, staleAfter: configuration.staleAfter, message: message)
            }
        }

        /// `5`, `2.5`: a duration in seconds for a message.
        static func seconds(_ duration: Duration) -> String {
            let (seconds, attoseconds) = duration.components
            return attoseconds == 0 ? "\(seconds)" : "\(duration / .seconds(1))"
        }
    }
}
