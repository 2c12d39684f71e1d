import Foundation
import Testing
import WhereaboutsLint
import WhereaboutsTestSupport

/// The same project gives byte-identical output on every run, in every format: nothing a dictionary or a set
/// yields in its own order reaches a message, a position or the order of the findings.
@Suite(.timeLimit(.minutes(5)))
struct LintDeterminismTests {
    /// A target whose purpose strings are translated into seven `.lproj` folders (`Base`, `de`, `en`, `en-GB`,
    /// `fr`, `ja`, `ru`): which one a finding names used to follow a dictionary's order.
    static let fixture = "Lint-ManyLocalizations"

    @Test("a fresh Linter each time gives the same text, JSON and SARIF")
    func sameOutputInProcess() async throws {
        var renders: [LintReportFormat: Set<String>] = [:]
        for _ in 0..<6 {
            let report = try await LintEndToEndTests.lint(Self.fixture)
            for format in LintReportFormat.allCases {
                renders[format, default: []].insert(format.reporter.render(report))
            }
        }
        for format in LintReportFormat.allCases {
            #expect(renders[format]?.count == 1, "\(format): \(renders[format] ?? [])")
        }
    }

    @Test("the message for a key only in InfoPlist.strings names every copy, in the order of the language names")
    func localizedCopiesInOrder() async throws {
        let report = try await LintEndToEndTests.lint(Self.fixture)
        let missing = try #require(report.findings.first { $0.ruleID == "missing-usage-description" })
        let expected =
            "it is only in Courier/Base.lproj/InfoPlist.strings, Courier/de.lproj/InfoPlist.strings, "
            + "Courier/en.lproj/InfoPlist.strings and 4 more"
        #expect(missing.message.contains(expected), "\(missing.message)")
    }

    @Test("the development region's own .lproj (en) is judged, not another English one (en-GB)")
    func developmentRegionTranslationIsTheExactOne() async throws {
        let report = try await LintEndToEndTests.lint(Self.fixture)
        let vague = report.findings.filter { $0.ruleID == "vague-usage-description" }
        #expect(vague.count == 1, "\(vague.map(\.message))")
        #expect(vague.first?.position.file.hasSuffix("/Courier/en.lproj/InfoPlist.strings") == true)
    }

    @Test("two runs of the whereabouts binary, each with its own hash seed, print the same bytes")
    func sameOutputAcrossProcesses() async throws {
        let binary = try Self.binary()
        let root = try LintEndToEndTests.fixture(Self.fixture)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        for format in LintReportFormat.allCases {
            let first = try await Self.run(binary, ["lint", "--format", format.rawValue, root.path], environment)
            let second = try await Self.run(binary, ["lint", "--format", format.rawValue, root.path], environment)
            #expect(!first.isEmpty)
            #expect(first == second, "\(format) differs between runs")
        }
    }

    static func run(_ binary: URL, _ arguments: [String], _ environment: [String: String]) async throws -> Data {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("lint-determinism-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try await ChildProcess(process).exit()
        try handle.close()
        return try Data(contentsOf: output)
    }

    /// The `whereabouts` executable built next to the test bundle (`WHEREABOUTS_BINARY` overrides the search).
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["WHEREABOUTS_BINARY"] { return URL(fileURLWithPath: path) }
        var starts = [Bundle.module.bundleURL.deletingLastPathComponent()]
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("whereabouts")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        Issue.record("the whereabouts binary was not found next to the tests; run `swift build --build-tests` first")
        throw CocoaError(.fileNoSuchFile)
    }
}
