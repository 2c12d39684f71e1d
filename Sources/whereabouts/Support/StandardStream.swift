import ConcurrencyExtras
import Foundation

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Standard output or standard error, written with `write(2)`: a write that fails (a closed stream, a full disk, a
/// reader that went away) is remembered, never a trap, so the command can stop and exit with
/// ``ArgumentParser/ExitCode/outputFailed``.
///
/// `FileHandle.write(_:)` traps when the system call fails, and `print` drops the failure; every line the
/// command writes goes through one of these two streams instead.
final class StandardStream: Sendable {
    /// Standard output.
    static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
    /// Standard error.
    static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

    /// The file descriptor written to.
    let descriptor: Int32
    /// The stream's name in messages.
    let name: String
    /// The `errno` of the first write that failed.
    private let firstFailure = LockIsolated<Int32?>(nil)
    /// Whether the descriptor was closed when the command started (it is then `/dev/null`'s).
    private let closedAtStart = LockIsolated(false)

    /// Creates a stream on a descriptor (tests give a file's).
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// The `errno` of the first write that failed, or `nil` when every write succeeded.
    var failure: Int32? { firstFailure.value }

    /// What went wrong, for a message: "standard output: No space left on device", or `nil`.
    var failureDescription: String? {
        failure.map { code in
            code == EPIPE
                ? "\(name) was closed by the program reading it"
                : "\(name) cannot be written (\(String(cString: strerror(code))))"
        }
    }

    /// Writes all of `bytes`, retrying short writes and interrupted calls; after a failure nothing more is
    /// written (the failure stays as the first one).
    ///
    /// - Returns: Whether every byte was written.
    @discardableResult
    func write(_ bytes: some ContiguousBytes) -> Bool {
        guard failure == nil else { return false }
        // Nothing lost while nothing is written: a command that writes nothing to a closed stream succeeds.
        guard !closedAtStart.value else {
            markFailed(EBADF)
            return false
        }
        let code: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let code else { return true }
        firstFailure.withValue { $0 = $0 ?? code }
        return false
    }

    /// Writes text as UTF-8.
    @discardableResult
    func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Counts the stream as failed without writing (it was closed before the command started).
    func markFailed(_ code: Int32) {
        firstFailure.withValue { $0 = $0 ?? code }
    }

    /// Prepares the process's standard streams before a command runs.
    ///
    /// A descriptor among 0, 1 and 2 that was closed (`2>&-`) is opened on `/dev/null`, so that no file the
    /// command opens takes its number and receives the output; a write to a closed standard output or error
    /// fails (`EBADF`). `SIGPIPE` is ignored, so a write to a pipe nobody reads fails with `EPIPE` and is
    /// reported instead of killing the process before the output is closed and the summary printed.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == STDOUT_FILENO { output.closedAtStart.setValue(true) }
            if descriptor == STDERR_FILENO { error.closedAtStart.setValue(true) }
        }
    }
}
