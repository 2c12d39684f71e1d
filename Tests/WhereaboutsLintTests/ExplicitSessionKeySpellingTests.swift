import Testing

@testable import WhereaboutsLint

/// `explicit-session-key-spelling`: the explicit-session opt-in in the spelling of Core Location's header.
@Suite(.timeLimit(.minutes(5)))
struct ExplicitSessionKeySpellingTests {
    static let header = "CLRequireExplicitServiceSession"
    static let other = "NSLocationRequireExplicitServiceSession"

    static func findings(_ info: [String: DeclaredValue.Value]) -> [LintFinding] {
        var declared = info
        declared[LintRulesTests.whenInUse] = .string(LintRulesTests.good)
        return LintRulesTests.run(.explicitSessionKeySpelling, LintRulesTests.target(declared), [])
    }

    @Test func theOtherSpellingAloneIsReportedWithTheHeadersSpellingToAdd() throws {
        let findings = Self.findings([Self.other: .bool(true)])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.position.file == LintRulesTests.plist)
        #expect(finding.message.contains("add \(Self.header) to App/Info.plist"), "\(finding.message)")
        #expect(finding.message.contains("Suspending authorization requests"), "\(finding.message)")
        #expect(finding.message.contains("Handling location updates in the background"), "\(finding.message)")
    }

    @Test func bothSpellingsWithDifferentValuesAreReported() throws {
        let findings = Self.findings([Self.header: .bool(true), Self.other: .bool(false)])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message.contains("different values"), "\(finding.message)")
        #expect(finding.message.contains("give both the same value"), "\(finding.message)")
    }

    @Test func theHeadersSpellingAloneOrBothAlikePass() {
        #expect(Self.findings([Self.header: .bool(true)]).isEmpty)
        #expect(Self.findings([Self.header: .bool(true), Self.other: .bool(true)]).isEmpty)
        #expect(Self.findings([:]).isEmpty)
    }
}
