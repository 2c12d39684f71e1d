import ConcurrencyExtras
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, and whether they are terminals.
final class Terminal: Sendable {
    let inputIsTerminal = isatty(STDIN_FILENO) == 1
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    let errorIsTerminal = isatty(STDERR_FILENO) == 1
    /// Whether a status line is on screen.
    private let statusShowing = LockIsolated(false)
    /// Where `output` writes: standard output, or a file in tests.
    private let standardOutput: FileHandle

    /// Creates a terminal writing to standard output, or to another file (tests).
    init(standardOutput: FileHandle = .standardOutput) {
        self.standardOutput = standardOutput
    }

    /// Writes a line to standard output.
    func output(_ text: String) {
        clearStatus()
        standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line to standard error.
    func error(_ text: String) {
        clearStatus()
        FileHandle.standardError.write(Data((text + (text.hasSuffix(": ") ? "" : "\n")).utf8))
    }

    /// Shows a one-line status on standard error, when it is a terminal.
    func status(_ text: String) {
        guard errorIsTerminal else { return }
        let line = String(text.prefix(Self.width - 1))
        statusShowing.setValue(!line.isEmpty)
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    /// Removes the status line, if one is showing.
    func clearStatus() {
        guard errorIsTerminal else { return }
        let wasShowing = statusShowing.withValue { showing in
            defer { showing = false }
            return showing
        }
        guard wasShowing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// Reads a line from standard input without blocking the concurrency pool.
    func readLine() async -> String? {
        await withCheckedContinuation { continuation in
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
