import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// A long scenario is read one step at a time and run without keeping the reports of the steps that passed.
@Suite(.timeLimit(.minutes(5)))
struct LongScenarioTests {
    /// Steps that ask, are allowed, start updates, then `fixes` fixes a second apart and one failing expectation.
    static func steps(fixes: Int) -> String {
        let start = #"{"do": "requestWhenInUse"}, {"person": "allowWhileUsing"}, {"do": "startUpdates"}"#
        let moves = (0..<fixes).map {
            #"{"fix": {"lat": 52.\#(5000 + $0), "lon": 13.4, "accuracy": 8}}, {"wait": {"seconds": 1}}"#
        }
        return ([start] + moves + [#"{"expect": {"delivered": 0}}"#]).joined(separator: ",\n")
    }

    @Test func aRunKeepingOnlyFailedStepsCountsEveryStepAndKeepsTheFailedOne() async throws {
        let scenario = try ScenarioRunnerTests.scenario(Self.steps(fixes: 200))
        var printed = 0
        let report = await ScenarioRunner(scenario).run(keepingPassedSteps: false) { _ in printed += 1 }
        #expect(printed == 404)
        #expect(report.stepCount == 404)
        #expect(report.steps.map(\.step) == [404])
        #expect(!report.passed)
        #expect(report.failedSteps.first?.failures == ["delivered is 200, expected 0"])
    }

    @Test func stepsReadOneAtATimeGiveTheSameRunAsTheWholeDocument() async throws {
        let text =
            #"{"appID": "com.example.runner", "info": {"NSLocationWhenInUseUsageDescription": "Map."}, "#
            + #""steps": [\#(Self.steps(fixes: 20))]}"#
        let split = try Scenario(data: Data(text.utf8))
        // Two "steps" keys: the splitter declines the document, and the whole of it is parsed at once (the last wins).
        let whole = try Scenario(
            data: Data(text.replacingOccurrences(of: #"{"appID""#, with: #"{"steps": [], "appID""#).utf8)
        )
        #expect(split.steps.count == 44 && whole.steps.count == 44)
        let first = await ScenarioRunner(split).run()
        let second = await ScenarioRunner(whole).run()
        #expect(first == second)
    }

    @Test func aSyntaxErrorInsideAStepNamesItsLineInTheWholeFile() {
        let text =
            "{\"appID\": \"a.b\",\n\"steps\": [\n{\"do\": \"requestWhenInUse\"},\n{\"wait\": {\"seconds\": }}\n]}"
        let error = #expect(throws: ScenarioError.self) { try Scenario(data: Data(text.utf8)) }
        #expect(error?.description.contains("line 4, column") == true, "\(String(describing: error))")
    }
}
