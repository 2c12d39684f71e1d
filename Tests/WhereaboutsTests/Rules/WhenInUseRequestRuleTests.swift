import Testing
import Whereabouts

/// Rule 1, as a table over ``LocationPolicy/requestWhenInUse()``: no actor, no clock.
@Suite(.timeLimit(.minutes(5)))
struct WhenInUseRequestRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let expected: RequestDecision
        var testDescription: String { name }
    }

    static let rows: [Row] = {
        var servicesOff = PolicyFixtures.policy()
        servicesOff.device.servicesEnabled = false
        var restricted = PolicyFixtures.policy()
        restricted.device.restricted = true
        var prompting = PolicyFixtures.policy()
        prompting.prompt = LocationPolicy.Prompt(kind: .temporaryFullAccuracy, forAlways: false)
        var askedAlready = PolicyFixtures.policy()
        askedAlready.prompt = LocationPolicy.Prompt(kind: .whenInUse, forAlways: false)
        let message = PolicyFixtures.allKeys.whenInUse!
        return [
            Row(
                name: "undecided, foreground, key declared: the prompt",
                policy: PolicyFixtures.policy(),
                expected: .prompt(.whenInUse, message: message)
            ),
            Row(
                name: "Location Services off: ignored",
                policy: servicesOff,
                expected: .complete(.ignored(.servicesDisabled))
            ),
            Row(name: "restricted: ignored", policy: restricted, expected: .complete(.ignored(.restricted))),
            Row(
                name: "denied: already determined",
                policy: PolicyFixtures.policy(.denied),
                expected: .complete(.alreadyDetermined)
            ),
            Row(
                name: "When In Use: already determined",
                policy: PolicyFixtures.policy(.whenInUse),
                expected: .complete(.alreadyDetermined)
            ),
            Row(
                name: "Always: already determined",
                policy: PolicyFixtures.policy(.always),
                expected: .complete(.alreadyDetermined)
            ),
            Row(
                name: "no usage description: an error naming the key",
                policy: PolicyFixtures.policy(declarations: UsageDescriptions()),
                expected: .fail(.missingUsageDescription([UsageDescriptions.whenInUseKey]))
            ),
            Row(
                name: "the When In Use prompt on screen already: the request waits for its answer",
                policy: askedAlready,
                expected: .joinPrompt(.whenInUse)
            ),
            Row(
                name: "another prompt on screen: ignored",
                policy: prompting,
                expected: .complete(.ignored(.requestInProgress))
            ),
            Row(
                name: "background: ignored",
                policy: PolicyFixtures.policy(appState: .background),
                expected: .complete(.ignored(.notInForeground))
            ),
        ]
    }()

    @Test("1: a When In Use request prompts only while undecided, in the foreground, with the key", arguments: rows)
    func decides(_ row: Row) {
        var policy = row.policy
        let result1 = policy.requestWhenInUse()
        #expect(result1 == row.expected)
        #expect((policy.prompt != nil) == (row.expected.prompt != nil || row.policy.prompt != nil))
        #expect(policy.grant == row.policy.grant, "a When In Use request never changes the kept grant")
    }
}
