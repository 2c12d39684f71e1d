import Foundation
import Testing

@testable import Whereabouts

/// Rule 18 as pure decisions: the flags of a condition, the budget shared with regions, and what may be delivered.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitoringRuleTests {
    static let circle = MonitorCondition.circularGeographic(
        center: Coordinate(latitude: 48.8584, longitude: 2.2945),
        radius: 150
    )

    private func flags(_ policy: LocationPolicy, overBudget: Bool = false) -> Set<MonitorEvent.Flag> {
        policy.conditionFlags(for: Self.circle, overBudget: overBudget, persistenceUnavailable: false)
    }

    @Test func alwaysWithFullAccuracyHasNoFlagsAnywhere() {
        for state in [AppState.foreground, .background, .notRunning] {
            let policy = PolicyFixtures.policy(.always, precise: true, appState: state)
            #expect(flags(policy).isEmpty)
            #expect(policy.mayDeliverConditionChange(flags: flags(policy)))
        }
    }

    @Test func authorizationFlagsFollowTheStatus() {
        #expect(flags(PolicyFixtures.policy(.denied)) == [.authorizationDenied])
        var restricted = PolicyFixtures.policy(.always, precise: true)
        restricted.device = DeviceSettings(restricted: true)
        #expect(flags(restricted) == [.authorizationRestricted])
        var off = PolicyFixtures.policy(.always, precise: true)
        off.device = DeviceSettings(servicesEnabled: false)
        #expect(flags(off) == [.authorizationDeniedGlobally])
    }

    @Test func aPromptOnScreenIsAuthorizationRequestInProgress() {
        var policy = PolicyFixtures.policy()
        #expect(flags(policy).isEmpty)
        #expect(!policy.mayDeliverConditionChange(flags: flags(policy)))
        policy.prompt = LocationPolicy.Prompt(kind: .whenInUse, forAlways: false)
        #expect(flags(policy) == [.authorizationRequestInProgress])
    }

    @Test func whenInUseNotInUseIsInsufficientlyInUse() {
        #expect(
            flags(PolicyFixtures.policy(.whenInUse, precise: true, appState: .background)) == [.insufficientlyInUse]
        )
        #expect(flags(PolicyFixtures.policy(.whenInUse, precise: true, appState: .foreground)).isEmpty)
    }

    @Test func reducedAccuracyLimitsCirclesOnly() {
        let policy = PolicyFixtures.policy(.always, precise: false)
        #expect(flags(policy) == [.accuracyLimited])
        let beacon = MonitorCondition.beaconIdentity(uuid: UUID(), major: nil, minor: nil)
        #expect(
            policy.conditionFlags(for: beacon, overBudget: false, persistenceUnavailable: false)
                == [.conditionUnsupported]
        )
    }

    @Test func explicitSessionsWithoutOneRequireASession() {
        var declarations = PolicyFixtures.allKeys
        declarations.requiresExplicitServiceSession = true
        var policy = PolicyFixtures.policy(.always, precise: true, declarations: declarations, appState: .background)
        #expect(flags(policy) == [.serviceSessionRequired])
        policy.holdSessions([.always])
        #expect(flags(policy).isEmpty)
    }

    @Test func overTheBudgetIsUnmonitoredWithConditionLimitExceeded() {
        let policy = PolicyFixtures.policy(.always, precise: true)
        let over = flags(policy, overBudget: true)
        #expect(over == [.conditionLimitExceeded])
        #expect(LocationPolicy.forcedConditionState(flags: over) == .unmonitored)
        #expect(!policy.mayDeliverConditionChange(flags: over))
    }

    @Test func persistenceUnavailableReportsButDoesNotHoldBack() {
        let policy = PolicyFixtures.policy(.always, precise: true)
        let flags = policy.conditionFlags(for: Self.circle, overBudget: false, persistenceUnavailable: true)
        #expect(flags == [.persistenceUnavailable])
        #expect(policy.mayDeliverConditionChange(flags: flags))
    }

    @Test func theBudgetGoesToRegionsFirstThenCirclesInOrder() {
        let beacon = MonitorCondition.beaconIdentity(uuid: UUID(), major: nil, minor: nil)
        let conditions = [Self.circle, beacon, Self.circle, Self.circle]
        #expect(
            LocationPolicy.conditionsOverBudget(regions: 18, conditions: conditions) == [false, false, false, true]
        )
        #expect(LocationPolicy.conditionsOverBudget(regions: 20, conditions: [Self.circle]) == [true])
    }

    @Test func aRegionBeyondTheSharedBudgetIsRefused() {
        let region = Region(identifier: "home", center: Coordinate(latitude: 1, longitude: 1), radius: 100)
        #expect(LocationPolicy.sharedBudgetError(for: region, monitored: [], conditions: 19) == nil)
        #expect(LocationPolicy.sharedBudgetError(for: region, monitored: ["a"], conditions: 19) != nil)
        #expect(LocationPolicy.sharedBudgetError(for: region, monitored: ["home"], conditions: 19) == nil)
    }

    @Test func monitorEventsRelaunchOnlyWithAlways() {
        #expect(PolicyFixtures.policy(.always, precise: true, appState: .notRunning).relaunches(for: .monitorEvent))
        #expect(!PolicyFixtures.policy(.whenInUse, precise: true, appState: .notRunning).relaunches(for: .monitorEvent))
    }

    @Test func watchOSCannotOpenMonitors() {
        var policy = PolicyFixtures.policy()
        policy.platform = .watchOS
        #expect(policy.conditionMonitoringError?.code == .conditionMonitoringUnavailable)
        policy.platform = .iOS
        #expect(policy.conditionMonitoringError == nil)
    }
}
