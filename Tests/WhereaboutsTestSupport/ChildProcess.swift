package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process a test started, awaited without holding a thread of the cooperative pool.
///
/// `Process.waitUntilExit()` holds its thread until the child ends (on Linux it spins a run loop), and a test
/// that calls it on the cooperative pool — one thread per core — stops every other test while it waits; on a
/// loaded two-core machine a few such waits starve the rest of the run (and Swift Testing's time limits, whose
/// timers need a thread of the pool too). ``exit()`` suspends instead: `Process` calls its termination handler
/// when the child ends, and that resumes the waiting task.
///
/// Cancelling the waiting task — a test's time limit running out — kills the child (`SIGKILL`), so the wait
/// ends and a stuck child cannot hold the test run.
///
/// ```swift
/// let process = Process()
/// process.executableURL = URL(fileURLWithPath: "/bin/true")
/// let child = try ChildProcess(process)
/// #expect(await child.exit() == 0)
/// ```
package final class ChildProcess: @unchecked Sendable {
    // @unchecked: `ended` and `waiters` are only touched while `lock` is held; `process` is not touched after
    // `run()` but for its thread-safe identifier, state and status.
    private let lock = NSLock()
    private var ended = false
    private var endDate: Date?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The process, running.
    package let process: Process

    /// Starts `process` with no signal blocked.
    ///
    /// Foundation's `Process` on Linux hands the calling thread's signal mask to the child, and the threads
    /// Swift concurrency runs on block most signals, so a child started from a test would ignore `SIGTERM`
    /// and `SIGINT`; the mask of this thread is cleared around `run()` only, which does not suspend.
    ///
    /// - Parameter process: A configured process, not started yet (its termination handler is replaced).
    /// - Throws: What `Process.run()` throws.
    package init(_ process: Process) throws {
        self.process = process
        process.terminationHandler = { [weak self] _ in self?.finished() }
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// The child's process identifier.
    package var pid: Int32 { process.processIdentifier }

    /// Whether the child still runs.
    package var isRunning: Bool { lock.withLock { !ended } }

    /// When Foundation saw the child end (its termination handler ran, on a thread of Foundation's own), or `nil`
    /// while it runs: how long a child took to stop, measured without waiting for a thread of the pool, which a busy
    /// run may give late.
    package var endedAt: Date? { lock.withLock { endDate } }

    /// Sends the child a signal.
    ///
    /// - Parameter signal: E.g. `SIGINT`.
    package func send(_ signal: Int32) {
        _ = kill(process.processIdentifier, signal)
    }

    /// Suspends until the child ends; cancellation kills it.
    ///
    /// - Returns: Its exit status, or the signal that ended it.
    @discardableResult
    package func exit() async -> Int32 {
        let pid = process.processIdentifier
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = lock.withLock {
                    if ended { return true }
                    waiters.append(continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            _ = kill(pid, SIGKILL)
        }
        return process.terminationStatus
    }

    /// Waits up to `limit` for the child to end, then kills it (`SIGKILL`) and waits for that.
    ///
    /// - Parameter limit: How long the child may still run.
    /// - Returns: Whether it ended by itself within the limit.
    @discardableResult
    package func exit(within limit: Duration) async -> Bool {
        let pid = process.processIdentifier
        let killer = Task {
            try await Task.sleep(for: limit)
            _ = kill(pid, SIGKILL)
        }
        await exit()
        killer.cancel()
        return !(await killer.result.isSuccess)
    }

    private func finished() {
        let now = Date()
        let waiting = lock.withLock {
            ended = true
            endDate = now
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// Runs blocking work — `poll`, `usleep`, `waitUntilExit` — on a thread of its own and suspends until it is done,
/// so it never holds a thread of the cooperative pool. Seconds of computation take ``computeOffThePool(_:)``, which
/// also bounds how many compute at once.
///
/// The work cannot be cancelled from outside: give it its own bound (a deadline it checks). It runs outside the
/// test's task, so `#expect` and `Issue.record` there are not the test's: return what to check, and check it after.
///
/// - Parameter work: The work; it runs on a new thread.
/// - Returns: What the work returns.
/// - Throws: What the work throws.
package func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try work() })
        }.start()
    }
}
