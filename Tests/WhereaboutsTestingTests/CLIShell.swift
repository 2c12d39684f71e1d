import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a bash script that calls the built `whereabouts` (as `"$W"`), for what `Process` cannot set up: a closed or
/// full standard stream, a named FIFO, process substitution, a pipe whose reader stops, a signal.
///
/// The child is waited for without blocking a thread of the cooperative pool (a sleep between polls), and killed
/// after `seconds`: a run that hangs fails the test (``Result/timedOut``) instead of holding the test run.
enum CLIShell {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    /// Runs `script` with bash in a fresh folder (`$D`, removed afterwards), `$W` the binary and
    /// `XDG_DATA_HOME` inside the folder; the script's standard output and error are captured in files.
    static func run(_ script: String, in directory: URL? = nil, seconds: Double = 60) async throws -> Result {
        let folder = try directory ?? CLIRunner.temporaryDirectory()
        defer { if directory == nil { try? FileManager.default.removeItem(at: folder) } }
        let outURL = folder.appendingPathComponent("shell-stdout")
        let errURL = folder.appendingPathComponent("shell-stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["W"] = try CLIRunner.binary().path
        environment["D"] = folder.path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < seconds {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let timedOut = process.isRunning
        if timedOut {
            // The whole group: bash and what it started.
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try await Task.sleep(nanoseconds: 20_000_000) }
        }
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            timedOut: timedOut
        )
    }

    /// The options that make `track` run without a person: an answer, a consent file in `$D`.
    static let answered = "--answer while-using --precise --consent-file \"$D/consent.json\""

    /// A GPX track of `points` points, one a second (about 110 bytes a point).
    static func gpx(points: Int) -> String {
        var text = #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        text.reserveCapacity(points * 110 + 200)
        for index in 0..<points {
            let lat = String(format: "%.6f", 48.85 + Double(index) * 0.00001)
            text += "\n<trkpt lat=\"\(lat)\" lon=\"2.35\"><time>\(timestamp(index))</time></trkpt>"
        }
        return text + "\n</trkseg></trk></gpx>\n"
    }

    private static func timestamp(_ second: Int) -> String {
        let hours = second / 3600
        let minutes = second / 60 % 60
        return String(format: "2026-05-16T%02d:%02d:%02dZ", 10 + hours, minutes, second % 60)
    }
}
