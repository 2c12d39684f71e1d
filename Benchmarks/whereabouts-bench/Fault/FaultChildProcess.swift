import Foundation
import Glibc

/// A child process whose standard output is a pipe the parent reads line by line, for the fault
/// harnesses: start it, read what it reported, kill it at a chosen moment, collect the rest.
final class FaultChildProcess {
    let pid: pid_t
    private let outputFD: Int32
    private var pending = [UInt8]()
    private var reachedEnd = false
    private var exitStatus: Int32?

    /// Starts `path` with `arguments`; its standard error goes where ours goes.
    ///
    /// - Throws: ``BenchError`` when the pipe or the process cannot be made.
    init(_ path: String, _ arguments: [String]) throws {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { throw BenchError("pipe() failed: \(String(cString: strerror(errno)))") }
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(pipeFDs[1])
        guard spawned == 0 else {
            close(pipeFDs[0])
            throw BenchError("could not start \(path): \(String(cString: strerror(spawned)))")
        }
        pid = child
        outputFD = pipeFDs[0]
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        close(outputFD)
    }

    /// The next line of output (without its newline), or `nil` at the end of the output.
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(outputFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                reachedEnd = true
            } else {
                pending.append(contentsOf: buffer[0..<count])
            }
        }
    }

    /// Every remaining line, up to the end of the output (call after the child exited).
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }

    /// Sends a signal to the child.
    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the child and returns its exit code, or 128 + the signal that ended it.
    @discardableResult
    func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }
}
