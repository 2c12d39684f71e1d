import Testing
import Whereabouts

/// The policy decides by its platform's rules: what each platform lacks is refused or never happens.
@Suite(.timeLimit(.minutes(5)))
struct PlatformPolicyTests {
    static func policy(
        _ platform: Platform,
        _ decision: Grant.Decision = .notDetermined,
        declarations: UsageDescriptions = PolicyFixtures.allKeys
    ) -> LocationPolicy {
        var policy = PolicyFixtures.policy(decision, declarations: declarations)
        policy.platform = platform
        return policy
    }

    @Test
    func onMacOSAllowWhileUsingGrantsAlwaysForGood() {
        var policy = Self.policy(.macOS)
        #expect(policy.requestWhenInUse() == .prompt(.whenInUse, message: PolicyFixtures.allKeys.whenInUse!))
        policy.answer(.allowWhileUsing(precise: true))
        #expect(policy.authorization.status == .authorizedAlways)
        #expect(policy.grant.decision == .always)
        #expect(!policy.grant.provisionalAlways)
    }

    @Test
    func onMacOSAnAlwaysRequestAsksOnceAndNoUpgradePromptFollows() {
        var policy = Self.policy(.macOS)
        #expect(policy.requestAlways().prompt == .whenInUse)
        policy.answer(.allowWhileUsing(precise: true))
        #expect(policy.authorization.status == .authorizedAlways)
        #expect(!policy.grant.provisionalAlways)
        #expect(policy.requestAlways() == .complete(.alreadyDetermined))
        policy.handle(.background)
        #expect(policy.provisionalAlwaysUpgrade(usesLocationInBackground: true) == nil)
    }

    @Test
    func onMacOSAWhenInUseGrantReadsAuthorizedAlways() {
        #expect(Self.policy(.macOS, .whenInUse).authorization.status == .authorizedAlways)
        #expect(Self.policy(.iOS, .whenInUse).authorization.status == .authorizedWhenInUse)
        var allowOnce = Self.policy(.macOS)
        allowOnce.allowOnce = true
        #expect(allowOnce.authorization.status == .authorizedAlways)
    }

    @Test
    func onMacOSTheAppIsNeverSentToTheBackground() {
        var policy = Self.policy(.macOS, .whenInUse)
        policy.handle(.background)
        #expect(policy.appState == .foreground)
        #expect(policy.mayDeliverLocations)
        policy.handle(.terminate)
        #expect(policy.appState == .notRunning)
    }

    @Test
    func onMacOSBackgroundUpdatesNeedNoBackgroundMode() throws {
        var policy = Self.policy(.macOS, .whenInUse, declarations: PolicyFixtures.whenInUseOnly)
        try policy.setAllowsBackgroundUpdates(true)
        #expect(policy.allowsBackgroundUpdates)
        var iOS = Self.policy(.iOS, .whenInUse, declarations: PolicyFixtures.whenInUseOnly)
        #expect(throws: LocationError.backgroundModeMissing) { try iOS.setAllowsBackgroundUpdates(true) }
    }

    @Test(arguments: [Platform.visionOS, .tvOS])
    func anAlwaysRequestFailsWhereThePlatformHasNoAlways(_ platform: Platform) {
        var policy = Self.policy(platform)
        #expect(policy.requestAlways() == .fail(.alwaysAuthorizationUnavailable))
        #expect(policy.prompt == nil)
    }

    @Test(arguments: [Platform.visionOS, .tvOS])
    func backgroundUpdatesFailWhereThePlatformHasNone(_ platform: Platform) {
        var policy = Self.policy(platform, .whenInUse)
        #expect(throws: LocationError.backgroundUpdatesUnavailable) { try policy.setAllowsBackgroundUpdates(true) }
        #expect(!policy.allowsBackgroundUpdates)
        #expect(throws: Never.self) { try policy.setAllowsBackgroundUpdates(false) }
    }

    @Test(arguments: [Platform.macOS, .tvOS])
    func noBackgroundActivitySessionStartsWhereThePlatformHasNone(_ platform: Platform) {
        var policy = Self.policy(platform, .whenInUse)
        #expect(!policy.backgroundSessionWouldActivate)
        let started = policy.startBackgroundSession()
        #expect(!started)
        #expect(!policy.backgroundSessionActive)
    }

    @Test(arguments: [Platform.watchOS, .visionOS, .tvOS])
    func regionMonitoringIsUnavailableWhereThePlatformHasNone(_ platform: Platform) {
        let policy = Self.policy(platform, .always)
        #expect(policy.regionMonitoringError == .regionMonitoringUnsupported)
        #expect(Self.policy(.iOS, .always).regionMonitoringError == nil)
    }
}
