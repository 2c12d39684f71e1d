import Foundation
import Testing
import WhereaboutsLint

/// Regressions found in review of the linter.
@Suite(.timeLimit(.minutes(5)))
struct LintReviewRegressionTests {
    /// A temporary app folder with an Info.plist dictionary and one Swift file.
    static func app(_ info: [String: Any], swift: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-review-\(UUID().uuidString)")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            .write(to: app.appendingPathComponent("Info.plist"))
        try swift.write(to: app.appendingPathComponent("Feature.swift"), atomically: true, encoding: .utf8)
        return root
    }

    static func lint(_ root: URL) async -> [LintFinding] {
        await Linter(configuration: LintConfiguration()).lint([root]).findings
    }

    @Test("a deeply nested pbxproj is an unreadable-file problem, not a crash")
    func deepNesting() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-deep-\(UUID().uuidString)")
        let project = root.appendingPathComponent("X.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try String(repeating: "(", count: 20_000).write(
            to: project.appendingPathComponent("project.pbxproj"),
            atomically: true,
            encoding: .utf8
        )
        let report = await Linter(configuration: LintConfiguration()).lint([root])
        #expect(report.problems.contains { $0.message.contains("nest more than") })
    }

    @Test("background updates set from a variable keep the location mode in use (no advice to remove it)")
    func backgroundFromVariable() async throws {
        let root = try Self.app(
            [
                "NSLocationWhenInUseUsageDescription": "Shows where you are on the map while you use the app.",
                "NSLocationAlwaysAndWhenInUseUsageDescription": "Records your ride to show it on the map afterwards.",
                "UIBackgroundModes": ["location"],
            ],
            swift: """
                import CoreLocation
                func start(_ manager: CLLocationManager, background: Bool) {
                    manager.requestAlwaysAuthorization()
                    manager.allowsBackgroundLocationUpdates = background
                }
                """
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let findings = await Self.lint(root)
        #expect(!findings.contains { $0.ruleID == "unused-location-key" }, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.ruleID == "always-without-background-use" })
    }

    @Test("a purpose string that is not a string counts as missing, and the message says its type")
    func wrongTypedPurposeString() async throws {
        let root = try Self.app(
            ["NSLocationWhenInUseUsageDescription": 42],
            swift: """
                import CoreLocation
                func start(_ manager: CLLocationManager) { manager.requestWhenInUseAuthorization() }
                """
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try #require(await Self.lint(root).first { $0.ruleID == "missing-usage-description" })
        #expect(missing.message.contains("not a string"), "\(missing.message)")
    }

    @Test("Spanish \"todos\" is not the placeholder TODO")
    func placeholderIsAWholeWord() async throws {
        let root = try Self.app(
            [
                "CFBundleDevelopmentRegion": "es",
                "NSLocationWhenInUseUsageDescription":
                    "Usamos tu ubicación para mostrarte todos los restaurantes cercanos en el mapa.",
            ],
            swift: """
                import CoreLocation
                func start(_ manager: CLLocationManager) { manager.requestWhenInUseAuthorization() }
                """
        )
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(await Self.lint(root).isEmpty)
    }

    // The language is told by script, never by a list of English words: German in an `en` region is Latin
    // script, as English is, and the sentence says what the app does, so neither check reports it.
    @Test("a German sentence in an English app is neither a language problem nor vague")
    func germanInEnglishApp() async throws {
        let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/Projects/Localized")
        let findings = await Self.lint(root).filter { $0.ruleID == "vague-usage-description" }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test("linting the .xcodeproj itself lints its project folder; an empty folder says nothing was checked")
    func xcodeprojRootAndEmptyFolder() async throws {
        let projects = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/Projects")
        let project = try #require(
            try FileManager.default.contentsOfDirectory(
                at: projects.appendingPathComponent("XcodeApp"),
                includingPropertiesForKeys: nil
            )
            .first { $0.pathExtension == "xcodeproj" }
        )
        let report = await Linter(configuration: LintConfiguration()).lint([project])
        #expect(report.targetCount == 3)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lint-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = await Self.lint(empty)
        #expect(nothing.contains { $0.ruleID == "no-app-bundle" && $0.message.contains("holds no app") })
    }
}
