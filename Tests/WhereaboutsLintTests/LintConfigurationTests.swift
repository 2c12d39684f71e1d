import Foundation
import Testing
import WhereaboutsLint

@Suite(.timeLimit(.minutes(5)))
struct LintConfigurationTests {
    @Test func readsEveryKey() throws {
        let configuration = try LintConfiguration(
            yaml: """
                disabled_rules:
                  - unused-location-key
                  - vague-usage-description
                excluded: [Legacy, "Generated/*.swift"]
                severity:
                  always-without-background-use: error
                  reduced-default-needs-precise: warning
                """
        )
        #expect(configuration.disabledRules == ["unused-location-key", "vague-usage-description"])
        #expect(configuration.excluded == ["Legacy", "Generated/*.swift"])
        #expect(
            configuration.severityOverrides == [
                "always-without-background-use": .error, "reduced-default-needs-precise": .warning,
            ]
        )
        #expect(configuration.isExcluded("Legacy/Old.swift"))
        #expect(configuration.isExcluded("Generated/Keys.swift"))
        #expect(!configuration.isExcluded("App/Map.swift"))
    }

    @Test func emptyFileIsTheDefault() throws {
        #expect(try LintConfiguration(yaml: "") == LintConfiguration())
    }

    @Test(arguments: [
        ("disabled_rules: [unused-location-key]\nexclude: [A]\n", 2, "unknown key \"exclude\""),
        ("disabled_rules:\n  - unused-location-key\n  - no-such-rule\n", 3, "unknown rule \"no-such-rule\""),
        ("severity:\n  vague-usage-description: fatal\n", 2, "must be error, warning or info"),
        ("severity:\n  made-up: error\n", 2, "unknown rule \"made-up\""),
        ("disabled_rules: [unused-location-key\nexcluded: [A]\n", 2, "is not valid YAML"),
    ])
    func errorsNameTheFileAndLine(_ yaml: String, _ line: Int, _ problem: String) {
        #expect {
            try LintConfiguration(yaml: yaml, file: "App/.whereabouts-lint.yml")
        } throws: { error in
            guard let error = error as? LintConfigurationError else { return false }
            return error.file == "App/.whereabouts-lint.yml" && error.line == line && error.problem.contains(problem)
                && error.description.hasPrefix("App/.whereabouts-lint.yml:\(line): ")
        }
    }

    @Test func readsAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).yml")
        try "disabled_rules: [no-app-bundle]\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try LintConfiguration(contentsOf: url).disabledRules == ["no-app-bundle"])
        #expect(throws: LintConfigurationError.self) {
            try LintConfiguration(contentsOf: url.appendingPathExtension("missing"))
        }
    }
}
