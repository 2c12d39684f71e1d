import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// What a whole read produced.
struct GPXReadResult: Equatable {
    var locations: [Location] = []
    var issues: [ReplayIssue] = []
}

/// Collects the issues a reader reports.
final class GPXIssueLog {
    var issues: [ReplayIssue] = []
}

enum GPXFixture {
    static let names = [
        "track-1.1", "track-1.0", "prefixed", "syntax", "malformed-values", "mismatched", "truncated", "empty",
        "not-xml", "kinds", "route-only", "waypoints-only",
    ]

    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "gpx", subdirectory: "Fixtures/gpx"))
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// Reads a whole document, in chunks of `chunkSize` bytes.
    /// Reads a whole document, in chunks of `chunkSize` bytes; read once (as a handle is) unless `rereadable`.
    static func read(
        _ data: Data,
        name: String = "test.gpx",
        chunkSize: Int = ByteInput.chunkSize,
        points: GPXReader.Points = .automatic,
        rereadable: Bool = false
    ) throws
        -> GPXReadResult
    {
        let log = GPXIssueLog()
        var reader = GPXReader(
            input: ByteInput(data: data, name: name, chunkSize: chunkSize),
            points: points,
            reopen: rereadable
                ? { () throws(ReplayIssue) in ByteInput(data: data, name: name, chunkSize: chunkSize) } : nil,
            strict: false
        ) {
            log.issues.append($0)
        }
        var result = GPXReadResult()
        while let event = try reader.next() {
            guard case .location(let location) = event else {
                Issue.record("unexpected event \(event)")
                continue
            }
            result.locations.append(location)
        }
        #expect(reader.issueCount == log.issues.filter { $0.severity == .malformed }.count)
        result.issues = log.issues
        return result
    }

    /// Milliseconds since 1970, to compare timestamps exactly to the millisecond.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func read(
        fixture name: String,
        chunkSize: Int = ByteInput.chunkSize,
        points: GPXReader.Points = .automatic,
        rereadable: Bool = false
    ) throws -> GPXReadResult {
        try read(data(name), name: "\(name).gpx", chunkSize: chunkSize, points: points, rereadable: rereadable)
    }
}

@Suite(.timeLimit(.minutes(5)))
struct GPXReaderTests {
    @Test func readsGPX11TrackRouteAndWaypointsWithGarminExtension() throws {
        // By default only the track plays; --points all plays every kind in the file's order.
        #expect(try GPXFixture.read(fixture: "track-1.1").locations.count == 3)
        let result = try GPXFixture.read(fixture: "track-1.1", points: .all)
        #expect(result.issues == [])
        let fixes = result.locations
        try #require(fixes.count == 6)

        #expect(fixes[0].coordinate == Coordinate(latitude: 48.8530, longitude: 2.3499))
        #expect(fixes[0].altitude == 35.5)
        #expect(GPXFixture.milliseconds(fixes[0].timestamp) == 1_714_564_770_000)
        #expect(fixes[0].horizontalAccuracy == 10)
        #expect(fixes[0].verticalAccuracy == nil && fixes[0].speed == nil && fixes[0].course == nil)

        // A route without a time: one second a point after the last time given out.
        #expect(fixes[1].coordinate == Coordinate(latitude: 48.8566, longitude: 2.3412))
        #expect(GPXFixture.milliseconds(fixes[1].timestamp) == 1_714_564_771_000)
        #expect(fixes[2].coordinate == Coordinate(latitude: 48.8580, longitude: 2.3376))
        #expect(GPXFixture.milliseconds(fixes[2].timestamp) == 1_714_564_772_000)
        #expect(fixes[2].altitude == nil)

        let garmin = fixes[3]
        #expect(garmin.coordinate == Coordinate(latitude: 48.8566140, longitude: 2.3412030))
        #expect(garmin.altitude == 34.2)
        #expect(GPXFixture.milliseconds(garmin.timestamp) == 1_714_564_800_000)
        #expect(garmin.horizontalAccuracy == 1.2 * 5)
        #expect(garmin.verticalAccuracy == 2.5 * 5)
        #expect(garmin.speed == 1.42)
        #expect(garmin.course == 275.5)

        // 14:00:01.250+02:00 is 12:00:01.250Z.
        #expect(fixes[4].coordinate == Coordinate(latitude: 48.8567012, longitude: 2.3409101))
        #expect(fixes[4].altitude == 34.6)
        #expect(GPXFixture.milliseconds(fixes[4].timestamp) == 1_714_564_801_250)
        #expect(fixes[4].speed == nil && fixes[4].course == nil)

        #expect(fixes[5].coordinate == Coordinate(latitude: -33.8567844, longitude: -151.2152967))
        #expect(GPXFixture.milliseconds(fixes[5].timestamp) == 1_714_564_802_500)
    }

    @Test func readsGPX10SpeedCourseAndTheFileTime() throws {
        let result = try GPXFixture.read(fixture: "track-1.0")
        #expect(result.issues == [])
        let fixes = result.locations
        try #require(fixes.count == 4)
        // The first two points have no time: they lead to the third's, one second a point.
        #expect(fixes[0].coordinate == Coordinate(latitude: 51.5007, longitude: -0.1246))
        #expect(fixes[0].altitude == 12)
        #expect(fixes[0].speed == 2.5)
        #expect(fixes[0].course == 90)
        #expect(GPXFixture.milliseconds(fixes[0].timestamp) == 1_704_072_608_000)
        #expect(fixes[1].speed == 0 && fixes[1].course == 0)
        #expect(GPXFixture.milliseconds(fixes[1].timestamp) == 1_704_072_609_000)
        // 2024-01-01T00:00:10-01:30 is 01:30:10Z.
        #expect(GPXFixture.milliseconds(fixes[2].timestamp) == 1_704_072_610_000)
        #expect(fixes[2].horizontalAccuracy == 0.8 * 5)
        #expect(fixes[2].speed == nil)
        #expect(GPXFixture.milliseconds(fixes[3].timestamp) == 1_704_072_611_000)
        #expect(fixes[3].coordinate == Coordinate(latitude: 51.5010, longitude: -0.1230))
    }

    @Test func matchesPrefixedNamesByLocalName() throws {
        let result = try GPXFixture.read(fixture: "prefixed")
        #expect(result.issues == [])
        let fix = try #require(result.locations.first)
        #expect(result.locations.count == 1)
        #expect(fix.coordinate == Coordinate(latitude: 40.7128, longitude: -74.0060))
        #expect(fix.altitude == 10)
        #expect(GPXFixture.milliseconds(fix.timestamp) == 1_720_083_600_000)
        #expect(fix.speed == 3.25)
        #expect(fix.course == 180)
    }

    @Test func handlesByteOrderMarkDoctypeCommentsCDATAAndReferences() throws {
        let result = try GPXFixture.read(fixture: "syntax")
        #expect(result.issues == [])
        try #require(result.locations.count == 2)
        let first = result.locations[0]
        // lat="&#52;5.5" lon="&#x2D;3.25"; <ele> is 1, &#48;, 0 and a CDATA ".5" around a comment.
        #expect(first.coordinate == Coordinate(latitude: 45.5, longitude: -3.25))
        #expect(first.altitude == 100.5)
        #expect(GPXFixture.milliseconds(first.timestamp) == 1_709_251_199_999)
        #expect(result.locations[1].coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
        #expect(GPXFixture.milliseconds(result.locations[1].timestamp) == 1_709_251_200_999)
    }

    @Test(arguments: GPXFixture.names)
    func everyChunkSizeReadsTheSame(fixture: String) throws {
        let whole = try GPXFixture.read(fixture: fixture)
        for chunkSize in Array(1...17) + [64, 1000] {
            let chunked = try GPXFixture.read(fixture: fixture, chunkSize: chunkSize)
            #expect(chunked == whole, "chunk size \(chunkSize)")
        }
    }

    @Test func aChunkBoundaryAtEveryByteOfAPointIsHandled() throws {
        let point =
            #"<trkpt lat="4&#56;.5" lon='2.&#x35;'><ele>1&amp;</ele><ele>7</ele>"#
            + #"<time>2024-05-01T12:00:00.125Z</time><!-- c --><![CDATA[x]]></trkpt>"#
        let head = #"<?xml version="1.0"?><gpx>"#
        for offset in 0..<point.utf8.count {
            // A comment pads the document so that byte 65,536 (the first chunk's end) falls at `offset`.
            let padding = ByteInput.chunkSize - head.utf8.count - offset - "<!---->".utf8.count
            let document = head + "<!--" + String(repeating: "p", count: padding) + "-->" + point + "</gpx>"
            let log = GPXIssueLog()
            var reader = GPXReader(data: Data(document.utf8), name: "boundary.gpx") { log.issues.append($0) }
            var fixes: [Location] = []
            while case .location(let fix) = try reader.next() { fixes.append(fix) }
            try #require(fixes.count == 1, "offset \(offset)")
            #expect(fixes[0].coordinate == Coordinate(latitude: 48.5, longitude: 2.5), "offset \(offset)")
            #expect(fixes[0].altitude == 7, "offset \(offset)")
            #expect(GPXFixture.milliseconds(fixes[0].timestamp) == 1_714_564_800_125, "offset \(offset)")
            #expect(log.issues.map(\.message) == [#"<ele> is not a number: "1&"; the value is ignored"#])
            #expect(log.issues.first?.line == 1, "offset \(offset)")
        }
    }

    @Test func readsAFileHandle() throws {
        let handle = try FileHandle(forReadingFrom: GPXFixture.url("track-1.1"))
        defer { try? handle.close() }
        var reader = GPXReader(handle: handle, name: "walk.gpx", strict: true)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 3, "the track's points; the waypoint and the route are not played")
        #expect(reader.issueCount == 0)
    }

    @Test func readsAFileAndReportsOneThatCannotBeOpened() throws {
        var reader = try GPXReader(contentsOf: GPXFixture.url("prefixed"), strict: true)
        #expect(try reader.next() != nil)
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)

        let missing = URL(fileURLWithPath: "/nonexistent/walk.gpx")
        let error = #expect(throws: ReplayIssue.self) { try GPXReader(contentsOf: missing) }
        #expect(error?.line == 0)
        #expect(error?.file == "/nonexistent/walk.gpx")
    }

    @Test(arguments: [
        ("2024-05-01T12:00:00Z", 1_714_564_800_000),
        ("2024-05-01T12:00:00.5Z", 1_714_564_800_500),
        ("2024-05-01T12:00:00.123456789Z", 1_714_564_800_123),
        ("2024-05-01T14:00:00+02:00", 1_714_564_800_000),
        ("2024-05-01T07:30:00-0430", 1_714_564_800_000),
        ("2024-05-01T13:00:00+01", 1_714_564_800_000),
        ("2024-05-01t12:00:00z", 1_714_564_800_000),
        ("  2024-05-01T12:00:00\n", 1_714_564_800_000),
        ("2024-05-01T12:00:00", 1_714_564_800_000),
        ("1969-12-31T23:59:59Z", -1000),
        ("2016-12-31T23:59:60Z", 1_483_228_800_000),
    ])
    func parsesISO8601Times(text: String, expected: Int64) {
        let seconds = Array(text.utf8).withUnsafeBufferPointer { Timestamp.parse($0) }
        #expect(seconds.map { Int64(($0 * 1000).rounded(.down)) } == expected)
    }

    @Test(arguments: [
        "", "2024-05-01", "2024-05-01T12:00Z", "2024-13-01T12:00:00Z", "2023-02-29T12:00:00Z", "2024-05-01T24:00:00Z",
        "2024-05-01T12:00:00.Z", "2024-05-01T12:00:00+2:00", "2024-05-01T12:00:00Zjunk", "yesterday",
    ])
    func rejectsMalformedTimes(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { Timestamp.parse($0) } == nil)
    }

    @Test func parsesDecimalsExactly() {
        func parse(_ text: String) -> Double? { Array(text.utf8).withUnsafeBufferPointer { DecimalParser.parse($0) } }
        for text in [
            "48.8584", "-0.1246", "+12", "1.", ".5", "0.000123", "1.5e3", "-2E-2", "48.858400000000003",
            "123456789012345678901234567890", "0.1234567890123456789", " 7 ",
        ] {
            #expect(parse(text) == Double(text.trimmingCharacters(in: .whitespaces)), "\(text)")
        }
        for text in ["", "-", ".", "abc", "1.2.3", "1e", "nan", "inf", "0x10", "1 2", "--1"] {
            #expect(parse(text) == nil, "\(text)")
        }
    }
}
