import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing
import Whereabouts
import WhereaboutsGPSD

/// gpsd's values checked as Core Location checks its own: a negative accuracy is no fix, an absurd value is left out.
@Suite(.timeLimit(.minutes(5)))
struct GPSDReportLimitsTests {
    static let time = Date(timeIntervalSince1970: 1_748_779_207)

    static func report(
        eph: Double? = 17.1,
        altMSL: Double? = 35.2,
        epv: Double? = 29.9,
        speed: Double? = 1.5,
        track: Double? = 90,
        lat: Double = 52.52
    ) -> GPSDReport {
        GPSDReport(
            mode: 3,
            time: time,
            lat: lat,
            lon: 13.4,
            altMSL: altMSL,
            eph: eph,
            epv: epv,
            speed: speed,
            track: track
        )
    }

    @Test(arguments: [-5.0, -.ulpOfOne, .nan, .infinity, 4e7])
    func aNegativeOrAbsurdHorizontalAccuracyMakesTheReportNoFix(eph: Double) throws {
        let report = Self.report(eph: eph)
        #expect(report.location == nil)
        let check = try #require(report.check)
        #expect(check.problems.count == 1)
        #expect(check.problems.first?.contains("horizontal accuracy") == true)
    }

    @Test func aNotFiniteCoordinateIsNoFix() {
        #expect(Self.report(lat: .nan).location == nil)
        #expect(Self.report(lat: .infinity).location == nil)
    }

    @Test func absurdSpeedAltitudeAndCourseAreLeftOutAndTheFixKept() throws {
        let location = try #require(Self.report(altMSL: 1e300, speed: -1e308, track: 400).location)
        #expect(location.altitude == nil && location.verticalAccuracy == nil)
        #expect(location.speed == nil && location.course == nil)
        #expect(location.horizontalAccuracy == 17.1)
        #expect(Self.report(speed: .infinity).location?.speed == nil)
        #expect(Self.report(track: .nan).location?.course == nil)
    }

    @Test func aNegativeVerticalAccuracyDropsTheAltitudeAsCoreLocationDoes() throws {
        let location = try #require(Self.report(epv: -1).location)
        #expect(location.altitude == nil && location.verticalAccuracy == nil)
        #expect(location.speed == 1.5)
    }

    @Test func valuesInsideTheirRangesPassUnchanged() throws {
        let check = try #require(Self.report().check)
        #expect(check.problems.isEmpty)
        #expect(check.location?.altitude == 35.2 && check.location?.course == 90)
    }

    @Test func aReportWithANegativeEPHFromGPSDIsSkippedCountedAndLogged() async throws {
        let logs = InMemoryLogHandler()
        var (fake, server, source, recorder) = try await GPSDSourceTests.connected(clock: TestClock(), logs: logs)
        let bad = GPSDSourceTests.tpv(1).replacingOccurrences(of: #""eph":17.1"#, with: #""eph":-5"#)
        let high = GPSDSourceTests.tpv(2).replacingOccurrences(of: #""altMSL":35.2"#, with: #""altMSL":1e300"#)
        try await fake.send(lines: GPSDSourceTests.greeting + [bad, high, GPSDSourceTests.tpv(3)])
        let events = await recorder.wait(for: 2)
        #expect(events.count == 2)
        guard case .location(let first) = events.first, case .location(let second) = events.last else {
            Issue.record("expected two locations: \(events)")
            return
        }
        var withoutAltitude = try #require(try GPSDSourceTests.location(GPSDSourceTests.tpv(2)).locationValue)
        withoutAltitude.altitude = nil
        withoutAltitude.verticalAccuracy = nil
        #expect(first == withoutAltitude)
        #expect(second == (try GPSDSourceTests.location(GPSDSourceTests.tpv(3))).locationValue)
        #expect(source.statistics.reports == 3)
        #expect(source.statistics.locations == 2)
        #expect(source.statistics.outOfRangeReports == 2)
        let warnings = logs.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1)  // one per kind per interval
        #expect(warnings.first?.metadata["problem"]?.description.contains("horizontal accuracy -5.0 m") == true)
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }
}

extension SourceEvent {
    /// The location of a `.location` event.
    var locationValue: Location? {
        if case .location(let location) = self { location } else { nil }
    }
}
