import Testing
import Whereabouts

/// Rules 3, 5 and 8, as a table over ``LocationPolicy/handle(_:)``: the grants of one use of the app.
@Suite(.timeLimit(.minutes(5)))
struct LifecycleRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let session: Bool
        let event: LifecycleEvent
        let grantsLast: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "background without a session ends them", session: false, event: .background, grantsLast: false),
        Row(name: "background with a session keeps them", session: true, event: .background, grantsLast: true),
        Row(name: "terminate ends them, session or not", session: true, event: .terminate, grantsLast: false),
        Row(name: "foreground keeps them", session: false, event: .foreground, grantsLast: true),
    ]

    @Test("3, 5: Allow Once and temporary full accuracy last while the app is in use", arguments: rows)
    func inUseGrants(_ row: Row) {
        var policy = PolicyFixtures.policy()
        _ = policy.requestWhenInUse()
        policy.answer(.allowOnce(precise: false))
        _ = policy.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        policy.answer(.allowPrecise)
        if row.session { policy.startBackgroundSession() }
        policy.handle(row.event)
        let expected = row.grantsLast ? AuthorizationStatus.authorizedWhenInUse : .notDetermined
        #expect(policy.authorization.status == expected)
        #expect(policy.temporaryFullAccuracy == row.grantsLast)
    }

    @Test("3: the prompt of a request goes with the foreground; the upgrade prompt only with termination")
    func promptsGo() {
        var policy = PolicyFixtures.policy()
        _ = policy.requestWhenInUse()
        policy.handle(.background)
        #expect(policy.prompt == nil)
        var upgrade = PolicyFixtures.policy(.whenInUse)
        _ = upgrade.requestAlways()
        upgrade.handle(.background)
        #expect(upgrade.prompt?.kind == .alwaysUpgrade)
        upgrade.handle(.terminate)
        #expect(upgrade.prompt == nil)
        #expect(upgrade.appState == .notRunning)
    }
}
