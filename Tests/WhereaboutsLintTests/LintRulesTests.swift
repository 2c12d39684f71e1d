import Foundation
import Testing

@testable import WhereaboutsLint

/// Every rule on hand-built targets: one case that must fire, one that must not.
@Suite(.timeLimit(.minutes(5)))
struct LintRulesTests {
    static let plist = "App/Info.plist"
    static let whenInUse = "NSLocationWhenInUseUsageDescription"
    static let always = "NSLocationAlwaysAndWhenInUseUsageDescription"
    static let temporary = "NSLocationTemporaryUsageDescriptionDictionary"
    static let good = "Shows nearby stations on the map and the walk to them."

    static func target(
        _ info: [String: DeclaredValue.Value],
        region: String? = nil,
        localizations: [String: [String: DeclaredValue.Value]] = [:],
        deployment: String? = nil,
        files: [String] = ["App/Map.swift"]
    ) -> LintTarget {
        var line = 0
        func declared(_ value: DeclaredValue.Value, _ file: String) -> DeclaredValue {
            line += 2
            return DeclaredValue(value, at: SourcePosition(file: file, line: line, column: 5), origin: .infoPlist)
        }
        let sortedInfo = info.sorted { $0.key < $1.key }
        return LintTarget(
            name: "App",
            kind: .app,
            info: Dictionary(uniqueKeysWithValues: sortedInfo.map { ($0.key, declared($0.value, plist)) }),
            localizations: localizations.mapValues { strings in
                strings.mapValues { declared($0, "App/ja.lproj/InfoPlist.strings") }
            },
            developmentRegion: region,
            sourceFiles: files,
            deploymentTarget: deployment,
            position: SourcePosition(file: plist)
        )
    }

    static func use(_ kind: CodeUsage.Kind, line: Int = 10) -> CodeUsage {
        CodeUsage(kind, at: SourcePosition(file: "App/Map.swift", line: line, column: 9))
    }

    static func run(_ rule: LintRule, _ target: LintTarget, _ usages: [CodeUsage]) -> [LintFinding] {
        rule.evaluate(target, usages: usages)
    }

    @Test func catalogHasEachRuleOnceWithItsSeverityErrorsFirst() {
        let expected: [String: LintSeverity] = [
            "missing-usage-description": .error, "missing-temporary-purpose-key": .error,
            "background-updates-without-mode": .error, "vague-usage-description": .warning,
            "always-without-background-use": .warning, "unused-location-key": .warning,
            "misspelled-or-deprecated-key": .warning, "background-only-service-without-always": .warning,
            "reduced-default-needs-precise": .info, "unchecked-location-dependency": .info,
            "linked-location-code": .info, "explicit-session-key-spelling": .warning,
        ]
        #expect(Dictionary(uniqueKeysWithValues: LintRule.all.map { ($0.id, $0.defaultSeverity) }) == expected)
        #expect(LintRule.all.map(\.defaultSeverity) == LintRule.all.map(\.defaultSeverity).sorted(by: >))
        #expect(
            LintRule.notices.map(\.id) == [
                "no-app-bundle", "unreadable-file", "unresolved-reference", "unreadable-folder",
            ]
        )
        #expect(Set(LintRule.catalog.map(\.id)).count == LintRule.catalog.count)
        #expect(Set(LintRule.catalog.map(\.name)).count == LintRule.catalog.count)
    }

    @Test func rulesAreEvaluatedAndNoticesAreNot() {
        #expect(LintRule.all.allSatisfy { $0.isEvaluated })
        #expect(LintRule.notices.allSatisfy { !$0.isEvaluated })
        let target = Self.target([:])
        for notice in LintRule.notices {
            #expect(notice.evaluate(target, usages: [Self.use(.requestAlways)]).isEmpty)
        }
    }

    @Test func aRuleIsItsIdentifier() {
        #expect(LintRule.named("unused-location-key") == .unusedLocationKey)
        #expect(LintRule.named("unused-location-key")?.summary == LintRule.unusedLocationKey.summary)
        #expect(LintRule.unusedLocationKey != .missingUsageDescription)
        #expect(Set(LintRule.catalog + LintRule.all).count == LintRule.catalog.count)
        #expect(LintRule.named("no-such-rule") == nil)
    }

    /// Each rule and notice has its page, and each page in `Documentation/LintRules/` belongs to one.
    @Test func everyRuleHasItsDocumentationPage() throws {
        let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for rule in LintRule.catalog {
            let page = repository.appending(path: rule.documentationPath)
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(text.hasPrefix("# `\(rule.id)`"), "\(rule.documentationPath) does not start with its id")
        }
        let folder = repository.appending(path: "Documentation/LintRules")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }
        #expect(Set(pages) == Set(LintRule.catalog.map { "\($0.id).md" }))
    }

    // MARK: missing-usage-description

    @Test func alwaysRequestNeedsBothKeys() throws {
        let findings = Self.run(
            .missingUsageDescription,
            Self.target([Self.whenInUse: .string(Self.good)]),
            [Self.use(.requestAlways)]
        )
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.position == SourcePosition(file: "App/Map.swift", line: 10, column: 9))
        #expect(finding.message.contains("add \(Self.always) to App/Info.plist (or INFOPLIST_KEY_\(Self.always)"))
        #expect(finding.target == "App")
    }

    @Test func keyOnlyInInfoPlistStringsIsStillMissing() {
        let japanese = "地図に現在地を表示するため"
        let target = Self.target([:], localizations: ["ja": [Self.whenInUse: .string(japanese)]])
        let findings = Self.run(.missingUsageDescription, target, [Self.use(.liveUpdates)])
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("only in App/ja.lproj/InfoPlist.strings") == true)
    }

    @Test func declaredKeysSatisfyTheRequests() {
        let target = Self.target([Self.whenInUse: .string(Self.good), Self.always: .string(Self.good)])
        let usages = [
            Self.use(.requestAlways), Self.use(.requestWhenInUse), Self.use(.clMonitor),
            Self.use(.serviceSession(authorization: "always", fullAccuracyPurposeKey: nil)),
        ]
        #expect(Self.run(.missingUsageDescription, target, usages).isEmpty)
    }

    // MARK: missing-temporary-purpose-key

    @Test func purposeKeyMissingFromTheDictionary() {
        let target = Self.target([Self.temporary: .dictionary(["Nav": Self.good])])
        let usages = [
            Self.use(.requestTemporaryFullAccuracy(purposeKey: "Navigation")),
            Self.use(.serviceSession(authorization: "whenInUse", fullAccuracyPurposeKey: "Share"), line: 20),
        ]
        let findings = Self.run(.missingTemporaryPurposeKey, target, usages)
        #expect(findings.map(\.position.line) == [10, 20])
        #expect(findings.first?.message.contains("\"Navigation\"") == true)
    }

    @Test func dictionaryOfTheWrongTypeIsReportedAtTheDeclaration() {
        let target = Self.target([Self.temporary: .array(["Nav"])])
        let findings = Self.run(
            .missingTemporaryPurposeKey,
            target,
            [Self.use(.requestTemporaryFullAccuracy(purposeKey: "Nav"))]
        )
        #expect(findings.map(\.position.file) == [Self.plist])
        #expect(findings.first?.message.contains("must be a dictionary") == true)
    }

    @Test func declaredOrUnresolvedPurposeKeysPass() {
        let target = Self.target([Self.temporary: .dictionary(["Nav": Self.good])])
        let usages = [
            Self.use(.requestTemporaryFullAccuracy(purposeKey: "Nav")),
            Self.use(.requestTemporaryFullAccuracy(purposeKey: nil)),
        ]
        #expect(Self.run(.missingTemporaryPurposeKey, target, usages).isEmpty)
    }

    // MARK: background-updates-without-mode

    @Test func backgroundUpdatesWithoutTheMode() {
        let findings = Self.run(
            .backgroundUpdatesWithoutMode,
            Self.target(["UIBackgroundModes": .array(["audio"])]),
            [Self.use(.allowsBackgroundLocationUpdates), Self.use(.backgroundActivitySession)]
        )
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.message.contains("UIBackgroundModes") })
    }

    @Test func backgroundUpdatesWithTheMode() {
        let target = Self.target(["UIBackgroundModes": .array(["location"])])
        #expect(Self.run(.backgroundUpdatesWithoutMode, target, [Self.use(.allowsBackgroundLocationUpdates)]).isEmpty)
    }

    // MARK: vague-usage-description

    @Test(arguments: [
        "", "TODO", "Dummy text", "Lorem ipsum dolor sit amet", "AppName uses location",
        "Location access required", "This app needs your location.", "NSLocationWhenInUseUsageDescription",
        "Uses location", "We use your location in many great and wonderful ways",
    ])
    func vagueStrings(_ text: String) {
        let findings = Self.run(.vagueUsageDescription, Self.target([Self.whenInUse: .string(text)]), [])
        #expect(findings.count == 1, "\(text)")
        #expect(findings.first?.position.file == Self.plist)
    }

    @Test func englishStringInAJapaneseRegionWithoutTranslation() {
        let target = Self.target([Self.whenInUse: .string(Self.good)], region: "ja")
        let findings = Self.run(.vagueUsageDescription, target, [])
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("development region is ja") == true)
    }

    @Test(arguments: [
        (Self.good, nil as String?, false), ("地図に現在地を表示するため", "ja", false),
        (Self.good, "ja", true),
        ("Zeigt Bahnhöfe in der Nähe auf der Karte", "de", false),
    ])
    func clearStringsPass(_ text: String, _ region: String?, _ translated: Bool) {
        let localizations: [String: [String: DeclaredValue.Value]] =
            translated ? ["ja": [Self.whenInUse: .string("地図に現在地を表示するため")]] : [:]
        let target = Self.target([Self.whenInUse: .string(text)], region: region, localizations: localizations)
        #expect(Self.run(.vagueUsageDescription, target, []).isEmpty)
    }

    // MARK: always-without-background-use

    @Test func alwaysWithNothingInTheBackground() {
        let findings = Self.run(
            .alwaysWithoutBackgroundUse,
            Self.target([:]),
            [Self.use(.requestAlways), Self.use(.liveUpdates)]
        )
        #expect(findings.map(\.ruleID) == ["always-without-background-use"])
    }

    @Test func alwaysWithVisits() {
        #expect(
            Self.run(
                .alwaysWithoutBackgroundUse,
                Self.target([:]),
                [Self.use(.requestAlways), Self.use(.startMonitoringVisits)]
            ).isEmpty
        )
    }

    // MARK: unused-location-key

    @Test func unusedKeysAndMode() {
        let target = Self.target([
            Self.whenInUse: .string(Self.good), Self.always: .string(Self.good),
            Self.temporary: .dictionary(["Nav": Self.good, "Old": Self.good]),
            "UIBackgroundModes": .array(["location"]),
        ])
        let findings = Self.run(
            .unusedLocationKey,
            target,
            [
                Self.use(.requestWhenInUse),
                Self.use(.requestTemporaryFullAccuracy(purposeKey: "Nav")),
            ]
        )
        #expect(findings.count == 3)
        #expect(findings.contains { $0.message.hasPrefix(Self.always) })
        #expect(findings.contains { $0.message.contains("\"Old\"") })
        #expect(findings.contains { $0.message.hasPrefix("UIBackgroundModes") })
    }

    @Test func usedKeysPass() {
        let target = Self.target([
            Self.whenInUse: .string(Self.good), Self.always: .string(Self.good),
            "UIBackgroundModes": .array(["location"]),
        ])
        #expect(
            Self.run(
                .unusedLocationKey,
                target,
                [
                    Self.use(.requestAlways),
                    Self.use(.allowsBackgroundLocationUpdates),
                ]
            ).isEmpty
        )
        #expect(Self.run(.unusedLocationKey, Self.target([Self.whenInUse: .string(Self.good)], files: []), []).isEmpty)
    }

    // MARK: misspelled-or-deprecated-key

    @Test(arguments: [
        "NSLocationAlwaysUsageUsageDescription", "NSLocationWhenInUseUsageDescriptions",
        "NSLocationWhenInUsageDescription", "NSLocationAlwaysUsageDescription",
    ])
    func misspelledOrDeprecated(_ key: String) {
        let findings = Self.run(
            .misspelledOrDeprecatedKey,
            Self.target([key: .string(Self.good)], deployment: "15.0"),
            []
        )
        #expect(findings.count == 1, "\(key)")
    }

    @Test func realKeysAndOldDeploymentTargetsPass() {
        let target = Self.target(
            [
                Self.whenInUse: .string(Self.good), "NSLocationAlwaysUsageDescription": .string(Self.good),
                "UIBackgroundModes": .array([]), "NSCameraUsageDescription": .string(Self.good),
            ],
            deployment: "10.3"
        )
        #expect(Self.run(.misspelledOrDeprecatedKey, target, []).isEmpty)
    }

    // MARK: background-only-service-without-always

    @Test func visitsWithWhenInUseOnly() {
        let findings = Self.run(
            .backgroundOnlyServiceWithoutAlways,
            Self.target([:]),
            [
                Self.use(.requestWhenInUse), Self.use(.startMonitoringVisits, line: 12),
                Self.use(.startMonitoringRegion, line: 14),
            ]
        )
        #expect(findings.map(\.position.line) == [12, 14])
    }

    @Test func visitsWithAlways() {
        #expect(
            Self.run(
                .backgroundOnlyServiceWithoutAlways,
                Self.target([:]),
                [Self.use(.requestAlways), Self.use(.startMonitoringSignificantLocationChanges)]
            ).isEmpty
        )
    }

    // MARK: reduced-default-needs-precise

    @Test func reducedDefaultWithBestAccuracy() {
        let findings = Self.run(
            .reducedDefaultNeedsPrecise,
            Self.target(["NSLocationDefaultAccuracyReduced": .bool(true)]),
            [Self.use(.desiresBestAccuracy)]
        )
        #expect(findings.map(\.severity) == [.info])
    }

    @Test func reducedDefaultThatAsksForPrecision() {
        let target = Self.target(["NSLocationDefaultAccuracyReduced": .bool(true)])
        #expect(
            Self.run(
                .reducedDefaultNeedsPrecise,
                target,
                [
                    Self.use(.desiresBestAccuracy),
                    Self.use(.requestTemporaryFullAccuracy(purposeKey: "Nav")),
                ]
            ).isEmpty
        )
        #expect(Self.run(.reducedDefaultNeedsPrecise, Self.target([:]), [Self.use(.desiresBestAccuracy)]).isEmpty)
    }
}
