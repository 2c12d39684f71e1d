import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tests' child processes: awaited without holding a thread of the cooperative pool, killed when the wait is
/// cancelled, and started with no signal blocked.
@Suite(.timeLimit(.minutes(5)))
struct ChildProcessTests {
    static func sleeper(seconds: Int) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = [String(seconds)]
        return try ChildProcess(process)
    }

    @Test("children awaited at once, more of them than the pool has threads, leave the pool free for other tasks")
    func waitingForChildrenLeavesThePoolFree() async throws {
        let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        // Long enough that no busy machine lets them end before the sleep below, and killed once it has ended.
        let children = try (0..<count).map { _ in try Self.sleeper(seconds: 120) }
        let waits = Task {
            await withTaskGroup(of: Int32.self) { group in
                for child in children { group.addTask { await child.exit() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        // This wait ends on a thread of the pool: while the children still run only if their waits left one free
        // (waits that held the threads would give them back only when the children end).
        try await Task.sleep(for: .milliseconds(300))
        let stillRunning = children.filter(\.isRunning).count
        for child in children { child.send(SIGKILL) }
        let statuses = await waits.value
        #expect(stillRunning == count, "a 300 ms sleep ended after \(count - stillRunning) of the children it overlaps")
        #expect(statuses == Array(repeating: SIGKILL, count: count))
    }

    @Test("cancelling the wait for a child kills it, so a test past its time limit cannot hang the run")
    func cancellingTheWaitKillsTheChild() async throws {
        let child = try Self.sleeper(seconds: 600)
        let wait = Task { await child.exit() }
        wait.cancel()
        #expect(await wait.value == SIGKILL)
        #expect(child.process.terminationReason == .uncaughtSignal)
        #expect(!child.isRunning)
    }

    @Test("a child started from a task of the pool obeys SIGTERM (its signal mask is empty)")
    func childObeysSIGTERM() async throws {
        let child = try Self.sleeper(seconds: 600)
        child.send(SIGTERM)
        #expect(await child.exit(within: .seconds(20)))
        #expect(child.process.terminationStatus == SIGTERM)
        #expect(child.process.terminationReason == .uncaughtSignal)
    }
}
