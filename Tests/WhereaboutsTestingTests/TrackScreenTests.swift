import Foundation
import Testing
import WhereaboutsTestSupport

/// What a person running `track` sees of the app's permission screens: the explanation before the system prompt,
/// the app's screen after a denial, Location Services off or a restriction, and the indicator in the picture.
@Suite(.timeLimit(.minutes(5)))
struct TrackScreenTests {
    /// An app of its own, whose purpose string differs from the bundled demo's.
    static func trailhead(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("Info.plist")
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.trailhead",
            "CFBundleDisplayName": "Trailhead",
            "NSLocationWhenInUseUsageDescription": "Trailhead finds the trail nearest to you.",
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
        return url
    }

    /// The app's kept decision in the consent file, or `nil` when there is none (or no file).
    static func decision(_ consent: URL, app: String) -> String? {
        guard let data = try? Data(contentsOf: consent),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let apps = object["apps"] as? [String: Any], let grant = apps[app] as? [String: Any]
        else { return nil }
        return grant["decision"] as? String
    }

    @Test("at a terminal the app's explanation, with its purpose string, comes before the system prompt")
    func explanationBeforeThePrompt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json")
        let info = try Self.trailhead(in: directory)
        let run = try await PseudoTerminal.run(
            [
                "track", "--app-info", info.path, "--consent-file", consent.path, "--limit", "1", "--format", "ndjson",
            ],
            answers: ["1", "2"],
            prompt: "Choose 1, 2"
        )
        #expect(run.status == 0, "\(run.screen)")
        let explanation = try #require(run.screen.range(of: "Use Your Location"), "\(run.screen)")
        let prompt = try #require(run.screen.range(of: "Allow “Trailhead” to use your location?"), "\(run.screen)")
        #expect(explanation.upperBound < prompt.lowerBound, "the explanation comes first")
        let before = String(run.screen[..<prompt.lowerBound])
        #expect(before.contains("Trailhead finds the trail nearest to you."), "the app's purpose string: \(before)")
        #expect(before.contains("[1] Continue   [2] Not Now"), "\(before)")
        #expect(!before.contains("Settings") && !before.contains("consent set"), "no Settings before the prompt")
        #expect(Self.decision(consent, app: "com.example.trailhead") == "whenInUse")
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    @Test("Not Now at the explanation ends the run without asking: no prompt, no decision kept, no fix")
    func notNowEndsWithoutAsking() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json")
        let run = try await PseudoTerminal.run(
            ["track", "--consent-file", consent.path, "--format", "ndjson"],
            answers: ["2"],
            prompt: "Choose 1, 2"
        )
        #expect(run.status == 0, "\(run.screen)")
        #expect(run.screen.contains("Wayfinder shows where you are on the map and finds places near you."))
        #expect(run.screen.contains("Wayfinder: Not Now — it did not ask"), "\(run.screen)")
        #expect(!run.screen.contains("to use your location?"), "the system prompt never shows: \(run.screen)")
        #expect(run.stdout.isEmpty)
        #expect(Self.decision(consent, app: "com.example.wayfinder") == nil)
    }

    @Test("--answer not-now declines at the explanation without a terminal; other answers continue past it")
    func commandLineAnswersTheExplanation() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json")
        let notNow = try await CLIRunner.run([
            "track", "--answer", "not-now", "--consent-file", consent.path, "--format", "ndjson",
        ])
        #expect(notNow.status == 0, "\(notNow.stderr)")
        #expect(notNow.stderr.contains("Use Your Location — answered Not Now (from the command line)"))
        #expect(!notNow.stderr.contains("to use your location?"), "\(notNow.stderr)")
        #expect(notNow.stdout.isEmpty)
        #expect(Self.decision(consent, app: "com.example.wayfinder") == nil)

        let allowed = try await CLIRunner.run([
            "track", "--answer", "while-using", "--precise", "--consent-file", consent.path, "--limit", "1",
            "--format", "ndjson",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let continued = try #require(allowed.stderr.range(of: "Use Your Location — answered Continue"))
        let prompt = try #require(allowed.stderr.range(of: "Allow “Wayfinder” to use your location? — answered"))
        #expect(continued.upperBound < prompt.lowerBound, "\(allowed.stderr)")
        #expect(Self.decision(consent, app: "com.example.wayfinder") == "whenInUse")
    }

    @Test("--no-explanation goes straight to the system prompt, as before the explanation existed")
    func noExplanationGoesStraightToThePrompt() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("consent.json")
        let run = try await PseudoTerminal.run(
            ["track", "--no-explanation", "--consent-file", consent.path, "--limit", "1", "--format", "ndjson"],
            answers: ["2"],
            prompt: "Choose 1, 2, 3"
        )
        #expect(run.status == 0, "\(run.screen)")
        #expect(!run.screen.contains("Use Your Location"), "\(run.screen)")
        #expect(Self.decision(consent, app: "com.example.wayfinder") == "whenInUse")
        let conflict = try await CLIRunner.run(["track", "--no-explanation", "--answer", "not-now"])
        #expect(conflict.status == 64)
        #expect(conflict.stderr.contains("--answer not-now answers the app's explanation"), "\(conflict.stderr)")
    }

    @Test("after Don't Allow: the app's denied screen, and Open Settings as the consent command that allows it")
    func deniedShowsTheSettingsEquivalent() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await CLIRunner.run([
            "track", "--answer", "deny", "--consent-file", directory.appendingPathComponent("c.json").path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Wayfinder shows:\n  Location Access Is Off\n"), "\(output.stderr)")
        #expect(output.stderr.contains("this app cannot show where you are or what is near you. You can allow it"))
        #expect(
            output.stderr.contains(
                "[Open Settings] here: whereabouts consent set com.example.wayfinder --status while-using"
            ),
            "\(output.stderr)"
        )
    }

    @Test(
        "Location Services off and restricted: their screens, with no Settings button",
        arguments: [
            (["--services", "off"], "Location Services Are Off", "whereabouts consent set --services on"),
            (["--restricted", "on"], "Location Is Restricted", "No button"),
        ]
    )
    func offScreensHaveNoSettingsButton(setting: [String], title: String, instead: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json").path
        let set = try await CLIRunner.run(["consent", "set"] + setting + ["--consent-file", consent])
        #expect(set.status == 0, "\(set.stderr)")
        let output = try await CLIRunner.run(["track", "--answer", "while-using", "--consent-file", consent])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Wayfinder shows:\n  \(title)\n"), "\(output.stderr)")
        #expect(output.stderr.contains(instead), "\(output.stderr)")
        #expect(!output.stderr.contains("Open Settings"), "\(output.stderr)")
        #expect(!output.stderr.contains("--status while-using"), "\(output.stderr)")
        #expect(!output.stderr.contains("Use Your Location"), "no explanation: no prompt can show")
    }

    @Test("the status line shows the approximate circle and Request Precise Location; precise shows the dot")
    func statusLineShowsTheIndicator() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let approximate = try await PseudoTerminal.run(
            [
                "track", "--answer", "while-using", "--approximate", "--speed", "1000", "--limit", "2",
                "--format", "ndjson", "--consent-file", directory.appendingPathComponent("a.json").path,
            ],
            answers: [],
            prompt: "Choose",
            columns: 200
        )
        #expect(approximate.status == 0, "\(approximate.screen)")
        #expect(
            approximate.screen.contains(
                "My Location: approximate circle, 5.2 km · Request Precise Location: "
                    + "--purpose-key Navigation"
            ),
            "\(approximate.screen)"
        )
        #expect(!approximate.screen.contains("precise dot"))
        let precise = try await PseudoTerminal.run(
            [
                "track", "--answer", "while-using", "--precise", "--speed", "10", "--limit", "5",
                "--format", "ndjson", "--consent-file", directory.appendingPathComponent("p.json").path,
            ],
            answers: [],
            prompt: "Choose"
        )
        #expect(precise.status == 0, "\(precise.screen)")
        #expect(precise.screen.contains("My Location: precise dot, bearing "), "\(precise.screen)")
        #expect(!precise.screen.contains("approximate circle") && !precise.screen.contains("Request Precise"))
    }

    @Test("--svg draws My Location as the app does: a circle under approximate, a dot with an arrow under precise")
    func pictureDrawsTheIndicator() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func picture(_ accuracy: String) async throws -> String {
            let svg = directory.appendingPathComponent("\(accuracy).svg")
            let output = try await CLIRunner.run([
                "track", "--answer", "while-using", "--\(accuracy)", "--limit", "3", "--format", "ndjson",
                "--svg", svg.path, "--consent-file", directory.appendingPathComponent("\(accuracy).json").path,
            ])
            #expect(output.status == 0, "\(output.stderr)")
            return try String(contentsOf: svg, encoding: .utf8)
        }
        let approximate = try await picture("approximate")
        #expect(
            approximate.contains(
                "<g id=\"my-location\" role=\"img\" aria-label=\"My Location\"><title>My Location</title>"
            )
        )
        #expect(approximate.contains("<desc>An approximate circle of radius 5.2 km around "), "\(approximate)")
        #expect(!approximate.contains("A precise dot"))
        let precise = try await picture("precise")
        #expect(precise.contains("<title>My Location</title><desc>A precise dot at "), "\(precise)")
        #expect(precise.contains("its arrow pointing "), "the sample has a course: \(precise)")
        #expect(precise.contains("transform=\"rotate("))
        #expect(!precise.contains("An approximate circle"))
    }
}
