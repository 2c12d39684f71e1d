import Foundation
import Testing
import Whereabouts

/// Rule 8, as a table over ``LocationPolicy/mayDeliverLocations``: where fixes may reach the app.
@Suite(.timeLimit(.minutes(5)))
struct BackgroundRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let decision: Grant.Decision
        let provisional: Bool
        let backgroundUpdates: Bool
        let session: Bool
        let delivers: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "When In Use, nothing set",
            decision: .whenInUse,
            provisional: false,
            backgroundUpdates: false,
            session: false,
            delivers: false
        ),
        Row(
            name: "When In Use, background updates, no session",
            decision: .whenInUse,
            provisional: false,
            backgroundUpdates: true,
            session: false,
            delivers: false
        ),
        Row(
            name: "When In Use, background updates and a session",
            decision: .whenInUse,
            provisional: false,
            backgroundUpdates: true,
            session: true,
            delivers: true
        ),
        Row(
            name: "Always, no background updates",
            decision: .always,
            provisional: false,
            backgroundUpdates: false,
            session: false,
            delivers: false
        ),
        Row(
            name: "Always, background updates",
            decision: .always,
            provisional: false,
            backgroundUpdates: true,
            session: false,
            delivers: true
        ),
        Row(
            name: "provisional Always, background updates",
            decision: .always,
            provisional: true,
            backgroundUpdates: true,
            session: false,
            delivers: false
        ),
        Row(
            name: "denied",
            decision: .denied,
            provisional: false,
            backgroundUpdates: true,
            session: true,
            delivers: false
        ),
    ]

    @Test("8: in the background, fixes need background updates and real Always or a session", arguments: rows)
    func background(_ row: Row) throws {
        var policy = PolicyFixtures.policy(row.decision)
        policy.grant.provisionalAlways = row.provisional
        try policy.setAllowsBackgroundUpdates(row.backgroundUpdates)
        if row.session { policy.startBackgroundSession() }
        #expect(policy.mayDeliverLocations == row.decision.isAuthorized, "the foreground gets fixes when authorized")
        policy.handle(.background)
        #expect(policy.mayDeliverLocations == row.delivers)
        policy.handle(.terminate)
        #expect(!policy.mayDeliverLocations)
    }

    @Test("8: background updates without the location background mode are a programmer error")
    func backgroundModeMissing() {
        var policy = PolicyFixtures.policy(.always, declarations: PolicyFixtures.whenInUseOnly)
        #expect(throws: LocationError.backgroundModeMissing) { try policy.setAllowsBackgroundUpdates(true) }
        #expect(!policy.allowsBackgroundUpdates)
        #expect(throws: Never.self) { try policy.setAllowsBackgroundUpdates(false) }
    }

    @Test("8: a background session starts only in the foreground")
    func sessionOnlyInForeground() {
        var policy = PolicyFixtures.policy(.whenInUse, appState: .background)
        let result1 = policy.startBackgroundSession()
        #expect(!result1)
        policy.handle(.foreground)
        let result2 = policy.startBackgroundSession()
        #expect(result2)
    }
}

extension BackgroundRuleTests {
    @Test("8: heading reaches the app while in use; without authorization the true heading is withheld")
    func heading() throws {
        let heading = Heading(
            magneticHeading: 90,
            trueHeading: 92,
            headingAccuracy: 5,
            timestamp: .init(timeIntervalSince1970: 0)
        )
        #expect(PolicyFixtures.policy(.whenInUse).deliverable(heading) == heading)
        let undecided = try #require(PolicyFixtures.policy().deliverable(heading))
        #expect(undecided.trueHeading == nil)
        #expect(undecided.magneticHeading == 90)
        #expect(PolicyFixtures.policy(.whenInUse, appState: .background).deliverable(heading) == nil)
    }
}

extension Grant.Decision {
    /// Whether the app reads an authorized status with this decision.
    var isAuthorized: Bool { self == .whenInUse || self == .always }
}
