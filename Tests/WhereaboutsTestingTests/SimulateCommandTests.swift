import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// Runs the built `whereabouts` binary, as a person would, and checks the `simulate` contract:
/// exit 0 when every expect holds, 1 when a step fails, 2 when the scenario is malformed.
@Suite(.timeLimit(.minutes(5)))
struct SimulateCommandTests {
    /// What one run of the binary printed and how it ended.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The keys of every `--format json` line: the contract `StepReport` encodes (`ScenarioRunnerTests`, in
    /// WhereaboutsScenariosTests, checks the same set on the library's reports).
    static let reportKeys: Set<String> = [
        "step", "kind", "action", "notes", "status", "accuracy", "prompt", "result", "delivered", "lastFixPrecise",
        "diagnostics", "ok", "failures",
    ]

    static func fixture(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "Fixtures/\(name).json is missing from the test bundle"
        )
        return url.path
    }

    /// Runs `whereabouts simulate ARGUMENTS` to its end.
    static func simulate(_ arguments: String...) async throws -> Output {
        let result = try await CLIRunner.run(["simulate"] + arguments)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    // MARK: - Exit codes

    @Test func withNoArgumentsTheDemoRunsAndPasses() async throws {
        let output = try await Self.simulate()
        let count = Scenario.demo.steps.count
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("Scenario built-in demo: com.example.wayfinder, \(count) steps\n"))
        #expect(output.stdout.contains("All \(count) steps passed."), "\(output.stdout)")
        #expect(!output.stdout.contains("✗"))
        #expect(output.stderr.isEmpty)
    }

    @Test func aPassingScenarioExitsZero() async throws {
        let path = try Self.fixture("passing")
        let output = try await Self.simulate("--scenario", path)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix("Scenario \(path): com.example.passing, 12 steps\n"))
        #expect(output.stdout.contains("All 12 steps passed."))
    }

    @Test func aFailingScenarioExitsOneNamingTheStepAndWhy() async throws {
        let output = try await Self.simulate("--scenario", try Self.fixture("failing"))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("1 of 4 steps failed:"), "\(output.stdout)")
        #expect(output.stdout.contains("step 3"), "\(output.stdout)")
        #expect(output.stdout.contains("status is denied, expected authorizedWhenInUse"), "\(output.stdout)")
        let summary = output.stdout.split(separator: "\n").first { $0.contains("step 3 (") }
        #expect(summary?.contains("status is denied, expected authorizedWhenInUse") == true, "\(output.stdout)")
        #expect(!output.stdout.contains("All 4 steps passed."))
    }

    @Test func aMalformedScenarioExitsTwoNamingTheFileTheStepAndTheProblem() async throws {
        let path = try Self.fixture("malformed")
        let output = try await Self.simulate("--scenario", path)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains(path), "\(output.stderr)")
        #expect(output.stderr.contains("step 2"), "\(output.stderr)")
        #expect(output.stderr.contains("unknown key \"loudly\""), "\(output.stderr)")
        #expect(output.stdout.isEmpty, "nothing runs: \(output.stdout)")
    }

    @Test func aMissingScenarioFileExitsTwoNamingIt() async throws {
        let output = try await Self.simulate("--scenario", "/nonexistent.json")
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("/nonexistent.json"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    // MARK: - Formats

    @Test func formatJSONPrintsOneObjectPerStepWithEveryKey() async throws {
        let output = try await Self.simulate("--format", "json")
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.stdout.hasSuffix("\n"))
        #expect(lines.count == Scenario.demo.steps.count)
        for (offset, line) in lines.enumerated() {
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            let object = try #require(parsed as? [String: Any], "line \(offset + 1) is not a JSON object: \(line)")
            #expect(Set(object.keys) == Self.reportKeys, "line \(offset + 1)")
            #expect(object["step"] as? Int == offset + 1)
            #expect(object["ok"] as? Bool == true)
        }
    }

    @Test func formatJSONStillExitsOneAndNamesTheFailedStep() async throws {
        let output = try await Self.simulate("--scenario", try Self.fixture("failing"), "--format", "json")
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        let objects = try output.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(objects.count == 4)
        #expect(objects.map { $0["ok"] as? Bool } == [true, true, false, true])
        #expect(objects[2]["failures"] as? [String] == ["status is denied, expected authorizedWhenInUse"])
        #expect(objects[0]["result"] is NSNull)
        #expect(output.stderr.contains("step 3"), "\(output.stderr)")
        #expect(output.stderr.contains("status is denied, expected authorizedWhenInUse"), "\(output.stderr)")
    }

    @Test func printScenarioPrintsTheDemoAsAScenario() async throws {
        let output = try await Self.simulate("--print-scenario")
        #expect(output.status == 0, "\(output.stderr)")
        let printed = try Scenario(data: Data(output.stdout.utf8), file: "printed")
        let demo = Scenario.demo
        #expect(printed.appID == demo.appID)
        #expect(printed.info == demo.info)
        #expect(printed.device == demo.device)
        #expect(printed.steps == demo.steps)
    }
}
