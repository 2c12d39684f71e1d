import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

private typealias Support = NMEATestSupport

/// Format detection from the first kilobytes, not the first byte.
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

    @Test func utf16GPXIsRefusedWithTheCommandThatConvertsIt() async throws {
        let gpx = #"<?xml version="1.0" encoding="UTF-16"?><gpx version="1.1"></gpx>"#
        for (data, order) in [
            (Data([0xFF, 0xFE]) + (gpx.data(using: .utf16LittleEndian) ?? Data()), "UTF-16LE"),
            (gpx.data(using: .utf16BigEndian) ?? Data(), "UTF-16BE"),
        ] {
            for format in [nil, TrackFormat.gpx] {
                let source = ReplaySource(.data(data, name: "walk.gpx"), format: format, speed: .asFastAsPossible)
                let issue = try await #require(throws: ReplayIssue.self) { for try await _ in source.events() {} }
                #expect(issue.description.hasPrefix("walk.gpx: is GPX in \(order); "), "\(issue)")
                #expect(issue.message.contains("iconv -f UTF-16 -t UTF-8 'walk.gpx' > track-utf8.gpx"))
            }
        }
    }

    @Test func aFileThatIsNeitherNamesTheFileAndWhatWasExpected() async throws {
        let source = ReplaySource(.data(Data("shopping list\nmilk\n".utf8), name: "notes.txt"))
        let issue = try await #require(throws: ReplayIssue.self) { for try await _ in source.events() {} }
        #expect(issue.description.hasPrefix("notes.txt:1: is neither GPX (no <gpx or <?xml in its first 16 KiB)"))
        #expect(issue.message.hasSuffix("give a .gpx or .nmea track"))
    }
}
