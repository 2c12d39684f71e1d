import Foundation
import Testing
import WhereaboutsTestSupport

@testable import WhereaboutsLint

@Suite(.timeLimit(.minutes(5)))
struct ReportersTests {
    static let report = LintReport(
        findings: [
            LintFinding(
                ruleID: "vague-usage-description",
                severity: .warning,
                message: "Vague.",
                position: SourcePosition(file: "App/Info.plist", line: 5, column: 5),
                target: "App"
            ),
            LintFinding(
                ruleID: "missing-usage-description",
                severity: .error,
                message: "Missing.",
                position: SourcePosition(file: "App/Map View.swift", line: 7, column: 17),
                target: "App"
            ),
            LintFinding(
                ruleID: "no-app-bundle",
                severity: .info,
                message: "Package.",
                position: SourcePosition(file: "Package.swift")
            ),
        ],
        fileCount: 42,
        targetCount: 2,
        baseDirectory: URL(fileURLWithPath: "/work/app")
    )

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func xcodeLines() {
        #expect(
            XcodeReporter().render(Self.report) == """
                App/Info.plist:5:5: warning: Vague. (vague-usage-description)
                App/Map View.swift:7:17: error: Missing. (missing-usage-description)
                Package.swift:1:1: note: Package. (no-app-bundle)

                """
        )
    }

    @Test func summaryLine() {
        #expect(Self.report.summary == "1 error, 1 warning, 1 note in 2 targets (42 files)")
        #expect(
            LintReport(findings: [], fileCount: 1, targetCount: 1).summary
                == "0 errors, 0 warnings in 1 target (1 file)"
        )
        #expect(Self.report.fails(strict: false))
        #expect(!LintReport(findings: [Self.report.findings[0]]).fails(strict: false))
        #expect(LintReport(findings: [Self.report.findings[0]]).fails(strict: true))
    }

    @Test func jsonFindingsAndSummary() throws {
        let object = try Self.json(JSONReporter().render(Self.report))
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        let first = findings[0]
        #expect(first["ruleId"] as? String == "vague-usage-description")
        #expect(first["severity"] as? String == "warning")
        #expect(first["message"] as? String == "Vague.")
        #expect(first["file"] as? String == "App/Info.plist")
        #expect(first["line"] as? Int == 5)
        #expect(first["column"] as? Int == 5)
        #expect(first["target"] as? String == "App")
        #expect(findings[2]["target"] is NSNull)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["files"] as? Int == 42)
        #expect(summary["targets"] as? Int == 2)
    }

    @Test func sarifStructure() throws {
        let object = try Self.json(SARIFReporter().render(Self.report))
        #expect(object["version"] as? String == "2.1.0")
        #expect(object["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "whereabouts-lint")
        #expect(driver["version"] as? String == SARIFReporter.toolVersion)
        #expect(driver["informationUri"] == nil, "optional, and Whereabouts has no home page to name")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.catalog.map(\.id))
        for (rule, entry) in zip(LintRule.catalog, rules) {
            #expect(entry["name"] as? String == rule.name)
            #expect((entry["shortDescription"] as? [String: Any])?["text"] as? String == rule.summary)
            #expect(((entry["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(entry["helpUri"] == nil, "helpUri must be absolute; none is written")
            #expect(
                (entry["help"] as? [String: Any])?["text"] as? String
                    == "See Documentation/LintRules/\(rule.id).md in the Whereabouts repository."
            )
            let level = (entry["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == ["error": "error", "warning": "warning", "info": "note"][rule.defaultSeverity.rawValue])
        }
        let bases = try #require(runs[0]["originalUriBaseIds"] as? [String: Any])
        #expect((bases["%SRCROOT%"] as? [String: Any])?["uri"] as? String == "file:///work/app/")

        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(
            results.compactMap { $0["ruleId"] as? String }
                == ["vague-usage-description", "missing-usage-description", "no-app-bundle"]
        )
        #expect(results.compactMap { $0["level"] as? String } == ["warning", "error", "note"])
        let missing = results[1]
        #expect(missing["ruleIndex"] as? Int == LintRule.catalog.firstIndex { $0.id == "missing-usage-description" })
        #expect((missing["message"] as? [String: Any])?["text"] as? String == "Missing.")
        let location = try #require(
            (missing["locations"] as? [[String: Any]])?.first?["physicalLocation"]
                as? [String: Any]
        )
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "App/Map%20View.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 7)
        #expect(region["startColumn"] as? Int == 17)
        let packageRegion = (results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"]
            .flatMap { ($0 as? [String: Any])?["region"] as? [String: Any] }
        #expect(packageRegion?["startLine"] as? Int == 1)
        #expect(packageRegion?["startColumn"] as? Int == 1)
    }

    /// A folder with a Swift file that cannot be read (a link to nothing) and a subfolder that cannot be listed:
    /// the JSON and SARIF reports name both, as the text summary counts them.
    static func partlyUnreadableReport() async throws -> (report: LintReport, root: URL) {
        let root = try UnreadableInputTests.folder([
            "App/Info.plist": UnreadableInputTests.plist(["NSLocationWhenInUseUsageDescription"]),
            "App/Feature.swift": UnreadableInputTests.asksWhenInUse,
            "App/Tracking/Tracker.swift": "// not seen",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "App/Gone.swift").path,
            withDestinationPath: "/nonexistent/Gone.swift"
        )
        var linter = Linter()
        linter.listFolder = UnreadableInputTests.denying(["/App/Tracking"])
        return (await linter.lint([root]), root)
    }

    @Test func theJSONSummaryNamesWhatLintCouldNotRead() async throws {
        let (report, root) = try await Self.partlyUnreadableReport()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(report.summary.hasSuffix(", 1 file and 1 folder not read"), "\(report.summary)")
        let summary = try #require(try Self.json(JSONReporter().render(report))["summary"] as? [String: Any])
        let unread = try #require(summary["unreadPaths"] as? [String])
        #expect(unread.count == 2)
        #expect(unread.contains { $0.hasSuffix("App/Gone.swift") }, "\(unread)")
        #expect(unread.contains { $0.hasSuffix("App/Tracking/") }, "\(unread)")
        #expect(summary["unreadableRoots"] as? [String] == [])

        let clean = try #require(try Self.json(JSONReporter().render(Self.report))["summary"] as? [String: Any])
        #expect(clean["unreadPaths"] as? [String] == [])
    }

    @Test func theSARIFInvocationNamesWhatLintCouldNotReadInItsNotifications() async throws {
        let (report, root) = try await Self.partlyUnreadableReport()
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = try #require(try Self.json(SARIFReporter().render(report))["runs"] as? [[String: Any]])
        let invocation = try #require((runs.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 2)
        var named: [String: String] = [:]
        for notification in notifications {
            #expect(notification["level"] as? String == "warning")
            let text = (notification["message"] as? [String: Any])?["text"] as? String ?? ""
            #expect(text.contains("could not be read"), "\(text)")
            let rule = try #require(notification["associatedRule"] as? [String: Any])
            let id = try #require(rule["id"] as? String)
            #expect(rule["index"] as? Int == LintRule.catalog.firstIndex { $0.id == id })
            let artifact = try #require(
                ((notification["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                    "artifactLocation"
                ] as? [String: Any]
            )
            named[try #require(artifact["uri"] as? String)] = id
        }
        #expect(named.count == 2)
        #expect(named.first { $0.key.hasSuffix("App/Gone.swift") }?.value == "unreadable-file", "\(named)")
        #expect(named.first { $0.key.hasSuffix("App/Tracking/") }?.value == "unreadable-folder", "\(named)")

        // Everything read: one successful invocation and no notifications.
        let cleanRuns = try #require(try Self.json(SARIFReporter().render(Self.report))["runs"] as? [[String: Any]])
        let clean = try #require((cleanRuns.first?["invocations"] as? [[String: Any]])?.first)
        #expect(clean["executionSuccessful"] as? Bool == true)
        #expect(clean["toolExecutionNotifications"] == nil)
    }

    @Test func aFolderGivenToLintThatCannotBeListedIsAnUnsuccessfulSARIFInvocation() throws {
        var report = LintReport(findings: [], baseDirectory: URL(fileURLWithPath: "/work/app"))
        report.unreadableRoots = ["Locked"]
        let runs = try #require(try Self.json(SARIFReporter().render(report))["runs"] as? [[String: Any]])
        let invocation = try #require((runs.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "error")
        #expect((notification["associatedRule"] as? [String: Any])?["id"] as? String == "unreadable-folder")
        let summary = try #require(try Self.json(JSONReporter().render(report))["summary"] as? [String: Any])
        #expect(summary["unreadableRoots"] as? [String] == ["Locked"])
    }

    /// `sarif summary` (PyPI `sarif-tools`, installed by `.ci/run`) reads the SARIF of a fixture and counts it.
    ///
    /// Skipped, naming the install command, where sarif-tools is missing — unless `WHEREABOUTS_REQUIRE_TOOLS=1`
    /// (as `.ci/run` sets), where a missing tool fails the test.
    @Test(
        .enabled(
            if: ReportersTests.executable("sarif") != nil
                || ProcessInfo.processInfo.environment["WHEREABOUTS_REQUIRE_TOOLS"] == "1",
            "sarif-tools is not installed: python3 -m pip install sarif-tools"
        )
    )
    func sarifToolsReadsTheOutput() async throws {
        guard let sarif = Self.executable("sarif") else {
            Issue.record("`sarif` (sarif-tools) is not on PATH; install it with `python3 -m pip install sarif-tools`")
            return
        }
        let root = try #require(Bundle.module.resourceURL)
            .appendingPathComponent("Fixtures/Projects/Rule-background-updates-without-mode-positive")
        let misspelled = try #require(Bundle.module.resourceURL)
            .appendingPathComponent("Fixtures/Projects/Rule-misspelled-or-deprecated-key-positive")
        let report = await Linter().lint([root, misspelled])
        #expect(report.count(of: .error) == 1)
        #expect(report.count(of: .warning) == 1)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).sarif")
        try SARIFReporter().render(report).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = sarif
        process.arguments = ["summary", file.path]
        // Its output goes to a file, not a pipe, and the wait suspends: no thread of the pool blocks on it.
        let outputFile = file.appendingPathExtension("out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = handle
        process.standardError = handle
        let status = try await ChildProcess(process).exit()
        try handle.close()
        let output = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        #expect(status == 0, "\(output)")
        #expect(output.contains("error: 1"), "\(output)")
        #expect(output.contains("warning: 1"), "\(output)")
    }

    static func executable(_ name: String) -> URL? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        folders += [NSHomeDirectory() + "/.local/bin", "/usr/local/bin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
