import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay
import WhereaboutsTestSupport

private typealias Support = NMEATestSupport

/// Input read in 64 KiB chunks: sentences cut by a chunk's end, and a huge log read to its end.
@Suite(.timeLimit(.minutes(5)))
struct NMEAReaderStreamingTests {
    /// The date of the GGA-only logs below: without one their fixes would stay undated.
    static let ggaDate = DateComponents(year: 2025, month: 6, day: 1)

    /// The chunk size of the reader's input.
    static let chunk = 65_536

    @Test func sentencesCutByChunkBoundariesAreRead() throws {
        // 3,000 epochs of GGA + RMC, each at its own position: ~400 KB, six chunk boundaries.
        var lines: [String] = []
        for index in 0..<3000 {
            let second = 12 * 3600 + index
            let time = String(format: "%02d%02d%02d.00", second / 3600, second / 60 % 60, second % 60)
            let latitude = String(format: "52%07.4f", 10 + Double(index) * 0.0011)
            let longitude = String(format: "013%07.4f", 20 + Double(index) * 0.0013)
            lines.append(Support.sentence("GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,0.9,34.5,M,39.4,M,,"))
            lines.append(Support.sentence("GPRMC,\(time),A,\(latitude),N,\(longitude),E,5.0,80.0,010625,,,A"))
        }
        let data = Data((lines.joined(separator: "\n") + "\n").utf8)
        try #require(data.count > 6 * Self.chunk)
        #expect(data[Self.chunk - 1] != UInt8(ascii: "\n"), "the first boundary cuts a sentence")

        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: url) { log.issues.append($0) }
        let result = try Support.drain(&reader, log)
        #expect(result.issues.isEmpty)
        let fixes = result.locations
        try #require(fixes.count == 3000)
        let start = try Support.utc(2025, 6, 1, 12, 0, 0)
        for (index, fix) in fixes.enumerated() {
            #expect(Support.close(fix.coordinate.latitude, Support.degrees(52, 10 + Double(index) * 0.0011)))
            #expect(Support.close(fix.coordinate.longitude, Support.degrees(13, 20 + Double(index) * 0.0013)))
            #expect(fix.timestamp == start.addingTimeInterval(Double(index)))
        }
        // The same bytes from memory, in one piece, give the same events.
        #expect(try Support.read(data: data).events == result.events)
    }

    @Test func aLineBreakCutBetweenCarriageReturnAndLineFeedIsOneBreak() throws {
        let gga = { (second: Int) in
            let time = "1200" + String(format: "%02d", second)
            return Support.sentence("GPGGA,\(time),5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,")
        }
        var text = ""
        var second = 0
        while text.utf8.count < Self.chunk - 400 {
            text += gga(second % 60) + "\r\n"
            second += 1
        }
        // A filler the reader skips, sized so that the next sentence's \r is the chunk's last byte.
        let next = gga(second % 60)
        let fillerLength = Self.chunk - 1 - text.utf8.count - next.utf8.count - 2
        text += "$GPTXT," + String(repeating: "x", count: fillerLength - 7) + "\r\n" + next + "\r\n"
        let data = Data(text.utf8)
        try #require(data[Self.chunk - 1] == UInt8(ascii: "\r") && data[Self.chunk] == UInt8(ascii: "\n"))

        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: url, defaultDate: Self.ggaDate) { log.issues.append($0) }
        let result = try Support.drain(&reader, log)
        #expect(result.issues.allSatisfy { $0.severity == .skipped }, "only the unused $GPTXT, once")
        // Seconds repeat every minute, but each differs from the one before: one epoch a sentence.
        #expect(result.locations.count == second + 1)
    }

    @Test func anOverLongLineAcrossChunksIsSkippedAndCounted() throws {
        let good = Support.sentence("GPGGA,120000,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,")
        let other = Support.sentence("GPGGA,120001,5231.2050,N,01324.3040,E,1,08,0.9,34.6,M,39.4,M,,")
        var lines = Array(repeating: "$GPTXT,filler", count: 4000)  // 14 bytes each: the long line starts at 56,000
        lines.append(good)
        lines.append("$GPGGA," + String(repeating: "9", count: 200_000))  // four chunk boundaries
        lines.append(other)
        lines.append(String(repeating: "z", count: 3000))  // the last line: long and unterminated
        let url = try temporaryFile(Data(lines.joined(separator: "\n").utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let log = Support.IssueLog()
        var reader = try NMEAReader(contentsOf: url, defaultDate: Self.ggaDate) { log.issues.append($0) }
        let result = try Support.drain(&reader, log)
        #expect(result.locations.count == 2)
        #expect(result.issues.map(\.line) == [4002, 4004, 1])  // the unused $GPTXT lines once, at the end
        #expect(result.issues.last?.message.hasPrefix("$GPTXT: 4000 sentences") == true)
    }

    @Test func aHugeLogIsReadToItsLastEpoch() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).nmea")
        defer { try? FileManager.default.removeItem(at: url) }
        // Seconds of writing and reading: on a thread of its own, so it holds no thread of the pool the other tests
        // share; the expectations are checked after.
        let (epochs, bytes, count, issueCount, last, elapsed) = try await computeOffThePool {
            // 32 MiB: 500 chunks of the reader's input.
            let (epochs, bytes) = try writeHugeLog(to: url, minimumBytes: 32 << 20)
            var reader = try NMEAReader(contentsOf: url, defaultDate: DateComponents(year: 2025, month: 6, day: 1))
            var count = 0
            var last: Location?
            let clock = ContinuousClock()
            let started = clock.now
            while let event = try reader.next() {
                count += 1
                if case let .location(location) = event { last = location }
            }
            return (epochs, bytes, count, reader.issueCount, last, clock.now - started)
        }
        #expect(count == epochs)
        #expect(issueCount == 0)
        // One epoch a second from midnight: the date rolls over at every midnight of the log.
        #expect(last?.timestamp == (try Support.utc(2025, 6, 1, 0, 0, 0)).addingTimeInterval(Double(epochs - 1)))

        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(bytes) / 1_048_576
        print(
            String(
                format: "NMEAReader: %.1f MiB, %d epochs in %.2f s: %.1f MiB/s (this build's configuration)",
                megabytes,
                epochs,
                seconds,
                megabytes / seconds
            )
        )
        // Memory is not measured here: this process runs the other tests at the same time, and their allocations
        // would count. `track` reads a 32 MiB log of this kind in a process of its own in TrackMemoryTests (peak
        // under 48 MB).
    }

    // MARK: - Helpers

    private func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nmea-\(UUID().uuidString).nmea")
        try data.write(to: url)
        return url
    }

    /// Writes GGA + GSA epochs at 1 Hz from midnight until the file has `minimumBytes`, a megabyte
    /// at a time, patching the time and checksum into a template instead of formatting strings.
    private func writeHugeLog(to url: URL, minimumBytes: Int) throws -> (epochs: Int, bytes: Int) {
        let gga = Array("$GPGGA,000000.00,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,*00\n".utf8)
        let gsa = Array((Support.sentence("GPGSA,A,3,05,07,13,17,19,24,28,30,,,,,1.6,0.9,1.3") + "\n").utf8)
        let checksumOffset = gga.count - 3
        let baseChecksum = gga[1..<(checksumOffset - 1)].reduce(UInt8(0)) { $0 ^ $1 }  // with "000000"
        let hex = Array("0123456789ABCDEF".utf8)
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20 + 256)
        var epochs = 0
        var bytes = 0
        while bytes < minimumBytes {
            var line = gga
            let second = epochs % 86_400
            let digits = [
                second / 36_000, second / 3600 % 10, second / 600 % 6, second / 60 % 10,
                second / 10 % 6, second % 10,
            ]
            var checksum = baseChecksum
            for (offset, digit) in digits.enumerated() {
                line[7 + offset] = UInt8(ascii: "0") + UInt8(digit)
                checksum ^= UInt8(ascii: "0") ^ line[7 + offset]
            }
            line[checksumOffset] = hex[Int(checksum >> 4)]
            line[checksumOffset + 1] = hex[Int(checksum & 0xF)]
            buffer += line
            buffer += gsa
            epochs += 1
            bytes += line.count + gsa.count
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        return (epochs, bytes)
    }
}
