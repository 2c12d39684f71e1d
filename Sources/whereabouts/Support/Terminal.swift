import ConcurrencyExtras
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, and whether they are terminals.
///
/// Lines given to ``output(_:)`` are written at once. The fixes `track` writes go through ``buffer(_:)`` and are
/// written in blocks (see ``OutputBuffer``): everything buffered is written before anything goes to standard error
/// (so a message never overtakes the fixes before it), when the command ends, and at the latest
/// ``OutputBuffer/latency`` after it was buffered while `track` runs (``flushingPromptly(_:)``).
///
/// Every write goes through a ``StandardStream``: a failed write is kept, never a trap (see ``outputFailure``).
/// Lines are written with their control characters made visible (``Swift/String/visibleControlCharacters``): an
/// app id, a file name or a line from gpsd never reaches the terminal as an escape sequence.
final class Terminal: Sendable {
    let inputIsTerminal = isatty(STDIN_FILENO) == 1
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    let errorIsTerminal = isatty(STDERR_FILENO) == 1
    /// Whether a status line is on screen.
    private let statusShowing = LockIsolated(false)
    /// What standard output has not been given yet.
    private let pending: OutputBuffer
    /// Standard output.
    let standardOutput: StandardStream

    /// Creates a terminal writing to standard output, or to another file (tests).
    init(standardOutput: FileHandle? = nil) {
        let stream =
            standardOutput.map { StandardStream(descriptor: $0.fileDescriptor, name: "standard output") }
            ?? .output
        self.standardOutput = stream
        pending = OutputBuffer(stream: stream)
    }

    /// Why standard output could not be written, or `nil` while every write succeeded.
    var outputFailure: String? { standardOutput.failureDescription }

    /// Writes a line to standard output, after whatever is buffered.
    func output(_ text: String) {
        clearStatus()
        pending.append(Array((text.visibleControlCharacters + "\n").utf8))
        pending.flush()
    }

    /// Adds bytes (whole lines) for standard output, written in blocks.
    func buffer(_ bytes: [UInt8]) {
        if pending.append(bytes) {
            clearStatus()
            pending.flush()
        }
    }

    /// Writes what is buffered for standard output.
    func flush() {
        guard pending.hasBytes else { return }
        clearStatus()
        pending.flush()
    }

    /// Runs `body` while a task writes what is buffered at the latest ``OutputBuffer/latency`` after it was
    /// buffered, so a person watching or a program reading a pipe sees each fix when it arrives even when the
    /// next one is long to come.
    func flushingPromptly<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result {
        let flusher = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: OutputBuffer.latency)
                flush()
            }
        }
        defer { flusher.cancel() }
        return try await body()
    }

    /// Writes a line to standard error.
    func error(_ text: String) {
        flush()
        clearStatus()
        StandardStream.error.write(text.visibleControlCharacters + (text.hasSuffix(": ") ? "" : "\n"))
    }

    /// Shows a one-line status on standard error, when it is a terminal.
    func status(_ text: String) {
        guard errorIsTerminal else { return }
        // On a screen shared with standard output, the lines before it are shown first.
        if outputIsTerminal { flush() }
        let line = String(text.visibleControlCharacters.prefix(Self.width - 1))
        statusShowing.setValue(!line.isEmpty)
        StandardStream.error.write("\r\u{1B}[2K" + line)
    }

    /// Removes the status line, if one is showing.
    func clearStatus() {
        guard errorIsTerminal else { return }
        let wasShowing = statusShowing.withValue { showing in
            defer { showing = false }
            return showing
        }
        guard wasShowing else { return }
        StandardStream.error.write("\r\u{1B}[2K")
    }

    /// Reads a line from standard input without blocking the concurrency pool.
    func readLine() async -> String? {
        flush()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }

    static var width: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 100 }
        return Int(size.ws_col)
    }
}
