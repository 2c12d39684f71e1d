import ArgumentParser
import Foundation
import Testing
import WhereaboutsReplay

@testable import whereabouts

/// `whereabouts track`, run as a person or a script would run it.
@Suite(.timeLimit(.minutes(5)))
struct TrackCommandTests {
    /// Runs `track` with a consent file of its own.
    static func track(_ arguments: [String], consent: URL, input: Data? = nil) async throws -> CLIRunner.Output {
        try await CLIRunner.run(["track", "--consent-file", consent.path] + arguments, input: input)
    }

    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("every option parses into the command")
    func everyOptionParses() async throws {
        let command = try Track.parse([
            "--source", "walk.nmea", "--app-info", "Info.plist", "--app-id", "com.example.x", "--request", "always",
            "--purpose-key", "Nav", "--format", "geojson", "--speed", "4", "--loop", "3", "--limit", "7",
            "--answer", "allow-once", "--approximate", "--temporary-answer", "deny", "--consent-file", "c.json",
            "--svg", "out.svg", "--strict", "--include-estimated", "--no-explanation",
        ])
        #expect(command.source == "walk.nmea")
        #expect(command.appInfo == "Info.plist")
        #expect(command.appID == "com.example.x")
        #expect(command.request == .always)
        #expect(command.purposeKey == "Nav")
        #expect(command.format == .geojson)
        #expect(try Track.parseSpeed(try #require(command.speed)) == .multiplier(4))
        #expect(try Track.parseLoop(try #require(command.loop)) == .times(3))
        #expect(command.limit == 7)
        #expect(command.answer == .allowOnce)
        #expect(command.accuracy == .approximate)
        #expect(command.temporaryAnswer == .deny)
        #expect(command.consentFile == "c.json")
        #expect(command.svg == "out.svg")
        #expect(command.strict)
        #expect(command.includeEstimated)
        #expect(command.noExplanation)
        #expect(try Track.parse(["--answer", "not-now"]).answer == .notNow)
        #expect(try Track.parseSpeed("max") == .asFastAsPossible)
        #expect(try Track.parseSpeed("1") == .realTime)
        #expect(try Track.parseLoop("forever") == .forever)
    }

    @Test(
        "wrong options are refused with a message that says what to do",
        arguments: [
            (["--precise"], "add --answer"),
            (["--limit", "0"], "--limit must be 1 or more"),
            (["--speed", "fast"], "--speed must be a number from 0.001 to 1000000"),
            (["--loop", "0"], "--loop must be a whole number"),
            (["--source", "gpsd://localhost", "--speed", "2"], "gpsd is live"),
            (["--source", "gpsd://localhost", "--include-estimated"], "gpsd is live"),
            (["--source", "gpsd://localhost", "--date", "2024-05-16"], "gpsd is live"),
            (["--date", "16/05/2024"], "--date must be a UTC date written YYYY-MM-DD"),
            (["--date", "2024-13-01"], "--date must be a UTC date written YYYY-MM-DD"),
            (["--source", "gpsd://host:notaport", "--answer", "deny"], "gpsd://host:notaport"),
            (["--source", "-", "--loop", "2"], "standard input can be read once"),
            (["--answer", "not-now", "--approximate"], "--answer not-now never reaches the system prompt"),
        ]
    )
    func wrongOptions(arguments: [String], message: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(arguments, consent: directory.appendingPathComponent("c.json"))
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test("--answer while-using --approximate --format ndjson --limit 5 prints 5 approximate fixes")
    func fiveApproximateFixes() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(
            ["--answer", "while-using", "--approximate", "--format", "ndjson", "--limit", "5"],
            consent: directory.appendingPathComponent("c.json")
        )
        #expect(output.status == 0, "\(output.stderr)")
        let fixes = try Self.jsonLines(output.stdout)
        #expect(fixes.count == 5)
        for fix in fixes {
            #expect(fix["precise"] as? Bool == false)
            #expect(fix["speed"] is NSNull && fix["course"] is NSNull && fix["altitude"] is NSNull)
            #expect((fix["horizontalAccuracy"] as? Double ?? 0) >= 1_000)
        }
        let times = fixes.compactMap { $0["timestamp"] as? String }
        #expect(Set(times).count == 5, "each approximate fix comes at its own time, at most 4 an hour")
    }

    /// A log of GGA sentences only (no RMC or ZDA: a depth sounder's GPS, as gpsd's
    /// `test/daemon/sounder.log`) has no date: without `--date` nothing plays and a note says how to give
    /// one; with it every fix plays on that date.
    @Test("--date dates a GGA-only log")
    func dateForAGGAOnlyLog() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Data(
            """
            $GPGGA,134304,4228.3385,N,07104.3870,W,1,08,1.1,25.3,M,-33.4,M,,*4B
            $GPGGA,134305,4228.3384,N,07104.3871,W,1,08,1.1,25.4,M,-33.4,M,,*4D

            """.utf8
        )
        let base = ["--source", "-", "--answer", "while-using", "--precise", "--format", "ndjson"]
        let consent = directory.appendingPathComponent("c.json")
        let undated = try await Self.track(base, consent: consent, input: log)
        #expect(undated.status == 0, "\(undated.stderr)")
        #expect(try Self.jsonLines(undated.stdout).isEmpty)
        #expect(undated.stderr.contains("whereabouts track --date YYYY-MM-DD"), "\(undated.stderr)")
        let dated = try await Self.track(base + ["--date", "2024-05-16"], consent: consent, input: log)
        #expect(dated.status == 0, "\(dated.stderr)")
        let times = try Self.jsonLines(dated.stdout).compactMap { $0["timestamp"] as? String }
        #expect(times == ["2024-05-16T13:43:04.000Z", "2024-05-16T13:43:05.000Z"], "\(dated.stdout)")
    }

    @Test("--precise gives precise fixes with speed and course, and --limit stops there")
    func preciseFixes() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(
            ["--answer", "while-using", "--precise", "--format", "ndjson", "--limit", "3"],
            consent: directory.appendingPathComponent("c.json")
        )
        #expect(output.status == 0, "\(output.stderr)")
        let fixes = try Self.jsonLines(output.stdout)
        #expect(fixes.count == 3)
        #expect(fixes.allSatisfy { $0["precise"] as? Bool == true && $0["speed"] is Double })
        #expect((fixes.first?["latitude"] as? Double).map { abs($0 - 48.857) < 0.001 } == true)
    }

    @Test("--answer deny prints no fix and says why")
    func denyPrintsNothing() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(
            ["--answer", "deny", "--format", "ndjson"],
            consent: directory.appendingPathComponent("c.json")
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("Wayfinder may not use location: denied"), "\(output.stderr)")
        #expect(output.stderr.contains("whereabouts consent set com.example.wayfinder --status while-using"))
    }

    @Test("no terminal, no stored decision and no --answer: exit 3 with what to do, never a hang")
    func exitThreeWithoutAnyone() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(["--format", "ndjson"], consent: directory.appendingPathComponent("c.json"))
        #expect(output.status == 3)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("nobody can answer its prompt"), "\(output.stderr)")
        #expect(output.stderr.contains("--answer while-using"))
    }

    // The CLI used to keep its own copy of the request rules, which called any undecided app "due a prompt" even
    // with Location Services off, where iOS (and the engine) shows none. LocationPolicy decides both now.
    @Test("no terminal, no decision, Location Services off: no prompt is due, so no exit 3; the run says what to do")
    func servicesOffIsNotAPromptDue() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json")
        let off = try await CLIRunner.run(["consent", "set", "--services", "off", "--consent-file", consent.path])
        #expect(off.status == 0, "\(off.stderr)")
        let output = try await Self.track(["--format", "ndjson"], consent: consent)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("ignored: servicesDisabled"), "\(output.stderr)")
        #expect(output.stderr.contains("whereabouts consent set --services on"), "\(output.stderr)")
    }

    @Test("the answer is remembered: a second run needs no answer")
    func answerIsRemembered() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json")
        let first = try await Self.track(
            ["--answer", "while-using", "--precise", "--limit", "1", "--format", "ndjson"],
            consent: consent
        )
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await Self.track(["--limit", "2", "--format", "ndjson"], consent: consent)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.jsonLines(second.stdout).count == 2)
        #expect(second.stderr.contains("already determined"), "\(second.stderr)")
    }

    @Test("--purpose-key asks for temporary precise access after authorization")
    func purposeKey() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await Self.track(
            [
                "--answer", "while-using", "--approximate", "--purpose-key", "Navigation",
                "--limit", "2", "--format", "ndjson",
            ],
            consent: directory.appendingPathComponent("c.json")
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Temporary precise location for “Navigation”: full"), "\(output.stderr)")
        #expect(try Self.jsonLines(output.stdout).allSatisfy { $0["precise"] as? Bool == true })
        let missing = try await Self.track(
            ["--answer", "while-using", "--approximate", "--purpose-key", "Typo"],
            consent: directory.appendingPathComponent("d.json")
        )
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("purpose key \"Typo\" is not in NSLocationTemporaryUsageDescriptionDictionary"))
    }

    @Test("--format geojson prints one FeatureCollection; --svg draws the track")
    func geoJSONAndSVG() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("walk.svg")
        let output = try await Self.track(
            [
                "--answer", "while-using", "--approximate", "--format", "geojson", "--limit", "3",
                "--svg", svg.path,
            ],
            consent: directory.appendingPathComponent("c.json")
        )
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        #expect((object["features"] as? [Any])?.count == 3)
        let picture = try String(contentsOf: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg"))
        #expect(picture.contains("<polyline"))
        #expect(picture.contains("3 approximate fixes"))
    }
}
