/// Runs blocking work (reading files and pipes, and what is done between reads) on a thread of its own, while the
/// task that awaits it gives its thread of the cooperative pool back.
///
/// `read(2)` on a pipe or a FIFO waits for the writer, and even a file on a busy disk or a network share can
/// take long; on a thread of the pool such a wait holds one of its few threads (one per core) and can stop
/// every other task of the process. Work given to ``run(_:)`` runs on the thread of a
/// ``DedicatedThreadExecutor``, one piece at a time in the order given, and the caller suspends meanwhile.
///
/// ```swift
/// let reads = ThreadOfItsOwn(name: "Example.reads")
/// let data = await reads.run { try? Data(contentsOf: url) }
/// ```
package actor ThreadOfItsOwn {
    private nonisolated let executor: DedicatedThreadExecutor

    /// Runs this actor's work on its own thread instead of the cooperative pool.
    package nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Creates the actor; its thread carries `name` (seen in debuggers and crash reports) and exists only while
    /// there is work, and for `lingering` after it.
    ///
    /// - Parameters:
    ///   - name: The thread's name.
    ///   - lingering: How long the thread waits for more work before it ends, so a steady stream of short pieces
    ///     of work does not start a thread for each.
    package init(name: String, lingering: Duration = .milliseconds(100)) {
        executor = DedicatedThreadExecutor(name: name, lingering: lingering)
    }

    /// Runs `work` on the thread and returns what it returns.
    ///
    /// - Parameter work: The blocking work.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws.
    package func run<Value: Sendable, Failure: Error>(
        _ work: @Sendable () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try work()
    }
}
