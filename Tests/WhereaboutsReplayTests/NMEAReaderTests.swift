import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// Well-formed logs: fixes, epochs, dates, speeds and accuracies.
@Suite(.timeLimit(.minutes(5)))
struct NMEAReaderTests {
    @Test func gpOnlyLogGivesOneFixPerEpoch() throws {
        let result = try Support.read("gp-only")
        #expect(result.issues.isEmpty)
        #expect(result.events.count == 3)
        let fixes = result.locations
        try #require(fixes.count == 3)
        let expected = [(31.2005, 24.2972, 34.5), (31.2050, 24.3040, 34.6), (31.2095, 24.3108, 34.7)]
        let start = try Support.utc(2025, 6, 1, 12, 0, 0)
        for (index, (fix, (latitude, longitude, altitude))) in zip(fixes, expected).enumerated() {
            #expect(Support.close(fix.coordinate.latitude, Support.degrees(52, latitude)))
            #expect(Support.close(fix.coordinate.longitude, Support.degrees(13, longitude)))
            #expect(Support.close(fix.altitude, altitude))
            #expect(Support.close(fix.horizontalAccuracy, 4.5))  // GGA HDOP 0.9 × 5 m
            #expect(Support.close(fix.verticalAccuracy, 6.5))  // GSA VDOP 1.3 × 5 m
            #expect(Support.close(fix.speed, 19.44 * Support.knots))
            #expect(Support.close(fix.course, 45))
            #expect(fix.timestamp == start.addingTimeInterval(Double(index)))
        }
        #expect(Support.close(fixes.first?.speed, 10.000_8, within: 1e-4))
    }

    @Test func mixedTalkersAreReadAndOtherSentencesSkipped() throws {
        let result = try Support.read("mixed-talkers")
        #expect(result.issues.allSatisfy { $0.severity == .skipped }, "unused types are noted once, never malformed")
        let fixes = result.locations
        try #require(fixes.count == 2 && result.events.count == 2)
        let first = fixes[0]
        #expect(Support.close(first.coordinate.latitude, -Support.degrees(34, 36.4920)))
        #expect(Support.close(first.coordinate.longitude, -Support.degrees(58, 22.9140)))
        #expect(Support.close(first.altitude, 25.3))
        #expect(Support.close(first.horizontalAccuracy, 3.5))
        #expect(Support.close(first.verticalAccuracy, 5.0))
        #expect(Support.close(first.speed, 3.2 * Support.knots))
        #expect(Support.close(first.course, 270.5))
        #expect(first.timestamp == (try Support.utc(2024, 3, 15, 8, 30, 15.5)))
        let second = fixes[1]
        #expect(Support.close(second.coordinate.latitude, -Support.degrees(34, 36.4930)))
        #expect(Support.close(second.coordinate.longitude, -Support.degrees(58, 22.9160)))
        #expect(Support.close(second.horizontalAccuracy, 4.0))
        #expect(second.verticalAccuracy == nil)  // no GSA in the second epoch
        #expect(Support.close(second.speed, 3.1 * Support.knots))
        #expect(Support.close(second.course, 271))
        #expect(second.timestamp == (try Support.utc(2024, 3, 15, 8, 30, 16.5)))
    }

    @Test func ggaOnlyLogIsReadWithADefaultDate() throws {
        // Without a default date the fixes stay undated (NMEAReaderEpochTests); never 2000-01-01.
        let result = try Support.read("gga-only", defaultDate: DateComponents(year: 2000, month: 1, day: 1))
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(fixes[0].timestamp == (try Support.utc(2000, 1, 1, 6, 15, 0)))
        #expect(fixes[1].timestamp == (try Support.utc(2000, 1, 1, 6, 15, 1)))
        #expect(Support.close(fixes[0].coordinate.latitude, Support.degrees(48, 51.5040)))
        #expect(Support.close(fixes[0].coordinate.longitude, Support.degrees(2, 17.6700)))
        #expect(Support.close(fixes[0].altitude, 35.0))
        #expect(Support.close(fixes[0].horizontalAccuracy, 5.5))
        #expect(Support.close(fixes[1].horizontalAccuracy, 6.0))
        #expect(fixes[0].speed == nil && fixes[0].course == nil && fixes[0].verticalAccuracy == nil)
    }

    @Test func ggaOnlyLogGetsTheDefaultDate() throws {
        let result = try Support.read("gga-only", defaultDate: DateComponents(year: 2024, month: 5, day: 2))
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2024, 5, 2, 6, 15, 0), try Support.utc(2024, 5, 2, 6, 15, 1),
            ]
        )
    }

    @Test func rmcOnlyLogHasSpeedAndCourseButNoAltitude() throws {
        let result = try Support.read("rmc-only")
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(Support.close(fixes[0].coordinate.latitude, Support.degrees(49, 16.45)))
        #expect(Support.close(fixes[0].coordinate.longitude, -Support.degrees(123, 11.12)))
        #expect(fixes[0].altitude == nil)
        #expect(fixes[0].horizontalAccuracy == 10)  // no HDOP anywhere
        #expect(Support.close(fixes[0].speed, 0.5 * Support.knots))
        #expect(Support.close(fixes[0].course, 54.7))
        #expect(
            Support.close(
                fixes[0].timestamp.timeIntervalSince1970,
                try Support.utc(1994, 11, 19, 22, 54, 46.33).timeIntervalSince1970,
                within: 1e-6
            )
        )
        // The second sentence has no checksum (accepted) and no course.
        #expect(Support.close(fixes[1].speed, 10 * Support.knots))
        #expect(fixes[1].course == nil)
    }

    @Test func vtgGivesSpeedAndCourseWithoutRMC() throws {
        let result = try Support.read("vtg", defaultDate: DateComponents(year: 2025, month: 6, day: 1))
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 4)
        #expect(Support.close(fixes[0].speed, 5.5 * Support.knots))
        #expect(Support.close(fixes[0].course, 54.7))
        #expect(Support.close(fixes[1].speed, 10 * Support.knots))  // the old four-field VTG
        #expect(Support.close(fixes[1].course, 90))
        #expect(fixes[2].speed == nil && fixes[2].course == nil)  // mode N: not valid
        #expect(Support.close(fixes[3].speed, 20))  // 72 km/h when knots are empty
        #expect(Support.close(fixes[3].course, 180))
        #expect(Support.close(fixes[0].coordinate.longitude, -Support.degrees(122, 2.2690)))
        #expect(Support.close(fixes[0].altitude, 10))
    }

    @Test func accuraciesComeFromHDOPAndVDOP() throws {
        let fixes = try Support.read("gsa-accuracy", defaultDate: DateComponents(year: 2025, month: 6, day: 1))
            .locations
        try #require(fixes.count == 3)
        #expect(Support.close(fixes[0].horizontalAccuracy, 4.5))  // GGA's HDOP wins over GSA's
        #expect(Support.close(fixes[0].verticalAccuracy, 6.5))
        #expect(Support.close(fixes[1].horizontalAccuracy, 6.0))  // GSA's HDOP when GGA has none
        #expect(Support.close(fixes[1].verticalAccuracy, 11.0))
        #expect(fixes[2].horizontalAccuracy == 10)  // no DOP at all
        #expect(fixes[2].verticalAccuracy == nil)
    }

    @Test func epochsWithoutAFixAreUnavailableWithTheSatellitesInView() throws {
        let result = try Support.read("no-fix")
        #expect(result.issues.isEmpty)
        try #require(result.events.count == 3)
        #expect(result.events[0] == .unavailable("no fix at 2025-06-01T08:00:00Z: 5 satellites in view"))
        #expect(result.events[1] == .unavailable("no fix at 2025-06-01T08:00:01Z"))
        let fix = try #require(result.locations.first)
        #expect(fix.timestamp == (try Support.utc(2025, 6, 1, 8, 0, 2)))
        #expect(fix.horizontalAccuracy == 10)
        #expect(fix.speed == 0 && fix.course == nil)
    }

    @Test func theDateRollsOverAtMidnight() throws {
        let result = try Support.read("midnight")
        #expect(result.issues.isEmpty)
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2025, 12, 31, 23, 59, 58), try Support.utc(2025, 12, 31, 23, 59, 59),
                try Support.utc(2026, 1, 1, 0, 0, 0), try Support.utc(2026, 1, 1, 0, 0, 1),
            ]
        )
    }

    @Test func theDefaultDateRollsOverIntoALeapDay() throws {
        let text = [
            Support.sentence("GPGGA,235959.50,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,"),
            Support.sentence("GPGGA,000000.50,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,"),
            // A step back of less than 12 hours is not midnight.
            Support.sentence("GPGGA,000000.25,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,"),
        ].joined(separator: "\n")
        let result = try Support.read(text: text, defaultDate: DateComponents(year: 2024, month: 2, day: 28))
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2024, 2, 28, 23, 59, 59.5), try Support.utc(2024, 2, 29, 0, 0, 0.5),
                try Support.utc(2024, 2, 29, 0, 0, 0.25),
            ]
        )
    }

    @Test func crlfLinesAreRead() throws {
        let result = try Support.read("crlf")
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(Support.close(fixes[1].coordinate.latitude, Support.degrees(52, 31.2050)))
        #expect(Support.close(fixes[1].speed, 19.44 * Support.knots))
        #expect(fixes[1].timestamp == (try Support.utc(2025, 6, 1, 12, 0, 1)))
    }

    @Test func aHandleIsReadToItsEnd() throws {
        let handle = try FileHandle(forReadingFrom: Support.url("gp-only"))
        defer { try? handle.close() }
        var reader = NMEAReader(handle: handle)
        var count = 0
        while let event = try reader.next() {
            if case .location = event { count += 1 }
        }
        #expect(count == 3)
        #expect(reader.issueCount == 0)
    }

    @Test func theDocumentationExampleHolds() throws {
        let line = "$GPRMC,120000,A,5231.2005,N,01324.2972,E,19.44,45.0,010625,,,A\n"
        var reader = NMEAReader(data: Data(line.utf8))
        guard case let .location(fix) = try reader.next() else {
            Issue.record("expected a fix")
            return
        }
        #expect(
            String(format: "%.6f %.6f", fix.coordinate.latitude, fix.coordinate.longitude)
                == "52.520008 13.404953"
        )
        #expect(Support.close(fix.speed, 10.0, within: 1e-3))
        #expect(fix.timestamp == (try Support.utc(2025, 6, 1, 12, 0, 0)))
        #expect(try reader.next() == nil)
    }

    @Test func theLogIsDetectedAsNMEA() throws {
        let data = try Data(contentsOf: Support.url("mixed-talkers"))
        #expect(TrackFormat.detect(data.prefix(256)) == .nmea)
    }
}
