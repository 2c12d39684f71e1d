import Foundation
public import Whereabouts

/// A location source driven by a test: send fixes, then finish.
///
/// ``send(_:)-(SourceEvent)`` returns once the engine has taken the event in (or at once when nothing is
/// listening, in which case the event is dropped, as a GPS's fix nobody reads), so a test can
/// check what the engine did right after sending. ``waitUntilRunning()`` and ``waitUntilStopped()``
/// suspend until the engine starts or stops listening, so a test never polls ``isRunning``.
///
/// ```swift
/// let source = ScriptedSource()
/// let client = LocationClient.simulated(os: engine, source: source)
/// let request = Task { try await client.requestLocation() }
/// await source.waitUntilRunning()   // the request is waiting for a fix
/// await source.send(fix)
/// #expect(try await request.value == fix)
/// ```
///
/// The app's own loop over `liveUpdates()` runs in its task, after the engine: to check what it did
/// with a fix, await a signal from the loop (an `AsyncStream` it yields to), or run the test in
/// swift-concurrency-extras' `withMainSerialExecutor` and let the loop run with `await Task.megaYield()`
/// after ``send(_:)-(Location)``.
public final class ScriptedSource: LocationSource, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private final class Subscription: @unchecked Sendable {
        // Guarded by the source's lock.
        var queue: [SourceEvent] = []
        var taken = 0
        var acknowledged = 0
        var waiting: CheckedContinuation<SourceEvent?, any Error>?
        var ackWaiters: [(index: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var ended = false
        var failure: (any Error)?
    }

    private let lock = NSLock()
    private var subscriptions: [ObjectIdentifier: Subscription] = [:]
    private var finished = false
    private var startCount = 0
    private var waiters: [UInt64: (running: Bool, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter: UInt64 = 0

    /// Whether the source says it can give headings (it can always be sent `.heading` events); `true` unless
    /// made with `providesHeadings: false`, to test an app on a device without a compass.
    public let providesHeadings: Bool

    /// Creates a source with nothing to send yet.
    ///
    /// - Parameter providesHeadings: What ``providesHeadings`` reports.
    public init(providesHeadings: Bool = true) {
        self.providesHeadings = providesHeadings
    }

    /// How many times the engine started this source.
    public var starts: Int { lock.withLock { startCount } }

    /// Whether the engine is listening now.
    public var isRunning: Bool { lock.withLock { !subscriptions.isEmpty } }

    /// Starts a subscription; the engine calls this when it needs fixes.
    ///
    /// - Returns: The events sent from now on.
    public func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let subscription = Subscription()
        let key = ObjectIdentifier(subscription)
        let started: [CheckedContinuation<Void, Never>] = lock.withLock {
            startCount += 1
            if finished {
                subscription.ended = true
                return []
            }
            subscriptions[key] = subscription
            return takeWaiters()
        }
        for continuation in started { continuation.resume() }
        // The stream drops its closure when the consumer is cancelled, without calling it again;
        // the sentinel's end tells the subscription that nobody will acknowledge its events.
        let sentinel = Sentinel { [weak self] in self?.end(subscription, key: key) }
        return AsyncThrowingStream {
            defer { withExtendedLifetime(sentinel) {} }
            return try await self.next(subscription, key: key)
        }
    }

    /// Runs a closure when released.
    private final class Sentinel: Sendable {
        let onRelease: @Sendable () -> Void
        init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    private func next(_ subscription: Subscription, key: ObjectIdentifier) async throws -> SourceEvent? {
        // Asking for the next event acknowledges the previous one: the engine has handled it.
        lock.withLock {
            subscription.acknowledged = subscription.taken
            resumeAcknowledged(subscription)
        }
        if Task.isCancelled {
            end(subscription, key: key)
            return nil
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<SourceEvent?, any Error>? = lock.withLock {
                    if !subscription.queue.isEmpty {
                        subscription.taken += 1
                        return .success(subscription.queue.removeFirst())
                    }
                    if subscription.ended {
                        return subscription.failure.map { .failure($0) } ?? .success(nil)
                    }
                    subscription.waiting = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            self.end(subscription, key: key)
        }
    }

    private func end(_ subscription: Subscription, key: ObjectIdentifier) {
        let (waiting, stopped): (CheckedContinuation<SourceEvent?, any Error>?, [CheckedContinuation<Void, Never>]) =
            lock.withLock {
                subscriptions[key] = nil
                subscription.ended = true
                subscription.queue.removeAll()
                subscription.acknowledged = Int.max
                resumeAcknowledged(subscription)
                defer { subscription.waiting = nil }
                return (subscription.waiting, takeWaiters())
            }
        waiting?.resume(returning: nil)
        for continuation in stopped { continuation.resume() }
    }

    /// Suspends until the engine is listening — it has asked for this source's events and not stopped — or
    /// returns at once when it is.
    ///
    /// The engine listens while something needs fixes: live updates, a pending `requestLocation`, a region.
    /// Returns early, without waiting, when the task is cancelled.
    public func waitUntilRunning() async {
        await wait(running: true)
    }

    /// Suspends until nothing is listening (the engine stopped, or was never started), or returns at once.
    ///
    /// Returns early, without waiting, when the task is cancelled.
    public func waitUntilStopped() async {
        await wait(running: false)
    }

    private func wait(running: Bool) async {
        let id: UInt64 = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done: Bool = lock.withLock {
                    if Task.isCancelled || subscriptions.isEmpty != running { return true }
                    waiters[id] = (running, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// The waiters whose wait is over, removed. Must be called with `lock` held.
    private func takeWaiters() -> [CheckedContinuation<Void, Never>] {
        let running = !subscriptions.isEmpty
        let done = waiters.filter { $0.value.running == running }
        for id in done.keys { waiters[id] = nil }
        return done.values.map(\.continuation)
    }

    /// Must be called with `lock` held.
    private func resumeAcknowledged(_ subscription: Subscription) {
        let done = subscription.ackWaiters.filter { $0.index <= subscription.acknowledged }
        subscription.ackWaiters.removeAll { $0.index <= subscription.acknowledged }
        for waiter in done { waiter.continuation.resume() }
    }

    /// Sends an event to the engine, returning once the engine has handled it.
    ///
    /// - Parameter event: A fix, a heading, or unavailability.
    /// - Returns: Whether anything was listening (`false`: the event was dropped).
    @discardableResult
    public func send(_ event: SourceEvent) async -> Bool {
        var targets: [(Subscription, Int)] = []
        var handoffs: [(CheckedContinuation<SourceEvent?, any Error>, SourceEvent)] = []
        lock.withLock {
            for subscription in subscriptions.values where !subscription.ended {
                if let waiting = subscription.waiting {
                    subscription.waiting = nil
                    subscription.taken += 1
                    handoffs.append((waiting, event))
                } else {
                    subscription.queue.append(event)
                }
                targets.append((subscription, subscription.taken + subscription.queue.count))
            }
        }
        for (continuation, event) in handoffs { continuation.resume(returning: event) }
        for (subscription, index) in targets {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done: Bool = lock.withLock {
                    if subscription.acknowledged >= index { return true }
                    subscription.ackWaiters.append((index, continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        }
        return !targets.isEmpty
    }

    /// Sends a fix.
    ///
    /// - Parameter location: The raw fix.
    /// - Returns: Whether anything was listening.
    @discardableResult
    public func send(_ location: Location) async -> Bool {
        await send(.location(location))
    }

    /// Ends the source: listening streams end (throwing `error` if given), and later starts end at once.
    ///
    /// - Parameter error: The failure to end with, if any.
    public func finish(throwing error: (any Error)? = nil) {
        let waiting: [CheckedContinuation<SourceEvent?, any Error>] = lock.withLock {
            finished = true
            var result: [CheckedContinuation<SourceEvent?, any Error>] = []
            for subscription in subscriptions.values {
                subscription.ended = true
                subscription.failure = error
                if let continuation = subscription.waiting {
                    subscription.waiting = nil
                    result.append(continuation)
                }
            }
            return result
        }
        for continuation in waiting {
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: nil) }
        }
    }
}
