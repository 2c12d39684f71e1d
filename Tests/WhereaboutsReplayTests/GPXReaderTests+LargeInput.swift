import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay
import WhereaboutsTestSupport

extension GPXReaderTests {
    /// Writes a GPX track of at least `bytes` bytes, one point a second, and returns its point count.
    static func writeLargeTrack(to url: URL, bytes: Int) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(
            contentsOf: Data(
                ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" "
                    + "creator=\"test\" xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\">\n"
                    + "<trk><name>large</name><trkseg>\n").utf8
            )
        )
        var written = 0
        var points = 0
        let start = 1_714_564_800
        while written < bytes {
            var batch = ""
            for _ in 0..<1000 {
                let seconds = start + points
                let minute = seconds / 60 % 60
                let second = seconds % 60
                let hour = seconds / 3600 % 24
                let day = 1 + seconds / 86_400 % 28
                batch +=
                    "<trkpt lat=\"48.\(100_000 + points % 800_000)\" lon=\"2.\(300_000 + points % 600_000)\">"
                    + "<ele>\(30 + points % 50).\(points % 10)</ele>"
                    + "<time>2024-05-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):"
                    + "\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z</time>"
                    + "<hdop>0.9</hdop><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.\(points % 9)"
                    + "</gpxtpx:speed><gpxtpx:course>\(points % 360)</gpxtpx:course></gpxtpx:TrackPointExtension>"
                    + "</extensions></trkpt>\n"
                points += 1
            }
            let data = Data(batch.utf8)
            try handle.write(contentsOf: data)
            written += data.count
        }
        try handle.write(contentsOf: Data("</trkseg></trk>\n</gpx>\n".utf8))
        return points
    }

    @Test func readsA50MBTrackToItsLastPoint() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-large-\(ProcessInfo.processInfo.processIdentifier).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        // Seconds of writing and reading: on a thread of its own, so it holds no thread of the pool the other tests
        // share; the expectations are checked after.
        let (expected, size, count, issueCount, last, elapsed) = try await computeOffThePool {
            let expected = try Self.writeLargeTrack(to: url, bytes: 50_000_000)
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            var reader = try GPXReader(contentsOf: url, strict: true)
            var count = 0
            var last: Location?
            let elapsed = try ContinuousClock().measure {
                while case .location(let fix) = try reader.next() {
                    count += 1
                    last = fix
                }
            }
            return (expected, size, count, reader.issueCount, last, elapsed)
        }
        #expect(count == expected)
        #expect(issueCount == 0)
        #expect(last?.speed != nil && last?.course != nil && last?.altitude != nil)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "GPXReader: \(count) points, \(size / 1_000_000) MB in \(String(format: "%.2f", seconds)) s, "
                + "\(String(format: "%.1f", Double(size) / 1e6 / seconds)) MB/s"
        )
        // Memory is not measured here: this process runs the other tests at the same time, and their allocations
        // would count. `track` reads a 50 MB GPX in a process of its own in TrackMemoryTests (peak under 48 MB).
    }
}
