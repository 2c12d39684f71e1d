import Foundation

/// As many slots as the machine has cores, for the tests' seconds of computation: ``computeOffThePool(_:)`` takes one
/// for each computation, so at most that many compute at once, beside the cooperative pool's threads.
///
/// Without the limit, every heavy test case would start its thread at once: on a two-core machine a dozen walks through
/// hundreds of fences (ten times slower under ThreadSanitizer) would share two cores, and each would take a dozen
/// times its own length, past its time limit.
package actor ComputeSlots {
    /// The slots of this test process.
    package static let shared = ComputeSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates slots.
    ///
    /// - Parameter count: How many computations may run at once, 1 or more.
    package init(count: Int) {
        free = max(1, count)
    }

    /// Waits, without holding a thread, until a slot is free, and takes it.
    package func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back: to the computation that has waited longest, if one waits.
    package func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Runs seconds of computation — a walk through hundreds of fences, hundreds of thousands of numbers against an
/// oracle, a large file read — on a thread of its own, at most as many at once as the machine has cores
/// (``ComputeSlots``), and suspends until it is done.
///
/// The cooperative pool has one thread a core; a test that computes on it for seconds leaves the other tests
/// unscheduled that long, and on a two-core machine two such tests stall the whole run. Blocking waits (a child
/// process, `poll`) take ``onThreadOfItsOwn(_:)`` instead: they need no core.
///
/// The work runs outside the test's task, so `#expect` and `Issue.record` there are not the test's: return what to
/// check, and check it after.
///
/// - Parameter work: The computation; it runs on a new thread.
/// - Returns: What the work returns.
/// - Throws: What the work throws.
package func computeOffThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    await ComputeSlots.shared.acquire()
    do {
        let value = try await onThreadOfItsOwn(work)
        await ComputeSlots.shared.release()
        return value
    } catch {
        await ComputeSlots.shared.release()
        throw error
    }
}
