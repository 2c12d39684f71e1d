import Logging
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
        }

        /// How a connection ended.
        struct Ending {
            /// What happened, for the consumer: "connection refused".
            var reason: String
            /// Whether the connection delivered at least one line.
            var delivered: Bool
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
                    ending = Ending(reason: reason, delivered: false)
                }
                if Task.isCancelled { break }
                hadOutage = true
                if ending.delivered { backoff = configuration.initialBackoff }
                if link.wentDown("\(name): \(ending.reason); reconnecting") {
                    logger.warning("gpsd is unavailable; reconnecting", metadata: ["reason": "\(ending.reason)"])
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
