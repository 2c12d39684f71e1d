import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// Where and what: an issue without the file name, to compare lists of issues briefly.
struct GPXIssueAt: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int?
    var message: String

    init(_ line: Int, _ column: Int?, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ issue: ReplayIssue) {
        self.init(issue.line, issue.column, issue.message)
    }

    var description: String { "\(line):\(column.map(String.init) ?? "-"): \(message)" }
}

@Suite(.timeLimit(.minutes(5)))
struct GPXReaderMalformedTests {
    @Test func reportsBadValuesAndKeepsTheirPoints() throws {
        let result = try GPXFixture.read(fixture: "malformed-values")
        #expect(
            result.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(5, 17, #"<trkpt> lat is out of range (−90…90): "91.5"; the point is skipped"#),
                GPXIssueAt(6, 39, #"<ele> is not a number: "abc"; the value is ignored"#),
                GPXIssueAt(
                    7,
                    52,
                    #"<time> is not an ISO 8601 time like 2024-05-01T12:00:00Z: "yesterday at noon"; "#
                        + "the value is ignored"
                ),
                GPXIssueAt(8, 17, #"<trkpt> lat is not a number: "north"; the point is skipped"#),
                GPXIssueAt(9, 5, "<trkpt> has no lat attribute; the point is skipped"),
                GPXIssueAt(10, 41, #"<speed> is negative: "-1"; the value is ignored"#),
                GPXIssueAt(10, 59, #"<course> is out of range (0…360): "400"; the value is ignored"#),
                GPXIssueAt(10, 77, #"<hdop> is not a number: "x"; the value is ignored"#),
            ]
        )
        #expect(
            result.issues.first?.description
                == #"malformed-values.gpx:5:17: <trkpt> lat is out of range (−90…90): "91.5"; the point is skipped"#
        )
        let fixes = result.locations
        try #require(fixes.count == 4)
        #expect(fixes.map(\.coordinate.latitude) == [10.5, 10.6, 10.7, 10.9])
        #expect(fixes.map(\.altitude) == [1.5, nil, 3, nil])
        // A bad time is dropped; the point takes the previous time plus one second.
        #expect(
            fixes.map { GPXFixture.milliseconds($0.timestamp) } == [
                1_714_564_800_000, 1_714_564_805_000, 1_714_564_806_000, 1_714_564_807_000,
            ]
        )
        #expect(fixes[3].speed == nil && fixes[3].course == nil && fixes[3].horizontalAccuracy == 10)
    }

    @Test func recoversFromMalformedXMLAndKeepsWhatCameBefore() throws {
        let result = try GPXFixture.read(fixture: "mismatched")
        #expect(
            result.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(5, 34, "</trkpt> does not match <ele> opened at line 5; closing both"),
                GPXIssueAt(6, 69, "</wrong> does not match <trkseg> opened at line 3; ignored"),
                GPXIssueAt(7, 28, "'<' inside the <trkpt> tag opened at column 5: a '>' is missing"),
                GPXIssueAt(7, 40, "</trkpt> does not match <trkseg> opened at line 3; ignored"),
                GPXIssueAt(8, 31, "'<' is not followed by a tag name (write &lt; for a literal '<')"),
                GPXIssueAt(9, 35, #"bad entity "&bogus;" (write &amp; for a literal '&')"#),
            ]
        )
        let fixes = result.locations
        #expect(
            fixes.map(\.coordinate) == [
                Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 3, longitude: 4),
                Coordinate(latitude: 5, longitude: 6), Coordinate(latitude: 9, longitude: 10),
                Coordinate(latitude: 11, longitude: 12),
            ]
        )
        #expect(fixes.map(\.altitude) == [nil, 5, nil, nil, nil])
        #expect(fixes.map { GPXFixture.milliseconds($0.timestamp) % 100_000 } == [0, 1000, 2000, 3000, 4000])
    }

    @Test func reportsATruncatedFileOnceAfterItsPoints() throws {
        let result = try GPXFixture.read(fixture: "truncated")
        #expect(result.locations.count == 2)
        #expect(
            result.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(7, 28, "the file ends inside <trkpt> opened at line 6 (truncated?)")
            ]
        )

        let cutInTag = try GPXFixture.read(Data(#"<gpx><trk><trkseg><trkpt lat="1" lo"#.utf8))
        #expect(
            cutInTag.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(1, 36, "the file ends inside the <trkpt> tag opened at line 1 (truncated?)")
            ]
        )
        let cutInComment = try GPXFixture.read(Data("<gpx>\n<!-- no end".utf8))
        #expect(cutInComment.issues.map(\.message) == ["the file ends inside a comment opened at line 2 (truncated?)"])
    }

    @Test func reportsEmptyInputAndInputThatIsNotXML() throws {
        let empty = try GPXFixture.read(fixture: "empty")
        #expect(empty.locations.isEmpty)
        #expect(empty.issues.map(\.description) == ["empty.gpx: is empty; expected a GPX document"])
        let blank = try GPXFixture.read(Data("\u{FEFF} \n\t ".utf8))
        #expect(blank.issues.map(\.message) == ["is empty; expected a GPX document"])

        let nmea = try GPXFixture.read(fixture: "not-xml")
        #expect(nmea.locations.isEmpty)
        #expect(
            nmea.issues.map(\.description) == [
                "not-xml.gpx:1:1: is not XML (a GPX file starts with <?xml or <gpx)"
            ]
        )
        let html = try GPXFixture.read(Data("<html><body>hi</body></html>".utf8))
        #expect(
            html.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(1, 1, "the root element is not <gpx>; is this a GPX file?")
            ]
        )
        let noRoot = try GPXFixture.read(Data("<?xml version='1.0'?>\n<!-- nothing -->\n".utf8))
        #expect(noRoot.issues.map(GPXIssueAt.init) == [GPXIssueAt(3, 1, "contains no <gpx> element")])
    }

    /// Loggers and converters sometimes write a line of their own before the XML declaration; the document after it
    /// is read, with one notice (not an error, so `strict` reads it too), in any chunk size.
    @Test func skipsTextBeforeTheXMLDeclaration() throws {
        let document =
            "Exported by a logger app, 2024-05-01\r\nunits: metric\n<?xml version=\"1.0\"?>\n"
            + #"<gpx version="1.1"><trk><trkseg><trkpt lat="1.5" lon="2.5"><time>2024-05-01T12:00:00Z</time>"#
            + "</trkpt></trkseg></trk></gpx>\n"
        let notice =
            "skipped 2 lines before the GPX document (line 1): not XML, but a header or text written before "
            + "<?xml or <gpx"
        for chunkSize in [7, 64, ByteInput.chunkSize] {
            let result = try GPXFixture.read(Data(document.utf8), chunkSize: chunkSize)
            #expect(result.locations.map(\.coordinate) == [Coordinate(latitude: 1.5, longitude: 2.5)])
            #expect(result.issues.map(GPXIssueAt.init) == [GPXIssueAt(1, 1, notice)])
            #expect(result.issues.map(\.severity) == [.skipped])
        }
        var strict = GPXReader(data: Data(document.utf8), strict: true)
        #expect(try strict.next() != nil)
        #expect(try strict.next() == nil)
        #expect(strict.issueCount == 0)
    }

    @Test func strictModeThrowsTheFirstIssueAfterTheFixesBeforeIt() throws {
        var reader = try GPXReader(contentsOf: GPXFixture.url("malformed-values"), strict: true)
        guard case .location(let first) = try reader.next() else {
            Issue.record("expected the first point")
            return
        }
        #expect(first.coordinate == Coordinate(latitude: 10.5, longitude: 20.5))
        let error = #expect(throws: ReplayIssue.self) { try reader.next() }
        let expected = GPXIssueAt(5, 17, #"<trkpt> lat is out of range (−90…90): "91.5"; the point is skipped"#)
        #expect(error.map(GPXIssueAt.init) == expected)
        #expect(error?.file.hasSuffix("malformed-values.gpx") == true)
        #expect(reader.issueCount == 1)
        #expect(try reader.next() == nil)

        var truncated = GPXReader(data: try GPXFixture.data("truncated"), strict: true)
        #expect(try truncated.next() != nil)
        #expect(try truncated.next() != nil)
        #expect(throws: ReplayIssue.self) { try truncated.next() }
    }

    @Test func skipsTokensLongerThan64KiB() throws {
        let long = String(repeating: "9", count: 70_000)
        let document =
            "<gpx>\n<wpt lat=\"1\" lon=\"1\" name=\"\(long)\"/>\n"
            + "<wpt lat=\"2\" lon=\"2\"><ele>1\(long)</ele></wpt>\n"
            + "<wpt lat=\"3\" lon=\"3\"><![CDATA[\(long)]]><!--\(long)--></wpt>\n</gpx>"
        let result = try GPXFixture.read(Data(document.utf8), chunkSize: 4096)
        // The long tag is dropped whole (its point too); the long text drops its value; a long
        // CDATA section or comment outside a value is skipped silently.
        #expect(
            result.issues.map(GPXIssueAt.init) == [
                GPXIssueAt(2, 1, "the <wpt> tag is longer than 64 KiB; skipped"),
                GPXIssueAt(3, 27, "text longer than 64 KiB; skipped"),
            ]
        )
        #expect(result.locations.map(\.coordinate.latitude) == [2, 3])
        #expect(result.locations.map(\.altitude) == [nil, nil])
    }

    @Test func boundsTheNestingItChecks() throws {
        let depth = 10_000
        let document =
            "<gpx>" + String(repeating: "<a>", count: depth) + "<wpt lat=\"1\" lon=\"2\"/>"
            + String(repeating: "</a>", count: depth) + "<wpt lat=\"3\" lon=\"4\"/></gpx>"
        let result = try GPXFixture.read(Data(document.utf8))
        #expect(
            result.issues.map(\.message) == [
                "elements nest deeper than 256 levels; end tags below that depth are not checked"
            ]
        )
        #expect(result.locations.map(\.coordinate.longitude) == [2, 4])
    }

    /// A deterministic fuzz: mutated fixtures, read in odd chunk sizes, must never trap and must
    /// report every issue with a position inside the input.
    @Test func neverTrapsOnMutatedInput() throws {
        var generator = SplitMix64(seed: 0x6770_7821)
        let sources = try ["track-1.1", "track-1.0", "syntax", "mismatched", "prefixed"].map(GPXFixture.data)
        let alphabet = Array("<>/&;#x\"'=!?-[]CDATA: \n9.e+".utf8) + [0x00, 0xEF, 0xBB, 0xBF, 0xFF, 0x80]
        for round in 0..<600 {
            var bytes = [UInt8](sources[round % sources.count])
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let index = Int(generator.next() % UInt64(bytes.count + 1))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0 where index < bytes.count: bytes[index] = byte
                case 1: bytes.insert(byte, at: index)
                default: if index < bytes.count { bytes.removeSubrange(index..<min(bytes.count, index + 7)) }
                }
            }
            let result = try GPXFixture.read(Data(bytes), chunkSize: 1 + Int(generator.next() % 97))
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
            for issue in result.issues {
                #expect(issue.line >= 0 && issue.line <= lines, "round \(round): \(issue)")
            }
            #expect(result.locations.allSatisfy { $0.coordinate.isValid }, "round \(round)")
        }
    }
}
