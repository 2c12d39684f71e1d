import Foundation
import Whereabouts

/// What one stream from a ``GPSDSource`` has told its consumer, and when it last had a fix.
///
/// The reader and the watchdog both report through it; each report is decided and yielded
/// under one lock, so the consumer sees them in the order the decisions were made and every
/// "unavailable" is said once per change, never repeated.
final class GPSDLink<Instant: InstantProtocol>: @unchecked Sendable {
    // @unchecked: `availability` and `lastFix` are only touched while holding `lock`.

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

    private let lock = NSLock()
    private let continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation
    private var availability = Availability.quiet
    private var lastFix: Instant

    init(continuation: AsyncThrowingStream<SourceEvent, any Error>.Continuation, now: Instant) {
        self.continuation = continuation
        self.lastFix = now
    }

    /// Delivers a fix, and restarts the watchdog's count.
    func deliver(_ location: Location, at now: Instant) {
        lock.withLock {
            availability = .available
            lastFix = now
            continuation.yield(.location(location))
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
        lock.withLock {
            let deadline = lastFix.advanced(by: staleAfter)
            guard deadline <= now else { return deadline }
            if availability == .available || availability == .quiet {
                availability = .stale
                continuation.yield(.unavailable(message))
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

    /// A connection is up: the watchdog counts from `now`.
    func connected(at now: Instant) {
        lock.withLock { lastFix = now }
    }

    /// A connection delivered a line: an outage, if any, is over.
    func heardFromGPSD() {
        lock.withLock {
            if availability == .down { availability = .quiet }
        }
    }

    private func report(_ message: String, as new: Availability, unless known: Set<Availability>) -> Bool {
        lock.withLock {
            guard !known.contains(availability) else { return false }
            availability = new
            continuation.yield(.unavailable(message))
            return true
        }
    }
}
