import Foundation
import Testing
import Whereabouts
import WhereaboutsGPSD

/// The decoder on lines captured from gpsd 3.22 (`Fixtures/session.jsonl`) and on broken ones.
@Suite(.timeLimit(.minutes(5)))
struct GPSDDecoderTests {
    /// The fixture's lines, in order.
    static let session: [String] = {
        let url = Bundle.module.url(forResource: "session", withExtension: "jsonl", subdirectory: "Fixtures")!
        return try! String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }()

    static func decode(_ line: String) throws(GPSDDecodingError) -> GPSDMessage {
        try GPSDDecoder.decode(Array(line.utf8))
    }

    static func report(_ line: String) throws -> GPSDReport {
        guard case .tpv(let report) = try decode(line) else {
            Issue.record("not a TPV: \(line)")
            return GPSDReport()
        }
        return report
    }

    @Test func version() throws {
        #expect(try Self.decode(Self.session[0]) == .version(release: "3.22", protocolMajor: 3, protocolMinor: 14))
    }

    @Test func devices() throws {
        #expect(try Self.decode(Self.session[1]) == .devices(["tcp://127.0.0.1:29500"]))
    }

    @Test func watch() throws {
        #expect(try Self.decode(Self.session[2]) == .watch(enabled: true))
    }

    @Test func sky() throws {
        let expected = GPSDSky(device: "tcp://127.0.0.1:29500", nSat: 8, uSat: 8, hdop: 0.9, vdop: 1.3, pdop: 1.6)
        #expect(try Self.decode(Self.session[4]) == .sky(expected))
    }

    @Test func fullTPVBecomesALocation() throws {
        let report = try Self.report(Self.session[5])
        #expect(report.mode == 3)
        #expect(report.device == "tcp://127.0.0.1:29500")
        #expect(report.time == Date(timeIntervalSince1970: 1_748_779_207))
        #expect(report.altHAE == 74.6)
        #expect(report.climb == 0.1)
        let location = try #require(report.location)
        #expect(location.coordinate == Coordinate(latitude: 52.520453333, longitude: 13.405685))
        #expect(location.horizontalAccuracy == 17.1)
        #expect(location.verticalAccuracy == 29.9)
        #expect(location.altitude == 35.2)
        #expect(location.speed == 10.001)
        #expect(location.course == 45)
        #expect(location.timestamp == Date(timeIntervalSince1970: 1_748_779_207))
    }

    @Test func firstTPVWithoutTimeOrPositionHasNoLocation() throws {
        let report = try Self.report(Self.session[3])
        #expect(report.mode == 3)
        #expect(report.eph == 17.1)
        #expect(report.lat == nil && report.time == nil)
        #expect(report.location == nil)
    }

    @Test func twoDimensionalFixHasNoAltitude() throws {
        let location = try #require(try Self.report(Self.session[6]).location)
        #expect(location.altitude == nil)
        #expect(location.verticalAccuracy == nil)
        #expect(location.horizontalAccuracy == 12.25)  // no eph: the larger of epx and epy
        #expect(location.timestamp == Date(timeIntervalSince1970: 1_748_779_208.5))
    }

    @Test func modeOneIsNoFix() throws {
        let report = try Self.report(Self.session[7])
        #expect(report.mode == 1)
        #expect(report.lat == 52.52)
        #expect(report.location == nil)
    }

    @Test func noErrorEstimateGivesTenMetres() throws {
        let line = #"{"class":"TPV","mode":2,"time":"2025-06-01T12:00:00Z","lat":1.5,"lon":2.5}"#
        #expect(try Self.report(line).location?.horizontalAccuracy == 10)
    }

    @Test func error() throws {
        #expect(try Self.decode(Self.session[8]) == .error(message: "Unrecognized request 'FOO'"))
    }

    @Test func unknownClass() throws {
        #expect(try Self.decode(Self.session[9]) == .other(className: "DEVICE"))
    }

    @Test func everyFixtureLineDecodes() throws {
        for line in Self.session {
            _ = try Self.decode(line)
            _ = try Self.decode(line + "\r")  // a CR left by a framer is whitespace
        }
    }

    @Test(arguments: [
        ("not JSON at all", "not JSON"),
        (#"[{"class":"TPV"}]"#, "not a JSON object"),
        (#"{"mode":3,"lat":52.5}"#, "no \"class\""),
        (#"{"class":3}"#, "\"class\" is not a string"),
        (#"{"class":"TPV","device":"tcp://127.0.0.1:29500","mode":3,"time":"2025-06-01T12:0"#, "not JSON"),
        ("", "not JSON"),
    ])
    func malformedLinesThrow(line: String, message: String) {
        #expect(throws: GPSDDecodingError(excerpt: String(line.prefix(80)), message: message)) {
            try Self.decode(line)
        }
    }

    @Test func aFieldOfTheWrongTypeIsAbsent() throws {
        let line = #"{"class":"TPV","mode":"3","time":17,"lat":"52.5","lon":13.4,"eph":[1],"speed":null}"#
        let report = try Self.report(line)
        #expect(report == GPSDReport(lon: 13.4))
        let devices = #"{"class":"DEVICES","devices":[{"path":7},"x",{"path":"/dev/ttyACM0"}]}"#
        #expect(try Self.decode(devices) == .devices(["/dev/ttyACM0"]))
        #expect(try Self.decode(#"{"class":"WATCH","enable":"yes"}"#) == .watch(enabled: nil))
        #expect(try Self.decode(#"{"class":"ERROR"}"#) == .error(message: ""))
    }

    @Test func invalidCoordinatesGiveNoLocation() throws {
        let line = #"{"class":"TPV","mode":3,"time":"2025-06-01T12:00:00Z","lat":91,"lon":13.4}"#
        #expect(try Self.report(line).location == nil)
    }

    @Test func aHugeLineFailsCleanly() {
        var junk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        junk[0] = UInt8(ascii: "{")
        let error = #expect(throws: GPSDDecodingError.self) { try GPSDDecoder.decode(junk) }
        #expect(error?.excerpt.count == 80)
        #expect(error?.message == "not JSON")
        #expect(error?.description.hasPrefix("malformed gpsd line (not JSON): \"{xxx") == true)
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(throws: GPSDDecodingError.self) { try GPSDDecoder.decode(deep) }
    }

    @Test(arguments: [
        ("2025-06-01T12:00:07.000Z", 1_748_779_207.0),
        ("2025-06-01T12:00:07Z", 1_748_779_207.0),
        ("2025-06-01T12:00:07.25Z", 1_748_779_207.25),
        ("2025-06-01T14:00:07.000+02:00", 1_748_779_207.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-02-29T23:59:60Z", 1_709_251_200.0),
    ])
    func times(text: String, seconds: Double) {
        #expect(GPSDDecoder.parseTime(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "", "2025-06-01", "2025-06-01T12:00:07", "2025-13-01T12:00:07Z", "2025-02-30T12:00:07Z",
        "2025-06-01T12:00:07.Z", "2025-06-01T12:00:07.000Zjunk", "yesterday",
    ])
    func badTimesAreAbsent(text: String) {
        #expect(GPSDDecoder.parseTime(text) == nil)
    }
}
