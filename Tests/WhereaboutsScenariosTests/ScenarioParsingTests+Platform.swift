import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// The scenario header's `"platform"`.
extension ScenarioParsingTests {
    @Test
    func aScenarioWithoutPlatformIsIOS() throws {
        #expect(try Self.parse(#"{"appID": "a.b", "steps": []}"#).platform == .iOS)
        #expect(try Scenario(data: Self.issueExample(), file: "issue-example.json").platform == .iOS)
    }

    @Test(arguments: Platform.allCases)
    func thePlatformIsReadFromTheHeader(_ platform: Platform) throws {
        let scenario = try Self.parse(#"{"appID": "a.b", "platform": "\#(platform)", "steps": []}"#)
        #expect(scenario.platform == platform)
    }

    @Test(arguments: [#""android""#, #""iOS""#, "3", "null"])
    func anUnknownPlatformIsAnErrorNamingTheFileAndTheAllowedValues(_ value: String) throws {
        let json = #"{"appID": "a.b", "platform": \#(value), "steps": []}"#
        let error = try #require(throws: ScenarioError.self) {
            try Scenario(data: Data(json.utf8), file: "watch.json")
        }
        #expect(error.file == "watch.json")
        #expect(error.step == nil)
        for name in ["\"platform\"", "\"ios\"", "\"macos\"", "\"watchos\"", "\"visionos\"", "\"tvos\""] {
            #expect(error.description.contains(name), "\(error)")
        }
    }
}
