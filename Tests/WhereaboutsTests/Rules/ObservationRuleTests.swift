import Testing
import Whereabouts

/// What the client logic on a device learns of iOS, as a table over ``LocationPolicy/observe(status:accuracy:)``,
/// ``LocationPolicy/observe(answer:)`` and ``LocationPolicy/observeUpgradePromptNotShown()``.
@Suite(.timeLimit(.minutes(5)))
struct ObservationRuleTests {
    static let statuses: [AuthorizationStatus] = [
        .notDetermined, .restricted, .denied, .authorizedWhenInUse, .authorizedAlways,
    ]

    @Test(
        "The authorization observed is the authorization the app reads",
        arguments: statuses,
        [AccuracyAuthorization.fullAccuracy, .reducedAccuracy]
    )
    func observedAuthorizationReadsBack(status: AuthorizationStatus, accuracy: AccuracyAuthorization) {
        var policy = PolicyFixtures.policy()
        policy.observe(status: status, accuracy: accuracy)
        #expect(policy.authorization == Authorization(status: status, accuracy: accuracy))
    }

    @Test("Denied leaves Location Services as they were; any other status says they are on")
    func onlyDeniedCanMeanLocationServicesOff() {
        var policy = PolicyFixtures.policy()
        policy.device.servicesEnabled = false
        policy.observe(status: .denied, accuracy: .fullAccuracy)
        #expect(policy.authorization == Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false))
        policy.observe(status: .restricted, accuracy: .fullAccuracy)
        #expect(policy.device.servicesEnabled)
        #expect(policy.authorization.status == .restricted)
        #expect(policy.requestWhenInUse() == .complete(.ignored(.restricted)))
    }

    @Test("Temporary full accuracy is known from its answer, and ends with reduced accuracy or a revoke")
    func temporaryFullAccuracyFromTheAnswer() {
        var policy = PolicyFixtures.policy()
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        policy.observe(answer: .allowPrecise)
        let temporary = Authorization(
            status: .authorizedWhenInUse,
            accuracy: .fullAccuracy,
            isFullAccuracyTemporary: true
        )
        #expect(policy.authorization == temporary)
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        #expect(policy.authorization == temporary)
        policy.observe(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        #expect(policy.authorization == Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))

        policy.observe(answer: .allowPrecise)
        policy.observe(status: .denied, accuracy: .fullAccuracy)
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        #expect(!policy.authorization.isFullAccuracyTemporary)
    }

    @Test("A declined precise prompt is known from its answer, and the diagnostics say so until accuracy is full")
    func declinedPrecisePromptFromTheAnswer() {
        var policy = PolicyFixtures.policy()
        policy.observe(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        policy.observe(answer: .dontAllowPrecise)
        #expect(policy.fullAccuracyDeclined)
        #expect(policy.diagnostics(locationUnavailable: false, stationary: false).contains(.fullAccuracyDenied))
        policy.observe(answer: .allowPrecise)
        #expect(!policy.fullAccuracyDeclined)
    }

    @Test("Keep Only While Using is known from its answer; the answers the status tells change nothing else")
    func answersTellOnlyWhatTheStatusDoesNot() {
        var policy = PolicyFixtures.policy()
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        let before = policy
        for answer in [
            PromptAnswer.allowOnce(precise: true), .allowWhileUsing(precise: false), .dontAllow, .changeToAlways,
        ] {
            policy.observe(answer: answer)
            #expect(policy == before)
        }
        policy.observe(answer: .keepWhileUsing)
        #expect(policy.alwaysDeclined)
        #expect(policy.diagnostics(locationUnavailable: false, stationary: false).contains(.alwaysAuthorizationDenied))
    }

    @Test("An upgrade prompt that never appears tells Allow Once: Always is then ignored at once, until it lapses")
    func upgradePromptNotShownTellsAllowOnce() {
        var policy = PolicyFixtures.policy()
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        policy.observeUpgradePromptNotShown()
        #expect(policy.authorization == Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))
        #expect(policy.alwaysDeclined)
        #expect(policy.requestAlways() == .complete(.ignored(.temporaryAuthorization)))

        // Allow Once lapses with the app's use: Core Location reports not determined, and a new grant is no Allow Once.
        policy.observe(status: .notDetermined, accuracy: .fullAccuracy)
        #expect(policy.authorization.status == .notDetermined)
        policy.observe(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        #expect(!policy.allowOnce)
        #expect(policy.requestAlways() == .prompt(.alwaysUpgrade, message: PolicyFixtures.allKeys.always!))
    }
}
