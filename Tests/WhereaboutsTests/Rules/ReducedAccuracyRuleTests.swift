import Testing
import Whereabouts

/// Rule 6, as a table over ``LocationPolicy/regionMonitoringError`` and the monitoring events.
@Suite(.timeLimit(.minutes(5)))
struct ReducedAccuracyRuleTests {
    @Test(
        "6: region monitoring needs authorization and full accuracy",
        arguments: [
            (Grant.Decision.whenInUse, true, true),
            (.whenInUse, false, false),
            (.always, false, false),
            (.denied, true, false),
            (.notDetermined, true, false),
        ]
    )
    func regions(decision: Grant.Decision, precise: Bool, allowed: Bool) {
        let policy = PolicyFixtures.policy(decision, precise: precise)
        #expect((policy.regionMonitoringError == nil) == allowed)
        #expect(policy.regionMonitoringError.map(\.code) == (allowed ? nil : .regionMonitoringUnavailable))
        #expect(policy.mayDeliverRegionEvents == allowed)
    }

    @Test("6: monitoring events in the background need real Always")
    func monitoringEventsInTheBackground() {
        var always = PolicyFixtures.policy(.always, appState: .background)
        #expect(always.mayDeliverMonitoringEvents)
        always.grant.provisionalAlways = true
        #expect(!always.mayDeliverMonitoringEvents)
        #expect(!PolicyFixtures.policy(.whenInUse, appState: .background).mayDeliverMonitoringEvents)
    }

    @Test("8: a one-shot request needs authorization and the right to fixes where the app is")
    func locationRequest() {
        #expect(PolicyFixtures.policy(.whenInUse).locationRequestError == nil)
        #expect(PolicyFixtures.policy(.denied).locationRequestError?.code == .notAuthorized)
        #expect(PolicyFixtures.policy(.whenInUse, appState: .background).locationRequestError == .notInUse)
    }
}
