import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C stops `track` at once, even when the engine has handed the output many fixes it has not
/// printed yet (`--speed max` with every fix precise: the reader outruns the JSON writer).
@Suite(.timeLimit(.minutes(5)))
struct TrackInterruptTests {
    @Test("Ctrl-C during a --speed max precise replay stops track within 5 s, with its summary")
    func interruptStopsPromptly() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("big.gpx")
        // Written on a thread of its own: 20 MB of writes can wait on a busy disk, and must not hold the pool.
        _ = try await onThreadOfItsOwn { try TrackMemoryTests.writeTrack(to: track, bytes: 20_000_000) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = [
            "track", "--source", track.path, "--answer", "while-using", "--precise",
            "--format", "ndjson", "--speed", "max", "--loop", "forever",
            "--consent-file", directory.appendingPathComponent("c.json").path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let child = try ChildProcess(process)
        // Let fixes flow for a second after the first one is printed (bounded: 60 s to start).
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 60,
            ((try? FileManager.default.attributesOfItem(atPath: outURL.path)[.size] as? Int) ?? 0) == 0
        {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        try await Task.sleep(nanoseconds: 1_000_000_000)
        try #require(process.isRunning, "track ended before Ctrl-C")
        kill(process.processIdentifier, SIGINT)
        let interrupted = Date()
        while process.isRunning, Date().timeIntervalSince(interrupted) < 60 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        if process.isRunning {
            process.terminate()
        }
        await child.exit()
        // From the signal to the moment Foundation saw the child end: the polling above may wake late on a busy pool.
        let seconds = (child.endedAt ?? Date()).timeIntervalSince(interrupted)
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(seconds < 5, "track took \(seconds) s to stop after Ctrl-C")
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("Wayfinder received"), "\(stderr)")
    }
}
