import Foundation

/// The bounded queue between the engine and one live-updates consumer.
///
/// The engine posts updates into it (a batch at a time, from the actor, without waiting); the consumer takes them
/// out (one at a time for `liveUpdates()`, everything pending for `liveUpdateBatches()`). The source's pump waits
/// for ``waitForRoom()`` before it reads the next batch, so a consumer slower than its source holds the source
/// back and no more than ``capacity`` fixes ever wait here.
///
/// The queue never holds a fix the app may no longer receive: when the authorization narrows (revoked, Precise
/// off, the app in the background without background updates) the engine calls ``restrict(to:)`` before it posts
/// the update that announces the change, and every queued fix the new allowance does not cover is dropped under
/// the lock that every hand-off takes; a later post of such fixes drops them too. The announcement is then the
/// next thing the consumer reads after the updates that came before the change without a fix.
///
/// Updates wait in segments, each an array the engine posted (one batch of the source): a segment is handed to a
/// `liveUpdateBatches()` consumer as it is, without a copy, and read in place by a `liveUpdates()` consumer.
final class UpdateMailbox: @unchecked Sendable {
    // @unchecked: every stored `var` is touched only while `lock` is held.

    /// A task suspended until the mailbox changes: the consumer for updates, the pump for room.
    typealias Waiter = CheckedContinuation<Void, Never>

    /// Updates posted together, as the engine made them: their fixes are all precise or all approximate.
    struct Segment {
        var updates: [LocationUpdate]
        /// Whether its fixes are precise.
        var precise: Bool
        /// How many of `updates` carry a fix.
        var fixes: Int
    }

    /// Fixes the mailbox holds before the pump waits: the bound of this queue.
    let capacity: Int
    /// The pump reads the next batch only when this many fixes fit.
    let batchLimit: Int

    private let lock = NSLock()
    /// What waits, oldest first; the first segment is read from `offset` on.
    private var segments: [Segment] = []
    private var first = 0
    private var offset = 0
    private var fixesQueued = 0
    private var allowance = DeliveryAllowance.all
    private var ending: Result<Void, any Error>?
    private var closed = false
    private var consumer: Waiter?
    private var producers: [Waiter] = []
    private let onClose: @Sendable () -> Void

    /// Creates an empty mailbox.
    ///
    /// - Parameters:
    ///   - capacity: The most fixes it holds (at least `batchLimit`).
    ///   - batchLimit: The largest batch the engine posts at once.
    ///   - onClose: Called once when the consumer goes away (cancelled, or its stream released).
    init(capacity: Int, batchLimit: Int, onClose: @escaping @Sendable () -> Void) {
        self.capacity = max(capacity, batchLimit)
        self.batchLimit = batchLimit
        self.onClose = onClose
    }

    /// How many fixes wait for the consumer now.
    var bufferedFixes: Int { lock.withLock { fixesQueued } }

    /// Queues updates made together; when the current allowance does not cover their fixes, the fixes are
    /// dropped.
    ///
    /// - Parameters:
    ///   - updates: The updates, in order; the array is kept as it is, without a copy.
    ///   - precise: Whether their fixes are precise.
    ///   - fixes: How many of them carry a fix.
    func post(_ updates: [LocationUpdate], precise: Bool, fixes: Int) {
        guard !updates.isEmpty else { return }
        let waiting: Waiter? = lock.withLock {
            guard !closed, ending == nil else { return nil }
            var segment = Segment(updates: updates, precise: precise, fixes: fixes)
            if fixes > 0, !allowance.covers(precise: precise) {
                segment.updates.removeAll { $0.location != nil }
                segment.fixes = 0
                if segment.updates.isEmpty { return nil }
            }
            segments.append(segment)
            fixesQueued += segment.fixes
            defer { consumer = nil }
            return consumer
        }
        waiting?.resume()
    }

    /// Queues one update.
    func post(_ update: LocationUpdate, precise: Bool) {
        post([update], precise: precise, fixes: update.location == nil ? 0 : 1)
    }

    /// Sets what may still be handed out, and drops the queued fixes it does not cover.
    func restrict(to allowance: DeliveryAllowance) {
        let released: [Waiter] = lock.withLock {
            self.allowance = allowance
            segments.removeFirst(first)
            first = 0
            var dropped = false
            for index in segments.indices where segments[index].fixes > 0 {
                guard !allowance.covers(precise: segments[index].precise) else { continue }
                let start = index == 0 ? offset : 0
                let kept = segments[index].updates[start...].filter { $0.location == nil }
                fixesQueued -= segments[index].fixes
                segments[index] = Segment(updates: kept, precise: segments[index].precise, fixes: 0)
                if index == 0 { offset = 0 }
                dropped = true
            }
            guard dropped else { return [] }
            segments.removeAll { $0.updates.isEmpty }
            if segments.isEmpty { offset = 0 }
            return takeProducersIfRoom()
        }
        for continuation in released { continuation.resume() }
    }

    /// Ends the consumer's stream after the updates already queued.
    func finish(throwing error: (any Error)?) {
        let waiting: Waiter? = lock.withLock {
            guard ending == nil else { return nil }
            ending = error.map { .failure($0) } ?? .success(())
            defer { consumer = nil }
            return consumer
        }
        waiting?.resume()
    }

    /// The consumer went away: nothing more is queued, and the pump stops waiting for it.
    func close() {
        let (waiting, released, wasClosed): (Waiter?, [Waiter], Bool) = lock.withLock {
            let wasClosed = closed
            closed = true
            segments.removeAll()
            first = 0
            offset = 0
            fixesQueued = 0
            defer {
                consumer = nil
                producers.removeAll()
            }
            return (consumer, producers, wasClosed)
        }
        waiting?.resume()
        for continuation in released { continuation.resume() }
        if !wasClosed { onClose() }
    }

    /// Suspends the source's pump until a whole batch fits, or the consumer went away.
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let ready: Bool = lock.withLock {
                    if closed || fixesQueued + batchLimit <= capacity || Task.isCancelled { return true }
                    producers.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let released: [Waiter] = lock.withLock {
                defer { producers.removeAll() }
                return producers
            }
            for continuation in released { continuation.resume() }
        }
    }

    /// Whether the pump must wait before the next batch.
    var isFull: Bool { lock.withLock { !closed && fixesQueued + batchLimit > capacity } }

    /// The next update for the consumer, or `nil` at the end; throws the source's failure.
    ///
    /// Takes a waiting update without suspending (``poll()``), and waits only when none is there.
    func next() async throws -> LocationUpdate? {
        while true {
            switch try poll() {
            case .taken(let update): return update
            case .ended: return nil
            case .empty:
                if consumerCancelled() { return nil }
                await waitForUpdates()
            }
        }
    }

    /// Every update queued for the consumer (at least one), or `nil` at the end; throws the source's failure.
    func nextBatch() async throws -> [LocationUpdate]? {
        if consumerCancelled() { return nil }
        while true {
            switch try pollBatch() {
            case .taken(let updates): return updates
            case .ended: return nil
            case .empty:
                if consumerCancelled() { return nil }
                await waitForUpdates()
            }
        }
    }

    /// Closes the mailbox when the consuming task was cancelled, and tells whether it was.
    ///
    /// The consumer's stream (`AsyncThrowingStream(unfolding:)`) ends by itself on cancellation and releases the
    /// mailbox's sentinel, which closes it; this closes it at once, before the consumer would wait.
    private func consumerCancelled() -> Bool {
        guard Task.isCancelled else { return false }
        close()
        return true
    }

    /// What a look into the mailbox found.
    enum Taken<Value> {
        /// Something for the consumer.
        case taken(Value)
        /// Nothing yet: wait for the engine.
        case empty
        /// The stream is over.
        case ended
    }

    /// The next update, if one waits, without suspending; throws the source's failure.
    ///
    /// Every queued fix is one the current allowance covers (``post(_:precise:fixes:)`` and ``restrict(to:)``
    /// drop the others under the lock), so what leaves here may be handed out.
    func poll() throws -> Taken<LocationUpdate> {
        let (taken, released): (Result<Taken<LocationUpdate>, any Error>, [Waiter]) = lock.withLock {
            if closed { return (.success(.ended), []) }
            guard first < segments.count else { return (ended(), []) }
            let update = segments[first].updates[offset]
            offset += 1
            if update.location != nil {
                fixesQueued -= 1
                segments[first].fixes -= 1
            }
            if offset == segments[first].updates.count { dropFirstSegment() }
            return (.success(.taken(update)), takeProducersIfRoom())
        }
        for continuation in released { continuation.resume() }
        return try taken.get()
    }

    /// Every waiting update, if any, without suspending; throws the source's failure.
    func pollBatch() throws -> Taken<[LocationUpdate]> {
        let (taken, released): (Result<Taken<[LocationUpdate]>, any Error>, [Waiter]) = lock.withLock {
            if closed { return (.success(.ended), []) }
            guard first < segments.count else { return (ended(), []) }
            var updates: [LocationUpdate]
            if offset == 0, first + 1 == segments.count {
                // The common case: the engine's array is handed over as it is, without a copy.
                updates = segments[first].updates
            } else {
                updates = []
                updates.reserveCapacity(segments[first...].reduce(0) { $0 + $1.updates.count } - offset)
                updates += segments[first].updates[offset...]
                for segment in segments[(first + 1)...] { updates += segment.updates }
            }
            segments.removeAll(keepingCapacity: true)
            first = 0
            offset = 0
            fixesQueued = 0
            return (.success(.taken(updates)), takeProducersIfRoom())
        }
        for continuation in released { continuation.resume() }
        return try taken.get()
    }

    /// What an empty mailbox tells the consumer: wait, the end, or the source's failure (once). Must be called
    /// with `lock` held.
    private func ended<Value>() -> Result<Taken<Value>, any Error> {
        switch ending {
        case nil: return .success(.empty)
        case .success: return .success(.ended)
        case .failure(let error):
            ending = .success(())
            return .failure(error)
        }
    }

    /// Drops the first segment, read to its end. Must be called with `lock` held.
    private func dropFirstSegment() {
        offset = 0
        segments[first].updates = []  // released now, not when the segments before `first` are removed
        first += 1
        if first == segments.count {
            segments.removeAll(keepingCapacity: true)
            first = 0
        } else if first >= 64 {
            segments.removeFirst(first)
            first = 0
        }
    }

    /// The waiting pumps, removed, when a batch fits. Must be called with `lock` held.
    private func takeProducersIfRoom() -> [Waiter] {
        guard !producers.isEmpty, fixesQueued + batchLimit <= capacity else { return [] }
        defer { producers.removeAll() }
        return producers
    }

    private func waitForUpdates() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let ready: Bool = lock.withLock {
                    if closed || ending != nil || first < segments.count || Task.isCancelled { return true }
                    consumer = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiting: Waiter? = lock.withLock {
                defer { consumer = nil }
                return consumer
            }
            waiting?.resume()
        }
    }
}

/// Which fixes may still be handed to the app: a pure value the engine derives from its policy.
struct DeliveryAllowance: Hashable, Sendable {
    /// Whether any fix may be handed out.
    var locations: Bool
    /// Whether precise fixes may be handed out.
    var precise: Bool

    /// Every fix.
    static let all = DeliveryAllowance(locations: true, precise: true)

    /// Whether fixes of this kind may be handed out; an update without a fix always may.
    ///
    /// - Parameter precise: Whether the fixes are precise.
    /// - Returns: Whether they may be handed out.
    func covers(precise: Bool) -> Bool {
        locations && (self.precise || !precise)
    }

    /// What both allow.
    ///
    /// - Parameter other: Another allowance.
    /// - Returns: The fixes both allowances cover.
    func intersection(_ other: DeliveryAllowance) -> DeliveryAllowance {
        DeliveryAllowance(locations: locations && other.locations, precise: precise && other.precise)
    }
}
