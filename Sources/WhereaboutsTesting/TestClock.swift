import Foundation
import Whereabouts

/// A clock that moves only when a test says so, for driving the engine's time limits.
///
/// Sleepers wake when ``advance(by:)`` passes their deadline, in deadline order, so a test
/// that waits ten seconds takes no time at all.
///
/// ```swift
/// let clock = TestClock()
/// let engine = AuthorizationEngine(appID: "demo", declarations: declarations, prompter: person, clock: clock)
/// await engine.changeSettings(status: .authorizedWhenInUse)
/// let request = Task { try await engine.requestLocation() }
/// while clock.sleeperCount == 0 { await Task.yield() }   // the request's time limit is set
/// await clock.advance(by: .seconds(10))   // the request throws locationUnavailable
/// ```
public final class TestClock: Clock, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.

    /// A point in the test clock's time: the time since the clock was made.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Time since the clock was made.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: Time since the clock was made.
        public init(offset: Duration) { self.offset = offset }

        /// The instant a duration later.
        ///
        /// - Parameter duration: The time to add.
        /// - Returns: The later instant.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to another.
        ///
        /// - Parameter other: The later instant.
        /// - Returns: `other − self`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Compares two instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// `"12.5 s"`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    /// Creates a clock at time zero.
    public init() {}

    /// The current instant.
    public var now: Instant { lock.withLock { current } }

    /// The smallest step the clock takes: zero, it moves only when told to.
    public var minimumResolution: Duration { .zero }

    /// Suspends until the clock is advanced to `deadline`, or throws `CancellationError` when the
    /// task is cancelled first.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled before the clock reaches `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case wake, cancelled, sleep }
                let start: Start = lock.withLock {
                    if Task.isCancelled { return .cancelled }
                    if deadline <= current { return .wake }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .sleep
                }
                switch start {
                case .wake: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .sleep: break
                }
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward, waking every sleeper whose deadline passes, earliest first.
    ///
    /// After each wake it yields so the woken tasks can run before time moves on.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration = .zero) async {
        let target = now.advanced(by: duration)
        while true {
            let next: Sleeper? = lock.withLock {
                guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
                    sleepers[index].deadline <= target
                else { return nil }
                let sleeper = sleepers.remove(at: index)
                current = max(current, sleeper.deadline)
                return sleeper
            }
            guard let next else { break }
            next.continuation.resume()
            await Self.yieldMany()
        }
        lock.withLock { current = max(current, target) }
        await Self.yieldMany()
    }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    static func yieldMany() async {
        for _ in 0..<64 { await Task.yield() }
    }
}
