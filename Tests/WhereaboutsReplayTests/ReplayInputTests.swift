import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

@testable import WhereaboutsReplay

/// What a replay reads: gzip'd tracks decompressed as they play, other compressed tracks refused by name, an input
/// opened once, and a speed outside its bounds played at the nearer one.
@Suite(.timeLimit(.minutes(5)))
struct ReplayInputTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/gpx"))
    }

    static func events(_ source: ReplaySource) async throws -> [SourceEvent] {
        var events: [SourceEvent] = []
        for try await event in source.events() { events.append(event) }
        return events
    }

    @Test("a gzip'd GPX plays exactly as the GPX it holds, from a file or from memory")
    func gzipTrackPlaysAsItsContent() async throws {
        let plain = try Self.fixture("track-1.1.gpx")
        let packed = try Self.fixture("track-1.1.gpx.gz")
        let expected = try await Self.events(ReplaySource(.file(plain), speed: .asFastAsPossible))
        #expect(!expected.isEmpty)
        let fromFile = ReplaySource(.file(packed), speed: .asFastAsPossible)
        try fromFile.check()
        #expect(try await Self.events(fromFile) == expected)
        let fromMemory = ReplaySource(.data(try Data(contentsOf: packed), name: "t.gpx.gz"), speed: .asFastAsPossible)
        #expect(try await Self.events(fromMemory) == expected)
    }

    @Test("gzip split anywhere (chunks of 1 to 7 bytes) decompresses to the same bytes", arguments: 1...7)
    func gzipAcrossChunkBoundaries(chunkSize: Int) throws {
        let plain = try Data(contentsOf: try Self.fixture("track-1.1.gpx"))
        let packed = try Data(contentsOf: try Self.fixture("track-1.1.gpx.gz"))
        var input = ByteInput(data: packed, name: "t.gz", chunkSize: chunkSize)
        var out = Data()
        while let chunk = try input.nextChunk() { out.append(chunk) }
        #expect(out == plain)
    }

    @Test("a damaged or cut gzip'd track is an error that says so, never a wrong fix")
    func damagedGzip() throws {
        let packed = try Data(contentsOf: try Self.fixture("track-1.1.gpx.gz"))
        for damage in [{ (data: inout Data) in data.removeLast(12) }, { $0[$0.count / 2] ^= 0x5A }] {
            var broken = packed
            damage(&broken)
            var input = ByteInput(data: broken, name: "t.gz")
            #expect {
                while try input.nextChunk() != nil {}
            } throws: { error in
                "\(error)".contains("t.gz: is gzip-compressed but cannot be decompressed")
            }
        }
    }

    @Test("bzip2, xz, zstd and zip are refused by name, with how to decompress them")
    func otherCompressionIsNamed() throws {
        let heads: [(bytes: [UInt8], name: String)] = [
            (Array("BZh91AY&SY".utf8) + [0, 0], "bzip2-compressed"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 0], "xz-compressed"),
            ([0x28, 0xB5, 0x2F, 0xFD, 0, 0], "zstd-compressed"),
            ([0x50, 0x4B, 0x03, 0x04, 0, 0], "a zip archive"),
        ]
        for head in heads {
            var input = ByteInput(data: Data(head.bytes), name: "walk.x")
            #expect {
                _ = try TrackFormat.detect(in: &input)
            } throws: { error in
                "\(error)".contains("walk.x: is \(head.name)") && "\(error)".contains("decompress it first")
            }
        }
        // Text that merely starts "BZh" is not bzip2.
        var text = ByteInput(data: Data("BZh is a word\n$GPGGA,120000.00,,,,,0,00,,,,,,,*66\n".utf8), name: "t")
        #expect(throws: (any Error).self) { _ = try TrackFormat.detect(in: &text) }
    }

    @Test("check() keeps the file it opened for the first play: the file is read once")
    func checkHandsItsInputToThePlay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("t.gpx")
        try FileManager.default.copyItem(at: try Self.fixture("track-1.1.gpx"), to: url)
        let source = ReplaySource(.file(url), speed: .asFastAsPossible)
        try source.check()
        // The play reads what check() opened: removing the file after the check changes nothing.
        try FileManager.default.removeItem(at: url)
        #expect(try await Self.events(source).count > 0)
    }

    @Test("a multiplier far below its bound waits as the slowest one does, and never traps")
    func tinyMultiplierIsBounded() async throws {
        let clock = TestClock()
        let source = ReplaySource(
            .data(ReplaySourceTests.gpx(seconds: [0, 1]), name: "t.gpx"),
            speed: .multiplier(1e-12),
            clock: clock
        )
        let (read, counts, _) = ReplaySourceTests.reader(source)
        var count = counts.makeAsyncIterator()
        #expect(await count.next() == 1)
        #expect(await clock.untilSleeping())
        // 1 s of track at 0.001×: 1000 s.
        await clock.advance(by: .seconds(1_000))
        #expect(await count.next() == 2)
        try await read.value
    }
}
