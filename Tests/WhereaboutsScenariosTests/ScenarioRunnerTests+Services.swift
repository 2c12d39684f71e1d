import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// What the runner does and says for settings, the other services and service sessions.
extension ScenarioRunnerTests {
    static let authorized = #"{"do": "requestWhenInUse"}, {"person": "allowWhileUsing", "precise": true}, "#

    @Test func aSetStepSaysWhatItSet() async throws {
        let report = await ScenarioRunner(
            try Self.scenario(Self.authorized + #"{"do": "set", "desiredAccuracy": "reduced", "distanceFilter": 100}"#)
        ).run()
        let step = try #require(report.steps.last)
        #expect(step.action == "set desiredAccuracy reduced, distanceFilter 100 m")
        #expect(step.notes == ["set desiredAccuracy reduced, distanceFilter 100 m"])
        #expect(step.ok)
    }

    @Test func sessionsSayWhatTheyStartAndEnd() async throws {
        let report = await ScenarioRunner(
            try Self.scenario(
                """
                {"do": "startServiceSession", "authorization": "whenInUse"},
                {"do": "startServiceSession", "authorization": "none"},
                {"do": "stopServiceSession"}, {"do": "stopServiceSession"}
                """
            )
        ).run()
        try #require(report.steps.count == 4)
        #expect(report.steps[0].notes.first == "session whenInUse started (1 session held)")
        #expect(report.steps[0].notes.contains { $0.hasPrefix("prompt whenInUse: ") }, "\(report.steps[0].notes)")
        #expect(report.steps[0].prompt == "whenInUse")
        #expect(report.steps[1].notes == ["session none started (2 sessions held)"])
        #expect(report.steps[2].notes == ["2 sessions ended"])
        #expect(report.steps[3].notes == ["no service session was running"])
    }

    @Test func pausingAndResumingAreNoted() async throws {
        let still = #"{"fix": {"lat": 52.52, "lon": 13.405}}"#
        let wait = #"{"wait": {"seconds": 60}}"#
        let report = await ScenarioRunner(
            try Self.scenario(
                Self.authorized + [still, wait, still, wait, still, #"{"do": "startUpdates"}"#].joined(separator: ", ")
            )
        ).run()
        let notes = report.steps.flatMap(\.notes)
        #expect(report.steps[6].notes.contains("updates paused (the device stood still)"), "\(notes)")
        #expect(report.steps[7].notes == ["updates resumed"])
    }

    @Test func startUpdatesWhileRunningAndNotPausedChangesNothing() async throws {
        let report = await ScenarioRunner(try Self.scenario(Self.authorized + #"{"do": "startUpdates"}"#)).run()
        #expect(report.steps.last?.notes == ["updates already running"])
    }

    @Test func everyUnmetServiceExpectationIsListed() async throws {
        let report = await ScenarioRunner(
            try Self.scenario(
                Self.authorized
                    + """
                    {"fix": {"lat": 52.52, "lon": 13.405}},
                    {"expect": {"lastLocation": {"lat": 52.53, "lon": 13.405}, "monitoredRegions": 1, "paused": true}},
                    {"expect": {"lastLocation": "none"}},
                    {"settings": {"status": "denied"}},
                    {"expect": {"lastLocation": {"lat": 52.52, "lon": 13.405}}}
                    """
            )
        ).run()
        #expect(report.failedSteps.map(\.step) == [4, 5, 7])
        try #require(report.steps.count == 7)
        #expect(
            report.steps[3].failures == [
                "lastLocation is 52.520000, 13.405000, expected 52.530000, 13.405000 (within 1e-6°)",
                "monitoredRegions is 0, expected 1",
                "paused is false, expected true",
            ]
        )
        #expect(report.steps[4].failures == ["lastLocation is 52.520000, 13.405000, expected none"])
        #expect(report.steps[6].failures == ["lastLocation is none, expected 52.520000, 13.405000"])
    }

    @Test func aDiagnosticOfAServiceSessionCounts() async throws {
        // Always was granted, then taken back in Settings: only a session that needs Always reports it denied.
        let report = await ScenarioRunner(
            try Self.scenario(
                """
                {"do": "requestWhenInUse"}, {"person": "allowWhileUsing", "precise": true},
                {"do": "requestAlways"}, {"person": "changeToAlways"},
                {"settings": {"status": "authorizedWhenInUse"}},
                {"do": "startServiceSession", "authorization": "always"},
                {"expect": {"prompt": "none", "diagnostics": ["alwaysAuthorizationDenied"]}},
                {"expect": {"diagnostics": ["stationary"]}},
                {"do": "stopServiceSession"},
                {"expect": {"diagnostics": ["alwaysAuthorizationDenied"]}}
                """,
                info: Self.withAlways
            )
        ).run()
        #expect(report.failedSteps.map(\.step) == [8, 10], "\(report.steps.map(\.failures))")
        try #require(report.steps.count == 10)
        #expect(!report.steps[6].diagnostics.contains(.alwaysAuthorizationDenied), "not a live-updates diagnostic")
        #expect(
            report.steps[7].failures == [
                "diagnostic stationary is missing (present: none; in service sessions: [alwaysAuthorizationDenied])"
            ]
        )
        #expect(report.steps[9].failures == ["diagnostic alwaysAuthorizationDenied is missing (present: none)"])
    }

    static let withAlways =
        #"{"NSLocationWhenInUseUsageDescription": "Map.", "NSLocationAlwaysAndWhenInUseUsageDescription": "Arrivals."}"#

    @Test func regionsAndVisitsSayWhatHappened() async throws {
        let report = await ScenarioRunner(
            try Self.scenario(
                """
                {"do": "startMonitoringVisits"}, {"expect": {"result": "notAuthorized"}},
                {"do": "requestWhenInUse"}, {"person": "allowWhileUsing", "precise": true},
                {"do": "startMonitoringVisits"}, {"do": "stopMonitoringVisits"},
                {"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 150, "id": "home"},
                {"do": "stopMonitoringRegion", "id": "work"}, {"do": "stopMonitoringRegion", "id": "home"},
                {"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 200000, "id": "far"},
                {"expect": {"result": "regionMonitoringFailure", "monitoredRegions": 0}}
                """
            )
        ).run()
        #expect(report.passed, "\(report.failedSteps)")
        try #require(report.steps.count == 11)
        #expect(report.steps[0].notes.first?.hasPrefix("error notAuthorized") == true, "\(report.steps[0].notes)")
        #expect(report.steps[4].notes == ["visit monitoring started"])
        #expect(report.steps[5].notes == ["visit monitoring stopped"])
        #expect(report.steps[6].notes == ["monitoring region home (1 region)"])
        #expect(report.steps[7].notes == ["no region work was monitored"])
        #expect(report.steps[8].notes == ["stopped monitoring region home (0 regions)"])
        #expect(report.steps[9].notes.first?.hasPrefix("error regionMonitoringFailure") == true)
    }

    @Test func significantChangesWhileDeniedSayWhy() async throws {
        let report = await ScenarioRunner(
            try Self.scenario(
                #"{"do": "requestWhenInUse"}, {"person": "dontAllow"}, {"do": "startSignificantChanges"}"#
            )
        ).run()
        #expect(
            report.steps.last?.notes == [
                "significant-change monitoring started",
                "not authorized (denied): the app hears didFailWithError; fixes come once authorized",
            ]
        )
    }

    @Test func theServiceFixturesEncodeTheSameKeys() async throws {
        let report = await ScenarioRunner(try Self.fixture("service-session-diagnostics")).run()
        for step in report.steps {
            let object = try Self.jsonObject(JSONEncoder().encode(step))
            #expect(Set(object.keys) == Self.reportKeys, "step \(step.step)")
        }
    }
}
