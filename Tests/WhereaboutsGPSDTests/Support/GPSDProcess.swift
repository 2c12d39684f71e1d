import Foundation
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real gpsd, started by a test on free loopback ports and fed by an ``NMEAFeeder``.
///
/// It runs `gpsd -N -n -b -S PORT -F SOCKET -P PIDFILE tcp://127.0.0.1:FEEDPORT` in the
/// foreground (no fork, no systemd) from a temporary directory of its own, and is ready once
/// its port accepts connections. Signals go only to the PID this value started.
///
/// gpsd does not reconnect to a `tcp://` device that dropped, so keep the feeder running
/// across ``kill()`` and ``restart()``: a new gpsd connects to it anew.
///
/// ```swift
/// let feeder = try await NMEAFeeder.start()
/// let gpsd = try await GPSDProcess.start(feederPort: feeder.port)
/// await gpsd.kill()          // a crash: SIGKILL
/// try await gpsd.restart()   // same ports
/// await gpsd.stop()          // SIGTERM, then SIGKILL if it lingers
/// ```
actor GPSDProcess {
    /// Where gpsd is installed: `/usr/sbin/gpsd`, `/usr/local/sbin/gpsd`, or on `PATH`.
    static let executable: String? = {
        let fileManager = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates =
            ["/usr/sbin/gpsd", "/usr/local/sbin/gpsd"]
            + path.split(separator: ":").map { "\($0)/gpsd" }
        return candidates.first { fileManager.isExecutableFile(atPath: $0) }
    }()

    /// Whether gpsd is installed, so the integration tests can run.
    static var isAvailable: Bool { executable != nil }

    /// The port gpsd serves JSON on.
    nonisolated let port: Int
    /// The feeder's port, gpsd's one device.
    nonisolated let feederPort: Int
    /// The directory holding gpsd's control socket, PID file and log.
    nonisolated let directory: URL

    private let executable: String
    private var child: ChildProcess?
    /// The PIDs started, in order.
    private(set) var pids: [Int32] = []
    /// For each start, how long until the port accepted connections.
    private(set) var readyTimes: [Duration] = []

    private init(executable: String, port: Int, feederPort: Int, directory: URL) {
        self.executable = executable
        self.port = port
        self.feederPort = feederPort
        self.directory = directory
    }

    /// Starts gpsd on a free port, reading NMEA from the feeder, and waits until it accepts
    /// connections.
    ///
    /// - Parameter feederPort: The port of the NMEA feeder on 127.0.0.1.
    /// - Returns: The running gpsd.
    /// - Throws: ``GPSDProcessError`` when gpsd is missing, exits, or does not accept within 20 s.
    static func start(feederPort: Int) async throws -> GPSDProcess {
        guard let executable else {
            throw GPSDProcessError("gpsd is not installed: apt-get install -y --no-install-recommends gpsd")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-gpsd-\(UUID().uuidString)")
        let gpsd = GPSDProcess(
            executable: executable,
            port: try await LoopbackPort.free(),
            feederPort: feederPort,
            directory: directory
        )
        try await gpsd.launch()
        return gpsd
    }

    /// The PID of the running gpsd, if it runs.
    var pid: Int32? {
        guard let child, child.isRunning else { return nil }
        return child.pid
    }

    /// Whether the gpsd this value started is running.
    var isRunning: Bool { pid != nil }

    /// What gpsd wrote to standard output and error, over all its starts.
    var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("gpsd.log"), encoding: .utf8)) ?? ""
    }

    /// Kills gpsd with SIGKILL, as a crash would, and waits (≤ 2 s) until it is gone.
    func kill() async {
        guard let child, child.isRunning else { return }
        child.send(SIGKILL)
        await child.exit()
    }

    /// How ``stop()`` ended gpsd.
    enum Stop: Hashable, Sendable {
        /// It was not running.
        case notRunning
        /// It exited on SIGTERM.
        case terminated
        /// It ignored SIGTERM for 10 s and was killed.
        case killed
    }

    /// Stops gpsd with SIGTERM, waits (≤ 10 s: gpsd exits at once, but a loaded machine can take seconds to run it), and
    /// sends SIGKILL if it is still there.
    /// The temporary directory is removed; ``restart()`` makes it again.
    ///
    /// - Returns: How gpsd ended.
    @discardableResult
    func stop() async -> Stop {
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let child, child.isRunning else { return .notRunning }
        child.send(SIGTERM)
        return await child.exit(within: .seconds(10)) ? .terminated : .killed
    }

    /// Starts gpsd again on the same ports (stopping it first if it runs), and waits until it
    /// accepts connections.
    ///
    /// - Throws: ``GPSDProcessError`` when gpsd exits or does not accept within 20 s.
    func restart() async throws {
        if isRunning { await stop() }
        try await launch()
    }

    private func launch() async throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let logURL = directory.appendingPathComponent("gpsd.log")
        if !fileManager.fileExists(atPath: logURL.path) {
            _ = fileManager.createFile(atPath: logURL.path, contents: nil)
        }
        let output = try FileHandle(forWritingTo: logURL)
        defer { try? output.close() }
        try output.seekToEnd()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-N", "-n", "-b",
            "-S", String(port),
            "-F", directory.appendingPathComponent("gpsd.sock").path,
            "-P", directory.appendingPathComponent("gpsd.pid").path,
            "tcp://127.0.0.1:\(feederPort)",
        ]
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let clock = ContinuousClock()
        let started = clock.now
        let child = try ChildProcess(process)  // started with no signal blocked, so gpsd obeys SIGTERM
        self.child = child
        pids.append(child.pid)

        let deadline = started.advanced(by: .seconds(20))  // generous: a loaded 2-core CI machine
        while clock.now < deadline {
            if !child.isRunning {
                throw GPSDProcessError(
                    "gpsd exited with status \(process.terminationStatus) before accepting on port \(port):\n\(log)"
                )
            }
            if await LoopbackPort.accepts(port) {
                readyTimes.append(started.duration(to: clock.now))
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let lastLog = log
        await stop()
        throw GPSDProcessError("gpsd did not accept connections on port \(port) within 20 s:\n\(lastLog)")
    }
}

/// Why gpsd could not be started.
struct GPSDProcessError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
