import Testing
import Whereabouts

/// Rules 3 and 4, as tables over ``LocationPolicy/requestAlways()`` and
/// ``LocationPolicy/provisionalAlwaysUpgrade(usesLocationInBackground:)``.
@Suite(.timeLimit(.minutes(5)))
struct AlwaysRequestRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let expected: RequestDecision
        let declinesAlways: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = {
        let keys = PolicyFixtures.allKeys
        var allowOnce = PolicyFixtures.policy()
        allowOnce.allowOnce = true
        var upgradeShown = PolicyFixtures.policy(.whenInUse)
        upgradeShown.grant.alwaysPromptShown = true
        var servicesOff = PolicyFixtures.policy(.whenInUse)
        servicesOff.device.servicesEnabled = false
        return [
            Row(
                name: "undecided: the When In Use prompt, for Always",
                policy: PolicyFixtures.policy(),
                expected: .prompt(.whenInUse, message: keys.whenInUse!),
                declinesAlways: false
            ),
            Row(
                name: "When In Use, never asked: the upgrade prompt",
                policy: PolicyFixtures.policy(.whenInUse),
                expected: .prompt(.alwaysUpgrade, message: keys.always!),
                declinesAlways: false
            ),
            Row(
                name: "4: the upgrade was shown on this install: ignored",
                policy: upgradeShown,
                expected: .complete(.ignored(.alwaysAlreadyRequested)),
                declinesAlways: true
            ),
            Row(
                name: "3: after Allow Once: ignored",
                policy: allowOnce,
                expected: .complete(.ignored(.temporaryAuthorization)),
                declinesAlways: true
            ),
            Row(
                name: "only the When In Use key: an error naming the Always key",
                policy: PolicyFixtures.policy(declarations: PolicyFixtures.whenInUseOnly),
                expected: .fail(.missingUsageDescription([UsageDescriptions.alwaysKey])),
                declinesAlways: false
            ),
            Row(
                name: "no key: an error naming both",
                policy: PolicyFixtures.policy(declarations: UsageDescriptions()),
                expected: .fail(
                    .missingUsageDescription([UsageDescriptions.alwaysKey, UsageDescriptions.whenInUseKey])
                ),
                declinesAlways: false
            ),
            Row(
                name: "denied: already determined",
                policy: PolicyFixtures.policy(.denied),
                expected: .complete(.alreadyDetermined),
                declinesAlways: false
            ),
            Row(
                name: "Always: already determined",
                policy: PolicyFixtures.policy(.always),
                expected: .complete(.alreadyDetermined),
                declinesAlways: false
            ),
            Row(
                name: "Location Services off: ignored",
                policy: servicesOff,
                expected: .complete(.ignored(.servicesDisabled)),
                declinesAlways: false
            ),
            Row(
                name: "background: ignored",
                policy: PolicyFixtures.policy(.whenInUse, appState: .background),
                expected: .complete(.ignored(.notInForeground)),
                declinesAlways: false
            ),
        ]
    }()

    @Test("3–4: an Always request", arguments: rows)
    func decides(_ row: Row) {
        var policy = row.policy
        let result1 = policy.requestAlways()
        #expect(result1 == row.expected)
        #expect(policy.alwaysDeclined == row.declinesAlways)
    }

    @Test("4: the upgrade prompt is shown once per install: showing it is kept in the grant")
    func upgradeOncePerInstall() {
        var policy = PolicyFixtures.policy(.whenInUse)
        let result2 = policy.requestAlways()
        #expect(result2.prompt == .alwaysUpgrade)
        #expect(policy.grant.alwaysPromptShown)
        policy.answer(.keepWhileUsing)
        let result3 = policy.requestAlways()
        #expect(result3 == .complete(.ignored(.alwaysAlreadyRequested)))
    }

    @Test("4: Allow While Using App on an Always request gives provisional Always, asked for real in the background")
    func provisionalAlways() {
        var policy = PolicyFixtures.policy()
        let result4 = policy.requestAlways()
        #expect(result4.prompt == .whenInUse)
        policy.answer(.allowWhileUsing(precise: true))
        #expect(policy.authorization.status == .authorizedAlways)
        #expect(policy.grant.provisionalAlways)
        let result5 = policy.provisionalAlwaysUpgrade(usesLocationInBackground: true)
        #expect(result5 == nil, "not in the foreground")
        policy.handle(.background)
        let result6 = policy.provisionalAlwaysUpgrade(usesLocationInBackground: false)
        #expect(result6 == nil, "no background use yet")
        let result7 = policy.provisionalAlwaysUpgrade(usesLocationInBackground: true)
        #expect(result7?.prompt == .alwaysUpgrade)
        policy.answer(.keepWhileUsing)
        #expect(policy.authorization.status == .authorizedWhenInUse)
        #expect(!policy.grant.provisionalAlways)
        #expect(policy.alwaysDeclined)
    }
}
