import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// Running a scenario on another platform's rules.
extension ScenarioRunnerTests {
    @Test func theRunnerFollowsTheScenariosPlatform() async throws {
        var scenario = try Self.scenario(
            #"{"do": "requestWhenInUse"}, {"person": "allowWhileUsing", "precise": true}, "#
                + #"{"expect": {"status": "authorizedAlways"}}"#
        )
        scenario.platform = .macOS
        #expect(await ScenarioRunner(scenario).run().passed)
        scenario.platform = .iOS
        #expect(!(await ScenarioRunner(scenario).run().passed))
    }

    @Test func aMacAppAskedToGoToTheBackgroundIsNotedAsStayingInUse() async throws {
        var scenario = try Self.scenario(#"{"app": "background"}"#)
        scenario.platform = .macOS
        let step = try #require(await ScenarioRunner(scenario).run().steps.first)
        #expect(step.notes == ["a macOS app is not sent to the background: it stays in use"])
        scenario.platform = .iOS
        #expect(try #require(await ScenarioRunner(scenario).run().steps.first).notes == [])
    }
}
