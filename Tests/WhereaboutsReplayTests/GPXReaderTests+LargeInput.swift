import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

extension GPXReaderTests {
    /// The resident set size of this process in bytes, or `nil` without `/proc`.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }

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

    @Test func readsA50MBTrackInConstantMemory() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-large-\(ProcessInfo.processInfo.processIdentifier).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try Self.writeLargeTrack(to: url, bytes: 50_000_000)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0

        let baseline = Self.residentBytes()
        var peak = baseline ?? 0
        var reader = try GPXReader(contentsOf: url, strict: true)
        var count = 0
        var last: Location?
        let elapsed = try ContinuousClock().measure {
            while case .location(let fix) = try reader.next() {
                count += 1
                last = fix
                if count % 50_000 == 0, let resident = Self.residentBytes() { peak = max(peak, resident) }
            }
        }
        #expect(count == expected)
        #expect(reader.issueCount == 0)
        #expect(last?.speed != nil && last?.course != nil && last?.altitude != nil)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "GPXReader: \(count) points, \(size / 1_000_000) MB in \(String(format: "%.2f", seconds)) s, "
                + "\(String(format: "%.1f", Double(size) / 1e6 / seconds)) MB/s; "
                + "RSS growth \(baseline.map { "\((peak - $0) / 1024) KiB" } ?? "unknown (no /proc)")"
        )
        // The reader itself keeps one 64 KiB chunk and at most one 64 KiB token (about 300 KiB in all).
        // This samples the whole test process, where other tests run in parallel, so it is only a coarse
        // guard against a runaway; the exact check runs `track` on a 50 MB file in a process of its own
        // (TrackMemoryTests, peak under 48 MB).
        guard let baseline else { return }
        #expect(peak - baseline < 96 * 1024 * 1024)
    }
}
