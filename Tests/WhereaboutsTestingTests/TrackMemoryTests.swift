import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory stays flat whatever the track's size, measured in a process of its own so that the other
/// tests running in parallel do not count.
@Suite(.timeLimit(.minutes(5)))
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
            chunk += String(
                format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>35.0</ele><time>2026-05-16T%02d:%02d:%02dZ"
                    + "</time></trkpt>\n",
                48.85 + Double(points % 1000) * 1e-5,
                2.35 + Double(points % 777) * 1e-5,
                second / 3600,
                second / 60 % 60,
                second % 60
            )
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

    /// Writes a generated NMEA log of GGA sentences, one a second from midnight, of at least `bytes` bytes, a megabyte
    /// at a time, patching each time and checksum into one sentence instead of formatting strings; returns the
    /// sentence count.
    static func writeNMEA(to url: URL, bytes: Int) throws -> Int {
        let template = Array("$GPGGA,000000.00,5231.2005,N,01324.2972,E,1,08,0.9,34.5,M,39.4,M,,*00\n".utf8)
        let checksumOffset = template.count - 3
        let baseChecksum = template[1..<(checksumOffset - 1)].reduce(UInt8(0)) { $0 ^ $1 }
        let hex = Array("0123456789ABCDEF".utf8)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        var sentences = 0
        var written = 0
        while written < bytes {
            var line = template
            let second = sentences % 86_400
            let digits = [
                second / 36_000, second / 3600 % 10, second / 600 % 6, second / 60 % 10, second / 10 % 6, second % 10,
            ]
            var checksum = baseChecksum
            for (offset, digit) in digits.enumerated() {
                line[7 + offset] = UInt8(ascii: "0") + UInt8(digit)
                checksum ^= UInt8(ascii: "0") ^ line[7 + offset]
            }
            line[checksumOffset] = hex[Int(checksum >> 4)]
            line[checksumOffset + 1] = hex[Int(checksum & 0xF)]
            buffer += line
            sentences += 1
            written += line.count
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        return sentences
    }

    /// Whether this test process runs under ThreadSanitizer (`swift test --sanitize=thread`), whose runtime
    /// exports `__tsan_init` from the executable.
    static var underThreadSanitizer: Bool {
        #if canImport(Glibc)
        dlsym(nil, "__tsan_init") != nil
        #else
        false
        #endif
    }

    /// The peak resident size (VmHWM) of a running process, from /proc; `nil` where there is no /proc.
    static func peakResident(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// A generated track, and what `track` is told about it.
    enum Kind: String, CaseIterable, Sendable {
        case gpx, nmea
    }

    @Test(
        "track reads a generated 50 MB GPX and a 32 MiB NMEA log in constant memory (peak RSS of the process under 48 MB)",
        arguments: Kind.allCases
    )
    func aLargeTrack(kind: Kind) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("big.\(kind.rawValue)")
        let minimum = kind == .gpx ? 50_000_000 : 32 << 20
        // Written on a thread of its own: tens of megabytes of writes can wait on a busy disk, and must not hold the
        // pool.
        let points = try await onThreadOfItsOwn {
            kind == .gpx
                ? try Self.writeTrack(to: track, bytes: minimum) : try Self.writeNMEA(to: track, bytes: minimum)
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: track.path)[.size] as? Int)
        #expect(size >= minimum)
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments =
            [
                "track", "--source", track.path, "--answer", "while-using", "--approximate",
                "--format", "ndjson", "--speed", "max",
                "--consent-file", directory.appendingPathComponent("c.json").path,
            ] + (kind == .nmea ? ["--date", "2025-06-01"] : [])
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        let child = try ChildProcess(process)
        // VmHWM is this process's own peak resident size; it only grows, so the last reading before
        // the exit is (within 10 ms of reading) the peak. Bounded: the read takes seconds.
        var peak: Int?
        let deadline = Date().addingTimeInterval(150)
        while process.isRunning, Date() < deadline {
            if let reading = Self.peakResident(of: process.processIdentifier) { peak = max(peak ?? 0, reading) }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        if process.isRunning { process.terminate() }
        await child.exit()
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("Read \(points) fixes"), "\(stderr)")
        // Measured here: a trivial run of `track` peaks at about 36 MB and so does this one; a reader
        // that kept the 50 MB file would exceed 86 MB.
        guard let peak else { return }  // no /proc: nothing to read
        // ThreadSanitizer's shadow memory raises every process's resident size (this run measured 76 to 88 MB
        // under `swift test --sanitize=thread`), so there the limit is 120 MB: still far below what keeping the
        // file would take with the shadow on top.
        let limit = Self.underThreadSanitizer ? 120 << 20 : 48 << 20
        #expect(peak < limit, "peak resident size \(peak >> 20) MB")
    }
}
