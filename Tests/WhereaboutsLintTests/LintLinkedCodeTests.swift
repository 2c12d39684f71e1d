import Testing

@testable import WhereaboutsLint

/// Location code that only a linked framework or package has: an integration-check app that links a maps SDK and
/// declares nothing gets a note, not errors; an app or watch app that declares any location key gets the errors.
@Suite(.timeLimit(.minutes(5)))
struct LintLinkedCodeTests {
    static let linkedFile = "Kit/Sources/Kit/Provider.swift"

    static func linkedUse(_ kind: CodeUsage.Kind, line: Int = 20) -> CodeUsage {
        CodeUsage(kind, at: SourcePosition(file: linkedFile, line: line, column: 9))
    }

    static func target(_ info: [String: DeclaredValue.Value], kind: LintTarget.Kind = .app) -> LintTarget {
        var target = LintRulesTests.target(info, files: ["App/Screen.swift", linkedFile])
        target.kind = kind
        target.linkedSourceFiles = [linkedFile]
        return target
    }

    static func run(_ target: LintTarget, _ usages: [CodeUsage]) -> [LintFinding] {
        LintRule.all.flatMap { $0.evaluate(target, usages: usages) }
    }

    @Test("a target with no location key whose own code uses none: one note for the linked code's requests")
    func heldBack() {
        let uses = [
            Self.linkedUse(.requestWhenInUse),
            Self.linkedUse(.requestTemporaryFullAccuracy(purposeKey: "MapAccuracy"), line: 40),
        ]
        let findings = Self.run(Self.target([:]), uses)
        #expect(findings.map(\.ruleID) == ["linked-location-code"], "\(findings.map(\.message))")
        let note = findings.first
        #expect(note?.severity == .info)
        #expect(note?.position.file == Self.linkedFile)
        #expect(note?.message.contains("requestWhenInUseAuthorization()") == true)
        #expect(note?.message.contains(Self.linkedFile) == true)
        #expect(note?.message.contains("2 findings for that code held back") == true, "\(note?.message ?? "")")
        #expect(note?.message.contains("add NSLocationWhenInUseUsageDescription") == true)
    }

    /// A watch app that declares only the location background mode, with its location code in a shared framework
    /// it links, does use location: its missing purpose string is an error.
    @Test("a target that declares a location key (the background mode only) gets the errors for linked code")
    func declaredModeCounts() {
        let info: [String: DeclaredValue.Value] = ["WKBackgroundModes": .array(["location"])]
        let findings = Self.run(Self.target(info, kind: .watchApp), [Self.linkedUse(.requestWhenInUse)])
        #expect(findings.contains { $0.ruleID == "missing-usage-description" }, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.ruleID == "linked-location-code" })
    }

    @Test("a target whose own code uses location gets the errors for linked code")
    func ownUseCounts() {
        let uses = [Self.linkedUse(.requestAlways), LintRulesTests.use(.requestWhenInUse)]
        let findings = Self.run(Self.target([:]), uses)
        #expect(findings.filter { $0.ruleID == "missing-usage-description" }.count >= 2)
        #expect(!findings.contains { $0.ruleID == "linked-location-code" })
    }

    @Test("a linked package in an XcodeGen project: the app's own files and the package's are told apart")
    func projectShape() async throws {
        let report = try await LintEndToEndTests.lint("Rule-linked-location-code-positive")
        #expect(report.findings.map(\.ruleID) == ["linked-location-code"], "\(report.findings.map(\.message))")
        #expect(report.findings.first?.target == "TileCheck")
        #expect(report.findings.first?.message.contains("UserLocationProvider.swift") == true)
        let declared = try await LintEndToEndTests.lint("Rule-linked-location-code-negative")
        #expect(declared.findings.isEmpty, "\(declared.findings.map(\.message))")
    }
}
