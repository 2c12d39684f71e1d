import NIOConcurrencyHelpers
import Whereabouts

/// What one stream from a ``GPSDSource`` has told its consumer, and when it last had a fix.
///
/// The reader and the watchdog both report through it; each report is decided and yielded
/// under one lock, so the consumer sees them in the order the decisions were made and every
/// "unavailable" is said once per change, never repeated.
final class GPSDLink<Instant: InstantProtocol>: Sendable {
    /// The last thing the consumer was told.
    enum Availability: Hashable {
        /// Connected, nothing said yet (or, after an outage, nothing since it ended).
        case quiet
        /// A location was delivered.
        case available
        /// gpsd reported mode 0 or 1.
        case noFix
        /// The watchdog found no fix for a while.
        case stale
        /// The connection is down (or never came up): "…; reconnecting".
        case down
    }

    /// What the link knows, behind its lock.
    private struct State: Sendable {
        /// The last thing the consumer was told.
        var availability = Availability.quiet
        /// When the last fix came (or the connection came up): the watchdog counts from here.
        var lastFix: Instant
        /// Whether the current (or last) connection proved healthy: it brought a `TPV` report or stayed open
        /// long enough.
        var healthy = false
    }

    private let continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation
    private let statistics: GPSDStatistics
    private let state: NIOLockedValueBox<State>

    init(
        continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation,
        statistics: GPSDStatistics,
        now: Instant
    ) {
        self.continuation = continuation
        self.statistics = statistics
        self.state = NIOLockedValueBox(State(lastFix: now))
    }

    /// Delivers a fix, and restarts the watchdog's count.
    func deliver(_ location: Location, at now: Instant) {
        state.withLockedValue { state in
            state.availability = .available
            state.lastFix = now
            yield(.location(location))
        }
    }

    /// Says "unavailable" unless the consumer already knows there is no fix or no gpsd.
    ///
    /// - Returns: Whether it was said.
    @discardableResult
    func lostFix(_ message: String) -> Bool {
        report(message, as: .noFix, unless: [.noFix, .down])
    }

    /// The watchdog's check: says "unavailable" when no fix came since `deadline − staleAfter`
    /// and the consumer still thinks all is well.
    ///
    /// - Returns: The instant the watchdog should next wake at, from the last fix.
    func checkStale(now: Instant, staleAfter: Duration, message: String) -> Instant
    where Instant.Duration == Duration {
        state.withLockedValue { state in
            let deadline = state.lastFix.advanced(by: staleAfter)
            guard deadline <= now else { return deadline }
            if state.availability == .available || state.availability == .quiet {
                state.availability = .stale
                yield(.unavailable(message))
            }
            return now.advanced(by: staleAfter)
        }
    }

    /// Says "unavailable" once per outage.
    ///
    /// - Returns: Whether it was said (the outage is new).
    @discardableResult
    func wentDown(_ message: String) -> Bool {
        report(message, as: .down, unless: [.down])
    }

    /// A connection is up: the watchdog counts from `now`, and the connection has not proved healthy yet.
    func connected(at now: Instant) {
        state.withLockedValue { state in
            state.lastFix = now
            state.healthy = false
        }
    }

    /// The connection proved healthy (a `TPV` report, or open long enough): an outage, if any, is over.
    ///
    /// A line alone does not prove it: a gpsd that answers `VERSION` and hangs up is still down.
    func provedHealthy() {
        state.withLockedValue { state in
            state.healthy = true
            if state.availability == .down { state.availability = .quiet }
        }
    }

    /// Whether the current (or last) connection proved healthy; the backoff starts again only after one that did.
    var connectionWasHealthy: Bool {
        state.withLockedValue { $0.healthy }
    }

    /// Hands an event to the stream; when the stream's buffer is full the oldest event goes, and a location
    /// that goes is counted.
    private func yield(_ event: SourceEvent) {
        if case .dropped(.location) = continuation.yield(event) { statistics.increment(\.droppedLocations) }
    }

    private func report(_ message: String, as new: Availability, unless known: Set<Availability>) -> Bool {
        state.withLockedValue { state in
            guard !known.contains(state.availability) else { return false }
            state.availability = new
            yield(.unavailable(message))
            return true
        }
    }
}
