import Foundation
import Glibc

/// Timing and process helpers shared by the benchmarks.
enum Measure {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs `body` and returns its wall time in seconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// Runs `body` and returns its wall time in seconds.
    static func timeAsync(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return now() - start
    }

    /// What a child process did: its exit status, wall time, peak resident memory and its output.
    struct ChildResult: Sendable {
        var status: Int32
        var seconds: Double
        /// Peak resident set size in bytes, `ru_maxrss` from `wait4`.
        ///
        /// On Linux this is never below the bench's own peak when the child was spawned (exec keeps the
        /// old address space's high-water mark), so for a small child it is a floor, not a measurement:
        /// have the child report its own `VmHWM` (as `read-track` does) or run it under `/usr/bin/time -f %M`.
        var peakRSS: Int
        var standardOutput: String
    }

    /// Runs a program and waits for it, measuring its wall time and its own peak RSS (`wait4`).
    ///
    /// - Parameters:
    ///   - path: The executable's path.
    ///   - arguments: Its arguments.
    ///   - captureOutput: Whether to collect standard output (otherwise it goes to `outputPath`).
    ///   - outputPath: The file standard output goes to when not collected (created or truncated; /dev/null when nil).
    ///   - errorPath: The file standard error goes to (created or truncated); nil keeps the bench's.
    /// - Returns: What the child did.
    /// - Throws: ``BenchError`` when the child cannot be started or waited for.
    static func run(
        _ path: String,
        _ arguments: [String],
        captureOutput: Bool = false,
        outputPath: String? = nil,
        errorPath: String? = nil
    ) throws -> ChildResult {
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        if captureOutput {
            guard Glibc.pipe(&pipe) == 0 else { throw BenchError("pipe() failed: errno \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
        } else if let outputPath {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        markDescriptorsCloseOnExec()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("could not start \(path): \(String(cString: strerror(spawned)))") }
        var output = Data()
        if captureOutput {
            close(pipe[1])
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildResult(
            status: exit,
            seconds: seconds,
            peakRSS: Int(usage.ru_maxrss) * 1024,
            standardOutput: String(decoding: output, as: UTF8.self)
        )
    }

    /// Marks every open descriptor above standard error close-on-exec, so a child started next inherits none.
    ///
    /// An inherited socket (NIO's and the bench's own are not close-on-exec) would keep a connection open in the
    /// child after the bench closed its side, and the peer would never see EOF.
    static func markDescriptorsCloseOnExec() {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// The path of this executable, for running a measurement in a child process of its own.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The full path of a program on `PATH`, or nil.
    static func which(_ program: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in paths + ["/usr/sbin", "/usr/local/bin"] {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A benchmark failed to run; the message says what to do.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
