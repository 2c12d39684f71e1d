import ArgumentParser
import Foundation
import Glibc
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench read-track FORMAT FILE` (hidden): reads a track the way the GPX and NMEA
/// benchmarks time it, in a process of its own so its peak RSS is its own.
///
/// It streams the file through ``GPXReader`` or ``NMEAReader`` and formats every fix as a CSV line
/// (`No,Latitude,Longitude,Altitude,Speed,Course,Accuracy,Date,Time`, the columns of gpsbabel's
/// `unicsv`) written to `/dev/null` in 64 KiB writes, the work gpsbabel does for
/// `-o unicsv -F /dev/null`. It prints `fixes N issues M peak BYTES` for the parent: the peak is its
/// own VmHWM, because the `ru_maxrss` a parent gets from `wait4` for a spawned child is never below
/// the parent's own peak (exec keeps the high-water mark of the address space it replaces).
struct ReadTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-track",
        abstract: "Read a track file to CSV on /dev/null (the child the gpx and nmea benchmarks time).",
        shouldDisplay: false
    )

    @Argument(help: "gpx or nmea.")
    var format: String

    @Argument(help: "The track file.")
    var path: String

    func run() throws {
        let url = URL(fileURLWithPath: path)
        let sink = open("/dev/null", O_WRONLY)
        guard sink >= 0 else { throw BenchError("cannot open /dev/null: \(String(cString: strerror(errno)))") }
        defer { close(sink) }
        var out = ASCIIBuffer(descriptor: sink, capacity: 70_000)
        out.append("No,Latitude,Longitude,Altitude,Speed,Course,Accuracy,Date,Time\n")
        let (fixes, issues): (Int, Int)
        switch format {
        case "gpx":
            var reader = try GPXReader(contentsOf: url)
            fixes = try Self.drain(&reader, into: &out)
            issues = reader.issueCount
        case "nmea":
            var reader = try NMEAReader(contentsOf: url)
            fixes = try Self.drain(&reader, into: &out)
            issues = reader.issueCount
        default:
            throw ValidationError("the format is gpx or nmea, not \(format)")
        }
        try out.flush()
        print("fixes \(fixes) issues \(issues) peak \(Self.peakResident() ?? -1)")
    }

    /// This process's peak resident size (VmHWM) in bytes, from /proc; `nil` without /proc.
    static func peakResident() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// Reads every event and formats each fix as a CSV line; returns how many fixes there were.
    static func drain<Reader: TrackReader>(_ reader: inout Reader, into out: inout ASCIIBuffer) throws -> Int {
        var fixes = 0
        while let event = try reader.next() {
            guard case .location(let fix) = event else { continue }
            fixes += 1
            out.append(fixes)
            out.append(",")
            out.append(fix.coordinate.latitude, decimals: 7)
            out.append(",")
            out.append(fix.coordinate.longitude, decimals: 7)
            out.append(",")
            if let altitude = fix.altitude { out.append(altitude, decimals: 1) }
            out.append(",")
            if let speed = fix.speed { out.append(speed, decimals: 2) }
            out.append(",")
            if let course = fix.course { out.append(course, decimals: 1) }
            out.append(",")
            out.append(fix.horizontalAccuracy, decimals: 1)
            out.append(",")
            let seconds = Int(fix.timestamp.timeIntervalSince1970.rounded(.down))
            out.appendDate(seconds, separator: UInt8(ascii: "/"))
            out.append(",")
            out.appendTimeOfDay(seconds, separator: UInt8(ascii: ":"))
            out.append("\n")
            try out.flush(ifOver: 65_536)
        }
        return fixes
    }
}
