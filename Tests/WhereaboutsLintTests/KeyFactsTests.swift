import Foundation
import Testing

@testable import WhereaboutsLint

/// The facts messages state about deprecated and misspelled keys: per platform, per deployment target (read from
/// build settings and `.xcconfig` files), and "remove it" when no code needs the key.
@Suite(.timeLimit(.minutes(5)))
struct KeyFactsTests {
    static func target(
        _ info: [String: DeclaredValue.Value],
        deployment: String?,
        platform: TargetPlatform = .iOS,
        runsOnMac: Bool = false
    ) -> LintTarget {
        var target = LintRulesTests.target(info, deployment: deployment)
        target.platform = platform
        target.runsOnMac = runsOnMac
        return target
    }

    static func messages(_ target: LintTarget, _ usages: [CodeUsage.Kind] = []) -> [String] {
        LintRulesTests.run(.misspelledOrDeprecatedKey, target, usages.map { LintRulesTests.use($0) }).map(\.message)
    }

    @Test(
        "NSLocationUsageDescription: read by iOS 7 and earlier only, and live on macOS and Mac Catalyst",
        arguments: [
            ("7.1", TargetPlatform.iOS, false, false), ("9.0", .iOS, false, true), (nil, .iOS, false, true),
            ("16.0", .iOS, true, false), ("13.0", .macOS, true, false), ("10.0", .watchOS, false, true),
        ] as [(String?, TargetPlatform, Bool, Bool)]
    )
    func locationUsageDescription(deployment: String?, platform: TargetPlatform, runsOnMac: Bool, fires: Bool) {
        let target = Self.target(
            ["NSLocationUsageDescription": .string(LintRulesTests.good)],
            deployment: deployment,
            platform: platform,
            runsOnMac: runsOnMac
        )
        let found = Self.messages(target, [.requestWhenInUse])
        #expect(found.count == (fires ? 1 : 0), "\(found)")
        if fires, platform == .iOS {
            #expect(found.first?.hasPrefix("NSLocationUsageDescription is read only by iOS 7 and earlier") == true)
        }
    }

    @Test("NSLocationAlwaysUsageDescription on watchOS follows WATCHOS versions, not iOS ones")
    func alwaysKeyOnWatch() {
        let info: [String: DeclaredValue.Value] = ["NSLocationAlwaysUsageDescription": .string(LintRulesTests.good)]
        #expect(Self.messages(Self.target(info, deployment: "3.2", platform: .watchOS), [.requestAlways]).isEmpty)
        let modern = Self.messages(Self.target(info, deployment: "6.0", platform: .watchOS), [.requestAlways])
        #expect(modern.count == 1)
        #expect(modern.first?.contains("is read only by watchOS 3 and earlier") == true, "\(modern)")
        #expect(modern.first?.contains("watchOS 6.0") == true, "\(modern)")
    }

    @Test("a deprecated key no code needs: remove it; one whose replacement is declared: remove it")
    func deprecatedAdvice() {
        let unused = Self.messages(
            Self.target(["NSLocationAlwaysUsageDescription": .string(LintRulesTests.good)], deployment: "15.0")
        )
        #expect(unused.first?.contains("so remove NSLocationAlwaysUsageDescription") == true, "\(unused)")
        let replaced = Self.messages(
            Self.target(
                [
                    "NSLocationAlwaysUsageDescription": .string(LintRulesTests.good),
                    LintRulesTests.always: .string(LintRulesTests.good),
                ],
                deployment: "15.0"
            ),
            [.requestAlways]
        )
        #expect(replaced.first?.contains("\(LintRulesTests.always) is declared") == true, "\(replaced)")
        let needed = Self.messages(
            Self.target(["NSLocationAlwaysUsageDescription": .string(LintRulesTests.good)], deployment: "15.0"),
            [.requestAlways]
        )
        #expect(needed.first?.contains("Move its sentence to \(LintRulesTests.always)") == true, "\(needed)")
    }

    @Test("renaming a misspelled key fits the deployment target")
    func misspellingFitsDeployment() {
        let info: [String: DeclaredValue.Value] = [
            "NSLocationAlwaysUsageUsageDescription": .string(LintRulesTests.good)
        ]
        let old = Self.messages(Self.target(info, deployment: "10.3"), [.requestAlways])
        #expect(old.first?.contains("rename it to NSLocationAlwaysUsageDescription") == true, "\(old)")
        #expect(old.first?.contains("declare \(LintRulesTests.always) for iOS 11 and later") == true, "\(old)")
        let modern = Self.messages(Self.target(info, deployment: "15.0"), [.requestAlways])
        #expect(modern.first?.contains("iOS 11 and later ignore anyway") == true, "\(modern)")
        #expect(modern.first?.contains("rename it to \(LintRulesTests.always)") == true, "\(modern)")
    }

    @Test("a misspelled key that no code needs: remove it rather than rename it")
    func misspellingNoCodeNeeds() {
        let info: [String: DeclaredValue.Value] = [
            "NSLocationWhenInUseUsageDescriptions": .string(LintRulesTests.good)
        ]
        let unneeded = Self.messages(Self.target(info, deployment: "15.0"))
        #expect(unneeded.first?.contains("so remove NSLocationWhenInUseUsageDescriptions rather than rename") == true)
        let needed = Self.messages(Self.target(info, deployment: "15.0"), [.requestWhenInUse])
        #expect(needed.first?.contains("rename it to \(LintRulesTests.whenInUse)") == true, "\(needed)")
    }

    // MARK: The real-world shape

    @Test("deployment targets from an #include'd .xcconfig, WATCHOS_DEPLOYMENT_TARGET and a macOS target")
    func deploymentTargetsProject() async throws {
        let project = ProjectScanner().scan(try LintEndToEndTests.fixture("Lint-DeploymentTargets"))
        let byName = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0) })
        // The target's .xcconfig (through its #include) wins over the project's IPHONEOS_DEPLOYMENT_TARGET = 16.0.
        #expect(byName["Compass"]?.deploymentTarget == "10.0")
        #expect(byName["Compass"]?.platform == .iOS)
        #expect(byName["CompassWatch"]?.deploymentTarget == "3.2")
        #expect(byName["CompassWatch"]?.platform == .watchOS)
        #expect(byName["CompassMac"]?.deploymentTarget == "13.0")
        #expect(byName["CompassMac"]?.platform == .macOS)

        let report = try await LintEndToEndTests.lint("Lint-DeploymentTargets")
        #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
        let found = report.findings.map { "\($0.target ?? ""): \($0.ruleID)" }
        #expect(
            found == [
                "Compass: misspelled-or-deprecated-key", "CompassWatch: misspelled-or-deprecated-key",
            ],
            "\(report.findings.map(\.message))"
        )
        #expect(report.findings.first?.message.hasPrefix("NSLocationUsageDescription is read only by iOS 7") == true)
        #expect(
            report.findings.last?.message.hasPrefix("NSLocationUsageDescription is read by no version of watchOS")
                == true
        )
    }

    @Test("a missing .xcconfig (CocoaPods' own, not committed) is no problem: the next level's value is used")
    func missingXCConfig() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lint-xcconfig-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try LintEndToEndTests.fixture("Lint-DeploymentTargets"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Config/Shared.xcconfig"))
        let project = ProjectScanner().scan(copy)
        #expect(project.problems.isEmpty, "\(project.problems.map(\.message))")
        // The target's .xcconfig no longer sets it (its #include is gone): the project's 16.0 applies.
        #expect(project.targets.first { $0.name == "Compass" }?.deploymentTarget == "16.0")
    }

    @Test("a package whose app plist is not a valid property list is not also called a package with no app")
    func brokenPlistBesidePackage() async throws {
        let report = try await LintEndToEndTests.lint("Lint-PackageWithBrokenPlist")
        #expect(!report.findings.contains { $0.ruleID == "no-app-bundle" }, "\(report.findings.map(\.message))")
        #expect(report.problems.contains { $0.position.file.hasSuffix("App/Info.plist") })
    }
}
