import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// Bad input: every problem is reported with its position and skipped, or thrown when strict.
@Suite(.timeLimit(.minutes(5)))
struct NMEAReaderMalformedTests {
    /// The date of the GGA-only logs below: without one their fixes would stay undated.
    static let date = DateComponents(year: 2025, month: 6, day: 1)

    @Test func aWrongChecksumSkipsOnlyThatSentence() throws {
        let result = try Support.read("bad-checksum", defaultDate: DateComponents(year: 2000, month: 1, day: 1))
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(
            fixes.map(\.timestamp) == [
                try Support.utc(2000, 1, 1, 12, 0, 0), try Support.utc(2000, 1, 1, 12, 0, 2),
            ]
        )
        #expect(fixes[1].speed == nil)  // its RMC was damaged
        #expect(result.issues.map(\.line) == [2, 4])
        let first = try #require(result.issues.first)
        #expect(first.file.hasSuffix("bad-checksum.nmea"))
        #expect(first.column == 64)
        #expect(first.message == "wrong checksum: the sentence says *7E, its bytes give *7F; the line is damaged")
        #expect(first.description.hasSuffix("bad-checksum.nmea:2:64: " + first.message))
    }

    @Test func aTruncatedLastLineIsReportedAndTheRestKept() throws {
        let result = try Support.read("truncated", defaultDate: Self.date)
        #expect(result.locations.count == 2)
        #expect(result.events.count == 2)
        #expect(result.issues.map(\.line) == [3])
        #expect(result.issues.first?.message.contains("cut short") == true)
    }

    @Test func garbageLinesAreReportedWithLineAndColumn() throws {
        let result = try Support.read("garbage", defaultDate: Self.date)
        let fixes = result.locations
        try #require(fixes.count == 2)
        #expect(Support.close(fixes[1].coordinate.latitude, Support.degrees(52, 31.2095)))
        let found = result.issues.map { "\($0.line):\($0.column ?? 0)" }
        #expect(found == ["2:1", "4:15", "5:15", "6:49", "7:28", "8:2", "9:25", "10:8", "11:64", "12:1"])
        let messages = result.issues.map(\.message)
        try #require(messages.count == 10)
        #expect(messages[0] == "not an NMEA sentence: a sentence starts with '$'")
        #expect(messages[1] == "GGA: latitude \"9131.2050\" is beyond 90°")
        #expect(messages[2] == "GGA: latitude \"5261.2050\" has 60 minutes or more")
        #expect(messages[3] == "GGA: the altitude is not a number: \"3x.6\"")
        #expect(messages[4] == "RMC: too few fields (4); the sentence needs at least 9")
        #expect(messages[5] == "\"GP\" is not a talker and a sentence type (GPGGA)")
        #expect(messages[6] == "GGA: the latitude's hemisphere is \"Q\", not N or S")
        #expect(messages[7] == "GGA: the time \"25x001\" is not in hhmmss.ss form")
        #expect(messages[8] == "the checksum \"*ZZ\" is not '*' and two hex digits")
    }

    @Test func aCompleteLastLineWithoutALineBreakIsRead() throws {
        let first = Support.sentence("GPGGA,120000,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,")
        let last = Support.sentence("GPGGA,120001,5231.2050,N,01324.3040,E,1,08,0.9,34.6,M,39.4,M,,")
        let result = try Support.read(text: first + "\r\n" + last, defaultDate: Self.date)
        #expect(result.issues.isEmpty)
        #expect(result.locations.count == 2)
    }

    @Test func anOverLongLineIsSkippedWithoutBuffering() throws {
        let good1 = Support.sentence("GPGGA,120000,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,")
        let good2 = Support.sentence("GPGGA,120001,5231.2050,N,01324.3040,E,1,08,0.9,34.6,M,39.4,M,,")
        let long = "$GPGGA," + String(repeating: "1", count: 5000)
        let result = try Support.read(
            text: [good1, long, good2, String(repeating: "x", count: 1025)]
                .joined(separator: "\n"),
            defaultDate: Self.date
        )
        #expect(result.locations.count == 2)
        #expect(result.issues.map(\.line) == [2, 4])
        #expect(result.issues.first?.message.hasPrefix("the line is longer than 1024 bytes") == true)
    }

    @Test func aLineOf1024BytesIsNotTooLong() throws {
        let sentence = Support.sentence("GPGGA,120000,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,")
        let padded = sentence + String(repeating: " ", count: 1024 - sentence.utf8.count)
        let result = try Support.read(text: padded + "\r\n", defaultDate: Self.date)
        #expect(result.issues.isEmpty)
        #expect(result.locations.count == 1)
    }

    @Test func anEmptyFileIsAnIssue() throws {
        let result = try Support.read("empty")
        #expect(result.events.isEmpty)
        #expect(result.issues.count == 1)
        #expect(result.issues.first?.message.hasPrefix("is empty") == true)
        #expect(result.issues.first?.line == 0)
    }

    @Test func inputWithoutSentencesIsAnIssue() throws {
        let text = Support.sentence("GPTXT,01,01,02,ANTSTATUS=OK")
        let result = try Support.read(text: "\n\n" + text + "\n")
        #expect(result.events.isEmpty)
        #expect(result.issues.map(\.message) == ["holds no GGA, RMC, GNS, GLL, ZDA, GSA, VTG or GSV sentence"])
    }

    @Test func strictModeThrowsTheFirstIssue() throws {
        var reader = try NMEAReader(contentsOf: Support.url("garbage"), strict: true)
        #expect {
            _ = try reader.next()
        } throws: { error in
            guard let issue = error as? ReplayIssue else { return false }
            return issue.line == 2 && issue.column == 1
        }
        #expect(reader.issueCount == 1)
        #expect(try reader.next() == nil)
    }

    @Test func strictModeThrowsOnAnEmptyInput() {
        var reader = NMEAReader(data: Data(), strict: true)
        #expect(
            throws: ReplayIssue(
                file: "<data>",
                line: 0,
                message:
                    "is empty; an NMEA log holds sentences such as $GPGGA, one a line"
            )
        ) {
            _ = try reader.next()
        }
    }

    @Test func strictModeReadsAGoodLogToTheEnd() throws {
        var reader = try NMEAReader(contentsOf: Support.url("mixed-talkers"), strict: true)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 2)
    }

    @Test func aMissingFileThrows() {
        #expect(throws: ReplayIssue.self) {
            _ = try NMEAReader(contentsOf: URL(fileURLWithPath: "/nonexistent/drive.nmea"))
        }
    }

    @Test(arguments: [
        "$", "$*", "$GPGGA", "$GPGGA*", "$GPGGA,*00", "$GPRMC,,,,,,,,,,,,,,,,,,,,,,,,,,", "$GPGSV,,,",
        "$GPGSV,9,10,1", "$GPVTG,T", "$GPVTG,,T", "$GPGSA,,,,,,,,,,,,,,,,,,", "$GPGGA,999999,,,,,,,,,,,,,,",
        "$GPRMC,120000,A,,,,,,,320199,,,", "$GPGGA,120000,-5231.2,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,",
        "$GPGGA,1.2.3", "\u{FEFF}$GPTXT,hi", "$ÿÿÿÿÿ,", "$GPRMC,120000,A,0000.0,N,18000.0001,E,,,,,,",
        "$GPGGA,120000,99999999999999999999.9,N,1,E,1,08,0.9,34.5,M,39.4,M,,",
    ])
    func oddLinesNeverCrash(_ line: String) throws {
        let result = try Support.read(text: line)
        #expect(result.events.count + result.issues.count <= 2)
    }

    @Test func randomDamageNeverCrashes() throws {
        let log = try Data(contentsOf: Support.url("mixed-talkers")) + Data(contentsOf: Support.url("no-fix"))
        var random = SplitMix64(seed: 0x4E4D_4541)
        for _ in 0..<500 {
            var bytes = [UInt8](log)
            for _ in 0..<Int(random.next() % 8 + 1) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(ascii: ","), at: index)
                }
            }
            let result = try Support.read(data: Data(bytes))
            #expect(result.events.count <= 6)
        }
    }

}
