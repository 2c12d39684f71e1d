import Foundation
import Testing
import Whereabouts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The consent store's blocking work (`flock`, `fsync`, opening the file) and the cooperative pool, and consent
/// files that are not plain regular files: a symbolic link, a FIFO.
@Suite(.timeLimit(.minutes(5)))
struct FileConsentStoreBlockingTests {
    @Test("stores waiting for another process's lock, more of them than the pool has threads, leave the pool free")
    func waitingStoresLeaveThePoolFree() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("consent.json")
        // Another process's write in progress: an exclusive flock on the store's lock file, held by this test.
        let lock = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        // Released once this task ran again after the writers started waiting, or after 60 s whatever happens
        // (so a store that blocks the pool makes the test fail, not hang). The deadline is far: in a full run on a
        // busy machine this task may wait seconds for its turn even when the pool is free.
        let release = Release(fd: lock, deadline: Date(timeIntervalSinceNow: 60))
        let waiting = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<waiting {
                    group.addTask {
                        let store = FileConsentStore(fileURL: file, onWarning: { _ in })
                        try await store.setGrant(Grant(decision: .whenInUse), for: "com.example.app\(index)")
                    }
                }
                try await group.waitForAll()
            }
        }
        // This wait ends on a thread of the pool: it comes back at once only if the waiting writers left one free.
        try await Task.sleep(for: .milliseconds(300))
        release.ranAgain()
        try await writers.value
        #expect(release.reason == .ranAgain, "no thread of the pool was free while \(waiting) stores waited")
        let grants = await FileConsentStore(fileURL: file, onWarning: { _ in }).allGrants()
        #expect(grants.count == waiting)
    }

    @Test("a consent file that is a symbolic link stays one; the write goes to the file it points to")
    func symbolicLinkStaysALink() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let elsewhere = directory.appendingPathComponent("synced", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("consent.json")
        let link = directory.appendingPathComponent("consent.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "synced/consent.json")
        let store = FileConsentStore(fileURL: link, onWarning: { Issue.record("warning: \($0)") })
        // The link dangles at first: the first write creates the file it points to.
        try await store.setGrant(Grant(decision: .whenInUse), for: "com.example.demo")
        try await store.setGrant(Grant(decision: .always), for: "com.example.other")
        #expect(try isSymbolicLink(link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "synced/consent.json")
        #expect(!(try isSymbolicLink(target)))
        let grants = await FileConsentStore(fileURL: target, onWarning: { _ in }).allGrants()
        #expect(grants["com.example.demo"]?.decision == .whenInUse)
        #expect(grants["com.example.other"]?.decision == .always)
        // The lock and the temporary files sit beside the target; nothing but the link is left beside it.
        let beside = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(beside == ["consent.json", "synced"])
    }

    @Test("a consent file that is a FIFO is refused at once, saying what it is, and left where it is")
    func fifoIsRefused() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("consent.json")
        try #require(mkfifo(file.path, 0o600) == 0)
        // A store that opened the FIFO would wait for a writer forever: this thread becomes one after 60 s, so such a
        // store returns only after the writer opened the FIFO.
        let writer = FIFOWriter(path: file.path, after: 60)
        defer { writer.stop() }
        let warnings = LockedMessages()
        let store = FileConsentStore(fileURL: file, onWarning: warnings.append)
        let grants = await store.allGrants()
        #expect(!writer.hasOpened, "reading the FIFO waited for a writer")
        #expect(grants.isEmpty)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("is a FIFO (named pipe), not a regular file") == true)
        let error = await #expect(throws: LocationError.self) {
            try await store.setGrant(Grant(decision: .whenInUse), for: "com.example.demo")
        }
        #expect(error?.description.contains("is a FIFO (named pipe), not a regular file") == true)
        var info = stat()
        #expect(lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}

// MARK: - Helpers

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("whereabouts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func isSymbolicLink(_ url: URL) throws -> Bool {
    var info = stat()
    try #require(lstat(url.path, &info) == 0)
    return info.st_mode & S_IFMT == S_IFLNK
}

/// Releases an flock from a thread of its own: when the test says it ran again, or at a deadline.
private final class Release: @unchecked Sendable {
    // @unchecked: `why` is only touched while `condition` is locked; `fd` is immutable.
    enum Reason: Equatable { case ranAgain, deadline }

    private let condition = NSCondition()
    private var why: Reason?

    init(fd: Int32, deadline: Date) {
        Thread { [self] in
            condition.lock()
            while why == nil, condition.wait(until: deadline) {}
            if why == nil { why = .deadline }
            condition.unlock()
            _ = flock(fd, LOCK_UN)
            _ = close(fd)
        }.start()
    }

    /// The test's task ran again.
    func ranAgain() {
        condition.lock()
        if why == nil { why = .ranAgain }
        condition.signal()
        condition.unlock()
    }

    var reason: Reason? {
        condition.lock()
        defer { condition.unlock() }
        return why
    }
}

/// After a delay, opens a FIFO for writing and closes it again, each second until stopped, so that a reader
/// blocked in `open` or `read` on it gets end-of-file instead of waiting forever.
private final class FIFOWriter: @unchecked Sendable {
    // @unchecked: `stopped` and `opened` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private var stopped = false
    private var opened = false

    /// Whether the writer has opened the FIFO yet.
    var hasOpened: Bool {
        condition.lock()
        defer { condition.unlock() }
        return opened
    }

    init(path: String, after seconds: TimeInterval) {
        Thread { [self] in
            var wake = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            while !stopped {
                if !condition.wait(until: wake) {
                    // O_RDWR on a FIFO does not wait for a reader (Linux); closing it leaves no writer.
                    let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
                    if fd >= 0 { _ = close(fd) }
                    opened = true
                    wake = Date(timeIntervalSinceNow: 1)
                }
            }
            condition.unlock()
        }.start()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }
}

/// Warnings collected from any thread.
private final class LockedMessages: @unchecked Sendable {
    // @unchecked: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    var all: [String] { lock.withLock { messages } }

    var append: @Sendable (String) -> Void {
        { [self] message in lock.withLock { messages.append(message) } }
    }
}
