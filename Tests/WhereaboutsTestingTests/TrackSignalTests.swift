import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SIGTERM` (what `timeout`, systemd and `docker stop` send) and `SIGHUP` stop `track` as Ctrl-C does: the GeoJSON
/// is closed and the summary printed; and the status line at a terminal says what is going on between fixes.
@Suite(.timeLimit(.minutes(5)))
struct TrackSignalTests {
    @Test("SIGTERM and SIGHUP close the GeoJSON and print the summary", arguments: [SIGTERM, SIGHUP])
    func signalStopsCleanly(signal number: Int32) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = [
            "track", "--answer", "while-using", "--precise", "--format", "geojson", "--speed", "1",
            "--consent-file", directory.appendingPathComponent("c.json").path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        // Wait (at most 60 s) for the first fix, then a little more.
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 60,
            !((try? String(contentsOf: outURL, encoding: .utf8)) ?? "").contains("Feature\"")
        {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try await Task.sleep(nanoseconds: 500_000_000)
        try #require(process.isRunning, "track ended before the signal")
        kill(process.processIdentifier, number)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 30 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { try await Task.sleep(nanoseconds: 20_000_000) }
        let stdout = try Data(contentsOf: outURL)
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr)")
        let json = try? JSONSerialization.jsonObject(with: stdout) as? [String: Any]
        #expect((json?["features"] as? [Any])?.isEmpty == false, "\(String(decoding: stdout, as: UTF8.self))")
        #expect(stderr.contains("Wayfinder received"), "\(stderr)")
    }

    @Test("at a terminal, the status line goes on counting the fixes read while an approximate fix is pending")
    func statusLineMovesBetweenApproximateFixes() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // At 60× the sample plays a fix a second or so, and an approximate fix comes at most every 15 min of
        // track time: after the first, the app receives nothing for 15 s while the track is read on.
        let transcript = try await PseudoTerminal.run(
            [
                "track", "--answer", "while-using", "--approximate", "--speed", "60",
                "--consent-file", directory.appendingPathComponent("c.json").path,
            ],
            answers: [],
            prompt: "no prompt is expected",
            seconds: 6
        )
        let counts = transcript.screen.split(separator: "▸ ").compactMap { Int($0.prefix { $0.isNumber }) }
        #expect((counts.max() ?? 0) >= 3, "\(transcript.screen)")
        #expect(transcript.screen.contains("next approximate fix pending"), "\(transcript.screen)")
    }
}
