import Foundation
import Testing
import Whereabouts

/// Rule 11, as tables over ``LocationPolicy``'s filters, significant changes, region limits and `set`. No engine,
/// no clock.
@Suite(.timeLimit(.minutes(5)))
struct ManagerSettingsRuleTests {
    /// A fix `metres` north of 48.8584, 2.2945, `seconds` after 2026-01-01.
    static func fix(north metres: Double, at seconds: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: 48.8584 + metres / 111_195, longitude: 2.2945),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + seconds)
        )
    }

    static func heading(_ degrees: Double) -> Heading {
        Heading(magneticHeading: degrees, headingAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
    }

    @Test("11: desiredAccuracy reduced makes fixes approximate under full accuracy; other values are hints")
    func desiredAccuracy() throws {
        var policy = PolicyFixtures.policy(.whenInUse, precise: true)
        #expect(policy.deliversPreciseFixes)
        try policy.set(LocationProperties.Change(desiredAccuracy: .kilometer))
        #expect(policy.deliversPreciseFixes)
        try policy.set(LocationProperties.Change(desiredAccuracy: .reduced))
        #expect(!policy.deliversPreciseFixes && policy.isPrecise)
    }

    @Test("11: the distance filter lets the first fix through, then only fixes at least d metres away")
    func distanceFilter() throws {
        var policy = PolicyFixtures.policy(.whenInUse, precise: true)
        #expect(policy.passesDistanceFilter(Self.fix(north: 1, at: 0), since: Self.fix(north: 0, at: 0)))
        try policy.set(LocationProperties.Change(distanceFilter: .meters(100)))
        #expect(policy.passesDistanceFilter(Self.fix(north: 1, at: 0), since: nil))
        #expect(!policy.passesDistanceFilter(Self.fix(north: 99, at: 10), since: Self.fix(north: 0, at: 0)))
        #expect(policy.passesDistanceFilter(Self.fix(north: 101, at: 10), since: Self.fix(north: 0, at: 0)))
    }

    @Test("11: the heading filter measures the turn the shorter way round")
    func headingFilter() throws {
        var policy = PolicyFixtures.policy()
        #expect(!policy.passesHeadingFilter(Self.heading(0.5), since: Self.heading(0)))
        try policy.set(LocationProperties.Change(headingFilter: .degrees(10)))
        #expect(policy.passesHeadingFilter(Self.heading(0), since: nil))
        #expect(!policy.passesHeadingFilter(Self.heading(355), since: Self.heading(3)))
        #expect(policy.passesHeadingFilter(Self.heading(350), since: Self.heading(2)))
        try policy.set(LocationProperties.Change(headingFilter: .noFilter))
        #expect(policy.passesHeadingFilter(Self.heading(0.1), since: Self.heading(0)))
    }

    @Test("11: a significant change is at least 500 m and 300 s after the last one delivered")
    func significantChange() {
        let last = Self.fix(north: 0, at: 0)
        #expect(LocationPolicy.isSignificantChange(last, since: nil))
        #expect(!LocationPolicy.isSignificantChange(Self.fix(north: 600, at: 299), since: last))
        #expect(!LocationPolicy.isSignificantChange(Self.fix(north: 499, at: 600), since: last))
        #expect(LocationPolicy.isSignificantChange(Self.fix(north: 500, at: 300), since: last))
    }

    @Test("11: significant changes reach the app in the background only with confirmed Always")
    func significantChangesInTheBackground() {
        #expect(PolicyFixtures.policy(.whenInUse).mayDeliverSignificantChanges)
        #expect(!PolicyFixtures.policy(.whenInUse, appState: .background).mayDeliverSignificantChanges)
        #expect(PolicyFixtures.policy(.always, appState: .background).mayDeliverSignificantChanges)
        var provisional = PolicyFixtures.policy(.always, appState: .background)
        provisional.grant.provisionalAlways = true
        #expect(!provisional.mayDeliverSignificantChanges)
    }

    @Test("11: at most 20 regions, none larger than the largest radius; replacing one is not a new one")
    func regionLimits() {
        let policy = PolicyFixtures.policy(.whenInUse, precise: true)
        let twenty = Set((1...20).map { "r\($0)" })
        func region(_ id: String, radius: Double = 100) -> Region {
            Region(identifier: id, center: Coordinate(latitude: 48.86, longitude: 2.29), radius: radius)
        }
        #expect(policy.regionMonitoringError(for: region("r1"), monitored: twenty, maximumDistance: 1000) == nil)
        let full = policy.regionMonitoringError(for: region("r21"), monitored: twenty, maximumDistance: 1000)
        #expect(full?.code == .regionMonitoringFailure)
        let wide = policy.regionMonitoringError(for: region("a", radius: 1001), monitored: [], maximumDistance: 1000)
        #expect(wide?.code == .regionMonitoringFailure)
        let reduced = PolicyFixtures.policy(.whenInUse, precise: false)
        #expect(
            reduced.regionMonitoringError(for: region("a"), monitored: [], maximumDistance: 1000)?.code
                == .regionMonitoringUnavailable
        )
    }

    @Test("11: set applies all of a change, or none of it without the location background mode")
    func setIsAllOrNothing() throws {
        var policy = PolicyFixtures.policy(declarations: PolicyFixtures.whenInUseOnly)
        #expect(throws: LocationError.backgroundModeMissing) {
            try policy.set(LocationProperties.Change(activityType: .fitness, allowsBackgroundLocationUpdates: true))
        }
        #expect(policy.properties == LocationProperties())
        try policy.set(LocationProperties.Change(activityType: .fitness, pausesLocationUpdatesAutomatically: false))
        #expect(policy.properties.activityType == .fitness && !policy.properties.pausesLocationUpdatesAutomatically)
    }
}
