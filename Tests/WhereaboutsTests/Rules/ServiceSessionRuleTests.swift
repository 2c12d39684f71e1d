import Testing
import Whereabouts

/// Rule 12, as tables over ``LocationPolicy/request(for:)``, ``LocationPolicy/mark(_:in:)`` and
/// ``LocationPolicy/diagnostics(for:)``: what a session asks for next, and what it reports. No engine, no clock.
@Suite(.timeLimit(.minutes(5)))
struct ServiceSessionRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let policy: LocationPolicy
        let session: LocationPolicy.Session
        let asks: LocationPolicy.SessionRequest?
        var testDescription: String { name }
    }

    static func session(
        _ authorization: ServiceSession.AuthorizationRequirement,
        key: String? = nil,
        asked: (authorization: Bool, always: Bool, accuracy: Bool) = (false, false, false)
    ) -> LocationPolicy.Session {
        var session = LocationPolicy.Session(authorization: authorization, fullAccuracyPurposeKey: key)
        session.askedAuthorization = asked.authorization
        session.askedAlways = asked.always
        session.askedFullAccuracy = asked.accuracy
        return session
    }

    static let rows: [Row] = {
        var upgradeShown = PolicyFixtures.policy(.whenInUse, precise: true)
        upgradeShown.grant.alwaysPromptShown = true
        var promptShowing = PolicyFixtures.policy()
        promptShowing.prompt = LocationPolicy.Prompt(kind: .whenInUse, forAlways: false)
        var servicesOff = PolicyFixtures.policy()
        servicesOff.device.servicesEnabled = false
        return [
            Row(
                name: "12: not determined, When In Use session: When In Use",
                policy: PolicyFixtures.policy(),
                session: session(.whenInUse),
                asks: .whenInUse
            ),
            Row(
                name: "12: not determined, Always session: the Always request",
                policy: PolicyFixtures.policy(),
                session: session(.always),
                asks: .always
            ),
            Row(
                name: "12: not determined, no-authorization session: nothing",
                policy: PolicyFixtures.policy(),
                session: session(.noAuthorization),
                asks: nil
            ),
            Row(
                name: "12: already asked since coming into use: nothing",
                policy: PolicyFixtures.policy(),
                session: session(.whenInUse, asked: (true, false, false)),
                asks: nil
            ),
            Row(
                name: "12: in the background: nothing",
                policy: PolicyFixtures.policy(appState: .background),
                session: session(.whenInUse),
                asks: nil
            ),
            Row(
                name: "12: a prompt on screen: nothing",
                policy: promptShowing,
                session: session(.whenInUse),
                asks: nil
            ),
            Row(
                name: "12: Location Services off: nothing",
                policy: servicesOff,
                session: session(.whenInUse),
                asks: nil
            ),
            Row(
                name: "12: When In Use, Always session: the upgrade",
                policy: PolicyFixtures.policy(.whenInUse, precise: true),
                session: session(.always),
                asks: .always
            ),
            Row(
                name: "12: When In Use, Always session, upgrade shown on this install: nothing",
                policy: upgradeShown,
                session: session(.always),
                asks: nil
            ),
            Row(
                name: "12: reduced accuracy, purpose key: temporary full accuracy",
                policy: PolicyFixtures.policy(.whenInUse, precise: false),
                session: session(.whenInUse, key: "Navigation"),
                asks: .temporaryFullAccuracy(purposeKey: "Navigation")
            ),
            Row(
                name: "12: full accuracy, purpose key: nothing",
                policy: PolicyFixtures.policy(.whenInUse, precise: true),
                session: session(.whenInUse, key: "Navigation"),
                asks: nil
            ),
            Row(
                name: "12: denied: nothing",
                policy: PolicyFixtures.policy(.denied),
                session: session(.whenInUse, key: "Navigation"),
                asks: nil
            ),
        ]
    }()

    @Test(arguments: rows)
    func whatASessionAsksFor(_ row: Row) {
        #expect(row.policy.request(for: row.session) == row.asks)
    }

    @Test("12: the Always request is the session's authorization request from not determined, its upgrade after")
    func markingTheAlwaysRequest() {
        var fresh = Self.session(.always)
        PolicyFixtures.policy().mark(.always, in: &fresh)
        #expect(fresh.askedAuthorization && !fresh.askedAlways)
        var upgrading = Self.session(.always)
        PolicyFixtures.policy(.whenInUse, precise: true).mark(.always, in: &upgrading)
        #expect(upgrading.askedAlways && !upgrading.askedAuthorization)
        upgrading.cameIntoUse()
        #expect(!upgrading.askedAlways && !upgrading.askedAuthorization && !upgrading.askedFullAccuracy)
    }

    @Test("12: a session's diagnostics say what stands in the way of what it declared")
    func sessionDiagnostics() {
        #expect(PolicyFixtures.policy(.denied).diagnostics(for: Self.session(.whenInUse)) == [.authorizationDenied])
        var asked = PolicyFixtures.policy(.whenInUse, precise: true)
        #expect(asked.diagnostics(for: Self.session(.always)).isEmpty)
        asked.alwaysDeclined = true
        #expect(asked.diagnostics(for: Self.session(.always)) == [.alwaysAuthorizationDenied])
        #expect(asked.diagnostics(for: Self.session(.whenInUse)).isEmpty)
        var declined = PolicyFixtures.policy(.whenInUse, precise: false)
        declined.fullAccuracyDeclined = true
        #expect(declined.diagnostics(for: Self.session(.whenInUse, key: "Navigation")) == [.fullAccuracyDenied])
        let background = PolicyFixtures.policy(.whenInUse, precise: true, appState: .background)
        #expect(background.diagnostics(for: Self.session(.whenInUse)) == [.insufficientlyInUse])
        var explicit = PolicyFixtures.policy()
        explicit.declarations.requiresExplicitServiceSession = true
        #expect(explicit.diagnostics(for: Self.session(.noAuthorization)) == [.serviceSessionRequired])
        explicit.holdsAuthorizingSession = true
        #expect(explicit.diagnostics(for: Self.session(.whenInUse)).isEmpty)
    }
}
