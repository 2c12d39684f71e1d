import Foundation
import Testing

@testable import whereabouts

/// Options `track` refuses with a message that says what is wrong (exit 64), and what it makes visible.
@Suite(.timeLimit(.minutes(5)))
struct TrackOptionCheckTests {
    @Test(
        "--speed outside 0.001–1000000, negative or not a number: exit 64 naming the value, never a crash",
        arguments: ["1e-9", "1e-11", "5e-324", "-1", "0", "nan", "inf", "2e6", "fast"]
    )
    func speedOutOfRange(value: String) async throws {
        // Bounded: before the check, 1e-9 waited 31 years a second of track.
        let output = try await CLIShell.run(
            #"exec "$W" track --limit 3 --speed "# + value + " " + CLIShell.answered,
            seconds: 30
        )
        #expect(!output.timedOut, "\(value)")
        #expect(output.status == 64, "\(value): \(output.stderr)")
        #expect(output.stderr.contains("--speed must be a number from 0.001 to 1000000"), "\(output.stderr)")
        #expect(output.stderr.contains("not \"\(value)\""), "\(output.stderr)")
    }

    @Test("--speed at its bounds is accepted", arguments: ["0.001", "1000000", "max", "1"])
    func speedBounds(value: String) throws {
        #expect(throws: Never.self) { try Track.parseSpeed(value) }
    }

    @Test("--limit -1 says --limit must be 1 or more, not \"Missing value\"")
    func negativeLimit() async throws {
        let output = try await CLIRunner.run(["track", "--limit", "-1", "--answer", "while-using"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--limit must be 1 or more"), "\(output.stderr)")
    }

    @Test(
        "an empty path is a usage error (64) that names the option",
        arguments: ["--source", "--app-info", "--svg", "--consent-file"]
    )
    func emptyPaths(option: String) async throws {
        let output = try await CLIRunner.run(["track", option, "", "--answer", "while-using"])
        #expect(output.status == 64, "\(option): \(output.stderr)")
        #expect(output.stderr.contains("\(option) is empty"), "\(output.stderr)")
    }

    @Test("--svg naming the track, the Info.plist or the consent file is refused, and the file is left alone")
    func pictureOverInput() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("walk.gpx")
        let text = CLIShell.gpx(points: 20)
        try text.write(to: track, atomically: true, encoding: .utf8)
        let consent = directory.appendingPathComponent("c.json")
        let link = directory.appendingPathComponent("link.svg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: track)
        for svg in [track.path, link.path, directory.path + "/./walk.gpx"] {
            let output = try await CLIRunner.run([
                "track", "--source", track.path, "--svg", svg, "--answer", "while-using",
                "--consent-file", consent.path,
            ])
            #expect(output.status == 64, "\(svg): \(output.stderr)")
            #expect(output.stderr.contains("is the track (--source)"), "\(output.stderr)")
            #expect(try String(contentsOf: track, encoding: .utf8) == text)
        }
        _ = try await CLIRunner.run([
            "consent", "set", "com.example.app", "--status", "never", "--consent-file", consent.path,
        ])
        let kept = try Data(contentsOf: consent)
        let output = try await CLIRunner.run([
            "track", "--source", track.path, "--svg", consent.path, "--answer", "while-using",
            "--consent-file", consent.path,
        ])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("is the consent file"), "\(output.stderr)")
        #expect(try Data(contentsOf: consent) == kept)
    }

    @Test("an app id with escape sequences is shown with its control characters visible, never raw")
    func escapeSequencesAreVisible() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json").path
        let hostile = "evil\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{202E}"
        let track = try await CLIRunner.run([
            "track", "--app-id", hostile, "--answer", "deny", "--consent-file", consent,
        ])
        let set = try await CLIRunner.run(["consent", "set", hostile, "--status", "never", "--consent-file", consent])
        let list = try await CLIRunner.run(["consent", "list", "--consent-file", consent])
        for output in [track.stderr, set.stdout, list.stdout] {
            #expect(output.contains("evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\u{9B}31m\\u{202E}"), "\(output)")
            #expect(!output.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }, "\(output)")
        }
    }

    @Test("control characters are made visible; line feeds, tabs and other text are kept")
    func visibleControlCharacters() {
        #expect("a\u{1B}[31mb".visibleControlCharacters == "a\\u{1B}[31mb")
        #expect("line\n\tnext é 東京".visibleControlCharacters == "line\n\tnext é 東京")
        #expect("\r\u{7F}\u{85}\u{2066}".visibleControlCharacters == "\\u{D}\\u{7F}\\u{85}\\u{2066}")
    }
}
