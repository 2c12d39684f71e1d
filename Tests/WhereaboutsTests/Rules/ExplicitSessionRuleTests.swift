import Testing
import Whereabouts

/// Rule 13, as a table over ``LocationPolicy/mayDeliverLocations(allowingBackgroundUpdates:)``,
/// ``LocationPolicy/mayDeliverMonitoringEvents`` and ``LocationPolicy/diagnostics(locationUnavailable:stationary:)``:
/// under the explicit-session opt-in, what an app out of the foreground gets for the sessions it holds. No engine.
@Suite(.timeLimit(.minutes(5)))
struct ExplicitSessionRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let fixes: Bool
        let monitoringEvents: Bool
        let diagnostics: Set<Diagnostic>
        var testDescription: String { name }
    }

    /// A policy in the background with background updates allowed, holding sessions of these authorizations.
    static func background(
        _ decision: Grant.Decision,
        optedIn: Bool = true,
        backgroundSession: Bool = false,
        holding sessions: [ServiceSession.AuthorizationRequirement] = []
    ) -> LocationPolicy {
        var policy = PolicyFixtures.policy(decision, precise: true, appState: .background)
        policy.declarations.requiresExplicitServiceSession = optedIn
        policy.allowsBackgroundUpdates = true
        policy.backgroundSessionActive = backgroundSession
        policy.holdSessions(sessions)
        return policy
    }

    static let rows: [Row] = [
        Row(
            name: "13: Always without the opt-in: fixes and events, no session needed (rule 8)",
            policy: background(.always, optedIn: false),
            fixes: true,
            monitoringEvents: true,
            diagnostics: []
        ),
        Row(
            name: "13: Always, opted in, no session: nothing, serviceSessionRequired",
            policy: background(.always),
            fixes: false,
            monitoringEvents: false,
            diagnostics: [.serviceSessionRequired]
        ),
        Row(
            name: "13: Always, opted in, a session of no authorization: nothing, serviceSessionRequired",
            policy: background(.always, holding: [.noAuthorization]),
            fixes: false,
            monitoringEvents: false,
            diagnostics: [.serviceSessionRequired]
        ),
        Row(
            name: "13: Always, opted in, a When In Use session only: nothing, insufficientlyInUse",
            policy: background(.always, holding: [.whenInUse]),
            fixes: false,
            monitoringEvents: false,
            diagnostics: [.insufficientlyInUse]
        ),
        Row(
            name: "13: Always, opted in, an Always session: fixes and events",
            policy: background(.always, holding: [.whenInUse, .always]),
            fixes: true,
            monitoringEvents: true,
            diagnostics: []
        ),
        Row(
            name: "13: Always, opted in, a When In Use session and a background session: fixes, no events",
            policy: background(.always, backgroundSession: true, holding: [.whenInUse]),
            fixes: true,
            monitoringEvents: false,
            diagnostics: []
        ),
        Row(
            name: "13: When In Use, opted in, a background session but no service session: nothing",
            policy: background(.whenInUse, backgroundSession: true),
            fixes: false,
            monitoringEvents: false,
            diagnostics: [.serviceSessionRequired, .insufficientlyInUse]
        ),
        Row(
            name: "13: When In Use, opted in, a background session and a When In Use session: fixes",
            policy: background(.whenInUse, backgroundSession: true, holding: [.whenInUse]),
            fixes: true,
            monitoringEvents: false,
            diagnostics: []
        ),
        Row(
            name: "13: When In Use without the opt-in, a background session: fixes (rule 8)",
            policy: background(.whenInUse, optedIn: false, backgroundSession: true),
            fixes: true,
            monitoringEvents: false,
            diagnostics: []
        ),
    ]

    @Test(arguments: rows)
    func outOfTheForegroundTheHeldSessionsDecide(_ row: Row) {
        #expect(row.policy.mayDeliverLocations(allowingBackgroundUpdates: true) == row.fixes)
        #expect(row.policy.mayDeliverMonitoringEvents == row.monitoringEvents)
        #expect(row.policy.diagnostics(locationUnavailable: false, stationary: false) == row.diagnostics)
    }

    @Test("13: in the foreground the opt-in changes nothing once the status is decided")
    func inTheForegroundNoSessionIsNeededOnceDecided() {
        var policy = Self.background(.always)
        policy.appState = .foreground
        #expect(policy.mayDeliverLocations(allowingBackgroundUpdates: false))
        #expect(policy.mayDeliverMonitoringEvents)
        #expect(policy.diagnostics(locationUnavailable: false, stationary: false).isEmpty)
    }

    @Test("13: holdSessions keeps the strongest requirement and whether any asks for authorization")
    func holdSessionsKeepsTheStrongest() {
        var policy = PolicyFixtures.policy()
        policy.holdSessions([.whenInUse, .noAuthorization, .always])
        #expect(policy.strongestHeldSession == .always)
        #expect(policy.holdsAuthorizingSession)
        policy.holdSessions([.noAuthorization])
        #expect(policy.strongestHeldSession == .noAuthorization)
        #expect(!policy.holdsAuthorizingSession)
        #expect(!policy.holdsSession(asking: .whenInUse))
        policy.holdSessions([])
        #expect(policy.strongestHeldSession == nil)
    }
}
