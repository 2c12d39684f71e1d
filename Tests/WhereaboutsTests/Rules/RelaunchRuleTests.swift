import Foundation
import Testing
import Whereabouts

/// Termination and relaunch, as a table over ``LocationPolicy/relaunches(for:)``: which terminated app the system
/// relaunches in the background, for which reason.
@Suite(.timeLimit(.minutes(5)))
struct RelaunchRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let decision: Grant.Decision
        var provisional = false
        var precise = true
        /// Whether a background activity session was active when the app ended.
        var sessionAtTermination = false
        /// The reasons it is relaunched for; every other reason relaunches nothing.
        let relaunchedFor: Set<LaunchReason>
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "Always: regions, condition monitors, visits and significant changes",
            decision: .always,
            relaunchedFor: [.regionEntry, .regionExit, .monitorEvent, .visit, .significantLocationChange]
        ),
        Row(
            name: "Always under reduced accuracy: no regions or condition monitors",
            decision: .always,
            precise: false,
            relaunchedFor: [.visit, .significantLocationChange]
        ),
        Row(name: "provisional Always: nothing", decision: .always, provisional: true, relaunchedFor: []),
        Row(name: "When In Use: nothing", decision: .whenInUse, relaunchedFor: []),
        Row(
            name: "When In Use with a session active at termination: the session",
            decision: .whenInUse,
            sessionAtTermination: true,
            relaunchedFor: [.backgroundActivitySession]
        ),
        Row(
            name: "Always with a session active at termination: everything",
            decision: .always,
            sessionAtTermination: true,
            relaunchedFor: Set(LaunchReason.allCases)
        ),
        Row(name: "denied: nothing", decision: .denied, sessionAtTermination: true, relaunchedFor: []),
    ]

    @Test("a terminated app is relaunched only with the authorization the event needs", arguments: rows)
    func relaunches(_ row: Row) {
        var policy = PolicyFixtures.policy(row.decision, precise: row.precise)
        policy.grant.provisionalAlways = row.provisional
        if row.sessionAtTermination { policy.startBackgroundSession() }
        for reason in LaunchReason.allCases {
            #expect(!policy.relaunches(for: reason), "a running app is not launched (\(reason))")
        }
        policy.handle(.terminate)
        let relaunched = Set(LaunchReason.allCases.filter { policy.relaunches(for: $0) })
        #expect(relaunched == row.relaunchedFor)
    }

    @Test func aSessionActiveAtTerminationIsResumedAtLaunchEvenInTheBackgroundUntilTheWindowEnds() {
        var policy = PolicyFixtures.policy(.whenInUse)
        policy.startBackgroundSession()
        policy.handle(.terminate)
        #expect(policy.resumableBackgroundSession)
        policy.launchInBackground()
        #expect(policy.backgroundSessionWouldActivate)
        let resumed = policy.startBackgroundSession()
        #expect(resumed)
        #expect(policy.isInUse == false, "in use only once background updates are allowed too")
        #expect(!policy.resumableBackgroundSession)

        var late = PolicyFixtures.policy(.whenInUse)
        late.startBackgroundSession()
        late.handle(.terminate)
        late.launchInBackground()
        late.launchWindowEnded()
        #expect(!late.backgroundSessionWouldActivate)
        let started = late.startBackgroundSession()
        #expect(!started)
    }

    @Test func aLaunchByThePersonDoesNotResumeTheKeptSession() {
        var policy = PolicyFixtures.policy(.whenInUse)
        policy.startBackgroundSession()
        policy.handle(.terminate)
        policy.handle(.launch)
        #expect(!policy.resumableBackgroundSession)
        #expect(!policy.backgroundSessionActive)
    }
}
