import Foundation
import Testing
import Whereabouts
import WhereaboutsTestSupport

@testable import WhereaboutsReplay

/// Values no device can measure (an elevation of 10³⁰⁰ m, a speed above escape velocity, an HDOP that makes the
/// accuracy larger than the Earth) are reported with their place and never reach the app.
@Suite(.timeLimit(.minutes(5)))
struct PhysicalRangeTests {
    /// A GPX track of one point per line (line 3 onwards), each with `inside` as the inner XML.
    static func gpx(_ points: [String]) -> Data {
        let body = points.enumerated().map { index, inside in
            #"<trkpt lat="1" lon="2"><time>2024-05-01T12:00:0\#(index)Z</time>\#(inside)</trkpt>"#
        }
        let lines =
            [#"<?xml version="1.0"?>"#, #"<gpx version="1.1" creator="t"><trk><trkseg>"#] + body
            + ["</trkseg></trk></gpx>"]
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test func aGPXElevationOrSpeedOutsideItsRangeIsDroppedWithItsLineAndTheFixKept() throws {
        let data = Self.gpx([
            "<ele>1e300</ele>", "<ele>-20000</ele>", "<ele>8848</ele>", "<extensions><speed>20000</speed></extensions>",
            "<extensions><speed>30</speed><course>90</course></extensions>",
        ])
        let result = try GPXFixture.read(data)
        #expect(result.locations.count == 5)
        #expect(result.locations.map(\.altitude) == [nil, nil, 8848, nil, nil])
        #expect(result.locations.map(\.speed) == [nil, nil, nil, nil, 30])
        let issues = result.issues.map(GPXIssueAt.init)
        #expect(issues.map(\.line) == [3, 4, 6])
        #expect(issues.first?.message == #"<ele> is out of range (-12000…100000 m): "1e300"; the value is ignored"#)
        #expect(issues.last?.message == #"<speed> is out of range (0…11200 m/s): "20000"; the value is ignored"#)
    }

    @Test func aGPXHDOPThatMakesTheAccuracyLargerThanTheEarthIsIgnored() throws {
        let result = try GPXFixture.read(Self.gpx(["<hdop>5000000</hdop>", "<hdop>2</hdop>"]))
        #expect(result.locations.map(\.horizontalAccuracy) == [10, 10])
        #expect(
            result.issues.map(GPXIssueAt.init).map(\.message) == [
                #"<hdop> is too large: "5000000"; the value is ignored"#
            ]
        )
    }

    @Test func anNMEAAltitudeOutsideItsRangeRejectsTheSentenceWithItsColumn() throws {
        let good = NMEATestSupport.sentence("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let high = NMEATestSupport.sentence("GPGGA,120001.00,4807.038,N,01131.000,E,1,08,0.9,999999999,M,46.9,M,,")
        let result = try NMEATestSupport.read(
            text: [good, high].joined(separator: "\r\n") + "\r\n",
            defaultDate: DateComponents(year: 2025, month: 6, day: 1)
        )
        #expect(result.locations.map(\.altitude) == [545.4])
        let issue = try #require(result.issues.first)
        #expect(issue.line == 2)
        #expect(issue.column == 50)
        #expect(issue.message == "GGA: the altitude 999999999 is outside -12000…100000 m")
    }

    @Test func anNMEASpeedAboveEscapeVelocityOrAnHDOPLargerThanTheEarthRejectsTheSentence() throws {
        let lines = [
            NMEATestSupport.sentence("GPRMC,120000.00,A,4807.038,N,01131.000,E,99999.0,84.4,010625,,,A"),
            NMEATestSupport.sentence("GPVTG,84.4,T,,M,99999.0,N,185185.0,K,A"),
            NMEATestSupport.sentence("GPGGA,120001.00,4807.038,N,01131.000,E,1,08,9999999,545.4,M,46.9,M,,"),
            NMEATestSupport.sentence("GPRMC,120002.00,A,4807.038,N,01131.000,E,10.0,84.4,010625,,,A"),
        ]
        let result = try NMEATestSupport.read(text: lines.joined(separator: "\r\n") + "\r\n")
        #expect(result.issues.map(\.line) == [1, 2, 3])
        #expect(result.issues.map(\.message).allSatisfy { $0.contains("is outside") })
        #expect(result.locations.count == 1)
        #expect(NMEATestSupport.close(result.locations.first?.speed, 10 * NMEATestSupport.knots))
    }
}
