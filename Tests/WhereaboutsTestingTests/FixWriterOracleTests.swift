import Foundation
import Testing
import Whereabouts
import WhereaboutsTestSupport

@testable import whereabouts

/// The hand-written writers against what the command used before them, on many random values (seeded, so a failure
/// repeats): Foundation's `JSONSerialization` with sorted keys and `\/` turned back into `/` for NDJSON and GeoJSON,
/// `String(format:)` for the table.
@Suite(.timeLimit(.minutes(5)))
struct FixWriterOracleTests {
    /// A double of one of the shapes fixes carry: any bit pattern, a coordinate with a few decimals, a whole number,
    /// something tiny or huge, or one of the edge values.
    static func double(_ generator: inout SplitMix64) -> Double {
        switch generator.next() % 6 {
        case 0:
            return Double(bitPattern: generator.next())
        case 1:
            let decimals = Double.random(in: 0...9, using: &generator).rounded(.down)
            let scale = pow(10, decimals)
            return (Double.random(in: -180...180, using: &generator) * scale).rounded() / scale
        case 2:
            return Double(Int64.random(in: -(1 << 54)...(1 << 54), using: &generator))
        case 3:
            return Double.random(in: -1...1, using: &generator)
                * pow(10, Double(Int.random(in: -330...308, using: &generator)))
        case 4:
            return [
                0, -0.0, 1e-7, 0.1 + 0.2, 1e16, 1e15, 9_007_199_254_740_992, .leastNonzeroMagnitude,
                .greatestFiniteMagnitude, .leastNormalMagnitude, -1e-5, 1e-4, 123_456_789.123, 12.0,
            ].randomElement(using: &generator)!
        default:
            return Double.random(in: -10_000...10_000, using: &generator)
        }
    }

    /// How `JSONSerialization` wrote one number: the element of a one-element array.
    static func serialized(_ value: Double) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    @Test func numbersAreWrittenAsJSONSerializationWritesThem() async throws {
        // Seconds of work: on a thread of its own, so it holds no thread of the pool the other tests share.
        let mismatch = try await computeOffThePool { () throws -> String? in
            var generator = SplitMix64(seed: 17)
            for _ in 0..<200_000 {
                let value = Self.double(&generator)
                guard value.isFinite else { continue }
                var bytes: [UInt8] = []
                let accepted = FixWriter.appendJSON(value, to: &bytes)
                let written = String(decoding: bytes, as: UTF8.self)
                let expected = try Self.serialized(value)
                if !accepted || written != expected {
                    return "\(value.bitPattern): wrote \(accepted ? written : "nothing"), JSONSerialization \(expected)"
                }
            }
            return nil
        }
        #expect(mismatch == nil)
    }

    @Test func numbersJSONCannotCarryAreRefused() {
        for value in [Double.nan, .infinity, -.infinity, -Double.nan] {
            var bytes: [UInt8] = []
            #expect(!FixWriter.appendJSON(value, to: &bytes))
            #expect((try? JSONSerialization.data(withJSONObject: [value])) == nil)
        }
    }

    /// A decimal with up to 10 digits after the point, of a magnitude from 10⁻⁴ to 10⁷, or one halfway between two
    /// such decimals (a tie for `%.Nf`), of either sign: the shapes the writers' fast paths take.
    static func decimal(_ generator: inout SplitMix64) -> Double {
        let decimals = Int(generator.next() % 11)
        let magnitude = pow(10, Double(Int(generator.next() % 12)) - 4)
        let scale = pow(10, Double(decimals))
        var value = (Double.random(in: 0...magnitude, using: &generator) * scale).rounded() / scale
        if generator.next() % 4 == 0 { value += 0.5 / scale }
        return generator.next() % 2 == 0 ? value : -value
    }

    @Test func shortDecimalsAreWrittenAsDescriptionWritesThem() async throws {
        let (fast, mismatch) = try await computeOffThePool { () -> (Int, String?) in
            var generator = SplitMix64(seed: 23)
            var fast = 0
            for _ in 0..<300_000 {
                let value = Self.decimal(&generator)
                var bytes: [UInt8] = []
                var expected = value.description
                if expected.hasSuffix(".0") { expected.removeLast(2) }
                if FixWriter.appendShortDecimal(value, to: &bytes) {
                    fast += 1
                    let written = String(decoding: bytes, as: UTF8.self)
                    if written != expected {
                        return (fast, "\(value.bitPattern): short \(written), description \(expected)")
                    }
                }
                bytes.removeAll()
                FixWriter.appendJSON(value, to: &bytes)
                let written = String(decoding: bytes, as: UTF8.self)
                if written != expected {
                    return (fast, "\(value.bitPattern): JSON \(written), description \(expected)")
                }
            }
            return (fast, nil)
        }
        #expect(mismatch == nil)
        // Most of these values take the fast path; the rest go through `description`.
        #expect(fast > 100_000)
    }

    @Test func fixedPointIsWrittenAsPrintfWritesIt() async throws {
        let (fast, mismatch) = try await computeOffThePool { () -> (Int, String?) in
            var generator = SplitMix64(seed: 29)
            var fast = 0
            let edges: [Double] = [
                0, -0.0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.25, 0.35, 0.125, 1e-7, -1e-7, 0.0000005, 0.0000015,
                4_503_599_627.370496,
                1e300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity, -.infinity,
            ]
            for index in 0..<300_000 {
                let value =
                    index < edges.count
                    ? edges[index] : (index % 2 == 0 ? Self.decimal(&generator) : Self.double(&generator))
                for decimals in [0, 1, 6] {
                    var bytes: [UInt8] = []
                    let expected = String(format: "%.\(decimals)f", value)
                    if FixWriter.appendFixed(value, decimals: decimals, to: &bytes) {
                        fast += 1
                        let written = String(decoding: bytes, as: UTF8.self)
                        if written != expected {
                            return (fast, "\(value.bitPattern) %.\(decimals)f: wrote \(written), printf \(expected)")
                        }
                    }
                }
            }
            return (fast, nil)
        }
        #expect(mismatch == nil)
        // Most of these values take the fast path; the rest (not finite, or too large) go through `vsnprintf`.
        #expect(fast > 450_000)
    }

    /// A fix with random values, some absent, some not finite.
    static func fix(_ generator: inout SplitMix64) -> (location: Location, precise: Bool) {
        func optional(_ generator: inout SplitMix64) -> Double? {
            generator.next() % 4 == 0 ? nil : double(&generator)
        }
        let special = generator.next() % 50 == 0
        let location = Location(
            coordinate: Coordinate(latitude: double(&generator), longitude: double(&generator)),
            altitude: optional(&generator),
            horizontalAccuracy: special ? .nan : double(&generator),
            verticalAccuracy: optional(&generator),
            speed: generator.next() % 60 == 0 ? .infinity : optional(&generator),
            course: optional(&generator),
            timestamp: Date(
                timeIntervalSince1970: Double(
                    Int64.random(in: -4_000_000_000_000...5_000_000_000_000, using: &generator)
                ) / 1_000
                    + (generator.next() % 3 == 0 ? 0.0004999 : 0)
            )
        )
        return (location, generator.next() % 2 == 0)
    }

    /// What the command wrote before: the properties through `JSONSerialization` with sorted keys.
    static func oracleProperties(_ location: Location, precise: Bool, index: Int) -> [String: Any] {
        [
            "index": index,
            "timestamp": FixWriter.time(location.timestamp, iso: true),
            "latitude": location.coordinate.latitude,
            "longitude": location.coordinate.longitude,
            "horizontalAccuracy": location.horizontalAccuracy,
            "altitude": location.altitude as Any? ?? NSNull(),
            "verticalAccuracy": location.verticalAccuracy as Any? ?? NSNull(),
            "speed": location.speed as Any? ?? NSNull(),
            "course": location.course as Any? ?? NSNull(),
            "precise": precise,
        ]
    }

    static func oracleJSON(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text.replacingOccurrences(of: "\\/", with: "/")
    }

    static func oracleRow(_ location: Location, precise: Bool, index: Int) -> String {
        FixWriter.row([
            String(index), FixWriter.time(location.timestamp),
            String(format: "%.6f", location.coordinate.latitude),
            String(format: "%.6f", location.coordinate.longitude),
            String(format: "%.0f", location.horizontalAccuracy),
            location.speed.map { String(format: "%.1f", $0) } ?? "—",
            location.course.map { String(format: "%.0f", $0) } ?? "—",
            precise ? "precise" : "approximate",
        ])
    }

    static let header = FixWriter.row([
        "#", "time (UTC)", "latitude", "longitude", "± m", "speed m/s", "course °", "accuracy",
    ])

    @Test(arguments: FixWriter.Format.allCases)
    func randomFixesAreWrittenAsBefore(format: FixWriter.Format) async throws {
        let (written, expected) = try await computeOffThePool { try Self.writtenAndExpected(format) }
        let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(writtenLines.count == expectedLines.count)
        for (line, (got, want)) in zip(writtenLines, expectedLines).enumerated() where got != want {
            Issue.record("line \(line + 1): \(got) ≠ \(want)")
            return
        }
    }

    /// 3,000 random fixes as the writers write them, and as the command wrote them before.
    static func writtenAndExpected(_ format: FixWriter.Format) throws -> (written: String, expected: String) {
        var generator = SplitMix64(seed: 1_017 + UInt64(FixWriter.Format.allCases.firstIndex(of: format) ?? 0))
        let fixes = (0..<3_000).map { _ in Self.fix(&generator) }
        var expected: String
        switch format {
        case .table:
            expected = Self.header + "\n"
            for (index, fix) in fixes.enumerated() {
                expected += Self.oracleRow(fix.location, precise: fix.precise, index: index + 1) + "\n"
            }
        case .ndjson:
            expected = ""
            for (index, fix) in fixes.enumerated() {
                let properties = Self.oracleProperties(fix.location, precise: fix.precise, index: index + 1)
                expected += Self.oracleJSON(properties) + "\n"
            }
        case .geojson:
            expected = #"{"type":"FeatureCollection","features":["# + "\n"
            for (index, fix) in fixes.enumerated() {
                let feature: [String: Any] = [
                    "type": "Feature",
                    "geometry": [
                        "type": "Point",
                        "coordinates": [fix.location.coordinate.longitude, fix.location.coordinate.latitude],
                    ],
                    "properties": Self.oracleProperties(fix.location, precise: fix.precise, index: index + 1),
                ]
                expected += (index > 0 ? "," : "") + Self.oracleJSON(feature) + "\n"
            }
            expected += "]}\n"
        }
        return (try FixWriterOutputTests.render(format, fixes), expected)
    }
}
