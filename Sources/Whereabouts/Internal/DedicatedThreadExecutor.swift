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
/// which keeps it serial. An executor made with a `lingering` time keeps its thread that long after the last job,
/// so work that comes in a steady stream of short jobs (a replay's batches) does not start a thread for each.
package final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: `queue` and `running` are only touched while `condition` is locked; `name` and `lingering` are
    // immutable.
    private let condition = NSCondition()
    private var queue: [UnownedJob] = []
    private var running = false
    private let name: String
    private let lingering: TimeInterval

    /// Creates an executor whose thread carries `name` (seen in debuggers and crash reports).
    ///
    /// - Parameters:
    ///   - name: The thread's name.
    ///   - lingering: How long the thread waits for another job before it ends; zero ends it at once.
    package init(name: String, lingering: Duration = .zero) {
        self.name = name
        let parts = lingering.components
        self.lingering = max(0, Double(parts.seconds) + Double(parts.attoseconds) * 1e-18)
    }

    /// Queues a job, starting the thread when none is running.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        let start = !running
        running = true
        // A lingering thread waits on the condition for this job.
        condition.signal()
        condition.unlock()
        guard start else { return }
        let thread = Thread { [self] in drain() }
        thread.name = name
        thread.start()
    }

    /// The executor, as an actor's `unownedExecutor` returns it.
    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Runs queued jobs until the queue is empty (and stays so for `lingering`), then lets the thread end.
    private func drain() {
        while true {
            condition.lock()
            if queue.isEmpty, lingering > 0 {
                let deadline = Date(timeIntervalSinceNow: lingering)
                while queue.isEmpty, condition.wait(until: deadline) {}
            }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            if batch.isEmpty { running = false }
            condition.unlock()
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }
}
