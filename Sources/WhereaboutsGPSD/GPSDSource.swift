public import Logging
public import NIOCore
public import NIOPosix
public import Whereabouts

/// A ``Whereabouts/LocationSource`` that reads fixes from a running gpsd, over its JSON protocol.
///
/// The source connects to gpsd over TCP, asks it to stream reports
/// (`?WATCH={"enable":true,"json":true}`), and turns each `TPV` report that holds a fix into a
/// ``Whereabouts/SourceEvent/location(_:)``. gpsd is live, so the stream never ends by itself
/// and never throws for network trouble; instead it says ``Whereabouts/SourceEvent/unavailable(_:)``,
/// once per change:
///
/// - gpsd went away (EOF, connection reset or refused): "gpsd at HOST:PORT: connection refused;
///   reconnecting". The source closes the socket, waits (`initialBackoff`, doubling up to
///   `maximumBackoff`, on the injected clock), connects again and re-sends the watch. The wait starts again
///   from `initialBackoff` only after a healthy connection (one that brought a `TPV` report, or stayed open for
///   `healthyAfter`): a gpsd that answers and hangs up is retried ever more slowly, and reported once;
/// - gpsd reports mode 0 or 1: "gpsd at HOST:PORT: no fix (mode 1)";
/// - no fix arrived for `staleAfter` while connected: "gpsd at HOST:PORT: no fix for 5 s"
///   (a dead receiver upstream of gpsd gives silence, not an error).
///
/// A line that is not a gpsd message is counted in ``statistics`` and logged, then skipped. A report with a value
/// outside ``Whereabouts/LocationLimits`` (`eph: -5`, `speed: -1e308`) is treated as Core Location treats such a
/// value: a negative or absurd horizontal accuracy makes it no fix, any other such value is left out of the fix.
/// Warnings are logged at most once per kind per ``Configuration/warningInterval``.
/// Cancelling the consumer closes the socket and stops the reconnecting.
///
/// ```swift
/// let source = try GPSDSource(url: "gpsd://127.0.0.1:2947")
/// let client = LocationClient.simulated(os: engine, source: source)
/// for try await event in source.events() { print(event) }
/// ```
///
/// In a test, serve gpsd's lines from a loopback server (SwiftNIO's `ServerBootstrap` on port 0)
/// and drive the waits with swift-clocks' `TestClock` (`import Clocks`):
///
/// ```swift
/// let clock = TestClock()
/// let source = GPSDSource(port: fake.port, clock: clock)
/// var events = source.events().makeAsyncIterator()
/// try await fake.send(#"{"class":"TPV","mode":2,"time":"2025-06-01T12:00:07Z","lat":52.52,"lon":13.4}\r\n"#)
/// #expect(try await events.next() == .location(expected))
/// try await fake.closeConnections()              // → .unavailable("…; reconnecting")
/// await clock.advance(by: .milliseconds(250))    // the source reconnects and sends ?WATCH again
/// #expect(source.statistics.reconnects == 1)
/// ```
public struct GPSDSource: LocationSource {
    /// How the source waits and when it gives up on silence.
    public struct Configuration: Hashable, Sendable {
        /// The wait after the first failed connection; it doubles after each further failure, and starts again
        /// from here only after a connection that proved healthy (see ``healthyAfter``).
        public var initialBackoff: Duration
        /// The longest wait between two connection attempts.
        public var maximumBackoff: Duration
        /// How long without a fix, while connected, before the source reports itself unavailable.
        public var staleAfter: Duration
        /// How long a connection attempt may take.
        public var connectTimeout: Duration
        /// The most events a stream holds for a consumer that reads slower than gpsd sends: past it the newest
        /// wins, and each location dropped is counted in ``GPSDStatistics/droppedLocations``.
        public var bufferedEventLimit: Int
        /// How long a connection must stay open to count as healthy when it brought no `TPV` report.
        ///
        /// A connection is healthy once gpsd sends a `TPV` report (with or without a fix), or once it has stayed
        /// open this long. Only a healthy connection ends an outage and starts the backoff again from
        /// ``initialBackoff``: a gpsd that answers `VERSION` and drops every connection is retried ever more
        /// slowly, up to ``maximumBackoff``, and reported unavailable once.
        public var healthyAfter: Duration
        /// The shortest time between two warnings of one kind (damaged lines, gpsd's errors, values out of
        /// range, gpsd unavailable); the ones in between are logged at the debug level, and the next warning
        /// says how many were left out. Every one is counted in ``GPSDStatistics``.
        public var warningInterval: Duration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - initialBackoff: The first wait before reconnecting; it is used again after a
        ///     healthy connection.
        ///   - maximumBackoff: The cap on the doubling wait.
        ///   - staleAfter: How long without a fix before saying so.
        ///   - connectTimeout: How long a connection attempt may take.
        ///   - bufferedEventLimit: The most events held for a slow consumer (1,024 by default; at least 1).
        ///   - healthyAfter: How long a connection without a `TPV` report must last to count as healthy.
        ///   - warningInterval: The shortest time between two warnings of one kind.
        public init(
            initialBackoff: Duration = .milliseconds(250),
            maximumBackoff: Duration = .seconds(2),
            staleAfter: Duration = .seconds(5),
            connectTimeout: Duration = .seconds(2),
            bufferedEventLimit: Int = 1024,
            healthyAfter: Duration = .seconds(5),
            warningInterval: Duration = .seconds(10)
        ) {
            self.healthyAfter = healthyAfter
            self.warningInterval = warningInterval
            self.bufferedEventLimit = max(1, bufferedEventLimit)
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.staleAfter = staleAfter
            self.connectTimeout = connectTimeout
        }
    }

    /// The longest line the source reads; longer lines are dropped and counted as malformed.
    public static let maximumLineLength = 65_536

    /// The command sent on every new connection.
    public static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"

    /// The host gpsd runs on: a name, an IPv4 or an IPv6 address (without brackets).
    public let host: String
    /// gpsd's TCP port.
    public let port: Int
    /// The waits and limits.
    public let configuration: Configuration
    /// What the source did: connections, malformed lines, reports; shared by copies of the source.
    public let statistics: GPSDStatistics
    let clock: any Clock<Duration>
    let logger: Logger
    let eventLoopGroup: any EventLoopGroup

    /// Creates a source for the gpsd at `host` and `port`; nothing connects until ``events()``.
    ///
    /// - Parameters:
    ///   - host: gpsd's host name or address.
    ///   - port: gpsd's port.
    ///   - configuration: The waits and limits.
    ///   - clock: The clock for backoff and the watchdog; swift-clocks' `TestClock` in tests.
    ///   - logger: Where malformed lines, gpsd's errors and connection trouble are logged; by default
    ///     the caller's task-local logger (`Logger.current`, which an application binds with swift-log's
    ///     `withLogger`), so the source never makes a logger of its own.
    ///   - eventLoopGroup: The SwiftNIO event loops the socket runs on.
    public init(
        host: String = "127.0.0.1",
        port: Int = gpsdDefaultPort,
        configuration: Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger.current,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.host = host
        self.port = port
        self.configuration = configuration
        self.statistics = GPSDStatistics()
        self.clock = clock
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
    }

    /// `gpsd at 127.0.0.1:2947`, `gpsd at [::1]:2947`: how messages name this gpsd.
    public var name: String {
        host.contains(":") ? "gpsd at [\(host)]:\(port)" : "gpsd at \(host):\(port)"
    }

    /// Connects to gpsd and streams its fixes, reconnecting for as long as the stream is consumed.
    ///
    /// Each call makes its own connection. The stream never finishes by itself and never throws;
    /// cancelling the consuming task, or dropping the stream, closes the socket and ends all work.
    ///
    /// gpsd cannot be held back, so a consumer slower than it gets the newest events: the stream holds at most
    /// ``Configuration/bufferedEventLimit`` of them, drops the oldest past that, and counts each location dropped
    /// in ``GPSDStatistics/droppedLocations``.
    ///
    /// - Returns: Locations, and ``Whereabouts/SourceEvent/unavailable(_:)`` while gpsd has no fix or is gone.
    public func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<SourceEvent, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(configuration.bufferedEventLimit)
        )
        // `self.` matters: a bare `clock` is ambiguous with C's clock(), and the existential stays closed.
        let task = Self.startSession(self, clock: self.clock, continuation: continuation)
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private static func startSession<C: Clock<Duration>>(
        _ source: GPSDSource,
        clock: C,
        continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation
    ) -> Task<Void, Never> {
        let session = Session(source: source, clock: clock, continuation: continuation)
        return Task {
            await session.run()
            continuation.finish()
        }
    }
}
