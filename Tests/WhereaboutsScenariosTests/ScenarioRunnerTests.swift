import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

@Suite(.timeLimit(.minutes(5)))
struct ScenarioRunnerTests {
    /// The keys `--format json` prints for every step.
    static let reportKeys: Set<String> = [
        "step", "kind", "action", "notes", "status", "accuracy", "prompt", "result", "delivered", "lastFixPrecise",
        "diagnostics", "ok", "failures",
    ]

    static func fixture(_ name: String) throws -> Scenario {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "Fixtures/\(name).json is missing from the test bundle"
        )
        return try Scenario(contentsOf: url)
    }

    static func scenario(
        _ steps: String,
        info: String = #"{"NSLocationWhenInUseUsageDescription": "Map."}"#
    )
        throws -> Scenario
    {
        try Scenario(data: Data(#"{"appID": "com.example.runner", "info": \#(info), "steps": [\#(steps)]}"#.utf8))
    }

    // MARK: - Passing and failing

    @Test func theBuiltInDemoPasses() async {
        let report = await ScenarioRunner(.demo).run()
        #expect(report.steps.count == Scenario.demo.steps.count)
        #expect(report.steps.map(\.step) == Array(1...Scenario.demo.steps.count))
        #expect(report.passed, "\(report.failedSteps)")
        #expect(report.failedSteps.isEmpty)
    }

    @Test func thePassingFixturePasses() async throws {
        let report = await ScenarioRunner(try Self.fixture("passing")).run()
        #expect(report.passed, "\(report.failedSteps)")
        #expect(report.steps.count == 12)
    }

    @Test func theIssueExampleRunsAsWritten() async throws {
        let report = await ScenarioRunner(try Self.fixture("issue-example")).run()
        let failures = report.failedSteps.map { "step \($0.step): \($0.failures.joined(separator: "; "))" }
        #expect(failures == [], "issue 2, item 8's own example must pass as written")
    }

    @Test func aFailedExpectReportsItsStepAndWhatWasFoundAndExpected() async throws {
        let report = await ScenarioRunner(try Self.fixture("failing")).run()
        #expect(!report.passed)
        #expect(report.failedSteps.map(\.step) == [3])
        let failed = try #require(report.failedSteps.first)
        #expect(failed.kind == "expect")
        #expect(!failed.ok)
        #expect(failed.failures == ["status is denied, expected authorizedWhenInUse"])
        // The step after it still runs and holds.
        try #require(report.steps.count == 4)
        #expect(report.steps[3].ok)
        #expect(report.steps[3].status == .denied)
    }

    @Test func everyUnmetExpectationIsListed() async throws {
        let scenario = try Self.scenario(
            """
            {"do": "requestWhenInUse"},
            {"expect": {"status": "denied", "accuracy": "reduced", "prompt": "none", "result": "denied",
                        "delivered": 2, "lastFixPrecise": true, "diagnostics": ["stationary"]}}
            """
        )
        let report = await ScenarioRunner(scenario).run()
        let failed = try #require(report.failedSteps.first)
        #expect(report.failedSteps.count == 1)
        #expect(failed.step == 2)
        #expect(
            failed.failures == [
                "status is notDetermined, expected denied",
                "accuracy is full, expected reduced",
                "prompt is whenInUse, expected none",
                "result is none (no request completed yet), expected denied",
                "delivered is 0, expected 2",
                "lastFixPrecise: the app has received no fix yet, expected true",
                "diagnostic stationary is missing (present: authorizationRequestInProgress)",
            ]
        )
    }

    @Test func anAnswerWithNoPromptShowingFailsItsStep() async throws {
        let scenario = try Self.scenario(
            #"{"app": "launch"}, {"person": "allowOnce"}, {"expect": {"status": "notDetermined"}}"#
        )
        let report = await ScenarioRunner(scenario).run()
        #expect(report.failedSteps.map(\.step) == [2])
        let failed = try #require(report.failedSteps.first)
        #expect(failed.kind == "person")
        #expect(failed.failures == ["the person answers allowOnce, but no prompt is showing"])
        try #require(report.steps.count == 3)
        #expect(report.steps[2].ok)
    }

    @Test func anAnswerToAnotherPromptFailsItsStep() async throws {
        let scenario = try Self.scenario(#"{"do": "requestWhenInUse"}, {"person": "allowPrecise"}"#)
        let report = await ScenarioRunner(scenario).run()
        let failed = try #require(report.failedSteps.first)
        #expect(failed.step == 2)
        #expect(failed.failures.count == 1)
        #expect(failed.failures.first?.contains("the prompt showing is whenInUse") == true, "\(failed.failures)")
        #expect(failed.prompt == "whenInUse")
    }

    @Test func aRequestWithoutItsUsageDescriptionResultsInTheErrorID() async throws {
        let scenario = try Self.scenario(
            #"{"do": "requestWhenInUse"}, {"expect": {"status": "notDetermined", "prompt": "none", "#
                + #""result": "missingUsageDescription"}}"#,
            info: "{}"
        )
        let report = await ScenarioRunner(scenario).run()
        #expect(report.passed, "\(report.failedSteps)")
        let first = try #require(report.steps.first)
        #expect(first.notes.contains { $0.contains("NSLocationWhenInUseUsageDescription") })
    }

    // MARK: - Determinism and reporting

    @Test func theSameScenarioGivesTheSameReportEveryTime() async throws {
        let first = await ScenarioRunner(.demo).run()
        let second = await ScenarioRunner(.demo).run()
        #expect(first == second)
        let failing = try Self.fixture("failing")
        #expect(await ScenarioRunner(failing).run() == ScenarioRunner(failing).run())
    }

    @Test func onStepSeesEveryReportInOrder() async throws {
        let box = Reports()
        let report = await ScenarioRunner(try Self.fixture("passing")).run { box.append($0) }
        #expect(box.reports == report.steps)
    }

    @Test func aStepReportEncodesEveryKeyWithNullsForAbsentValues() async throws {
        let report = await ScenarioRunner(try Self.scenario(#"{"app": "launch"}"#)).run()
        let step = try #require(report.steps.first)
        #expect(step.result == nil && step.lastFixPrecise == nil)
        let object = try Self.jsonObject(JSONEncoder().encode(step))
        #expect(Set(object.keys) == Self.reportKeys)
        #expect(object["step"] as? Int == 1)
        #expect(object["kind"] as? String == "app")
        #expect(object["action"] as? String == "launch")
        #expect(object["notes"] as? [String] == [])
        #expect(object["status"] as? String == "notDetermined")
        #expect(object["accuracy"] as? String == "full")
        #expect(object["prompt"] as? String == "none")
        #expect(object["result"] is NSNull)
        #expect(object["delivered"] as? Int == 0)
        #expect(object["lastFixPrecise"] is NSNull)
        #expect(object["diagnostics"] as? [String] != nil)
        #expect(object["ok"] as? Bool == true)
        #expect(object["failures"] as? [String] == [])
    }

    @Test func aFailedStepEncodesItsFailures() async throws {
        let report = await ScenarioRunner(try Self.fixture("failing")).run()
        try #require(report.steps.count == 4)
        let object = try Self.jsonObject(JSONEncoder().encode(report.steps[2]))
        #expect(Set(object.keys) == Self.reportKeys)
        #expect(object["ok"] as? Bool == false)
        #expect(object["failures"] as? [String] == ["status is denied, expected authorizedWhenInUse"])
        #expect(object["result"] as? String == "denied")
        #expect(object["status"] as? String == "denied")
    }

    @Test func everyDemoStepEncodesTheSameKeys() async throws {
        let report = await ScenarioRunner(.demo).run()
        for step in report.steps {
            let object = try Self.jsonObject(JSONEncoder().encode(step))
            #expect(Set(object.keys) == Self.reportKeys, "step \(step.step)")
        }
    }

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return try #require(object as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }
}

/// Collects reports from `onStep`, which the runner calls on its own task, one at a time.
private final class Reports: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var stored: [StepReport] = []

    var reports: [StepReport] { lock.withLock { stored } }

    func append(_ report: StepReport) { lock.withLock { stored.append(report) } }
}
