package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Named pipes (FIFOs) whose writers open them and then write nothing until released, for tests that code
/// waiting to read one does not hold a thread of the cooperative pool.
///
/// A reader of such a pipe waits in `open(2)` until the writer opens it, then in `read(2)` until the writer writes
/// or closes. Make more pipes than the pool has threads, start a reader on each, wait for ``waitUntilOpened()``,
/// and check that a task started then runs before ``isReleased``: the pipes are released (written and closed)
/// when the test calls ``release()``, or at the deadline given, so a starved pool cannot hang the test.
///
/// ```swift
/// let pipes = try HeldPipes(count: 8, content: Data("$GPGGA,…\r\n".utf8), deadline: .seconds(45))
/// for url in pipes.urls { Task { try await readAll(url) } }
/// try await pipes.waitUntilOpened()
/// let ranFirst = await Task.detached { !pipes.isReleased }.value
/// pipes.release()
/// #expect(ranFirst)
/// ```
package final class HeldPipes: @unchecked Sendable {
    // @unchecked: `opened` and `released` are only touched while `lock` is held; the rest is immutable.
    private let lock = NSLock()
    private var opened = 0
    private var released = false
    private let folder: URL
    private let content: Data
    private let releasedSignal = DispatchSemaphore(value: 0)

    /// The pipes.
    package let urls: [URL]

    /// Makes `count` pipes in a new temporary folder and opens each for writing on a thread of its own.
    ///
    /// - Parameters:
    ///   - count: How many pipes.
    ///   - name: The last path component of each pipe, numbered: `Pipe0.nmea`.
    ///   - content: What each writer writes when released, before it closes its pipe.
    ///   - deadline: When the writers are released if the test has not released them.
    /// - Throws: When a pipe cannot be made.
    package init(count: Int, name: String = "Pipe.nmea", content: Data, deadline: Duration) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("held-pipes-\(UUID().uuidString)")
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        urls = (0..<count).map { folder.appendingPathComponent("\(stem)\($0).\(suffix)") }
        self.content = content
        for url in urls where mkfifo(url.path, 0o600) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        for url in urls {
            Thread { [self] in hold(url) }.start()
        }
        let seconds = Double(deadline.components.seconds)
        Thread { [self] in
            if releasedSignal.wait(timeout: .now() + seconds) == .timedOut { release() }
        }.start()
    }

    /// Whether the pipes were released, by ``release()`` or at the deadline.
    package var isReleased: Bool { lock.withLock { released } }

    /// Writes each pipe's content and closes it; the readers then read it and the end.
    package func release() {
        let first = lock.withLock {
            defer { released = true }
            return !released
        }
        if first { releasedSignal.signal() }
    }

    /// Waits, on a thread of its own, until every pipe has a reader (each writer's `open(2)` returned).
    ///
    /// - Throws: When a minute passes first.
    package func waitUntilOpened() async throws {
        let count = urls.count
        try await onThreadOfItsOwn { [self] in
            let deadline = Date().addingTimeInterval(60)
            while lock.withLock({ opened }) < count {
                guard Date() < deadline else { throw CocoaError(.fileReadUnknown) }
                usleep(2_000)
            }
        }
    }

    /// Removes the pipes and their folder.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// One writer: opens the pipe (waiting for its reader), waits for the release, writes and closes.
    private func hold(_ url: URL) {
        // A reader that closed its end makes the write fail with EPIPE instead of killing the test process: the
        // signal a write on a broken pipe raises goes to this thread, which blocks it, and ends with it.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        lock.withLock { opened += 1 }
        while !isReleased { usleep(2_000) }
        content.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
