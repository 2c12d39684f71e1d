import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// What comes before a log's first sentence, and the lines a reader skips on purpose: reported once, never fatal.
@Suite(.timeLimit(.minutes(5)))
struct NMEAReaderInputTests {
    /// The two seconds of `Fixtures/nmea/gpsd-header.nmea`, 2014-12-31 03:07:19 and 03:07:20 UTC.
    static func times() throws -> [Date] {
        [try Support.utc(2014, 12, 31, 3, 7, 19), try Support.utc(2014, 12, 31, 3, 7, 20)]
    }

    fileprivate static func readStrict(_ name: String) throws -> Support.Result {
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: Support.url(name), strict: true) { log.issues.append($0) }
        return try Support.drain(&reader, log)
    }

    @Test func gpsdsCommentHeaderIsSkippedAndReportedOnce() throws {
        for result in [try Support.read("gpsd-header"), try Self.readStrict("gpsd-header")] {
            #expect(result.locations.map(\.timestamp) == (try Self.times()))
            #expect(Support.close(result.locations.first?.coordinate.latitude, -Support.degrees(37, 47.0873)))
            try #require(result.issues.count == 1)
            let issue = result.issues[0]
            #expect(issue.severity == .skipped)
            #expect(issue.line == 1 && issue.column == 1)
            #expect(issue.message == "6 comment lines (starting with #) skipped, the first here")
        }
    }

    @Test(arguments: [
        ("cut-first-line", "skipped 1 line before the first sentence (line 2)", 1),
        ("binary-prefix", "skipped 10 bytes before its '$' before the first sentence (line 1)", 1),
        ("text-header", "skipped 2 lines before the first sentence (line 3)", 1),
    ])
    func leadingContentIsSkippedAndReportedOnceEvenWhenStrict(name: String, message: String, line: Int) throws {
        for result in [try Support.read(name), try Self.readStrict(name)] {
            #expect(result.locations.map(\.timestamp) == [try Self.times()[1]], "\(name)")
            #expect(Support.close(result.locations.first?.coordinate.longitude, Support.degrees(175, 18.8938)))
            try #require(result.issues.count == 1, "\(result.issues)")
            #expect(result.issues[0].severity == .skipped)
            #expect(result.issues[0].line == line && result.issues[0].column == 1)
            #expect(result.issues[0].message.hasPrefix(message + ": not NMEA, but a header"), "\(result.issues[0])")
        }
    }

    @Test func aByteOrderMarkIsNotAnIssue() throws {
        let result = try Self.readStrict("bom")
        #expect(result.locations.map(\.timestamp) == [try Self.times()[1]])
        #expect(result.issues.isEmpty)
    }

    @Test func unusedSentenceTypesAreReportedOnceEachWithTheirCountAfterMalformedLines() throws {
        let result = try Support.read("noise")
        #expect(result.locations.map(\.timestamp) == (try Self.times()))
        let found = result.issues.map { "\($0.line):\($0.column ?? 0) \($0.severity) \($0.message)" }
        #expect(
            found == [
                "13:72 malformed wrong checksum: the sentence says *7E, its bytes give *7D; the line is damaged",
                "1:1 skipped $PSRF…: 3 proprietary sentences skipped, the first here (the reader does not use them)",
                "2:1 skipped $GPTXT: 1 sentence of a type the reader does not use skipped, the first here",
                "7:1 skipped $PGRM…: 2 proprietary sentences skipped, the first here (the reader does not use them)",
            ]
        )
    }

    @Test func strictStillStopsAtTheFirstTrulyMalformedLine() throws {
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: Support.url("noise"), strict: true) { log.issues.append($0) }
        var fixes = 0
        let issue = try #require(throws: ReplayIssue.self) {
            while try reader.next() != nil { fixes += 1 }
        }
        #expect(issue.line == 13 && issue.column == 72 && issue.severity == .malformed)
        #expect(fixes == 1)
        #expect(log.issues.isEmpty, "skipped lines are summed up at the end, which a strict stop does not reach")
    }

    @Test func hundredsOfProprietarySentencesAreOneIssue() throws {
        let body = try String(contentsOf: Support.url("gpsd-header"), encoding: .utf8)
        let text = body + String(repeating: "$PSRF150,1*3E\r\n", count: 220)
        let result = try Support.read(text: text)
        #expect(result.locations.count == 2)
        #expect(
            result.issues.map(\.message) == [
                "6 comment lines (starting with #) skipped, the first here",
                "$PSRF…: 220 proprietary sentences skipped, the first here (the reader does not use them)",
            ]
        )
        #expect(result.issues.last?.line == 13)
    }

    @Test func aLaterLineThatIsNotASentenceIsStillMalformed() throws {
        let body = try String(contentsOf: Support.url("gpsd-header"), encoding: .utf8)
        let result = try Support.read(text: body + "hello\n")
        #expect(result.issues.map(\.severity) == [.malformed, .skipped])
        #expect(result.issues.first?.line == 13)
    }

    @Test func inputWithNoSentenceAtAllIsMalformedAtItsFirstLine() throws {
        let result = try Support.read(text: "GPS Logger for Android\n\nno fix yet\n")
        #expect(result.events.isEmpty)
        #expect(result.issues.map(\.line) == [1])
        #expect(
            result.issues.first?.message == "not an NMEA sentence: a sentence starts with '$' (nor is the other line)"
        )
        var strict = NMEAReader(data: Data("free text\n".utf8), strict: true)
        #expect(
            throws: ReplayIssue(
                file: "<data>",
                line: 1,
                column: 1,
                message: "not an NMEA sentence: a sentence starts with '$'"
            )
        ) {
            _ = try strict.next()
        }
    }

    @Test func leadingContentSplitAcrossChunksIsReadTheSame() throws {
        let data = try Data(contentsOf: Support.url("binary-prefix"))
        for size in [1, 3, 7, 64] {
            let log = Support.IssueLog()
            var reader = NMEAReader(data: data, chunkSize: size) { log.issues.append($0) }
            let result = try Support.drain(&reader, log)
            #expect(result.locations.count == 1)
            #expect(result.issues.map(\.severity) == [.skipped])
        }
    }
}
