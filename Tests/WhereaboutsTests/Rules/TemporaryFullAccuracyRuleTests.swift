import Testing
import Whereabouts

/// Rule 5, as a table over ``LocationPolicy/requestTemporaryFullAccuracy(purposeKey:)``.
@Suite(.timeLimit(.minutes(5)))
struct TemporaryFullAccuracyRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let key: String
        let expected: RequestDecision
        var testDescription: String { name }
    }

    static let rows: [Row] = {
        let message = PolicyFixtures.allKeys.temporaryPurposes["Navigation"]!
        var prompting = PolicyFixtures.policy(.whenInUse, precise: false)
        prompting.prompt = LocationPolicy.Prompt(kind: .alwaysUpgrade, forAlways: true)
        return [
            Row(
                name: "authorized, reduced, key declared: the prompt",
                policy: PolicyFixtures.policy(.whenInUse, precise: false),
                key: "Navigation",
                expected: .prompt(.temporaryFullAccuracy, message: message)
            ),
            Row(
                name: "already full: completes at once",
                policy: PolicyFixtures.policy(.whenInUse, precise: true),
                key: "Navigation",
                expected: .complete(.alreadyDetermined)
            ),
            Row(
                name: "undeclared key: an error naming it and the declared ones",
                policy: PolicyFixtures.policy(.always, precise: false),
                key: "Parking",
                expected: .fail(.missingTemporaryPurposeKey("Parking", declared: ["Navigation"]))
            ),
            Row(
                name: "not authorized: an error",
                policy: PolicyFixtures.policy(.denied, precise: false),
                key: "Navigation",
                expected: .fail(.notAuthorized(.denied, servicesEnabled: true))
            ),
            Row(
                name: "undecided: an error",
                policy: PolicyFixtures.policy(),
                key: "Navigation",
                expected: .fail(.notAuthorized(.notDetermined, servicesEnabled: true))
            ),
            Row(
                name: "another prompt on screen: ignored",
                policy: prompting,
                key: "Navigation",
                expected: .complete(.ignored(.requestInProgress))
            ),
            Row(
                name: "background: ignored",
                policy: PolicyFixtures.policy(.always, precise: false, appState: .background),
                key: "Navigation",
                expected: .complete(.ignored(.notInForeground))
            ),
        ]
    }()

    @Test("5: temporary full accuracy needs authorization, reduced accuracy and the declared key", arguments: rows)
    func decides(_ row: Row) {
        var policy = row.policy
        let result1 = policy.requestTemporaryFullAccuracy(purposeKey: row.key)
        #expect(result1 == row.expected)
    }

    @Test("5: a decline is not an error; a grant lasts while the app is in use")
    func grantAndDecline() {
        var policy = PolicyFixtures.policy(.whenInUse, precise: false)
        _ = policy.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        let result2 = policy.answer(.dontAllowPrecise)
        #expect(result2 == .dontAllowPrecise)
        #expect(policy.authorization.accuracy == .reducedAccuracy)
        #expect(policy.fullAccuracyDeclined)
        _ = policy.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        policy.answer(.allowPrecise)
        #expect(policy.authorization.accuracy == .fullAccuracy)
        #expect(policy.authorization.isFullAccuracyTemporary)
        policy.handle(.background)
        #expect(policy.authorization.accuracy == .reducedAccuracy, "the grant ends when the app stops being in use")
    }
}
