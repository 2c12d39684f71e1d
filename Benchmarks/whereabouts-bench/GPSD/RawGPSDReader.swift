import Foundation
import Glibc
import WhereaboutsGPSD

/// A minimal gpsd client on a blocking socket and a thread of its own: it stamps CLOCK_MONOTONIC as soon as
/// `recv` returns bytes holding a TPV, before any parsing. Its latency is the floor any client can reach on this
/// machine (gpsd, the kernel's loopback, and the scheduler), against which the real clients are read.
///
/// It also keeps gpsd's greeting and one complete TPV line (one with `climb`, which gpsd adds from the second or
/// third fix on) for the throughput replay.
final class RawGPSDReader: @unchecked Sendable {
    // @unchecked: the mutable state is only touched while holding `lock`.
    private let lock = NSLock()
    private var stopped = false
    private var pairs: [(Double, String)] = []
    private var greetingLines: [String] = []
    private var template: String?

    /// Connects to gpsd on `port`, asks it to watch, and reads until ``stop()``.
    ///
    /// - Throws: ``BenchError`` when gpsd refuses the connection.
    init(port: Int) throws {
        guard let connection = LoopbackSocket.connect(port) else {
            throw BenchError("cannot connect to gpsd on port \(port)")
        }
        _ = Array(GPSDSource.watchCommand.utf8).withUnsafeBytes { LoopbackSocket.writeAll(connection, $0) }
        Thread.detachNewThread { [self] in
            defer { close(connection) }
            var pending: [UInt8] = []
            while !lock.withLock({ stopped }) {
                guard let bytes = LoopbackSocket.read(connection, timeout: 0.5) else { continue }
                let stamp = Measure.now()
                pending += bytes
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    take(line.trimmingCharacters(in: .whitespacesAndNewlines), at: stamp)
                }
            }
        }
    }

    private func take(_ line: String, at stamp: Double) {
        lock.withLock {
            guard line.contains(#""class":"TPV""#) else {
                if template == nil,
                    line.contains(#""class":"VERSION""#) || line.contains(#""class":"DEVICES""#)
                        || line.contains(#""class":"WATCH""#)
                {
                    greetingLines.append(line)
                }
                return
            }
            guard let range = line.range(of: #""time":""#), let end = line[range.upperBound...].firstIndex(of: "\"")
            else { return }
            pairs.append((stamp, String(line[range.upperBound..<end])))
            if template == nil, line.contains(#""climb""#) { template = line }
        }
    }

    /// Stops reading; the thread closes the connection within half a second.
    func stop() { lock.withLock { stopped = true } }

    /// gpsd's greeting (VERSION, DEVICES, WATCH), each line ending in CR LF, and a complete TPV, once seen.
    var recording: (greeting: String, tpv: String)? {
        lock.withLock {
            template.map { (greetingLines.map { $0 + "\r\n" }.joined(), $0) }
        }
    }

    /// (monotonic arrival, TPV time text) for every TPV read.
    var arrivals: [(Double, String)] { lock.withLock { pairs } }
}
