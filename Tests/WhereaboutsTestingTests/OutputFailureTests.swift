import Foundation
import Testing

/// Standard output or standard error that cannot be written — closed, a full disk, a reader that went away — never
/// traps and never ends in exit 0: the command stops and exits 74.
@Suite(.timeLimit(.minutes(5)))
struct OutputFailureTests {
    static let commands = [
        "track --limit 50 " + CLIShell.answered,
        "simulate",
        #"lint "$D""#,
        "consent list",
    ]

    /// Commands that write to standard error, and how they exit when it fails: 74 when nothing else went wrong,
    /// else their own code (a failed scenario stays 1, a lint of a folder with no app stays 3).
    static let errorWriters: [(command: String, status: Int32)] = [
        ("track --limit 50 " + CLIShell.answered, 74),
        ("simulate --format json --scenario '\(ExitCodeTests.scenario("failing"))'", 1),
        (#"lint "$D""#, 3),
        ("consent set com.example.app --consent-file /dev/null/c.json --status never", 1),
    ]

    @Test(
        "standard error closed or full: never a trap; exit 74, or the command's own failure",
        arguments: ["2>&-", "2>/dev/full"]
    )
    func standardErrorFails(redirection: String) async throws {
        for (command, status) in Self.errorWriters {
            let result = try await CLIShell.run(#""$W" "# + command + " >/dev/null \(redirection)", seconds: 60)
            #expect(!result.timedOut, "\(command) \(redirection)")
            #expect(result.status == status, "\(command) \(redirection): exit \(result.status)")
        }
    }

    @Test("standard output closed or full: exit 74 with a message, never 0", arguments: [">&-", ">/dev/full"])
    func standardOutputFails(redirection: String) async throws {
        for command in Self.commands {
            let result = try await CLIShell.run(#""$W" "# + command + " \(redirection)", seconds: 60)
            #expect(!result.timedOut, "\(command) \(redirection)")
            let expected: Int32 = command.hasPrefix("lint") ? 3 : 74
            #expect(result.status == expected, "\(command) \(redirection): exit \(result.status)\n\(result.stderr)")
            if expected == 74 {
                #expect(result.stderr.contains("standard output"), "\(command) \(redirection): \(result.stderr)")
            }
        }
    }

    @Test("a reader that stops (| head) ends an endless track: exit 74, not a run that goes on")
    func readerGoesAway() async throws {
        let result = try await CLIShell.run(
            #""$W" track --loop forever --speed max --format ndjson "# + CLIShell.answered
                + #" | head -n 3 > /dev/null; echo "status ${PIPESTATUS[0]}""#,
            seconds: 60
        )
        #expect(!result.timedOut, "track went on after its reader stopped")
        #expect(result.stdout.contains("status 74"), "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("standard output was closed"), "\(result.stderr)")
    }
}
