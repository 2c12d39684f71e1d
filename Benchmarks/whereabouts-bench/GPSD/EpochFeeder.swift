import Foundation
import Glibc
import Whereabouts

/// The GPS receiver gpsd reads: a TCP server on 127.0.0.1 that writes one NMEA epoch (`GPGGA` then `GPRMC`, so
/// gpsd ends the cycle on RMC at once) per interval and records the monotonic time of each `write`.
///
/// Epoch `n` carries GPS time ``start`` + `n` seconds, so a consumer matches a fix to its epoch by the fix's time.
/// Until ``release()`` it writes warm-up epochs every 50 ms (gpsd needs a few to detect the device and learn the
/// cycle); then `count` measured epochs at `interval`, then it stops writing.
final class EpochFeeder: @unchecked Sendable {
    // @unchecked: the mutable state is only touched while holding `lock`; the rest is immutable.
    /// GPS time of epoch 0: 2025-06-01T12:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_748_779_200)

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var released = false
    private var stopped = false
    private var done = false
    private var sendTimes: [Double] = []
    private var firstMeasured: Int?

    /// Listens on a free port; call ``run(count:interval:)`` to start writing.
    init() throws {
        (listener, port) = try LoopbackSocket.listen()
    }

    /// Starts the writer thread: waits (≤ 20 s) for gpsd to connect, warms up, then writes `count` epochs.
    func run(count: Int, interval: Double) {
        Thread.detachNewThread { [self] in
            defer { lock.withLock { done = true } }
            guard let connection = LoopbackSocket.accept(listener, timeout: 20) else { return }
            defer { close(connection) }
            var index = 0
            while !lock.withLock({ released || stopped }) {
                write(Self.epoch(index), to: connection, index: index)
                index += 1
                usleep(50_000)
            }
            lock.withLock { firstMeasured = index }
            let epochs = (index..<(index + count)).map { Self.epoch($0) }
            var next = Measure.now()
            for (offset, text) in epochs.enumerated() {
                if lock.withLock({ stopped }) { break }
                // Sleep, not spin: a spinning feeder would take a core from gpsd and the clients. The time is
                // stamped right before the write, so wake-up jitter does not enter the latency.
                let wait = next - Measure.now()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
                guard write(text, to: connection, index: index + offset) else { break }
                next += interval
            }
            // Hold the connection a moment so gpsd flushes the last cycle before it sees EOF.
            usleep(300_000)
        }
    }

    @discardableResult
    private func write(_ text: [UInt8], to connection: Int32, index: Int) -> Bool {
        let now = Measure.now()
        lock.withLock {
            if sendTimes.count <= index { sendTimes += [Double](repeating: .nan, count: index + 1 - sendTimes.count) }
            sendTimes[index] = now
        }
        return text.withUnsafeBytes { LoopbackSocket.writeAll(connection, $0) }
    }

    /// Ends warm-up: the measured epochs start now.
    func release() { lock.withLock { released = true } }

    /// Whether the measured epochs have all been written (or the feeder gave up).
    var isDone: Bool { lock.withLock { done } }

    /// Stops writing and closes the listener.
    func stop() {
        lock.withLock { stopped = true }
        close(listener)
    }

    /// The index of the first measured epoch, once warm-up is over.
    var measuredFrom: Int? { lock.withLock { firstMeasured } }

    /// The monotonic time epoch `index` was written, if it was.
    func sendTime(of index: Int) -> Double? {
        lock.withLock { sendTimes.indices.contains(index) && !sendTimes[index].isNaN ? sendTimes[index] : nil }
    }

    /// The epoch a fix time belongs to, when it is within a millisecond of a whole second after ``start``.
    static func index(of time: Date) -> Int? {
        let seconds = time.timeIntervalSince(start)
        let index = seconds.rounded()
        guard abs(seconds - index) < 0.001, index >= 0 else { return nil }
        return Int(index)
    }

    /// Epoch `index` as bytes: GGA then RMC, a drive north-east at 10 m/s from 52.52 N 13.405 E.
    static func epoch(_ index: Int) -> [UInt8] {
        let seconds = Double(index)
        let latitude = 52.520008 + seconds * 7.07 / 111_195
        let longitude = 13.404954 + seconds * 7.07 / (111_195 * cos(52.52 * .pi / 180))
        let clock = start.addingTimeInterval(seconds)
        let day = Int(clock.timeIntervalSince1970 / 86_400)
        let secondOfDay = Int(clock.timeIntervalSince1970) - day * 86_400
        let (year, month, dayOfMonth) = CivilCalendar.civil(day)
        let time = String(
            format: "%02d%02d%02d.00",
            secondOfDay / 3_600,
            secondOfDay / 60 % 60,
            secondOfDay % 60
        )
        let date = String(format: "%02d%02d%02d", dayOfMonth, month, year % 100)
        let lat = angle(latitude, degreeDigits: 2) + ",N"
        let lon = angle(longitude, degreeDigits: 3) + ",E"
        let gga = sentence("GPGGA,\(time),\(lat),\(lon),1,08,0.9,34.5,M,39.4,M,,")
        let rmc = sentence("GPRMC,\(time),A,\(lat),\(lon),19.438,45.0,\(date),,,A")
        return Array((gga + "\r\n" + rmc + "\r\n").utf8)
    }

    private static func sentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", body.utf8.reduce(UInt8(0), ^))
    }

    private static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let microMinutes = Int((degrees * 60_000_000).rounded())
        let minutes = microMinutes % 60_000_000
        return String(
            format: "%0\(degreeDigits)d%02d.%06d",
            microMinutes / 60_000_000,
            minutes / 1_000_000,
            minutes % 1_000_000
        )
    }
}
