import Foundation
import Testing
import WhereaboutsLint

/// The linter on fixture projects: scanner, analyzer, rules and configuration together.
@Suite(.timeLimit(.minutes(5)))
struct LintEndToEndTests {
    static func fixture(_ name: String) throws -> URL {
        let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/Projects/\(name)")
        try #require(FileManager.default.fileExists(atPath: root.path), "missing fixture \(name)")
        return root
    }

    static func lint(
        _ name: String,
        _ configuration: LintConfiguration = LintConfiguration()
    ) async throws
        -> LintReport
    {
        await Linter(configuration: configuration).lint([try fixture(name)])
    }

    @Test(arguments: LintRule.all.map(\.id))
    func positiveFixtureFires(_ rule: String) async throws {
        let report = try await Self.lint("Rule-\(rule)-positive")
        let hits = report.findings.filter { $0.ruleID == rule }
        #expect(!hits.isEmpty, "Rule-\(rule)-positive: \(report.findings.map(\.ruleID))")
        #expect(hits.allSatisfy { $0.severity == LintRule.named(rule)?.defaultSeverity && $0.position.line > 0 })
        #expect(report.targetCount == 1)
    }

    @Test(arguments: LintRule.all.map(\.id))
    func negativeFixtureIsClean(_ rule: String) async throws {
        let report = try await Self.lint("Rule-\(rule)-negative")
        #expect(report.findings.isEmpty, "Rule-\(rule)-negative: \(report.findings.map(\.message))")
        #expect(report.problems.isEmpty)
    }

    @Test("keys declared only as INFOPLIST_KEY_* build settings count; removing one is reported at the call")
    func buildSettingsOnlyProject() async throws {
        let clean = try await Self.lint("BuildSettingsOnly")
        #expect(
            clean.findings.filter { $0.ruleID == "missing-usage-description" }.isEmpty,
            "\(clean.findings.map(\.message))"
        )
        #expect(clean.targetCount == 1)

        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lint-settings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try Self.fixture("BuildSettingsOnly"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let project = try #require(
            FileManager.default.enumerator(atPath: copy.path)?
                .compactMap { $0 as? String }.first { $0.hasSuffix("project.pbxproj") }
        )
        let url = copy.appendingPathComponent(project)
        let text = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("INFOPLIST_KEY_NSLocationAlwaysAndWhenInUseUsageDescription") }
            .joined(separator: "\n")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let report = await Linter(configuration: LintConfiguration()).lint([copy])
        let missing = try #require(report.findings.first { $0.ruleID == "missing-usage-description" })
        #expect(missing.message.contains("NSLocationAlwaysAndWhenInUseUsageDescription"))
        #expect(missing.position.file.hasSuffix("ContentView.swift"))
        #expect(missing.position.line == 10)
        #expect(missing.severity == .error)
    }

    @Test func missingKeyPointsAtTheCall() async throws {
        let report = try await Self.lint("Rule-missing-usage-description-positive")
        let finding = try #require(report.findings.first)
        #expect(finding.position.file.hasSuffix("App/LocationFeature.swift"))
        #expect(finding.position.line == 7)
        #expect(finding.message.contains("add NSLocationWhenInUseUsageDescription to App/Info.plist"))
    }

    @Test func purposeKeyThroughAConstantIsResolved() async throws {
        let report = try await Self.lint("Lint-PurposeKeyConstant")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.fileCount == 2)
    }

    @Test func localizedOnlyStringIsStillMissing() async throws {
        let report = try await Self.lint("Lint-LocalizedOnly")
        let finding = try #require(report.findings.first { $0.ruleID == "missing-usage-description" })
        #expect(finding.message.contains("en.lproj/InfoPlist.strings"))
    }

    @Test func vendoredPodsAreIgnoredUnlessIncluded() async throws {
        let report = try await Self.lint("Lint-Vendored")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        let included = try await Self.lint("Lint-Vendored", LintConfiguration(includeVendored: true))
        #expect(included.findings.contains { $0.position.file.contains("Pods/") })
    }

    @Test func swiftPackageWithoutAppSaysSo() async throws {
        let report = try await Self.lint("PackageOnly")
        #expect(report.findings.map(\.ruleID) == ["no-app-bundle"])
        #expect(report.findings.first?.severity == .info)
        #expect(!report.fails(strict: true))
    }

    @Test func watchTargetIsCheckedOnItsOwn() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lint-watch-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try Self.fixture("XcodeApp"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let clean = await Linter().lint([copy])
        #expect(clean.targetCount == 3)
        #expect(!clean.findings.contains { $0.target == "AtlasWatch" })

        let plist = copy.appendingPathComponent("AtlasWatch/Info.plist")
        let empty = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict></dict></plist>"#
        try empty.write(to: plist, atomically: true, encoding: .utf8)
        let report = await Linter().lint([copy])
        let missing = report.findings.filter { $0.ruleID == "missing-usage-description" }
        #expect(missing.map(\.target) == ["AtlasWatch"])
        #expect(missing.first?.position.file.hasSuffix("AtlasWatch/AtlasWatchApp.swift") == true)
    }

    @Test func configurationDisablesAndOverrides() async throws {
        let configuration = try LintConfiguration(
            yaml: """
                disabled_rules: [unused-location-key]
                severity:
                  misspelled-or-deprecated-key: error
                """
        )
        let disabled = try await Self.lint("Rule-unused-location-key-positive", configuration)
        #expect(!disabled.findings.contains { $0.ruleID == "unused-location-key" })
        let raised = try await Self.lint("Rule-misspelled-or-deprecated-key-positive", configuration)
        #expect(raised.findings.first { $0.ruleID == "misspelled-or-deprecated-key" }?.severity == .error)
        #expect(raised.fails(strict: false))
    }

    @Test func progressCountsEveryFileInBothPasses() async throws {
        let steps = StepLog()
        _ = await Linter().lint([try Self.fixture("Lint-PurposeKeyConstant")]) { done, total in
            steps.append(done, total)
        }
        #expect(steps.last == [4, 4])
    }
}

/// Collects progress calls from any task.
final class StepLog: @unchecked Sendable {
    // Guarded by `lock`: progress may be reported from any task.
    private let lock = NSLock()
    private var steps: [[Int]] = []

    func append(_ done: Int, _ total: Int) { lock.withLock { steps.append([done, total]) } }
    var last: [Int]? { lock.withLock { steps.last } }
}
