import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `whereabouts` binary as a person would, with files (not pipes) for output so
/// the child never blocks on a full pipe.
enum CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
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
        let message =
            "the whereabouts binary was not found; build it with `swift build` (or set "
            + "WHEREABOUTS_BINARY). Tried:\n  \(searched)"
        Issue.record(Comment(rawValue: message))
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs `whereabouts ARGUMENTS` to its end, with `input` (or nothing) on standard input.
    ///
    /// The wait suspends (``ChildProcess``) instead of holding a thread of the cooperative pool; the test's time
    /// limit cancelling it kills the child.
    static func run(
        _ arguments: [String],
        input: Data? = nil,
        environment: [String: String] = [:]
    ) async throws -> Output {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        let inURL = directory.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: input ?? Data())
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)

        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.standardInput = input == nil ? FileHandle.nullDevice : inHandle
        process.standardOutput = out
        process.standardError = err
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let status = try await ChildProcess(process).exit()
        try out.close()
        try err.close()
        try inHandle.close()
        return Output(
            status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("whereabouts-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
