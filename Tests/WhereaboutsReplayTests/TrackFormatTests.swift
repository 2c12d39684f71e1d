import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// Format detection from the first kilobytes, not the first byte.
@Suite(.timeLimit(.minutes(5)))
struct TrackFormatTests {
    @Test(arguments: ["gpsd-header", "cut-first-line", "binary-prefix", "text-header", "bom", "noise"])
    func nmeaAfterLeadingContentIsDetected(name: String) throws {
        #expect(TrackFormat.detect(try Data(contentsOf: Support.url(name))) == .nmea)
    }

    @Test func gpxAfterAHeaderIsDetected() {
        #expect(TrackFormat.detect(Data("exported by MyTracks\n<?xml version=\"1.0\"?><gpx>".utf8)) == .gpx)
        #expect(TrackFormat.detect(Data("# track\n<gpx version=\"1.1\">".utf8)) == .gpx)
    }

    @Test func textWithADollarIsNeither() {
        #expect(TrackFormat.detect(Data("price: $5 *AB\nnothing else".utf8)) == nil)
        #expect(TrackFormat.detect(Data("$GPGGA,1*00".utf8.dropFirst())) == nil, "a wrong checksum is no sentence")
        #expect(TrackFormat.detect(Data()) == nil)
    }

    @Test func detectionReadsOnUntilItKnowsAndLosesNoByte() throws {
        let data = try Data(contentsOf: Support.url("gpsd-header"))
        for size in [1, 5, 100] {
            var input = ByteInput(data: data, name: "slow pipe", chunkSize: size)
            #expect(try TrackFormat.detect(in: &input) == .nmea)
            var read = Data()
            while let chunk = try input.nextChunk() { read.append(chunk) }
            #expect(read == data)
        }
    }

    /// UTF-16 text with a byte-order mark (as Windows tools write it; gpsbabel's reference folder has
    /// NMEA logs so), or GPX starting `<?` in UTF-16, is read as its UTF-8: the same fixes.
    @Test func utf16IsReadAsItsUTF8() async throws {
        let gpx =
            #"<?xml version="1.0" encoding="UTF-16"?><gpx version="1.1"><trk><name>Gare 𝄞</name><trkseg>"#
            + #"<trkpt lat="48.8443" lon="2.3744"><time>2025-06-01T12:00:00Z</time></trkpt>"#
            + #"<trkpt lat="48.8447" lon="2.3751"><time>2025-06-01T12:00:05Z</time></trkpt></trkseg></trk></gpx>"#
        let nmea =
            Support.sentence("GPRMC,120000,A,4850.6580,N,00222.4640,E,0.0,0.0,010625,,,A") + "\r\n"
            + Support.sentence("GPRMC,120005,A,4850.6820,N,00222.5060,E,0.0,0.0,010625,,,A") + "\r\n"
        for text in [gpx, nmea] {
            let expected = try await Self.fixes(Data(text.utf8))
            #expect(expected.count == 2)
            let encodings: [(String, Data)] =
                [
                    ("UTF-16LE with a BOM", Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data())),
                    ("UTF-16BE with a BOM", Data([0xFE, 0xFF]) + (text.data(using: .utf16BigEndian) ?? Data())),
                ]
                + (text.hasPrefix("<") ? [("UTF-16BE without a BOM", text.data(using: .utf16BigEndian) ?? Data())] : [])
            for (encoding, data) in encodings {
                #expect(TrackFormat.detect(data) == (text.hasPrefix("<") ? .gpx : .nmea), "\(encoding)")
                #expect(try await Self.fixes(data) == expected, "\(encoding)")
            }
        }
    }

    /// A chunk may end inside a code unit or a surrogate pair; nothing is lost or changed.
    @Test func utf16SplitAnywhereComesOutWhole() throws {
        let text = "$GPWPL,4850.6580,N,00222.4640,E,Gare 𝄞 é*00\n"
        let data = Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data())
        for size in [1, 2, 3, 5, 64] {
            var input = ByteInput(data: data, name: "split", chunkSize: size)
            var read = Data()
            while let chunk = try input.nextChunk() { read.append(chunk) }
            #expect(read == Data(text.utf8), "chunks of \(size)")
        }
        var cut = ByteInput(data: Data([0xFF, 0xFE, 0x24, 0x00, 0x3D, 0xD8]), name: "cut")
        var read = Data()
        while let chunk = try cut.nextChunk() { read.append(chunk) }
        #expect(read == Data("$\u{FFFD}".utf8), "a lone high surrogate at the end")
    }

    private static func fixes(_ data: Data) async throws -> [String] {
        var found: [String] = []
        let source = ReplaySource(.data(data, name: "track"), speed: .asFastAsPossible)
        for try await event in source.events() {
            if case .location(let location) = event {
                found.append("\(location.coordinate.latitude),\(location.coordinate.longitude),\(location.timestamp)")
            }
        }
        return found
    }

    /// Real receivers send sentences NMEA does not allow: longer than 82 characters (a Trimble-style
    /// high-precision GGA, as in gpsd's `test/daemon/cat-ms352.log`) or with no checksum (an HP 58534A,
    /// `test/daemon/hp58534a.log`); the reader reads both, so detection finds them after a header.
    @Test func longSentencesAndSentencesWithoutAChecksumAreDetected() {
        let long =
            "# header\n"
            + Support.sentence(
                "GPGGA,113938.50,3842.86006889,N,11705.43645510,W,2,09,1.5,1864.182,M,-44.296,M,1.4,0000"
            ) + "\r\n"
        #expect(long.utf8.count > 82 + 10)
        #expect(TrackFormat.detect(Data(long.utf8)) == .nmea)
        let bare = "# header\n$GPGGA,222449,3349.0337,S,01843.9282,E,1,07,02.31,000115.4,M,0033.3,M,,\r\n"
        #expect(TrackFormat.detect(Data(bare.utf8)) == .nmea)
        #expect(TrackFormat.detect(Data("# header\n$GPGGA,222449,3349.0337,S".utf8)) == nil, "no line end yet")
        #expect(TrackFormat.detect(Data("# costs\n$5 or $10\n".utf8)) == nil)
    }

    @Test func aFileThatIsNeitherNamesTheFileAndWhatWasExpected() async throws {
        let source = ReplaySource(.data(Data("shopping list\nmilk\n".utf8), name: "notes.txt"))
        let issue = try await #require(throws: ReplayIssue.self) { for try await _ in source.events() {} }
        #expect(issue.description.hasPrefix("notes.txt:1: is neither GPX (no <gpx or <?xml in its first 16 KiB)"))
        #expect(issue.message.hasSuffix("give a .gpx or .nmea track"))
    }
}
