import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// Runs the built `whereabouts` binary, as a person would, and checks the `simulate` contract:
/// exit 0 when every expect holds, 1 when a step fails, 2 when the scenario is malformed.
struct SimulateCommandTests {
    /// What one run of the binary printed and how it ended.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func fixture(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "Fixtures/\(name).json is missing from the test bundle"
        )
        return url.path
    }

    /// The `whereabouts` executable that `swift test` built next to the test bundle.
    ///
    /// `WHEREABOUTS_BINARY` overrides the search; otherwise the directories of the test runner, of the
    /// main bundle, of any `.xctest` bundle and of this target's resource bundle (and their parents) are
    /// searched for a file named `whereabouts`.
    static func binary() throws -> URL {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["WHEREABOUTS_BINARY"] {
            try #require(fileManager.isExecutableFile(atPath: path), "WHEREABOUTS_BINARY=\(path) is not an executable")
            return URL(fileURLWithPath: path)
        }
        var starts: [URL] = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.module.bundleURL.deletingLastPathComponent(),
        ]
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        var tried: [String] = []
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("whereabouts")
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    fileManager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                tried.append(candidate.path)
                directory.deleteLastPathComponent()
            }
        }
        let searched = Array(Set(tried)).sorted().joined(separator: "\n  ")
        let message = "the whereabouts binary was not found; build it with `swift build` (or set "
            + "WHEREABOUTS_BINARY). Tried:\n  \(searched)"
        Issue.record(Comment(rawValue: message))
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs `whereabouts simulate ARGUMENTS` to its end.
    ///
    /// Output goes to temporary files rather than pipes, so the child can never block on a full pipe
    /// while this side waits for it to exit.
    static func simulate(_ arguments: String...) throws -> Output {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-simulate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["simulate"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    // MARK: - Exit codes

    @Test func withNoArgumentsTheDemoRunsAndPasses() throws {
        let output = try Self.simulate()
        let count = Scenario.demo.steps.count
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("Scenario built-in demo: com.example.wayfinder, \(count) steps\n"))
        #expect(output.stdout.contains("All \(count) steps passed."), "\(output.stdout)")
        #expect(!output.stdout.contains("✗"))
        #expect(output.stderr.isEmpty)
    }

    @Test func aPassingScenarioExitsZero() throws {
        let path = try Self.fixture("passing")
        let output = try Self.simulate("--scenario", path)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix("Scenario \(path): com.example.passing, 12 steps\n"))
        #expect(output.stdout.contains("All 12 steps passed."))
    }

    @Test func aFailingScenarioExitsOneNamingTheStepAndWhy() throws {
        let output = try Self.simulate("--scenario", try Self.fixture("failing"))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("1 of 4 steps failed:"), "\(output.stdout)")
        #expect(output.stdout.contains("step 3"), "\(output.stdout)")
        #expect(output.stdout.contains("status is denied, expected authorizedWhenInUse"), "\(output.stdout)")
        let summary = output.stdout.split(separator: "\n").first { $0.contains("step 3 (") }
        #expect(summary?.contains("status is denied, expected authorizedWhenInUse") == true, "\(output.stdout)")
        #expect(!output.stdout.contains("All 4 steps passed."))
    }

    @Test func aMalformedScenarioExitsTwoNamingTheFileTheStepAndTheProblem() throws {
        let path = try Self.fixture("malformed")
        let output = try Self.simulate("--scenario", path)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains(path), "\(output.stderr)")
        #expect(output.stderr.contains("step 2"), "\(output.stderr)")
        #expect(output.stderr.contains("unknown key \"loudly\""), "\(output.stderr)")
        #expect(output.stdout.isEmpty, "nothing runs: \(output.stdout)")
    }

    @Test func aMissingScenarioFileExitsTwoNamingIt() throws {
        let output = try Self.simulate("--scenario", "/nonexistent.json")
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("/nonexistent.json"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    // MARK: - Formats

    @Test func formatJSONPrintsOneObjectPerStepWithEveryKey() throws {
        let output = try Self.simulate("--format", "json")
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.stdout.hasSuffix("\n"))
        #expect(lines.count == Scenario.demo.steps.count)
        for (offset, line) in lines.enumerated() {
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            let object = try #require(parsed as? [String: Any], "line \(offset + 1) is not a JSON object: \(line)")
            #expect(Set(object.keys) == ScenarioRunnerTests.reportKeys, "line \(offset + 1)")
            #expect(object["step"] as? Int == offset + 1)
            #expect(object["ok"] as? Bool == true)
        }
    }

    @Test func formatJSONStillExitsOneAndNamesTheFailedStep() throws {
        let output = try Self.simulate("--scenario", try Self.fixture("failing"), "--format", "json")
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

    @Test func printScenarioPrintsTheDemoAsAScenario() throws {
        let output = try Self.simulate("--print-scenario")
        #expect(output.status == 0, "\(output.stderr)")
        let printed = try Scenario(data: Data(output.stdout.utf8), file: "printed")
        let demo = Scenario.demo
        #expect(printed.appID == demo.appID)
        #expect(printed.info == demo.info)
        #expect(printed.device == demo.device)
        #expect(printed.steps == demo.steps)
    }
}
