import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// The scenario contract's termination-and-relaunch names: `{"app": "launchInBackground", "reason": …}` and `expect`'s
/// `appState`, `launchReason` and `launchEvent`; the old `app` steps keep their meaning.
@Suite(.timeLimit(.minutes(5)))
struct ScenarioRelaunchParsingTests {
    @Test(arguments: LaunchReason.allCases)
    func launchInBackgroundTakesEachReasonByItsName(_ reason: LaunchReason) throws {
        let step = try ScenarioParsingTests.step(#"{"app": "launchInBackground", "reason": "\#(reason.rawValue)"}"#)
        #expect(step == .launchInBackground(reason))
    }

    @Test func theOldAppStepsKeepTheirMeaning() throws {
        for event in LifecycleEvent.allCases {
            #expect(try ScenarioParsingTests.step(#"{"app": "\#(event.rawValue)"}"#) == .app(event))
        }
    }

    @Test func launchInBackgroundWithoutAKnownReasonNamesTheStepAndTheReasons() throws {
        for json in [#"{"app": "launchInBackground"}"#, #"{"app": "launchInBackground", "reason": "geofence"}"#] {
            let error = try #require(throws: ScenarioError.self) {
                try ScenarioParsingTests.parse(#"{"appID": "a", "steps": [\#(json)]}"#, file: "relaunch.json")
            }
            #expect(error.file == "relaunch.json")
            #expect(error.step == 1)
            #expect(error.message.contains("\"regionExit\""))
            #expect(error.message.contains("\"backgroundActivitySession\""))
        }
    }

    @Test func anUnknownAppStepListsLaunchInBackgroundAmongTheNames() throws {
        let error = try #require(throws: ScenarioError.self) {
            try ScenarioParsingTests.parse(#"{"appID": "a", "steps": [{"app": "relaunch"}]}"#)
        }
        #expect(error.message.contains("\"terminate\", \"launchInBackground\""))
    }

    @Test func aReasonOnAnotherAppStepIsAnUnknownKey() throws {
        let error = try #require(throws: ScenarioError.self) {
            try ScenarioParsingTests.parse(#"{"appID": "a", "steps": [{"app": "launch", "reason": "visit"}]}"#)
        }
        #expect(error.message.contains("unknown key \"reason\""))
    }

    @Test func expectReadsAppStateLaunchReasonAndLaunchEvent() throws {
        let expectation = try ScenarioParsingTests.expectation(
            #"{"appState": "background", "launchReason": "regionExit", "launchEvent": "lost"}"#
        )
        #expect(expectation.appState == .background)
        #expect(expectation.launchReason == "regionExit")
        #expect(expectation.launchEvent == "lost")
        #expect(try ScenarioParsingTests.expectation(#"{"launchReason": "none"}"#).launchReason == "none")
        #expect(throws: ScenarioError.self) { try ScenarioParsingTests.expectation(#"{"appState": "suspended"}"#) }
        #expect(throws: ScenarioError.self) { try ScenarioParsingTests.expectation(#"{"launchEvent": "dropped"}"#) }
    }
}
