import Foundation

/// A serial executor that runs its jobs on a thread of its own instead of Swift's cooperative pool.
///
/// An actor whose work blocks in system calls — `flock` waiting for another process, `fsync` waiting for the
/// disk — would hold a thread of the cooperative pool while it waits; the pool has one thread per core, so a
/// few such waits stop every other task of the process. An actor that returns this executor from
/// `unownedExecutor` does that work here instead, and its callers suspend (giving their thread back) while it
/// runs.
///
/// The thread is started when a job arrives and no thread is running, runs jobs in the order they came until
/// there are none, and ends: an idle executor holds no thread, and at most one thread runs its jobs at a time,
/// which keeps it serial.
package final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: `queue` and `running` are only touched while `lock` is held; `name` is immutable.
    private let lock = NSLock()
    private var queue: [UnownedJob] = []
    private var running = false
    private let name: String

    /// Creates an executor whose thread carries `name` (seen in debuggers and crash reports).
    package init(name: String) {
        self.name = name
    }

    /// Queues a job, starting the thread when none is running.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let start = lock.withLock {
            queue.append(job)
            if running { return false }
            running = true
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in drain() }
        thread.name = name
        thread.start()
    }

    /// The executor, as an actor's `unownedExecutor` returns it.
    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Runs queued jobs until the queue is empty, then lets the thread end.
    private func drain() {
        while true {
            let batch: [UnownedJob] = lock.withLock {
                let batch = queue
                queue.removeAll(keepingCapacity: true)
                if batch.isEmpty { running = false }
                return batch
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }
}
