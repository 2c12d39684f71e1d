import Testing
import Whereabouts

/// Rule 10, as a table over ``LocationPolicy/diagnostics(locationUnavailable:stationary:)``.
@Suite(.timeLimit(.minutes(5)))
struct DiagnosticsRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let unavailable: Bool
        let stationary: Bool
        let expected: Set<Diagnostic>
        var testDescription: String { name }
    }

    static let rows: [Row] = {
        var servicesOff = PolicyFixtures.policy(.whenInUse)
        servicesOff.device.servicesEnabled = false
        var restricted = PolicyFixtures.policy()
        restricted.device.restricted = true
        var prompting = PolicyFixtures.policy()
        _ = prompting.requestWhenInUse()
        var declined = PolicyFixtures.policy(.whenInUse, precise: false)
        declined.fullAccuracyDeclined = true
        var alwaysDeclined = PolicyFixtures.policy(.whenInUse)
        alwaysDeclined.alwaysDeclined = true
        return [
            Row(
                name: "authorized, precise, moving",
                policy: PolicyFixtures.policy(.whenInUse),
                unavailable: false,
                stationary: false,
                expected: []
            ),
            Row(
                name: "denied",
                policy: PolicyFixtures.policy(.denied),
                unavailable: false,
                stationary: false,
                expected: [.authorizationDenied]
            ),
            Row(
                name: "services off",
                policy: servicesOff,
                unavailable: false,
                stationary: false,
                expected: [.authorizationDeniedGlobally]
            ),
            Row(
                name: "restricted",
                policy: restricted,
                unavailable: false,
                stationary: false,
                expected: [.authorizationRestricted]
            ),
            Row(
                name: "a prompt on screen",
                policy: prompting,
                unavailable: false,
                stationary: false,
                expected: [.authorizationRequestInProgress]
            ),
            Row(
                name: "approximate, precise declined",
                policy: declined,
                unavailable: false,
                stationary: true,
                expected: [.accuracyLimited, .fullAccuracyDenied]
            ),
            Row(
                name: "Always declined",
                policy: alwaysDeclined,
                unavailable: false,
                stationary: false,
                expected: [.alwaysAuthorizationDenied]
            ),
            Row(
                name: "When In Use in the background",
                policy: PolicyFixtures.policy(.whenInUse, appState: .background),
                unavailable: false,
                stationary: false,
                expected: [.insufficientlyInUse]
            ),
            Row(
                name: "no fix, standing still",
                policy: PolicyFixtures.policy(.always),
                unavailable: true,
                stationary: true,
                expected: [.locationUnavailable, .stationary]
            ),
        ]
    }()

    @Test("10: the diagnostics hold exactly while their cause does", arguments: rows)
    func diagnostics(_ row: Row) {
        #expect(
            row.policy.diagnostics(locationUnavailable: row.unavailable, stationary: row.stationary) == row.expected
        )
    }

    @Test("10: real Always clears alwaysAuthorizationDenied; full accuracy clears fullAccuracyDenied")
    func cleared() {
        var policy = PolicyFixtures.policy(.whenInUse, precise: false)
        policy.alwaysDeclined = true
        policy.fullAccuracyDeclined = true
        policy.changeSettings(status: .authorizedAlways, precise: true)
        policy.authorizationDidChange()
        #expect(!policy.alwaysDeclined)
        #expect(!policy.fullAccuracyDeclined)
    }
}
