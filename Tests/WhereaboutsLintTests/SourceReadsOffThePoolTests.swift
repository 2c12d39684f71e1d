import Foundation
import Testing
import WhereaboutsTestSupport

@testable import WhereaboutsLint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lint reads source files on a thread of its own: analyses waiting on files that do not come leave the
/// cooperative pool free for every other task.
@Suite(.timeLimit(.minutes(5)))
struct SourceReadsOffThePoolTests {
    /// A file system that does not answer until it is opened, or until its deadline passes.
    final class StuckDisk: @unchecked Sendable {
        // @unchecked: `open` and `waiting` are only touched while `lock` is held; `deadline` is immutable.
        private let lock = NSLock()
        private var open = false
        private var waiting = 0
        let deadline: Date

        init(deadline: Date) {
            self.deadline = deadline
        }

        var isOpen: Bool { lock.withLock { open || Date() >= deadline } }
        var readsWaiting: Int { lock.withLock { waiting } }

        func openUp() { lock.withLock { open = true } }

        /// Waits as a read from a stuck disk does (blocking its thread), then gives `text`.
        func read(_ text: String) -> Data {
            lock.withLock { waiting += 1 }
            while !isOpen { usleep(2_000) }
            return Data(text.utf8)
        }
    }

    @Test func analysesWaitingOnTheirFilesLeaveThePoolFree() async throws {
        // More analyses than the cooperative pool has threads (one per core), each waiting on its file. The disk
        // answers at the deadline if the test cannot get a thread to open it: a starved pool fails the test
        // instead of hanging it. The deadline is long, so that other tests keeping both pool threads busy for a
        // while (the whole suite runs at once, on two cores) do not fail this one.
        let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let disk = StuckDisk(deadline: Date().addingTimeInterval(240))
        let source = UnreadableInputTests.asksWhenInUse
        let root = URL(fileURLWithPath: "/nonexistent-lint-root")
        let analyses = (0..<count).map { index in
            Task {
                await SourceAnalysis.run(files: ["Feature\(index).swift"], root: root, progress: nil) { _ in
                    disk.read(source)
                }
            }
        }
        // Waited for on a thread of its own: every analysis is reading.
        let started = try await onThreadOfItsOwn {
            while disk.readsWaiting < count, !disk.isOpen { usleep(2_000) }
            return disk.readsWaiting
        }
        let ranFirst = await Task.detached { !disk.isOpen }.value
        disk.openUp()
        #expect(started == count)
        #expect(ranFirst, "a task on the cooperative pool ran only after the files were read")
        for (index, analysis) in analyses.enumerated() {
            let result = await analysis.value
            #expect(result.unreadable.isEmpty)
            #expect(result.usages["Feature\(index).swift"]?.isEmpty == false, "\(result.usages)")
        }
    }
}
