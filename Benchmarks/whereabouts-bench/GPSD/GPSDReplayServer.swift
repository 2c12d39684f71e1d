import Foundation
import Glibc
import Whereabouts

/// A stand-in for gpsd that replays real gpsd output as fast as a client reads it, to measure the clients.
///
/// A real gpsd fed by a TCP device emits one TPV per NMEA cycle and paces itself on its input, so it cannot load
/// a client. This server sends the greeting gpsd sent (VERSION, DEVICES, WATCH) and then `count` copies of a TPV
/// line recorded from the real gpsd in the same run, each with its `time` moved on by one second, in one
/// blocking write stream (the kernel's socket buffer paces it on the reader). One client per connection; it waits
/// for the client's `?WATCH` first and closes when the client does.
final class GPSDReplayServer: @unchecked Sendable {
    // @unchecked: all state is immutable after init; the listener is closed in stop().
    let port: Int
    let count: Int
    private let listener: Int32
    private let payload: [UInt8]

    /// Builds the payload and listens on a free port.
    ///
    /// - Parameters:
    ///   - greeting: gpsd's greeting lines, each ending in CR LF.
    ///   - tpv: One TPV line with a `"time":"…Z"` field.
    ///   - count: How many TPVs to send per connection.
    /// - Throws: ``BenchError`` when the TPV line has no time field or the socket cannot be opened.
    init(greeting: String, tpv: String, count: Int) throws {
        guard let range = tpv.range(of: #""time":""#),
            let end = tpv[range.upperBound...].firstIndex(of: "\"")
        else { throw BenchError("the recorded TPV has no time field: \(tpv)") }
        let before = Array(tpv[..<range.upperBound].utf8)
        let after = Array(tpv[end...].utf8) + Array("\r\n".utf8)
        var payload = Array(greeting.utf8)
        payload.reserveCapacity(payload.count + count * (before.count + after.count + 24))
        for index in 0..<count {
            payload += before
            payload += Self.isoTime(EpochFeeder.start.addingTimeInterval(Double(index)))
            payload += after
        }
        self.payload = payload
        self.count = count
        (listener, port) = try LoopbackSocket.listen()
    }

    /// Bytes sent per connection.
    var payloadSize: Int { payload.count }

    /// Serves `connections` clients one after the other on a thread of its own.
    func serve(connections: Int) {
        Thread.detachNewThread { [self] in
            for _ in 0..<connections {
                guard let connection = LoopbackSocket.accept(listener, timeout: 60) else { return }
                var command = ""
                while !command.contains("?WATCH"), let bytes = LoopbackSocket.read(connection, timeout: 5) {
                    command += String(decoding: bytes, as: UTF8.self)
                }
                _ = payload.withUnsafeBytes { LoopbackSocket.writeAll(connection, $0) }
                while LoopbackSocket.read(connection, timeout: 60) != nil {}
                close(connection)
            }
        }
    }

    /// Closes the listener.
    func stop() { close(listener) }

    /// `2025-06-01T12:00:07.000Z`.
    static func isoTime(_ date: Date) -> [UInt8] {
        let seconds = Int(date.timeIntervalSince1970)
        let day = seconds / 86_400
        let (year, month, dayOfMonth) = CivilCalendar.civil(day)
        let second = seconds - day * 86_400
        return Array(
            String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z",
                year,
                month,
                dayOfMonth,
                second / 3_600,
                second / 60 % 60,
                second % 60
            ).utf8
        )
    }
}
