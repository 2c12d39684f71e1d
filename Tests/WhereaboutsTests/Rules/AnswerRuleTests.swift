import Testing
import Whereabouts

/// Rules 2–4, as a table over ``LocationPolicy/answer(_:)``: what each answer leaves the app reading.
@Suite(.timeLimit(.minutes(5)))
struct AnswerRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let forAlways: Bool
        let answer: PromptAnswer
        let status: AuthorizationStatus
        let accuracy: AccuracyAuthorization
        let kept: Grant.Decision
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "Allow Once, precise",
            forAlways: false,
            answer: .allowOnce(precise: true),
            status: .authorizedWhenInUse,
            accuracy: .fullAccuracy,
            kept: .notDetermined
        ),
        Row(
            name: "Allow Once, approximate",
            forAlways: false,
            answer: .allowOnce(precise: false),
            status: .authorizedWhenInUse,
            accuracy: .reducedAccuracy,
            kept: .notDetermined
        ),
        Row(
            name: "Allow While Using App, approximate",
            forAlways: false,
            answer: .allowWhileUsing(precise: false),
            status: .authorizedWhenInUse,
            accuracy: .reducedAccuracy,
            kept: .whenInUse
        ),
        Row(
            name: "Allow While Using App on an Always request: provisional Always",
            forAlways: true,
            answer: .allowWhileUsing(precise: true),
            status: .authorizedAlways,
            accuracy: .fullAccuracy,
            kept: .always
        ),
        Row(
            name: "Don't Allow",
            forAlways: false,
            answer: .dontAllow,
            status: .denied,
            accuracy: .fullAccuracy,
            kept: .denied
        ),
        Row(
            name: "an answer of another prompt counts as declining",
            forAlways: false,
            answer: .changeToAlways,
            status: .denied,
            accuracy: .fullAccuracy,
            kept: .denied
        ),
    ]

    @Test("2–4: each answer to the When In Use prompt", arguments: rows)
    func answers(_ row: Row) {
        var policy = PolicyFixtures.policy()
        _ = row.forAlways ? policy.requestAlways() : policy.requestWhenInUse()
        policy.answer(row.answer)
        #expect(policy.prompt == nil)
        #expect(policy.authorization.status == row.status)
        #expect(policy.authorization.accuracy == row.accuracy)
        #expect(policy.grant.decision == row.kept)
        #expect(policy.grant.provisionalAlways == (row.kept == .always))
    }

    @Test("2: NSLocationDefaultAccuracyReduced starts the Precise switch off")
    func defaultAccuracyReduced() {
        var declarations = PolicyFixtures.allKeys
        declarations.defaultAccuracyReduced = true
        let policy = PolicyFixtures.policy(.whenInUse, declarations: declarations)
        #expect(policy.authorization.accuracy == .reducedAccuracy)
        #expect(PolicyFixtures.policy(.whenInUse).authorization.accuracy == .fullAccuracy)
    }

    @Test("no prompt on screen: an answer does nothing")
    func noPrompt() {
        var policy = PolicyFixtures.policy()
        let result1 = policy.answer(.allowOnce(precise: true))
        #expect(result1 == nil)
        #expect(policy == PolicyFixtures.policy())
    }
}
