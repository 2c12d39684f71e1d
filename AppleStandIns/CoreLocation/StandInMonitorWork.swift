// The runnable model behind the stand-in CLMonitor (see StandInDevice.swift), not Apple's API: a stand-in monitor
// opens the device's simulated monitor of its name and forwards to it, in order, what the app asks.
import Synchronization

/// The calls the stand-in monitors forward to the simulated OS, each monitor's in order: ``StandInDevice/settle()``
/// waits for them, and a monitor being opened waits for the close of one of its name the app released.
enum StandInMonitorWork {
    /// A call forwarded to the OS.
    typealias Call = Task<Void, Never>

    private static let running = Mutex<[Call]>([])

    /// Runs `work` after `previous` (the same monitor's last call), and returns its task.
    static func run(
        after previous: Call?,
        _ work: @escaping @Sendable () async -> Void
    ) -> Call {
        let task = Task {
            await previous?.value
            await work()
        }
        running.withLock { $0.append(task) }
        return task
    }

    /// Waits until every call forwarded so far has reached the OS.
    static func settle() async {
        while let task = running.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            await task.value
        }
    }
}
