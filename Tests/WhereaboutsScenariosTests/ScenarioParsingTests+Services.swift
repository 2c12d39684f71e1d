import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// The keys for the location manager's settings, its other services and service sessions: well formed and not.
extension ScenarioParsingTests {
    static func action(_ json: String) throws -> Scenario.Action? {
        guard case .do(let action) = try step(json) else { return nil }
        return action
    }

    // MARK: - set

    @Test(arguments: LocationAccuracy.named)
    func setTakesEveryDesiredAccuracyName(_ accuracy: LocationAccuracy) throws {
        let parsed = try Self.action(#"{"do": "set", "desiredAccuracy": "\#(accuracy.name)"}"#)
        #expect(parsed == .set(LocationProperties.Change(desiredAccuracy: accuracy)))
    }

    @Test(arguments: ActivityType.allCases)
    func setTakesEveryActivityType(_ type: ActivityType) throws {
        let parsed = try Self.action(#"{"do": "set", "activityType": "\#(type.rawValue)"}"#)
        #expect(parsed == .set(LocationProperties.Change(activityType: type)))
    }

    @Test func setTakesFiltersInUnitsOrNone() throws {
        #expect(
            try Self.action(#"{"do": "set", "distanceFilter": 100}"#)
                == .set(LocationProperties.Change(distanceFilter: .meters(100)))
        )
        #expect(
            try Self.action(#"{"do": "set", "distanceFilter": 0}"#)
                == .set(LocationProperties.Change(distanceFilter: .meters(0)))
        )
        #expect(
            try Self.action(#"{"do": "set", "distanceFilter": "none"}"#)
                == .set(LocationProperties.Change(distanceFilter: .noFilter))
        )
        #expect(
            try Self.action(#"{"do": "set", "headingFilter": 12.5}"#)
                == .set(LocationProperties.Change(headingFilter: .degrees(12.5)))
        )
        #expect(
            try Self.action(#"{"do": "set", "headingFilter": "none"}"#)
                == .set(LocationProperties.Change(headingFilter: .noFilter))
        )
    }

    @Test func setTakesEveryKeyAtOnce() throws {
        let parsed = try Self.action(
            """
            {"do": "set", "desiredAccuracy": "reduced", "distanceFilter": 100, "activityType": "fitness",
             "pausesAutomatically": false, "showsBackgroundIndicator": true, "headingFilter": 5}
            """
        )
        let change = LocationProperties.Change(
            activityType: .fitness,
            desiredAccuracy: .reduced,
            distanceFilter: .meters(100),
            headingFilter: .degrees(5),
            pausesLocationUpdatesAutomatically: false,
            showsBackgroundLocationIndicator: true
        )
        #expect(parsed == .set(change))
        #expect(
            parsed?.description
                == "set desiredAccuracy reduced, distanceFilter 100 m, activityType fitness, pausesAutomatically "
                + "false, showsBackgroundIndicator true, headingFilter 5°"
        )
    }

    // MARK: - The other services

    @Test func theServiceActionsParse() throws {
        let parsed = try Self.steps(
            """
            {"do": "startSignificantChanges"}, {"do": "stopSignificantChanges"},
            {"do": "startMonitoringVisits"}, {"do": "stopMonitoringVisits"},
            {"do": "stopMonitoringRegion", "id": "home"}, {"do": "stopMonitoringRegion"},
            {"do": "startServiceSession", "authorization": "none"},
            {"do": "startServiceSession", "authorization": "whenInUse"},
            {"do": "startServiceSession", "authorization": "always", "fullAccuracyPurposeKey": "Nav"},
            {"do": "stopServiceSession"}
            """
        )
        #expect(
            parsed == [
                .do(.startSignificantChanges), .do(.stopSignificantChanges), .do(.startMonitoringVisits),
                .do(.stopMonitoringVisits), .do(.stopMonitoringRegion(id: "home")),
                .do(.stopMonitoringRegion(id: "region")),
                .do(.startServiceSession(.noAuthorization, fullAccuracyPurposeKey: nil)),
                .do(.startServiceSession(.whenInUse, fullAccuracyPurposeKey: nil)),
                .do(.startServiceSession(.always, fullAccuracyPurposeKey: "Nav")), .do(.stopServiceSession),
            ]
        )
    }

    @Test func startMonitoringRegionTakesIDOrIdentifier() throws {
        let center = Coordinate(latitude: 52.52, longitude: 13.405)
        #expect(
            try Self.action(
                #"{"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 150, "id": "home"}"#
            )
                == .startMonitoringRegion(Region(identifier: "home", center: center, radius: 150))
        )
        #expect(
            try Self.action(
                #"{"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 150, "identifier": "home"}"#
            ) == .startMonitoringRegion(Region(identifier: "home", center: center, radius: 150))
        )
        #expect(
            try Self.action(#"{"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 150}"#)
                == .startMonitoringRegion(Region(identifier: "region", center: center, radius: 150))
        )
    }

    // MARK: - expect

    @Test func expectTakesTheServiceKeys() throws {
        let all = try Self.expectation(
            #"{"lastLocation": {"lat": 48.8584, "lon": 2.2945}, "monitoredRegions": 3, "paused": true}"#
        )
        #expect(all.lastLocation == .coordinate(Coordinate(latitude: 48.8584, longitude: 2.2945)))
        #expect(all.monitoredRegions == 3)
        #expect(all.paused == true)
        #expect(all.status == nil && all.delivered == nil && all.diagnostics == nil)
        let none = try Self.expectation(#"{"lastLocation": "none", "monitoredRegions": 0, "paused": false}"#)
        #expect(none.lastLocation == .noLocation)
        #expect(none.monitoredRegions == 0)
        #expect(none.paused == false)
    }

    @Test func expectResultTakesRegionMonitoringFailure() throws {
        #expect(try Self.expectation(#"{"result": "regionMonitoringFailure"}"#).result == "regionMonitoringFailure")
        #expect(
            try Self.expectation(#"{"diagnostics": ["serviceSessionRequired"]}"#).diagnostics
                == [.serviceSessionRequired]
        )
    }

    // MARK: - Malformed

    static let malformedServices: [Malformed] = [
        .step("set with nothing to set", #"{"do": "set"}"#, "\"set\" needs at least one of", "desiredAccuracy"),
        .step(
            "set with an unknown key",
            #"{"do": "set", "desiredAccuracy": "best", "accuracy": "best"}"#,
            "unknown key \"accuracy\" in a set step",
            "pausesAutomatically"
        ),
        .step(
            "set with an unknown desired accuracy",
            #"{"do": "set", "desiredAccuracy": "precise"}"#,
            "set \"desiredAccuracy\" must be one of",
            "threeKilometers"
        ),
        .step(
            "set with desired accuracy in metres",
            #"{"do": "set", "desiredAccuracy": 10}"#,
            "set \"desiredAccuracy\" must be one of"
        ),
        .step(
            "set with an unknown activity type",
            #"{"do": "set", "activityType": "walking"}"#,
            "set \"activityType\" must be one of",
            "automotiveNavigation"
        ),
        .step(
            "set with a negative distance filter",
            #"{"do": "set", "distanceFilter": -1}"#,
            "set \"distanceFilter\" must be metres",
            "\"none\""
        ),
        .step(
            "set with a distance filter as a word",
            #"{"do": "set", "distanceFilter": "off"}"#,
            "set \"distanceFilter\" must be metres"
        ),
        .step(
            "set with a boolean distance filter",
            #"{"do": "set", "distanceFilter": true}"#,
            "set \"distanceFilter\" must be metres"
        ),
        .step(
            "set with a heading filter above a turn",
            #"{"do": "set", "headingFilter": 400}"#,
            "set \"headingFilter\" must be degrees (a number from 0 to 360)"
        ),
        .step(
            "set with pausing as a string",
            #"{"do": "set", "pausesAutomatically": "yes"}"#,
            "\"pausesAutomatically\" in a set step must be true or false"
        ),
        .step(
            "set with the indicator as a number",
            #"{"do": "set", "showsBackgroundIndicator": 1}"#,
            "\"showsBackgroundIndicator\" in a set step must be true or false"
        ),
        .step(
            "a region with both id and identifier",
            #"{"do": "startMonitoringRegion", "lat": 1, "lon": 1, "radius": 10, "id": "a", "identifier": "b"}"#,
            "\"id\" or \"identifier\"",
            "not both"
        ),
        .step(
            "a region with an empty id",
            #"{"do": "startMonitoringRegion", "lat": 1, "lon": 1, "radius": 10, "id": ""}"#,
            "startMonitoringRegion: \"id\" must be a non-empty string"
        ),
        .step(
            "stopping a region by a number",
            #"{"do": "stopMonitoringRegion", "id": 3}"#,
            "stopMonitoringRegion: \"id\" must be a non-empty string"
        ),
        .step(
            "stopping a region with its centre",
            #"{"do": "stopMonitoringRegion", "id": "home", "lat": 1}"#,
            "unknown key \"lat\""
        ),
        .step(
            "a session without authorization",
            #"{"do": "startServiceSession"}"#,
            "startServiceSession needs \"authorization\"",
            "\"none\", \"whenInUse\", \"always\""
        ),
        .step(
            "a session with an unknown authorization",
            #"{"do": "startServiceSession", "authorization": "authorizedAlways"}"#,
            "startServiceSession needs \"authorization\""
        ),
        .step(
            "a session with an empty purpose key",
            #"{"do": "startServiceSession", "authorization": "whenInUse", "fullAccuracyPurposeKey": ""}"#,
            "\"fullAccuracyPurposeKey\" must be a key of NSLocationTemporaryUsageDescriptionDictionary"
        ),
        .step(
            "a session with purposeKey instead of fullAccuracyPurposeKey",
            #"{"do": "startServiceSession", "authorization": "whenInUse", "purposeKey": "Nav"}"#,
            "unknown key \"purposeKey\"",
            "fullAccuracyPurposeKey"
        ),
        .step(
            "stopping a session with arguments",
            #"{"do": "stopServiceSession", "authorization": "always"}"#,
            "unknown key \"authorization\""
        ),
        .step(
            "significant changes with arguments",
            #"{"do": "startSignificantChanges", "distance": 500}"#,
            "unknown key \"distance\""
        ),
        .step("a misspelt action", #"{"do": "startSignificantChange"}"#, "\"do\" must be one of", "stopServiceSession"),
        .step(
            "lastLocation as a word",
            #"{"expect": {"lastLocation": "nil"}}"#,
            "expect \"lastLocation\" must be {\"lat\": …, \"lon\": …} in degrees, or \"none\""
        ),
        .step(
            "lastLocation without lon",
            #"{"expect": {"lastLocation": {"lat": 1}}}"#,
            "expect \"lastLocation\" must be"
        ),
        .step(
            "lastLocation with an accuracy",
            #"{"expect": {"lastLocation": {"lat": 1, "lon": 1, "accuracy": 5}}}"#,
            "unknown key \"accuracy\" in \"lastLocation\""
        ),
        .step(
            "lastLocation off the globe",
            #"{"expect": {"lastLocation": {"lat": 1, "lon": 200}}}"#,
            "\"lastLocation\": lat must be −90…90 and lon −180…180"
        ),
        .step(
            "monitoredRegions negative",
            #"{"expect": {"monitoredRegions": -1}}"#,
            "expect \"monitoredRegions\" must be a whole number ≥ 0"
        ),
        .step(
            "monitoredRegions as a list",
            #"{"expect": {"monitoredRegions": ["home"]}}"#,
            "expect \"monitoredRegions\" must be a whole number"
        ),
        .step(
            "paused as a string",
            #"{"expect": {"paused": "yes"}}"#,
            "\"paused\" in \"expect\" must be true or false"
        ),
    ]

    @Test(arguments: malformedServices)
    func aMalformedServiceStepNamesTheFileTheStepAndTheProblem(_ malformed: Malformed) throws {
        let error = try #require(throws: ScenarioError.self) {
            try Self.parse(malformed.json, file: "flows/bad.json")
        }
        #expect(error.file == "flows/bad.json")
        #expect(error.step == malformed.step, "\(error)")
        for words in malformed.mentions {
            #expect(error.message.contains(words), "“\(error.message)” should say \(words)")
        }
    }
}
