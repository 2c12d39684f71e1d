import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// Dates before the first dated sentence, the sentences receivers send (ZDA, GLL, GNS, any talker),
/// and what counts as a fix.
///
/// The sentences follow the shapes of real receiver logs: the GGA/RMC cycle of a SiRF or u-blox
/// receiver (as in gpsbabel's `reference/track/nmea`), ZDA as in gpsbabel's
/// `reference/track/nmeadatetime.nmea` (`$GPZDA,033141,10,03,2019,00,00`), GNS and GLL as a
/// u-blox M8 sends them, and a cold start's placeholders (`8960.0000,N`, `36000.0000,E`) as some
/// MediaTek chips print them. Positions and times are made up; checksums are computed.
@Suite(.timeLimit(.minutes(5)))
struct NMEAReaderEpochTests {
    private static func gga(_ time: String, quality: Int = 1, _ latitude: String = "4851.5040") -> String {
        Support.sentence("GPGGA,\(time),\(latitude),N,00217.6700,E,\(quality),08,0.9,35.0,M,47.0,M,,")
    }

    private static func rmc(_ time: String, status: String = "A", date: String = "160526") -> String {
        Support.sentence("GPRMC,\(time),\(status),4851.5040,N,00217.6700,E,2.7,90.0,\(date),,,A")
    }

    private static func read(_ lines: [String], includeEstimated: Bool = false) throws -> Support.Result {
        let log = Support.IssueLog()
        var reader = NMEAReader(
            data: Data((lines.joined(separator: "\n") + "\n").utf8),
            name: "mem.nmea",
            includeEstimated: includeEstimated
        ) { log.issues.append($0) }
        return try Support.drain(&reader, log)
    }

    // MARK: - Item 1: dates before the first dated sentence

    @Test func aCaptureStartingWithGGAIsDatedByTheRMCThatFollows() throws {
        // Cut mid-cycle: the first second has only its GGA; its RMC was before the capture started.
        let result = try Self.read([
            Self.gga("120000.00"), Self.rmc("120001.00"), Self.gga("120001.00"), Self.rmc("120002.00"),
        ])
        #expect(result.issues.isEmpty)
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2026, 5, 16, 12, 0, 0), try Support.utc(2026, 5, 16, 12, 0, 1),
                try Support.utc(2026, 5, 16, 12, 0, 2),
            ]
        )
    }

    @Test func aHeldEpochBeforeMidnightGetsTheDayBefore() throws {
        let result = try Self.read([Self.gga("235959.00"), Self.rmc("000000.00", date: "010126")])
        #expect(result.issues.isEmpty)
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2025, 12, 31, 23, 59, 59), try Support.utc(2026, 1, 1, 0, 0, 0),
            ]
        )
    }

    @Test func aLogWithoutADateIsReportedUndatedWithOneNoticeNamingTheLine() throws {
        let result = try Support.read("gga-only")
        #expect(result.locations.isEmpty)  // never 2000-01-01
        #expect(
            result.unavailable == [
                "fix at 06:15:00 UTC without a date (no RMC or ZDA sentence gives one); not replayed",
                "fix at 06:15:01 UTC without a date (no RMC or ZDA sentence gives one); not replayed",
            ]
        )
        try #require(result.issues.count == 1)
        #expect(result.issues[0].isNotice)
        #expect(result.issues[0].line == 1)
        #expect(result.issues[0].message.contains("no RMC or ZDA sentence gives a date"))
    }

    @Test func epochsPastTheBoundAreUndatedAndLaterOnesDated() throws {
        let early = (0..<12).map { Self.gga(String(format: "1200%02d.00", $0)) }
        let result = try Self.read(early + [Self.rmc("120012.00")])
        let notices = result.issues.filter(\.isNotice)
        #expect(notices.count == 1 && notices.first?.line == 1 && result.issues.count == 1)
        #expect(result.unavailable.count == 12)
        #expect(result.unavailable.allSatisfy { $0.contains("without a date") })
        #expect(result.locations.map(\.timestamp) == [try Support.utc(2026, 5, 16, 12, 0, 12)])
    }

    @Test func aStrictReaderReportsTheUndatedNoticeWithoutStopping() throws {
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: Support.url("gga-only"), strict: true) { log.issues.append($0) }
        var events = 0
        while try reader.next() != nil { events += 1 }
        #expect(events == 2)
        #expect(log.issues.count == 1 && log.issues.allSatisfy(\.isNotice))
    }

    @Test func aSecondPlayFollowsTheFirstWithoutJumpingYears() async throws {
        let text = [Self.gga("120000.00"), Self.rmc("120001.00"), Self.rmc("120002.00")].joined(separator: "\n")
        let source = ReplaySource(.data(Data(text.utf8), name: "t.nmea"), speed: .asFastAsPossible, looping: .times(2))
        var times: [Date] = []
        for try await event in source.events() {
            if case .location(let fix) = event { times.append(fix.timestamp) }
        }
        try #require(times.count == 6)
        let gaps = zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(gaps == [1, 1, 1, 1, 1])
    }

    // MARK: - Item 3: ZDA, GLL, GNS, any talker

    @Test func zdaDatesAGGALog() throws {
        let result = try Self.read([
            Self.gga("033141.00"), Support.sentence("GPZDA,033141.00,10,03,2019,00,00"),
            Self.gga("033142.00"), Support.sentence("GPZDA,033142.00,10,03,2019,00,00"),
        ])
        #expect(result.issues.isEmpty)
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2019, 3, 10, 3, 31, 41), try Support.utc(2019, 3, 10, 3, 31, 42),
            ]
        )
    }

    @Test func aReceiverThatOnlySendsGNSReplaysItsWholeTrack() throws {
        let result = try Self.read([
            Support.sentence("GNZDA,082710.00,16,05,2026,00,00"),
            Support.sentence("GNGNS,082710.00,4851.5040,N,00217.6700,E,AAAN,14,0.7,35.2,47.0,,,V"),
            Support.sentence("GNGNS,082711.00,4851.5050,N,00217.6720,E,ANAN,09,1.1,35.4,47.0,,,V"),
            Support.sentence("GNGNS,082712.00,4851.5060,N,00217.6740,E,DDNN,12,0.8,35.6,47.0,,,S"),
        ])
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 3)
        #expect(Support.close(fixes[1].coordinate.latitude, Support.degrees(48, 51.5050)))
        #expect(Support.close(fixes[1].coordinate.longitude, Support.degrees(2, 17.6720)))
        #expect(Support.close(fixes[1].altitude, 35.4))
        #expect(Support.close(fixes[1].horizontalAccuracy, 5.5))  // GNS's HDOP 1.1 × 5 m
        #expect(fixes[2].timestamp == (try Support.utc(2026, 5, 16, 8, 27, 12)))
    }

    @Test func aReceiverThatOnlySendsGLLReplaysItsWholeTrack() throws {
        let result = try Self.read([
            Support.sentence("GPRMC,225444,V,,,,,,,191194,,,N"),  // the date, before the first fix
            Support.sentence("GPGLL,4916.45,N,12311.12,W,225444,A,A"),
            Support.sentence("GPGLL,4916.46,N,12311.13,W,225445,A,A"),
            Support.sentence("GPGLL,4916.47,N,12311.14,W,225446,V,N"),  // no fix
        ])
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(Support.close(fixes[0].coordinate.latitude, Support.degrees(49, 16.45)))
        #expect(Support.close(fixes[0].coordinate.longitude, -Support.degrees(123, 11.12)))
        #expect(fixes[0].altitude == nil)
        #expect(fixes[1].timestamp == (try Support.utc(1994, 11, 19, 22, 54, 45)))
        #expect(result.unavailable == ["no fix at 1994-11-19T22:54:46Z"])
    }

    @Test(arguments: ["GP", "GN", "GL", "GA", "BD", "GB", "QZ"])
    func anyTalkerIsRead(_ talker: String) throws {
        let result = try Self.read([
            Support.sentence("\(talker)RMC,120000.00,A,4851.5040,N,00217.6700,E,2.7,90.0,160526,,,A"),
            Support.sentence("\(talker)GGA,120001.00,4851.5050,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,"),
            Support.sentence("\(talker)GNS,120002.00,4851.5060,N,00217.6700,E,AA,08,0.9,35.0,47.0,,"),
            Support.sentence("\(talker)GLL,4851.5070,N,00217.6700,E,120003.00,A,A"),
            Support.sentence("\(talker)ZDA,120004.00,16,05,2026,00,00"),
        ])
        #expect(result.issues.isEmpty)
        #expect(result.locations.count == 4)
        #expect(result.locations.last?.timestamp == (try Support.utc(2026, 5, 16, 12, 0, 3)))
    }

    @Test func ggaWinsOverRMCOfTheSameSecond() throws {
        // A receiver's GGA and RMC of one second that disagree: GGA's position and altitude are used.
        let result = try Self.read([
            Self.gga("120000.00", "4851.6000"), Self.rmc("120000.00"),
        ])
        let fix = try #require(result.locations.first)
        #expect(Support.close(fix.coordinate.latitude, Support.degrees(48, 51.6)))
        #expect(Support.close(fix.altitude, 35.0))
        #expect(Support.close(fix.speed, 2.7 * Support.knots))  // RMC's speed still joins
    }

    // MARK: - Item 4: what a fix is

    @Test func estimatedPositionsAreSkippedAndCountedOnce() throws {
        let lines = [
            Self.rmc("120000.00"),
            Self.gga("120001.00", quality: 6),  // dead reckoning
            Self.gga("120002.00", quality: 8),  // simulator
            Self.rmc("120003.00", status: "V"),  // the receiver's warning, with a last position
            Self.gga("120004.00"),
        ]
        let result = try Self.read(lines)
        #expect(result.locations.count == 2)
        #expect(result.unavailable.count == 3)
        #expect(result.unavailable.first?.hasPrefix("estimated position at 2026-05-16T12:00:01Z") == true)
        try #require(result.issues.count == 1)
        #expect(result.issues[0].isNotice && result.issues[0].line == 0)
        #expect(result.issues[0].message.hasPrefix("3 estimated positions were not replayed"))

        let included = try Self.read(lines, includeEstimated: true)
        #expect(included.issues.isEmpty)
        #expect(included.locations.count == 5)
        #expect(Support.close(included.locations[3].speed, 2.7 * Support.knots))
    }

    /// A Magellan eXplorist writes GLL's time to the millisecond and GGA's and RMC's to the hundredth
    /// (gpsd's `test/daemon/eXplorist210.log`: `$GPGLL,…,200619.295,A`, then `$GPGGA,200619.30,…`,
    /// `$GPRMC,200619.30,…`): one second, one fix, not two 5 ms apart, timed by GGA, whose position
    /// wins (as gpsd and gpsbabel time it), not by the GLL that opened the epoch.
    @Test func timesWrittenToDifferentPrecisionsAreOneEpoch() throws {
        let lines = [
            Support.sentence("GPGLL,5313.2228,N,00634.4228,E,200619.295,A"),
            Support.sentence("GPGGA,200619.30,5313.2228,N,00634.4228,E,1,05,2.6,00000,M,,,,"),
            Support.sentence("GPRMC,200619.30,A,5313.2228,N,00634.4228,E,00.0,000.0,200506,00,W"),
            Support.sentence("GPGLL,5313.2229,N,00634.4230,E,200620.303,A"),
            Support.sentence("GPGGA,200620.30,5313.2229,N,00634.4230,E,1,05,2.5,00000,M,,,,"),
            Support.sentence("GPRMC,200620.30,A,5313.2229,N,00634.4230,E,00.0,000.0,200506,00,W"),
        ]
        let result = try Self.read(lines)
        #expect(result.issues.isEmpty)
        try #require(result.locations.count == 2)
        let first = try Support.utc(2006, 5, 20, 20, 6, 19.30)
        #expect(abs(result.locations[0].timestamp.timeIntervalSince(first)) < 0.000_5)
        let second = try Support.utc(2006, 5, 20, 20, 6, 20.30)
        #expect(abs(result.locations[1].timestamp.timeIntervalSince(second)) < 0.000_5)
        #expect(Support.close(result.locations[1].coordinate.longitude, Support.degrees(6, 34.4230)))
    }

    /// The fix takes the time of the sentence whose position wins: without GGA, RMC's (Magellan 315's
    /// shape, gpsd's `test/daemon/magellan315.log`: `$GPGLL,…,120824.758,A` then `$GPRMC,120824.76,…`;
    /// its GGA left out here); GLL's own when it is alone; and across midnight, a GGA at 00:00:00.00
    /// after a GLL at 23:59:59.995 is on the next day.
    @Test func fixTakesTheTimeOfTheWinningSentence() throws {
        let lines = [
            Support.sentence("GPGLL,3908.8199,N,00023.0832,W,120824.758,A"),
            Support.sentence("GPRMC,120824.76,A,3908.8199,N,00023.0832,W,00.0,000.0,130305,01.,W"),
            Support.sentence("GPGLL,3908.8200,N,00023.0832,W,120827.523,A"),
            Support.sentence("GPGLL,3908.8200,N,00023.0832,W,235959.995,A"),
            Support.sentence("GPGGA,000000.00,3908.8200,N,00023.0832,W,1,06,2.1,00176,M,,,,"),
        ]
        let result = try Self.read(lines)
        #expect(result.issues.isEmpty)
        try #require(result.locations.count == 3)
        let expected = [
            try Support.utc(2005, 3, 13, 12, 8, 24.76),
            try Support.utc(2005, 3, 13, 12, 8, 27.523),
            try Support.utc(2005, 3, 14, 0, 0, 0),
        ]
        for (location, time) in zip(result.locations, expected) {
            #expect(abs(location.timestamp.timeIntervalSince(time)) < 0.000_5)
        }
    }

    /// Quality 7 is a position entered by hand or surveyed (a timing receiver held at its antenna's
    /// surveyed position): where the receiver is, not a guess, so a fix, as gpsd (status "surveyed")
    /// and gpsbabel read it.
    @Test func manualInputQualitySevenIsAFix() throws {
        let result = try Self.read([Self.rmc("120000.00"), Self.gga("120001.00", quality: 7)])
        #expect(result.locations.count == 2)
        #expect(result.unavailable.isEmpty)
        #expect(result.issues.isEmpty)
    }

    @Test func noFixPlaceholdersAreQuietlyNoFixEvenWhenStrict() throws {
        let text = [
            Support.sentence("GPGGA,000012.00,8960.0000,N,36000.0000,E,0,00,99.9,,,,,,"),
            Support.sentence("GPRMC,000012.00,V,8960.0000,N,36000.0000,E,,,060180,,,N"),
            Support.sentence("GPGGA,000013.00,,,,,0,00,,,,,,,"),
            Support.sentence("GPGLL,,,,,000013.00,V,N"),
            Support.sentence("GPGNS,000013.00,,,,,NN,00,,,,,"),
            Support.sentence("GPZDA,,,,,,"),
        ].joined(separator: "\n")
        var reader = NMEAReader(data: Data(text.utf8), name: "cold.nmea", strict: true)
        var messages: [String] = []
        while let event = try reader.next() {
            if case .unavailable(let message) = event { messages.append(message) }
        }
        #expect(messages == ["no fix at 1980-01-06T00:00:12Z", "no fix at 1980-01-06T00:00:13Z"])
    }

    @Test func aTrulyMalformedFixStillStopsAStrictReader() throws {
        let text = Support.sentence("GPGGA,120000.00,8960.0000,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,")
        var reader = NMEAReader(data: Data(text.utf8), name: "bad.nmea", strict: true)
        #expect(throws: ReplayIssue.self) { try reader.next() }
    }

    /// A space before all six digits is padding too: gpsbabel's `reference/track/nmeadatetime.nmea`
    /// has `$GPRMC, 222519,A,…` and `$GPGGA, 222519,…` (gpsbabel reads 22:25:19).
    @Test func timeFieldsPaddedWithSpacesAreRead() throws {
        let result = try Self.read([
            Self.rmc(" 61500.00"), Self.gga("061501  "), Self.gga("  1502.5"), Self.gga(" 061503"),
        ])
        #expect(result.issues.isEmpty)
        #expect(
            result.locations.map(\.timestamp) == [
                try Support.utc(2026, 5, 16, 6, 15, 0), try Support.utc(2026, 5, 16, 6, 15, 1),
                try Support.utc(2026, 5, 16, 0, 15, 2.5), try Support.utc(2026, 5, 16, 6, 15, 3),
            ]
        )
    }
}
