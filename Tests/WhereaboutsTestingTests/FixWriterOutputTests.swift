import Foundation
import Testing
import Whereabouts

@testable import whereabouts

/// The bytes `whereabouts track` writes for each format, pinned: the NDJSON keys and the GeoJSON shape are a stable
/// contract, so the writers must keep today's key order, number formatting and layout exactly.
@Suite(.timeLimit(.minutes(5)))
struct FixWriterOutputTests {
    /// Fixes with awkward values: negative and tiny coordinates, −0, integral doubles, sums that do not round-trip
    /// in short form, large and absent optional values, instants before 1970 and milliseconds that round, values
    /// that are not finite, and an instant too far away to write.
    static let fixes: [(location: Location, precise: Bool)] = [
        (
            Location(
                coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093),
                altitude: 12.0,
                horizontalAccuracy: 5,
                verticalAccuracy: 3,
                speed: 1.5,
                course: 0,
                timestamp: Date(timeIntervalSince1970: 1_748_779_207.123)
            ), true
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 1e-7, longitude: -0.0),
                horizontalAccuracy: 0,
                timestamp: Date(timeIntervalSince1970: -0.5)
            ), false
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 0.1 + 0.2, longitude: -179.9999995),
                altitude: 8_848_860.25,
                horizontalAccuracy: 12.0,
                verticalAccuracy: 0.1 + 0.2,
                speed: 0,
                course: 359.99,
                timestamp: Date(timeIntervalSince1970: 951_825_599.9996)
            ), true
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 89.9999999, longitude: 180),
                altitude: 1e16,
                horizontalAccuracy: 1_234_567.0,
                verticalAccuracy: .leastNonzeroMagnitude,
                speed: 123_456_789.123,
                course: 45.5,
                timestamp: Date(timeIntervalSince1970: -946_771_200.0005)
            ), false
        ),
        (
            Location(
                coordinate: Coordinate(latitude: -90, longitude: -180),
                altitude: -430.5,
                horizontalAccuracy: 2.5,
                verticalAccuracy: 1e-5,
                speed: 0.25,
                course: 359.5,
                timestamp: Date(timeIntervalSince1970: 4_102_444_799.001)
            ), true
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 48.858_4, longitude: 2.294_5),
                altitude: 1e-7,
                horizontalAccuracy: 3.5,
                speed: 0.05,
                course: 0.5,
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)
            ), false
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 51.5, longitude: -0.12),
                altitude: 123_456_789_012_345_680,
                horizontalAccuracy: .nan,
                speed: .infinity,
                timestamp: Date(timeIntervalSince1970: 1_700_000_001)
            ), true
        ),
        (
            Location(
                coordinate: Coordinate(latitude: 10, longitude: 20),
                horizontalAccuracy: 65,
                timestamp: Date(timeIntervalSince1970: 1e15)
            ), true
        ),
    ]

    /// What `FixWriter` writes for `fixes` (through `begin`, `write` and `end`), as a string.
    static func render(_ format: FixWriter.Format, _ fixes: [(location: Location, precise: Bool)]) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("fixwriter-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        do {
            var writer = FixWriter(format: format, terminal: Terminal(standardOutput: handle))
            writer.begin()
            for fix in fixes { writer.write(fix.location, precise: fix.precise) }
            writer.end()
        }
        try handle.close()
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Today's bytes for `fixes`, recorded from the writers that used `JSONSerialization` and `String(format:)`.
    static let expected: [FixWriter.Format: String] = [
        .table:
            #"""
            # time (UTC)    latitude   longitude    ± m  speed m/s  course °    accuracy
            1   12:00:07  -33.868800  151.209300      5        1.5         0     precise
            2   23:59:59    0.000000   -0.000000      0          —         — approximate
            3   12:00:00    0.300000 -180.000000     12        0.0       360     precise
            4   23:59:59   90.000000  180.000000 1234567 123456789.1        46 approximate
            5   23:59:59  -90.000000 -180.000000      2        0.2       360     precise
            6   22:13:20   48.858400    2.294500      4        0.1         0 approximate
            7   22:13:21   51.500000   -0.120000    nan        inf         —     precise
            8   --:--:--   10.000000   20.000000     65          —         —     precise

        """#,
        .ndjson:
            #"""
        {"altitude":12,"course":0,"horizontalAccuracy":5,"index":1,"latitude":-33.8688,"longitude":151.2093,"precise":true,"speed":1.5,"timestamp":"2025-06-01T12:00:07.123Z","verticalAccuracy":3}
        {"altitude":null,"course":null,"horizontalAccuracy":0,"index":2,"latitude":1e-07,"longitude":-0,"precise":false,"speed":null,"timestamp":"1969-12-31T23:59:59.500Z","verticalAccuracy":null}
        {"altitude":8848860.25,"course":359.99,"horizontalAccuracy":12,"index":3,"latitude":0.30000000000000004,"longitude":-179.9999995,"precise":true,"speed":0,"timestamp":"2000-02-29T12:00:00.000Z","verticalAccuracy":0.30000000000000004}
        {"altitude":1e+16,"course":45.5,"horizontalAccuracy":1234567,"index":4,"latitude":89.9999999,"longitude":180,"precise":false,"speed":123456789.123,"timestamp":"1939-12-31T23:59:59.999Z","verticalAccuracy":5e-324}
        {"altitude":-430.5,"course":359.5,"horizontalAccuracy":2.5,"index":5,"latitude":-90,"longitude":-180,"precise":true,"speed":0.25,"timestamp":"2099-12-31T23:59:59.001Z","verticalAccuracy":1e-05}
        {"altitude":1e-07,"course":0.5,"horizontalAccuracy":3.5,"index":6,"latitude":48.8584,"longitude":2.2945,"precise":false,"speed":0.05,"timestamp":"2023-11-14T22:13:20.000Z","verticalAccuracy":null}
        {}
        {"altitude":null,"course":null,"horizontalAccuracy":65,"index":8,"latitude":10,"longitude":20,"precise":true,"speed":null,"timestamp":"invalid","verticalAccuracy":null}

        """#,
        .geojson:
            #"""
        {"type":"FeatureCollection","features":[
        {"geometry":{"coordinates":[151.2093,-33.8688],"type":"Point"},"properties":{"altitude":12,"course":0,"horizontalAccuracy":5,"index":1,"latitude":-33.8688,"longitude":151.2093,"precise":true,"speed":1.5,"timestamp":"2025-06-01T12:00:07.123Z","verticalAccuracy":3},"type":"Feature"}
        ,{"geometry":{"coordinates":[-0,1e-07],"type":"Point"},"properties":{"altitude":null,"course":null,"horizontalAccuracy":0,"index":2,"latitude":1e-07,"longitude":-0,"precise":false,"speed":null,"timestamp":"1969-12-31T23:59:59.500Z","verticalAccuracy":null},"type":"Feature"}
        ,{"geometry":{"coordinates":[-179.9999995,0.30000000000000004],"type":"Point"},"properties":{"altitude":8848860.25,"course":359.99,"horizontalAccuracy":12,"index":3,"latitude":0.30000000000000004,"longitude":-179.9999995,"precise":true,"speed":0,"timestamp":"2000-02-29T12:00:00.000Z","verticalAccuracy":0.30000000000000004},"type":"Feature"}
        ,{"geometry":{"coordinates":[180,89.9999999],"type":"Point"},"properties":{"altitude":1e+16,"course":45.5,"horizontalAccuracy":1234567,"index":4,"latitude":89.9999999,"longitude":180,"precise":false,"speed":123456789.123,"timestamp":"1939-12-31T23:59:59.999Z","verticalAccuracy":5e-324},"type":"Feature"}
        ,{"geometry":{"coordinates":[-180,-90],"type":"Point"},"properties":{"altitude":-430.5,"course":359.5,"horizontalAccuracy":2.5,"index":5,"latitude":-90,"longitude":-180,"precise":true,"speed":0.25,"timestamp":"2099-12-31T23:59:59.001Z","verticalAccuracy":1e-05},"type":"Feature"}
        ,{"geometry":{"coordinates":[2.2945,48.8584],"type":"Point"},"properties":{"altitude":1e-07,"course":0.5,"horizontalAccuracy":3.5,"index":6,"latitude":48.8584,"longitude":2.2945,"precise":false,"speed":0.05,"timestamp":"2023-11-14T22:13:20.000Z","verticalAccuracy":null},"type":"Feature"}
        ,{}
        ,{"geometry":{"coordinates":[20,10],"type":"Point"},"properties":{"altitude":null,"course":null,"horizontalAccuracy":65,"index":8,"latitude":10,"longitude":20,"precise":true,"speed":null,"timestamp":"invalid","verticalAccuracy":null},"type":"Feature"}
        ]}

        """#,
    ]

    @Test(arguments: FixWriter.Format.allCases)
    func writesTodaysBytes(format: FixWriter.Format) throws {
        let written = try Self.render(format, Self.fixes)
        #expect(written == Self.expected[format])
    }

    @Test(arguments: FixWriter.Format.allCases)
    func writesOnlyTheFramingWithoutFixes(format: FixWriter.Format) throws {
        let written = try Self.render(format, [])
        let framing: [FixWriter.Format: String] = [
            .table: "    # time (UTC)    latitude   longitude    ± m  speed m/s  course °    accuracy\n",
            .ndjson: "",
            .geojson: #"{"type":"FeatureCollection","features":["# + "\n]}\n",
        ]
        #expect(written == framing[format])
    }
}
