import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory stays flat whatever the track's size, measured in a process of its own so that the other
/// tests running in parallel do not count.
@Suite(.timeLimit(.minutes(3)))
struct TrackMemoryTests {
    /// Writes a generated GPX track of at least `bytes` bytes, in chunks; returns its point count.
    static func writeTrack(to url: URL, bytes: Int) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n".utf8))
        var written = 0
        var points = 0
        var chunk = ""
        while written < bytes {
            let second = points % 86_400
            chunk += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>35.0</ele><time>2026-05-16T%02d:%02d:%02dZ"
                + "</time></trkpt>\n", 48.85 + Double(points % 1000) * 1e-5, 2.35 + Double(points % 777) * 1e-5,
                second / 3600, second / 60 % 60, second % 60)
            points += 1
            if chunk.utf8.count > 1 << 20 {
                written += chunk.utf8.count
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "</trkseg></trk></gpx>\n").utf8))
        return points
    }

    /// The largest resident size of any child process this test process has waited for, in bytes.
    static var childrenPeakResident: Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Int(usage.ru_maxrss) * 1024
    }

    @Test("track reads a generated 50 MB GPX in constant memory (peak RSS of the process under 48 MB)")
    func fiftyMegabyteTrack() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("big.gpx")
        let points = try Self.writeTrack(to: track, bytes: 50_000_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: track.path)[.size] as? Int)
        #expect(size >= 50_000_000)
        let output = try CLIRunner.run(["track", "--source", track.path, "--answer", "while-using", "--approximate",
                                        "--format", "ndjson", "--speed", "max",
                                        "--consent-file", directory.appendingPathComponent("c.json").path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Read \(points) fixes"), "\(output.stderr)")
        // Measured here: a trivial run of `track` peaks at about 36 MB and so does this one. A reader that
        // kept the 50 MB file would exceed 86 MB. The figure is the maximum over every child this process
        // has waited for; the other children of these tests are small runs of the same binary and gpsd.
        let peak = Self.childrenPeakResident
        #expect(peak < 48 << 20, "peak resident size \(peak >> 20) MB")
    }
}
