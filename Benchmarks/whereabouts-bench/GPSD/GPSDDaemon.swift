import Foundation

/// A real gpsd on a free loopback port, reading NMEA from the bench's feeder through a `tcp://` device.
///
/// It runs `gpsd -N -n -b -S PORT -F SOCKET -P PIDFILE tcp://127.0.0.1:FEEDPORT` in the foreground from a folder
/// of its own under the scratch folder, and is ready once its port accepts connections.
final class GPSDDaemon: Sendable {
    /// Where gpsd is installed, or nil.
    static let executable: String? =
        ["/usr/sbin/gpsd", "/usr/local/sbin/gpsd"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? Measure.which("gpsd")

    /// The port gpsd serves JSON on.
    let port: Int
    /// gpsd's own log (standard error).
    let logPath: String
    private let process: ChildProcess

    /// Starts gpsd and waits (up to 20 s) until it accepts connections.
    ///
    /// - Parameters:
    ///   - feederPort: The NMEA feeder's port on 127.0.0.1.
    ///   - folder: Where gpsd's control socket, PID file and log go.
    /// - Throws: ``BenchError`` when gpsd is missing, exits, or never accepts.
    init(feederPort: Int, folder: URL) throws {
        guard let executable = Self.executable else {
            throw BenchError("gpsd is not installed: apt-get install -y --no-install-recommends gpsd")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try LoopbackSocket.freePort()
        logPath = folder.appendingPathComponent("gpsd.log").path
        process = try ChildProcess(
            executable,
            [
                "-N", "-n", "-b", "-S", String(port),
                "-F", folder.appendingPathComponent("gpsd.sock").path,
                "-P", folder.appendingPathComponent("gpsd.pid").path,
                "tcp://127.0.0.1:\(feederPort)",
            ],
            errorPath: logPath
        )
        let deadline = Measure.now() + 20
        while !LoopbackSocket.accepts(port) {
            guard process.isRunning, Measure.now() < deadline else {
                process.stop()
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw BenchError("gpsd did not accept connections on port \(port) within 20 s; its log:\n\(log)")
            }
            usleep(10_000)
        }
    }

    /// Stops gpsd (SIGTERM, then SIGKILL after 2 s).
    func stop() {
        process.stop()
    }
}
