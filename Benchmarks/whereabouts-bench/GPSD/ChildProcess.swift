import Foundation
import Glibc

/// A child process the bench starts and later stops (gpsd, the Python client), whose standard output is
/// collected while it runs.
///
/// It is spawned with an empty signal mask: the threads Swift concurrency runs on block most signals, and a
/// child inherits the mask, so a gpsd started from a task would otherwise ignore SIGTERM. Signals go only to the
/// PID this value started. It inherits no descriptor but its standard input, output and error.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `output` and `exited` are only touched while holding `lock`; the rest is immutable.
    let pid: pid_t
    private let lock = NSLock()
    private var output: [UInt8] = []
    private var reaped: Int32?

    /// Starts `path` with `arguments`; standard error goes to `errorPath` (or /dev/null).
    ///
    /// - Throws: ``BenchError`` when it cannot be started.
    init(_ path: String, _ arguments: [String], errorPath: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw BenchError("pipe() failed: errno \(errno)") }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions,
            2,
            errorPath ?? "/dev/null",
            O_WRONLY | O_CREAT | O_APPEND,
            0o644
        )
        Measure.markDescriptorsCloseOnExec()
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw BenchError("could not start \(path): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        let reader = pipe[0]
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = Glibc.read(reader, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { output += buffer[0..<count] }
            }
            close(reader)
        }
    }

    /// What the child wrote to standard output so far.
    var standardOutput: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// Whether the child is still running (reaps it once it has exited).
    var isRunning: Bool {
        lock.withLock {
            guard reaped == nil else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { reaped = status }
            return reaped == nil
        }
    }

    /// Waits up to `timeout` seconds for the child to exit by itself.
    ///
    /// - Returns: Whether it exited.
    @discardableResult
    func wait(timeout: Double) -> Bool {
        let deadline = Measure.now() + timeout
        while isRunning {
            if Measure.now() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// Sends SIGTERM, waits up to 2 s, then SIGKILL; always reaps the child.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: 2) { return }
        kill(pid, SIGKILL)
        wait(timeout: 2)
    }
}
