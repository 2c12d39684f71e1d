import Testing
import Whereabouts

/// Rules 7 and 9, as a table over ``LocationPolicy/changeSettings(status:precise:servicesEnabled:restricted:)``
/// and ``LocationPolicy/authorization``.
@Suite(.timeLimit(.minutes(5)))
struct SettingsRuleTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let status: AuthorizationStatus?
        let precise: Bool?
        let servicesEnabled: Bool?
        let restricted: Bool?
        let reads: AuthorizationStatus
        let accuracy: AccuracyAuthorization
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "7: Location Services off: the app reads denied",
            status: nil,
            precise: nil,
            servicesEnabled: false,
            restricted: nil,
            reads: .denied,
            accuracy: .fullAccuracy
        ),
        Row(
            name: "7: restricted: the app reads restricted",
            status: nil,
            precise: nil,
            servicesEnabled: nil,
            restricted: true,
            reads: .restricted,
            accuracy: .fullAccuracy
        ),
        Row(
            name: "7: .restricted as a status is the device restriction",
            status: .restricted,
            precise: nil,
            servicesEnabled: nil,
            restricted: nil,
            reads: .restricted,
            accuracy: .fullAccuracy
        ),
        Row(
            name: "9: Never",
            status: .denied,
            precise: nil,
            servicesEnabled: nil,
            restricted: nil,
            reads: .denied,
            accuracy: .fullAccuracy
        ),
        Row(
            name: "9: Ask Next Time",
            status: .notDetermined,
            precise: nil,
            servicesEnabled: nil,
            restricted: nil,
            reads: .notDetermined,
            accuracy: .fullAccuracy
        ),
        Row(
            name: "9: Precise off",
            status: nil,
            precise: false,
            servicesEnabled: nil,
            restricted: nil,
            reads: .authorizedWhenInUse,
            accuracy: .reducedAccuracy
        ),
        Row(
            name: "9: Always",
            status: .authorizedAlways,
            precise: nil,
            servicesEnabled: nil,
            restricted: nil,
            reads: .authorizedAlways,
            accuracy: .fullAccuracy
        ),
    ]

    @Test("7, 9: what the person sets holds at once", arguments: rows)
    func settings(_ row: Row) {
        var policy = PolicyFixtures.policy(.whenInUse)
        policy.changeSettings(
            status: row.status,
            precise: row.precise,
            servicesEnabled: row.servicesEnabled,
            restricted: row.restricted
        )
        #expect(policy.authorization.status == row.reads)
        #expect(policy.authorization.accuracy == row.accuracy)
        let result1 = policy.requestWhenInUse()
        #expect((result1.prompt != nil) == (row.reads == .notDetermined), "a prompt only for Ask Next Time")
    }

    @Test("9: a Settings change ends Allow Once and, when it turns precision off, temporary full accuracy")
    func settingsEndSessionGrants() {
        var policy = PolicyFixtures.policy()
        _ = policy.requestWhenInUse()
        policy.answer(.allowOnce(precise: false))
        _ = policy.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        policy.answer(.allowPrecise)
        policy.changeSettings(precise: false)
        #expect(!policy.temporaryFullAccuracy)
        policy.changeSettings(status: .authorizedWhenInUse)
        #expect(!policy.allowOnce)
        #expect(policy.authorization.status == .authorizedWhenInUse)
    }

    @Test("9: a grant changed by another process replaces the one held")
    func reload() {
        var policy = PolicyFixtures.policy()
        _ = policy.requestWhenInUse()
        policy.answer(.allowOnce(precise: true))
        let result2 = policy.reloadGrant(Grant(decision: .denied))
        #expect(result2)
        #expect(policy.authorization.status == .denied)
        let result3 = policy.reloadGrant(Grant(decision: .denied))
        #expect(!result3, "the same grant is no change")
    }
}
