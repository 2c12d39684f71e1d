import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// The scenario contract's names for condition monitors and geofences: the `do` steps `openMonitor`, `closeMonitor`,
/// `addCondition`, `removeCondition`, `startGeofences`, `stopGeofences`, and `expect`'s `conditionStates`,
/// `monitorEvents`, `lastMonitorEvent` and `geofenceEvents`.
@Suite(.timeLimit(.minutes(5)))
struct ScenarioMonitorParsingTests {
    @Test func openAndCloseNameTheMonitorOrDefaultToMonitor() throws {
        #expect(try ScenarioParsingTests.step(#"{"do": "openMonitor"}"#) == .do(.openMonitor(name: "monitor")))
        #expect(
            try ScenarioParsingTests.step(#"{"do": "openMonitor", "monitor": "places"}"#)
                == .do(.openMonitor(name: "places"))
        )
        #expect(
            try ScenarioParsingTests.step(#"{"do": "closeMonitor", "monitor": "places"}"#)
                == .do(.closeMonitor(name: "places"))
        )
    }

    @Test func addConditionReadsACircleWithAnAssumedState() throws {
        let step = try ScenarioParsingTests.step(
            #"{"do": "addCondition", "monitor": "places", "id": "office", "lat": 52.52, "lon": 13.405, "radius": 150, "assuming": "unsatisfied"}"#
        )
        let circle = MonitorCondition.circularGeographic(
            center: Coordinate(latitude: 52.52, longitude: 13.405),
            radius: 150
        )
        #expect(step == .do(.addCondition(monitor: "places", id: "office", condition: circle, assuming: .unsatisfied)))
    }

    @Test func addConditionReadsABeaconIdentity() throws {
        let step = try ScenarioParsingTests.step(
            #"{"do": "addCondition", "id": "lobby", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "major": 1}"#
        )
        let uuid = try #require(UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        #expect(
            step
                == .do(
                    .addCondition(
                        monitor: "monitor",
                        id: "lobby",
                        condition: .beaconIdentity(uuid: uuid, major: 1, minor: nil),
                        assuming: .unknown
                    )
                )
        )
    }

    @Test(
        "a wrong monitor step is malformed and says what to write",
        arguments: [
            (#"{"do": "addCondition", "lat": 1, "lon": 2, "radius": 3}"#, "addCondition needs \"id\""),
            (#"{"do": "addCondition", "id": "a", "lat": 1, "lon": 2}"#, "\"radius\" (metres)"),
            (#"{"do": "addCondition", "id": "a", "lat": 91, "lon": 2, "radius": 5}"#, "lat must be −90…90"),
            (#"{"do": "addCondition", "id": "a", "uuid": "nope"}"#, "\"uuid\" must be a UUID"),
            (
                #"{"do": "addCondition", "id": "a", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "minor": 2}"#,
                "\"minor\" needs \"major\""
            ),
            (
                #"{"do": "addCondition", "id": "a", "lat": 1, "lon": 2, "radius": 3, "assuming": "inside"}"#,
                "\"assuming\" must be one of"
            ),
            (#"{"do": "removeCondition"}"#, "removeCondition needs \"id\""),
            (#"{"do": "openMonitor", "monitor": ""}"#, "\"monitor\" must be a non-empty string"),
            (#"{"do": "startGeofences"}"#, "startGeofences needs \"fences\""),
            (
                #"{"do": "startGeofences", "fences": [{"id": "a", "lat": 1, "lon": 2, "radius": 3}, {"id": "a", "lat": 1, "lon": 2, "radius": 3}]}"#,
                "is used twice"
            ),
            (#"{"do": "stopGeofences", "fences": []}"#, "unknown key \"fences\""),
        ]
    )
    func malformedMonitorSteps(json: String, message: String) throws {
        let error = try #require(throws: ScenarioError.self) {
            try ScenarioParsingTests.parse(#"{"appID": "a", "steps": [\#(json)]}"#, file: "monitors.json")
        }
        #expect(error.file == "monitors.json")
        #expect(error.step == 1)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func startGeofencesReadsTheFences() throws {
        let step = try ScenarioParsingTests.step(
            #"{"do": "startGeofences", "fences": [{"id": "cafe", "lat": 48.85, "lon": 2.35, "radius": 80}]}"#
        )
        let fence = Geofence(id: "cafe", center: Coordinate(latitude: 48.85, longitude: 2.35), radius: 80)
        #expect(step == .do(.startGeofences([fence])))
    }

    @Test func expectReadsTheMonitorKeys() throws {
        let expectation = try ScenarioParsingTests.expectation(
            #"{"conditionStates": {"office": "satisfied"}, "monitorEvents": 2, "lastMonitorEvent": {"id": "office", "state": "unsatisfied", "flags": ["accuracyLimited"]}, "geofenceEvents": ["entered cafe"]}"#
        )
        #expect(expectation.conditionStates == ["office": .satisfied])
        #expect(expectation.monitorEvents == 2)
        #expect(
            expectation.lastMonitorEvent
                == .init(id: "office", state: .unsatisfied, flags: [.accuracyLimited])
        )
        #expect(expectation.geofenceEvents == ["entered cafe"])
        #expect(throws: ScenarioError.self) {
            try ScenarioParsingTests.expectation(#"{"lastMonitorEvent": {"flags": ["tooFar"]}}"#)
        }
        #expect(throws: ScenarioError.self) {
            try ScenarioParsingTests.expectation(#"{"geofenceEvents": ["arrived cafe"]}"#)
        }
        #expect(throws: ScenarioError.self) { try ScenarioParsingTests.expectation(#"{"monitorEvents": -1}"#) }
    }

    @Test func launchInBackgroundTakesMonitorEvent() throws {
        let step = try ScenarioParsingTests.step(#"{"app": "launchInBackground", "reason": "monitorEvent"}"#)
        #expect(step == .launchInBackground(.monitorEvent))
    }
}
