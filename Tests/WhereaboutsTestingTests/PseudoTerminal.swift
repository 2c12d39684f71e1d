import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the binary with standard input and standard error on a pseudo-terminal, as a person at a
/// terminal would, and types answers when the expected text appears.
struct PseudoTerminal {
    struct Transcript {
        var screen: String
        var stdout: String
        var status: Int32
    }

    /// Runs `whereabouts ARGUMENTS`; each time `prompt` appears on the terminal, types the next answer.
    ///
    /// Every wait is bounded: reading stops after `seconds`, and the process is then interrupted. The terminal is
    /// read on a thread of its own (``onThreadOfItsOwn(_:)``), not on the cooperative pool. `columns` gives the
    /// terminal a width; without it the terminal has none, and `track` takes 100 columns.
    static func run(
        _ arguments: [String],
        answers: [String],
        prompt: String,
        seconds: Double = 60,
        columns: UInt16? = nil
    ) async throws -> Transcript {
        let binary = try CLIRunner.binary()
        return try await onThreadOfItsOwn {
            try run(binary, arguments, answers: answers, prompt: prompt, seconds: seconds, columns: columns)
        }
    }

    private static func run(
        _ binary: URL,
        _ arguments: [String],
        answers: [String],
        prompt: String,
        seconds: Double,
        columns: UInt16?
    ) throws -> Transcript {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 50, ws_col: columns ?? 0, ws_xpixel: 0, ws_ypixel: 0)
        let opened =
            columns == nil ? openpty(&master, &slave, nil, nil, nil) : openpty(&master, &slave, nil, nil, &size)
        guard opened == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(master) }
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardError = terminal
        process.standardOutput = out
        _ = try ChildProcess(process)
        close(slave)

        var screen = Data()
        var remaining = answers
        var prompts = 0
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }  // EIO: the child closed the terminal
                screen.append(contentsOf: buffer[0..<count])
                let text = String(decoding: screen, as: UTF8.self)
                let seen = text.components(separatedBy: prompt).count - 1
                if seen > prompts, !remaining.isEmpty {
                    prompts = seen
                    let answer = remaining.removeFirst() + "\n"
                    _ = answer.withCString { write(master, $0, strlen($0)) }
                }
            } else if !process.isRunning {
                break
            }
        }
        if process.isRunning { process.interrupt() }
        // Bounded too: a child that ignores Ctrl-C is killed after 10 s.
        let stop = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stop { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try out.close()
        return Transcript(
            screen: String(decoding: screen, as: UTF8.self),
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            status: process.terminationStatus
        )
    }
}
