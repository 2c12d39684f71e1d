import Foundation
import Glibc

/// `whereabouts-bench gpx`: reading a generated GPX track, against gpsbabel reading the same file.
enum GPXReadBenchmark: Benchmark {
    static let name = "gpx"
    static let abstract = "GPX read (100 MB; 10 MB with --quick) against gpsbabel -i gpx, and peak RSS."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        try TrackReadBenchmark(kind: .gpx, speedGoal: 3).run(options)
    }
}

/// `whereabouts-bench nmea`: reading a generated NMEA log, against gpsbabel reading the same file.
enum NMEAReadBenchmark: Benchmark {
    static let name = "nmea"
    static let abstract = "NMEA read (100 MB; 10 MB with --quick) against gpsbabel -i nmea, and peak RSS."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        try TrackReadBenchmark(kind: .nmea, speedGoal: 20).run(options)
    }
}

/// Times `whereabouts-bench read-track` and gpsbabel on the same generated file, alternating runs,
/// and measures the peak RSS of both on a 10 MB and a 100 MB file.
///
/// Both sides are child processes, timed from spawn to exit (`wait4`), after the file was read
/// once so both find it in the page cache. Each run's fix count is checked against the generator's
/// and against the number of lines gpsbabel writes for the same file, so neither side skips work.
struct TrackReadBenchmark {
    let kind: TrackFile.Kind
    /// How many times faster than gpsbabel the goal asks for.
    let speedGoal: Double
    /// The RSS goal, in MB.
    static let rssGoal = 32.0

    func run(_ options: BenchmarkOptions) throws -> [Figure] {
        guard let gpsbabel = Measure.which("gpsbabel") else {
            throw BenchError("gpsbabel is not installed; install it (apt-get install gpsbabel) and run again")
        }
        let scratch = try options.scratch()
        let small = try TrackFile.make(kind, megabytes: 10, in: scratch)
        let large = try TrackFile.make(kind, megabytes: 100, in: scratch)
        let timed = options.quick ? small : large
        try Self.warm(timed)
        let expected = try gpsbabelCount(of: timed, gpsbabel: gpsbabel)
        guard expected == timed.points else {
            throw BenchError(
                "gpsbabel wrote \(expected) points for \(timed.url.path), the generator \(timed.points); "
                    + "delete the file to generate it again"
            )
        }
        var ours: [Measure.ChildResult] = []
        var theirs: [Measure.ChildResult] = []
        for _ in 0..<options.repeatCount {
            ours.append(try readOurs(timed))
            theirs.append(try readGpsbabel(timed, gpsbabel: gpsbabel))
        }
        // Peak RSS on the other file: ours as many times, gpsbabel once (it is slow on 100 MB NMEA).
        let other = options.quick ? large : small
        try Self.warm(other)
        var oursOther: [Measure.ChildResult] = []
        for _ in 0..<(options.quick ? 1 : options.repeatCount) { oursOther.append(try readOurs(other)) }
        let theirsOther = options.quick ? nil : try readGpsbabel(other, gpsbabel: gpsbabel)
        let (oursSmall, oursLarge) = options.quick ? (ours, oursOther) : (oursOther, ours)
        let (theirsSmall, theirsLarge) = options.quick ? (theirs, []) : (theirsOther.map { [$0] } ?? [], theirs)
        return [speedFigure(timed, ours: ours, theirs: theirs, gpsbabel: gpsbabel)]
            + rssFigures(small: (oursSmall, theirsSmall), large: (oursLarge, theirsLarge), files: (small, large))
    }

    /// The throughput figure on the timed file.
    private func speedFigure(
        _ file: TrackFile,
        ours: [Measure.ChildResult],
        theirs: [Measure.ChildResult],
        gpsbabel: String
    ) -> Figure {
        let oursSpeed = Samples(ours.map { file.megabytes / $0.seconds })
        let theirsSpeed = Samples(theirs.map { file.megabytes / $0.seconds })
        let ratio = oursSpeed.median / theirsSpeed.median
        let reader = kind == .gpx ? "GPXReader" : "NMEAReader"
        return Figure(
            name: "\(kind.rawValue.uppercased()) read, \(Self.size(file)) (\(file.points) points)",
            unit: "MB/s",
            ours: oursSpeed.median,
            oursSpread: oursSpeed.spread,
            baselineName: "gpsbabel -t -i \(kind.rawValue) -o unicsv -F /dev/null",
            baseline: theirsSpeed.median,
            baselineSpread: theirsSpeed.spread,
            higherIsBetter: true,
            goal: "≥ \(Int(speedGoal))× gpsbabel",
            met: ratio >= speedGoal,
            note: "median of \(ours.count) alternating runs, each a child process timed spawn to exit "
                + "(ours \(Self.seconds(ours)), gpsbabel \(Self.seconds(theirs))); ours = read-track: \(reader) → "
                + "one CSV line per fix with unicsv's columns → /dev/null, as gpsbabel does; both read all "
                + "\(file.points) points (checked against gpsbabel's unicsv line count; without -t gpsbabel writes no "
                + "track point)"
        )
    }

    /// Peak RSS of ours (and gpsbabel's, where measured) on the 10 MB and 100 MB files.
    private func rssFigures(
        small: ([Measure.ChildResult], [Measure.ChildResult]),
        large: ([Measure.ChildResult], [Measure.ChildResult]),
        files: (small: TrackFile, large: TrackFile)
    ) -> [Figure] {
        func peak(_ runs: [Measure.ChildResult]) -> Double? {
            runs.map(\.peakRSS).max().flatMap { $0 > 0 ? Double($0) / 1_048_576 : nil }
        }
        let oursSmall = peak(small.0) ?? 0
        let oursLarge = peak(large.0) ?? 0
        let flat = oursLarge <= oursSmall * 1.1 + 1
        let what = "\(kind.rawValue.uppercased()) read peak RSS"
        return [
            Figure(
                name: "\(what), \(Self.size(files.small))",
                unit: "MiB",
                ours: oursSmall,
                baselineName: small.1.isEmpty ? nil : "gpsbabel",
                baseline: peak(small.1),
                higherIsBetter: false,
                goal: "≤ 32 MiB",
                met: oursSmall <= Self.rssGoal,
                note:
                    "maximum over \(small.0.count) run(s) of the child's own VmHWM (gpsbabel: ru_maxrss from GNU time, "
                    + "\(small.1.count) run(s))"
            ),
            Figure(
                name: "\(what), \(Self.size(files.large))",
                unit: "MiB",
                ours: oursLarge,
                baselineName: large.1.isEmpty ? nil : "gpsbabel",
                baseline: peak(large.1),
                higherIsBetter: false,
                goal: "≤ 32 MiB and flat",
                met: oursLarge <= Self.rssGoal && flat,
                note: "maximum over \(large.0.count) run(s) (gpsbabel: \(large.1.count)); flat = at most 10 % + 1 MiB "
                    + "above the \(Self.size(files.small)) figure: " + (flat ? "yes" : "NO")
            ),
        ]
    }

    /// Runs `whereabouts-bench read-track` on the file and checks it read every point.
    private func readOurs(_ file: TrackFile) throws -> Measure.ChildResult {
        let result = try Measure.run(
            Measure.executablePath,
            ["read-track", kind.rawValue, file.url.path],
            captureOutput: true
        )
        let expected = "fixes \(file.points) issues 0 peak "
        let printed = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, printed.hasPrefix(expected), let peak = Int(printed.dropFirst(expected.count)),
            peak > 0
        else {
            throw BenchError(
                "read-track on \(file.url.path) exited \(result.status) and printed \"\(printed)\", "
                    + "not \"\(expected)BYTES\""
            )
        }
        var own = result
        own.peakRSS = peak
        return own
    }

    /// Runs gpsbabel on the file with its output to /dev/null, under GNU time for its own peak RSS.
    ///
    /// GNU time forks gpsbabel from its own small process, so gpsbabel's `ru_maxrss` is its own
    /// (a child spawned by the bench would report at least the bench's peak); the extra fork and
    /// wait add about a millisecond to runs of seconds. Without /usr/bin/time the RSS is left out.
    private func readGpsbabel(_ file: TrackFile, gpsbabel: String) throws -> Measure.ChildResult {
        let arguments = ["-t", "-i", kind.rawValue, "-f", file.url.path, "-o", "unicsv", "-F", "/dev/null"]
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            var result = try Measure.run(gpsbabel, arguments)
            guard result.status == 0 else { throw BenchError("gpsbabel exited \(result.status) on \(file.url.path)") }
            result.peakRSS = 0
            return result
        }
        let report = file.url.appendingPathExtension("time")
        defer { try? FileManager.default.removeItem(at: report) }
        var result = try Measure.run(time, ["-f", "%M", "-o", report.path, gpsbabel] + arguments)
        guard result.status == 0 else {
            throw BenchError("gpsbabel exited \(result.status) on \(file.url.path); run it by hand to see why")
        }
        let kilobytes = (try? String(contentsOf: report, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        result.peakRSS = (kilobytes ?? 0) * 1024
        return result
    }

    /// How many points gpsbabel writes for the file (lines of its unicsv output minus the header),
    /// counted once and kept next to the file.
    private func gpsbabelCount(of file: TrackFile, gpsbabel: String) throws -> Int {
        let kept = file.url.appendingPathExtension("gpsbabel-points")
        if let text = try? String(contentsOf: kept, encoding: .utf8),
            let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return count
        }
        let csv = file.url.appendingPathExtension("csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        let result = try Measure.run(
            gpsbabel,
            ["-t", "-i", kind.rawValue, "-f", file.url.path, "-o", "unicsv", "-F", csv.path]
        )
        guard result.status == 0 else { throw BenchError("gpsbabel exited \(result.status) on \(file.url.path)") }
        let lines = try Self.countLines(csv)
        try "\(lines - 1)\n".write(to: kept, atomically: true, encoding: .utf8)
        return lines - 1
    }

    /// Reads the whole file once, so the timed runs find it in the page cache.
    static func warm(_ file: TrackFile) throws {
        _ = try countLines(file.url)
    }

    /// Counts the newlines of a file.
    static func countLines(_ url: URL) throws -> Int {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            for index in 0..<count where buffer[index] == 10 { lines += 1 }
        }
        return lines
    }

    static func size(_ file: TrackFile) -> String { "\(Int(file.megabytes.rounded())) MB" }

    static func seconds(_ runs: [Measure.ChildResult]) -> String {
        String(format: "%.2f s", Samples(runs.map(\.seconds)).median)
    }
}
