import Foundation
import Testing
import WhereaboutsTestSupport

/// The interactive prompt, the consent command, and a change reaching a running `track`.
@Suite(.timeLimit(.minutes(5)))
struct TrackTerminalTests {
    static func grants(_ file: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(object?["apps"] as? [String: Any])
    }

    @Test("the prompt at a terminal reads as iOS words it, and the answer is stored")
    func interactivePrompt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json")
        let run = try await PseudoTerminal.run(
            ["track", "--consent-file", consent.path, "--limit", "2", "--format", "ndjson"],
            // The app's explanation comes first ("Choose 1, 2": Continue), then the system prompt.
            answers: ["1", "p", "2"],
            prompt: "Choose 1, 2"
        )
        #expect(run.status == 0, "\(run.screen)")
        #expect(run.screen.contains("Allow “Wayfinder” to use your location?"), "\(run.screen)")
        #expect(run.screen.contains("Wayfinder shows where you are on the map and finds places near you."))
        #expect(run.screen.contains("[1] Allow Once   [2] Allow While Using App   [3] Don’t Allow"))
        #expect(run.screen.contains("Precise: On"))
        #expect(run.screen.contains("Precise: Off"), "typing p turns the switch off")
        let app = try #require(try Self.grants(consent)["com.example.wayfinder"] as? [String: Any])
        #expect(app["decision"] as? String == "whenInUse")
        #expect(app["precise"] as? Bool == false)
        let fixes = run.stdout.split(separator: "\n")
        #expect(fixes.count == 2)
        #expect(fixes.allSatisfy { $0.contains("\"precise\":false") })
    }

    @Test("consent set, list, revoke and reset work on the file track reads")
    func consentCommand() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("consent.json").path
        let set = try await CLIRunner.run([
            "consent", "set", "com.example.a", "--status", "while-using", "--precise", "off",
            "--consent-file", file,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("com.example.a: While Using the App, Precise Location off."))
        let list = try await CLIRunner.run(["consent", "list", "--consent-file", file, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let app = try #require((object["apps"] as? [String: Any])?["com.example.a"] as? [String: Any])
        #expect(app["decision"] as? String == "whenInUse")
        #expect(app["precise"] as? Bool == false)
        let revoke = try await CLIRunner.run(["consent", "revoke", "com.example.a", "--consent-file", file])
        #expect(revoke.status == 0)
        let table = try await CLIRunner.run(["consent", "list", "--consent-file", file])
        #expect(table.stdout.contains("com.example.a: Never"), "\(table.stdout)")
        let reset = try await CLIRunner.run(["consent", "reset", "--consent-file", file])
        #expect(reset.stdout.contains("Reset 1 app"))
        let empty = try await CLIRunner.run(["consent", "list", "--consent-file", file])
        #expect(empty.stdout.contains("No app has a location decision yet"))
        let nothing = try await CLIRunner.run(["consent", "set", "com.example.a", "--consent-file", file])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("--status and/or --precise"))
    }

    @Test("Location Services off in the consent file: track reads denied and says how to turn them on")
    func servicesOff() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("consent.json").path
        let off = try await CLIRunner.run(["consent", "set", "--services", "off", "--consent-file", file])
        #expect(off.status == 0, "\(off.stderr)")
        let list = try await CLIRunner.run(["consent", "list", "--consent-file", file])
        #expect(list.stdout.contains("Location Services: Off"))
        let track = try await CLIRunner.run([
            "track", "--answer", "while-using", "--format", "ndjson", "--consent-file", file,
        ])
        #expect(track.status == 0)
        #expect(track.stdout.isEmpty)
        #expect(track.stderr.contains("denied (ignored: servicesDisabled)"), "\(track.stderr)")
        #expect(track.stderr.contains("whereabouts consent set --services on"))
        let misuse = try await CLIRunner.run(["consent", "set", "--status", "never", "--consent-file", file])
        #expect(misuse.status == 64)
        #expect(misuse.stderr.contains("give its identifier first"))
    }

    @Test("a revoke by the consent command reaches a running track within a second; no fix follows it")
    // It polls with usleep on a thread of its own, on purpose: it measures how soon track notices the revoke, and a
    // Task.sleep poll on a busy cooperative pool wakes late and adds its own delay to the figure.
    func revokeReachesRunningTrack() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json").path
        let outURL = directory.appendingPathComponent("out")
        let errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = [
            "track", "--consent-file", consent, "--answer", "while-using", "--precise",
            "--format", "ndjson", "--speed", "20", "--loop", "forever",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let track = try ChildProcess(process)
        defer { if track.isRunning { track.send(SIGKILL) } }

        @Sendable func lines() -> Int {
            ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        @Sendable func errors() -> String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
        try await onThreadOfItsOwn {
            let start = Date()
            while lines() < 5, Date().timeIntervalSince(start) < 30 { usleep(20_000) }
        }
        try #require(lines() >= 5, "track printed no fixes: \(errors())")

        let revoke = try await CLIRunner.run(["consent", "revoke", "com.example.wayfinder", "--consent-file", consent])
        #expect(revoke.status == 0)
        let delay = try await onThreadOfItsOwn {
            let revoked = Date()
            while !errors().contains("Settings changed"), Date().timeIntervalSince(revoked) < 5 { usleep(10_000) }
            return Date().timeIntervalSince(revoked)
        }
        #expect(errors().contains("Settings changed: denied"), "\(errors())")
        #expect(delay < 1.0, "the revoke took \(delay) s to reach track")
        let printed = lines()
        try await Task.sleep(for: .milliseconds(500))
        #expect(lines() == printed, "no fix after the revoke")
        #expect(errors().contains("Location Access Is Off"), "the app's denied screen follows: \(errors())")
        track.send(SIGINT)
        let stopped = await track.exit(within: .seconds(30))
        #expect(stopped && process.terminationStatus == 0, "Ctrl-C stops track cleanly: \(errors())")
    }
}
