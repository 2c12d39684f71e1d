import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

@Suite(.timeLimit(.minutes(5)))
struct ScenarioParsingTests {
    /// The example in issue 2, item 8, character for character (`Fixtures/issue-example.json`).
    static func issueExample() throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "issue-example", withExtension: "json", subdirectory: "Fixtures"),
            "Fixtures/issue-example.json is missing from the test bundle"
        )
        return try Data(contentsOf: url)
    }

    static func parse(_ json: String, file: String = "test.json") throws(ScenarioError) -> Scenario {
        try Scenario(data: Data(json.utf8), file: file)
    }

    /// Parses a scenario whose steps are `steps` (JSON objects separated by commas).
    static func steps(_ steps: String) throws -> [Scenario.Step] {
        try parse(#"{"appID": "com.example.test", "steps": [\#(steps)]}"#).steps
    }

    static func step(_ step: String) throws -> Scenario.Step {
        let parsed = try steps(step)
        try #require(parsed.count == 1)
        return parsed[0]
    }

    static func expectation(_ values: String) throws -> Scenario.Expectation {
        guard case .expect(let expectation) = try step(#"{"expect": \#(values)}"#) else {
            throw ScenarioError(file: "test", message: "not an expect step")
        }
        return expectation
    }

    static func settings(_ values: String) throws -> Scenario.SettingsChange {
        guard case .settings(let change) = try step(#"{"settings": \#(values)}"#) else {
            throw ScenarioError(file: "test", message: "not a settings step")
        }
        return change
    }

    // MARK: - Well-formed scenarios

    @Test func theIssueExampleParsesIntoItsSteps() throws {
        let scenario = try Scenario(data: Self.issueExample(), file: "issue-example.json")
        #expect(scenario.appID == "com.example.demo")
        #expect(scenario.info.whenInUse == "…")
        #expect(scenario.info.always == nil)
        #expect(scenario.info.temporaryPurposes == ["Nav": "…"])
        #expect(!scenario.info.defaultAccuracyReduced)
        #expect(scenario.info.hasLocationBackgroundMode)
        #expect(scenario.device == DeviceSettings(servicesEnabled: true, restricted: false))
        try #require(scenario.steps.count == 5)
        #expect(scenario.steps[0] == .do(.requestWhenInUse))
        #expect(scenario.steps[1] == .person(.allowWhileUsing, precise: false))
        guard case .expect(let first) = scenario.steps[2] else {
            Issue.record("step 3 is \(scenario.steps[2]), not an expect")
            return
        }
        #expect(first.status == .authorizedWhenInUse)
        #expect(first.accuracy == .reducedAccuracy)
        #expect(first.prompt == "none")
        #expect(first.result == "authorizedWhenInUse")
        #expect(first.delivered == nil && first.lastFixPrecise == nil && first.diagnostics == nil)
        let fix = Location(
            coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
            horizontalAccuracy: 5,
            timestamp: Scenario.epoch
        )
        #expect(scenario.steps[3] == .fix(fix))
        guard case .expect(let second) = scenario.steps[4] else {
            Issue.record("step 5 is \(scenario.steps[4]), not an expect")
            return
        }
        #expect(second.delivered == 1)
        #expect(second.lastFixPrecise == false)
        #expect(second.status == nil && second.accuracy == nil && second.prompt == nil && second.result == nil)
    }

    @Test func infoAndDeviceAreOptional() throws {
        let scenario = try Self.parse(#"{"appID": "com.example.bare", "steps": []}"#)
        #expect(scenario.info == UsageDescriptions())
        #expect(scenario.device == DeviceSettings())
        #expect(scenario.steps.isEmpty)
        let named = try Self.parse(
            #"{"appID": "a.b", "name": "n", "description": "d", "device": {"restricted": true}, "steps": []}"#
        )
        #expect(named.device == DeviceSettings(servicesEnabled: true, restricted: true))
    }

    @Test func everyDoActionParses() throws {
        let parsed = try Self.steps(
            """
            {"do": "requestWhenInUse"}, {"do": "requestAlways"},
            {"do": "requestTemporaryFullAccuracy", "purposeKey": "Nav"}, {"do": "requestLocation"},
            {"do": "startUpdates"}, {"do": "stopUpdates"}, {"do": "allowBackgroundUpdates"},
            {"do": "startBackgroundSession"}, {"do": "stopBackgroundSession"},
            {"do": "startMonitoringRegion", "lat": 52.52, "lon": 13.405, "radius": 150},
            {"do": "startMonitoringRegion", "lat": -33.9, "lon": 151.2, "radius": 80.5, "identifier": "office"}
            """
        )
        #expect(
            parsed == [
                .do(.requestWhenInUse), .do(.requestAlways), .do(.requestTemporaryFullAccuracy(purposeKey: "Nav")),
                .do(.requestLocation), .do(.startUpdates), .do(.stopUpdates), .do(.allowBackgroundUpdates),
                .do(.startBackgroundSession), .do(.stopBackgroundSession),
                .do(
                    .startMonitoringRegion(
                        Region(
                            identifier: "region",
                            center: Coordinate(latitude: 52.52, longitude: 13.405),
                            radius: 150
                        )
                    )
                ),
                .do(
                    .startMonitoringRegion(
                        Region(
                            identifier: "office",
                            center: Coordinate(latitude: -33.9, longitude: 151.2),
                            radius: 80.5
                        )
                    )
                ),
            ]
        )
    }

    @Test(arguments: Scenario.Answer.allCases)
    func everyPersonAnswerParses(_ answer: Scenario.Answer) throws {
        let name = answer.rawValue
        #expect(try Self.step(#"{"person": "\#(name)"}"#) == .person(answer, precise: nil))
        #expect(try Self.step(#"{"person": "\#(name)", "precise": true}"#) == .person(answer, precise: true))
        #expect(try Self.step(#"{"person": "\#(name)", "precise": false}"#) == .person(answer, precise: false))
    }

    @Test func theContractsAnswerNamesAreTheAnswers() {
        let names = Set(Scenario.Answer.allCases.map(\.rawValue))
        #expect(
            names == [
                "allowOnce", "allowWhileUsing", "dontAllow", "changeToAlways", "keepWhileUsing", "allowPrecise",
                "dontAllowPrecise", "tapLocationButton", "allowLocationButton", "dontAllowLocationButton",
            ]
        )
    }

    @Test func everyAppEventParses() throws {
        let parsed = try Self.steps(
            #"{"app": "launch"}, {"app": "foreground"}, {"app": "background"}, {"app": "terminate"}"#
        )
        #expect(parsed == [.app(.launch), .app(.foreground), .app(.background), .app(.terminate)])
    }

    @Test func settingsTakeAnySubset() throws {
        for name in ["denied", "authorizedWhenInUse", "authorizedAlways", "notDetermined"] {
            let change = try Self.settings(#"{"status": "\#(name)"}"#)
            #expect(change.status?.description == name)
            #expect(change.precise == nil && change.servicesEnabled == nil && change.restricted == nil)
        }
        let precise = try Self.settings(#"{"precise": false}"#)
        #expect(precise.status == nil && precise.precise == false && precise.servicesEnabled == nil)
        let services = try Self.settings(#"{"servicesEnabled": false}"#)
        #expect(services.servicesEnabled == false && services.status == nil && services.precise == nil)
        let all = try Self.settings(#"{"status": "authorizedAlways", "precise": true, "servicesEnabled": true}"#)
        #expect(all.status == .authorizedAlways && all.precise == true && all.servicesEnabled == true)
        #expect(try Self.settings(#"{"restricted": true}"#).restricted == true)
    }

    @Test func aFixTakesItsOptionalMeasurements() throws {
        let full = try Self.step(
            #"{"fix": {"lat": 48.8584, "lon": 2.2945, "accuracy": 12, "altitude": 35, "speed": 1.4, "course": 90}}"#
        )
        let expected = Location(
            coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
            altitude: 35,
            horizontalAccuracy: 12,
            speed: 1.4,
            course: 90,
            timestamp: Scenario.epoch
        )
        #expect(full == .fix(expected))
        let bare = try Self.step(#"{"fix": {"lat": 0, "lon": -180}}"#)
        let defaults = Location(
            coordinate: Coordinate(latitude: 0, longitude: -180),
            horizontalAccuracy: 5,
            timestamp: Scenario.epoch
        )
        #expect(bare == .fix(defaults))
    }

    @Test func waitIsInSeconds() throws {
        #expect(try Self.step(#"{"wait": {"seconds": 60}}"#) == .wait(.seconds(60)))
        #expect(try Self.step(#"{"wait": {"seconds": 0}}"#) == .wait(.zero))
        #expect(try Self.step(#"{"wait": {"seconds": 1.5}}"#) == .wait(.milliseconds(1_500)))
    }

    @Test func expectTakesEveryKey() throws {
        let all = try Self.expectation(
            """
            {"status": "denied", "accuracy": "full", "prompt": "alwaysUpgrade", "result": "missingTemporaryPurposeKey",
             "delivered": 0, "lastFixPrecise": true, "diagnostics": ["authorizationDenied", "stationary"]}
            """
        )
        #expect(all.status == .denied)
        #expect(all.accuracy == .fullAccuracy)
        #expect(all.prompt == "alwaysUpgrade")
        #expect(all.result == "missingTemporaryPurposeKey")
        #expect(all.delivered == 0)
        #expect(all.lastFixPrecise == true)
        #expect(all.diagnostics == [.authorizationDenied, .stationary])
    }

    @Test func expectNamesEveryStatusPromptAndDiagnostic() throws {
        for status in AuthorizationStatus.allCases {
            #expect(try Self.expectation(#"{"status": "\#(status)"}"#).status == status)
        }
        for prompt in ["none", "whenInUse", "alwaysUpgrade", "temporaryFullAccuracy"] {
            #expect(try Self.expectation(#"{"prompt": "\#(prompt)"}"#).prompt == prompt)
        }
        #expect(try Self.expectation(#"{"accuracy": "reduced"}"#).accuracy == .reducedAccuracy)
        let ids = Diagnostic.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        #expect(try Self.expectation(#"{"diagnostics": [\#(ids)]}"#).diagnostics == Diagnostic.allCases)
    }

    @Test(arguments: [
        "authorizedWhenInUse", "denied", "notDetermined", "full", "reduced", "missingUsageDescription",
        "missingTemporaryPurposeKey", "notAuthorized", "regionMonitoringUnavailable", "backgroundModeMissing",
    ])
    func expectResultTakesStatusesAccuraciesAndErrorIDs(_ result: String) throws {
        #expect(try Self.expectation(#"{"result": "\#(result)"}"#).result == result)
    }
}
