import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

/// Fixtures and helpers shared by the NMEA reader's tests.
enum NMEATestSupport {
    /// A fixture under `Fixtures/nmea`.
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "nmea", subdirectory: "Fixtures/nmea"))
    }

    /// Everything a reader produced: its events and the issues it reported.
    struct Result {
        var events: [SourceEvent] = []
        var issues: [ReplayIssue] = []

        var locations: [Location] {
            events.compactMap { if case let .location(location) = $0 { location } else { nil } }
        }

        var unavailable: [String] {
            events.compactMap { if case let .unavailable(message) = $0 { message } else { nil } }
        }
    }

    /// Collects issues from the `onIssue` closure.
    final class IssueLog {
        var issues: [ReplayIssue] = []
    }

    /// Reads a fixture to its end.
    static func read(_ name: String, defaultDate: DateComponents? = nil) throws -> Result {
        let log = IssueLog()
        var reader = try NMEAReader(contentsOf: url(name), defaultDate: defaultDate) { log.issues.append($0) }
        return try drain(&reader, log)
    }

    /// Reads sentences from memory to their end.
    static func read(text: String, defaultDate: DateComponents? = nil) throws -> Result {
        try read(data: Data(text.utf8), defaultDate: defaultDate)
    }

    /// Reads bytes from memory to their end.
    static func read(data: Data, defaultDate: DateComponents? = nil) throws -> Result {
        let log = IssueLog()
        var reader = NMEAReader(data: data, name: "mem.nmea", defaultDate: defaultDate) { log.issues.append($0) }
        return try drain(&reader, log)
    }

    static func drain(_ reader: inout NMEAReader, _ log: IssueLog) throws -> Result {
        var result = Result()
        while let event = try reader.next() { result.events.append(event) }
        result.issues = log.issues
        #expect(reader.issueCount == log.issues.count { !$0.isNotice })
        #expect(try reader.next() == nil)
        return result
    }

    /// `ddmm.mmmm` → degrees, as a test computes it independently of the reader.
    static func degrees(_ whole: Double, _ minutes: Double) -> Double {
        whole + minutes / 60
    }

    /// Seconds since 1970 of a UTC date and time, through `Calendar` (not the reader's arithmetic).
    static func utc(
        _ year: Int,
        _ month: Int,
        _ day: Int,
        _ hour: Int,
        _ minute: Int,
        _ second: Double
    ) throws
        -> Date
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        let date = try #require(calendar.date(from: components))
        return date.addingTimeInterval(second)
    }

    /// A sentence with its checksum: `$` body `*HH`.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" : "")\(hex)"
    }

    /// Metres per second in a knot.
    static let knots = 1852.0 / 3600

    /// Whether a number is present and agrees with the expected one to within a tolerance (1e-7:
    /// about a centimetre in degrees).
    static func close(_ actual: Double?, _ expected: Double, within tolerance: Double = 1e-7) -> Bool {
        guard let actual else { return false }
        return abs(actual - expected) <= tolerance
    }
}
