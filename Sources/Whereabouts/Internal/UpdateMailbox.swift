import Foundation

/// The bounded queue between the engine and one live-updates consumer.
///
/// The engine posts updates into it (a batch at a time, from the actor, without waiting); the consumer takes them
/// out (one at a time for `liveUpdates()`, everything pending for `liveUpdateBatches()`). The source's pump waits
/// for ``waitForRoom()`` before it reads the next batch, so a consumer slower than its source holds the source
/// back and no more than ``capacity`` fixes ever wait here.
///
/// What may be handed out is checked again at the moment of hand-off, under the lock: when the authorization
/// narrows (revoked, Precise off, the app in the background without background updates) the engine calls
/// ``restrict(to:)`` before it posts the update that announces the change, and every queued fix the app may no
/// longer receive is dropped. The announcement is then the next thing the consumer reads after the updates that
/// came before the change without a fix.
final class UpdateMailbox: @unchecked Sendable {
    // @unchecked: every stored `var` is touched only while `lock` is held.

    /// A task suspended until the mailbox changes: the consumer for updates, the pump for room.
    typealias Waiter = CheckedContinuation<Void, Never>

    /// One queued update, and whether its fix is precise.
    struct Entry: Sendable {
        let update: LocationUpdate
        let precise: Bool
    }

    /// Fixes the mailbox holds before the pump waits: the bound of this queue.
    let capacity: Int
    /// The pump reads the next batch only when this many fixes fit.
    let batchLimit: Int

    private let lock = NSLock()
    private var queue: [Entry] = []
    private var head = 0
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

    /// Queues updates; fixes the current allowance does not cover are dropped.
    func post(_ entries: [Entry]) {
        let waiting: Waiter? = lock.withLock {
            guard !closed, ending == nil else { return nil }
            if queue.isEmpty, allowance == .all {
                // The common case: the engine's array becomes the queue, without a copy.
                queue = entries
                fixesQueued = entries.count { $0.update.location != nil }
            } else {
                queue.reserveCapacity(queue.count + entries.count)
                for entry in entries where allowance.covers(entry) {
                    queue.append(entry)
                    if entry.update.location != nil { fixesQueued += 1 }
                }
            }
            defer { consumer = nil }
            return consumer
        }
        waiting?.resume()
    }

    /// Queues one update.
    func post(_ entry: Entry) {
        let waiting: Waiter? = lock.withLock {
            guard !closed, ending == nil, allowance.covers(entry) else { return nil }
            queue.append(entry)
            if entry.update.location != nil { fixesQueued += 1 }
            defer { consumer = nil }
            return consumer
        }
        waiting?.resume()
    }

    /// Sets what may still be handed out, and drops the queued fixes it does not cover.
    func restrict(to allowance: DeliveryAllowance) {
        let released: [Waiter] = lock.withLock {
            self.allowance = allowance
            guard queue[head...].contains(where: { !allowance.covers($0) }) else { return [] }
            queue = queue[head...].filter { allowance.covers($0) }
            head = 0
            fixesQueued = queue.count { $0.update.location != nil }
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
            queue.removeAll()
            head = 0
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
    func next() async throws -> LocationUpdate? {
        while true {
            switch try take(all: false) {
            case .taken(let updates): return updates.first
            case .ended: return nil
            case .empty: await waitForUpdates()
            }
        }
    }

    /// Every update queued for the consumer (at least one), or `nil` at the end; throws the source's failure.
    func nextBatch() async throws -> [LocationUpdate]? {
        while true {
            switch try take(all: true) {
            case .taken(let updates): return updates
            case .ended: return nil
            case .empty: await waitForUpdates()
            }
        }
    }

    private enum Taken {
        case taken([LocationUpdate])
        case empty
        case ended
    }

    private func take(all: Bool) throws -> Taken {
        if Task.isCancelled {
            close()
            return .ended
        }
        let (taken, released): (Result<Taken, any Error>, [Waiter]) = lock.withLock {
            if closed { return (.success(.ended), []) }
            // Checked again at hand-off: a fix the app may no longer receive never leaves.
            while head < queue.count, !allowance.covers(queue[head]) {
                if queue[head].update.location != nil { fixesQueued -= 1 }
                head += 1
            }
            guard head < queue.count else {
                queue.removeAll(keepingCapacity: true)
                head = 0
                switch ending {
                case nil: return (.success(.empty), [])
                case .success: return (.success(.ended), [])
                case .failure(let error):
                    ending = .success(())
                    return (.failure(error), [])
                }
            }
            // One pass: what the consumer may have, and how many fixes leave.
            let end = all ? queue.count : head + 1
            var updates: [LocationUpdate] = []
            updates.reserveCapacity(end - head)
            for index in head..<end {
                let entry = queue[index]
                if entry.update.location != nil { fixesQueued -= 1 }
                if allowance.covers(entry) { updates.append(entry.update) }
            }
            head = end
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 4096, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return (.success(.taken(updates)), takeProducersIfRoom())
        }
        for continuation in released { continuation.resume() }
        return try taken.get()
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
                    if closed || ending != nil || head < queue.count || Task.isCancelled { return true }
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

    /// Whether this queued update may be handed out: an update without a fix always may.
    func covers(_ entry: UpdateMailbox.Entry) -> Bool {
        guard entry.update.location != nil else { return true }
        return locations && (precise || !entry.precise)
    }
}
