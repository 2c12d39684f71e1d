import ConcurrencyExtras
import Whereabouts

/// Between the fixes of `track --geofences`: lets the geofence monitor take in and handle what the last fix caused
/// before the next is read, and tells the command when the track has ended.
final class FenceGate: Sendable {
    private struct State {
        var monitor: GeofenceMonitor?
        var engine: SimulatedOS?
        var ended = false
        var failure: (any Error)?
        var waiters: [CheckedContinuation<Void, Never>] = []
        var opened = false
        var openWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// Opens the gate with the monitor to wait for from now on (`nil` when none could start): until then no fix
    /// passes, so the monitor's first plan is made from the track's first fix.
    ///
    /// - Parameters:
    ///   - monitor: The geofence monitor.
    ///   - engine: The simulated OS the monitor's client runs on: it tells whether a fix the monitor asked for is
    ///     still awaited there or already on its way to the monitor.
    func attach(_ monitor: GeofenceMonitor?, engine: SimulatedOS? = nil) {
        let waiters = state.update { state -> [CheckedContinuation<Void, Never>] in
            state.monitor = monitor
            state.engine = engine
            state.opened = true
            defer { state.openWaiters.removeAll() }
            return state.openWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until the monitor has taken in every event the engine handed it and handled them (a fix it asked for
    /// included): until two rounds in a row find nothing new and nothing on its way.
    ///
    /// What the engine hands a location manager reaches its client through the main actor, which has a thread of its
    /// own: each round waits for the main actor's queue as well as the pool's, so on a busy machine a round cannot
    /// pass while an event is still queued there. A fix the monitor asked for is on its way while the monitor waits
    /// for it and the engine no longer does.
    func settle() async {
        await withCheckedContinuation { continuation in
            let opened = state.update { state -> Bool in
                if state.opened { return true }
                state.openWaiters.append(continuation)
                return false
            }
            if opened { continuation.resume() }
        }
        guard let monitor = state.current.monitor else { return }
        let engine = state.current.engine
        var last = (-1, -1, -1)
        for _ in 0..<1000 {
            await Task.megaYield(count: 5)
            await MainActor.run {}
            await monitor.settle()
            let now = (await monitor.monitorEventsSeen, await monitor.fixesSeen, await monitor.fixesFetched)
            let fetching = await monitor.isFetching
            let engineWaits = await engine?.hasOutstandingLocationRequests ?? true
            if now == last, !(fetching && !engineWaits), await monitor.isIdle { return }
            last = now
        }
    }

    /// The track ended (with the error it failed with, if any).
    func trackEnded(_ failure: (any Error)?) {
        let waiters = state.update { state -> [CheckedContinuation<Void, Never>] in
            guard !state.ended else { return [] }
            state.ended = true
            state.failure = failure
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits for the end of the track; throws what it failed with.
    func waitForEnd() async throws {
        await withCheckedContinuation { continuation in
            let ended = state.update { state -> Bool in
                if state.ended { return true }
                state.waiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
        if let failure = state.current.failure { throw failure }
    }
}
