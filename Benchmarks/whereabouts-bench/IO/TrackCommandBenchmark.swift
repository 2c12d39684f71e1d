import Foundation
import Glibc

/// `whereabouts-bench track`: the `track` command a user runs, in each output format, against gpsbabel converting
/// the same generated GPX.
///
/// Every run is a child process timed from spawn to exit: `whereabouts track --source FILE --answer while-using
/// --precise --speed max --format F` with its standard output to a file in the scratch folder (then its lines are
/// counted: one per point, plus the table's header or GeoJSON's two framing lines), and
/// `gpsbabel -t -i gpx -f FILE -o unicsv -F OUT` writing to a file there too. The runs alternate (table, ndjson,
/// geojson, gpsbabel) on the 10 MB file, read once beforehand so all find it in the page cache. Each run starts from a
/// fresh consent file, so each answers the same prompt.
///
/// The `whereabouts` executable is the one next to this bench's own (same build folder and configuration):
/// `swift build -c release --product whereabouts --product whereabouts-bench`.
enum TrackCommandBenchmark: Benchmark {
    static let name = "track"
    static let abstract =
        "whereabouts track --speed max (10 MB GPX) in each format, against gpsbabel -i gpx -o unicsv on the same file."
    /// How many times gpsbabel's speed the goal asks for, in every format.
    static let speedGoal = 5.0

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        guard let gpsbabel = Measure.which("gpsbabel") else {
            throw BenchError("gpsbabel is not installed; install it (apt-get install gpsbabel) and run again")
        }
        let whereabouts = try executable()
        let scratch = try options.scratch()
        let file = try TrackFile.make(.gpx, megabytes: 10, in: scratch)
        try TrackReadBenchmark.warm(file)
        let formats = ["table", "ndjson", "geojson"]
        var ours: [String: [Double]] = [:]
        var theirs: [Double] = []
        for _ in 0..<options.repeatCount {
            for format in formats {
                ours[format, default: []].append(try runTrack(whereabouts, format: format, file: file, in: scratch))
            }
            theirs.append(try runGpsbabel(gpsbabel, file: file, in: scratch))
        }
        let baseline = Samples(theirs.map { file.megabytes / $0 })
        return formats.map { format in
            let runs = ours[format] ?? []
            let speed = Samples(runs.map { file.megabytes / $0 })
            return Figure(
                name: "track --format \(format), \(TrackReadBenchmark.size(file)) GPX (\(file.points) points)",
                unit: "MB/s",
                ours: speed.median,
                oursSpread: speed.spread,
                baselineName: "gpsbabel -t -i gpx -o unicsv -F FILE",
                baseline: baseline.median,
                baselineSpread: baseline.spread,
                higherIsBetter: true,
                goal: "≥ \(Int(speedGoal))× gpsbabel",
                met: speed.median / baseline.median >= speedGoal,
                note: "median of \(runs.count) alternating runs, each a child process timed spawn to exit (ours "
                    + "\(String(format: "%.2f s", Samples(runs).median)), gpsbabel "
                    + "\(String(format: "%.2f s", Samples(theirs).median))); ours = whereabouts track --source FILE "
                    + "--answer while-using --precise --speed max --format \(format) > a file (GPXReader → engine → "
                    + "liveUpdates → writer), every point written (line count checked); gpsbabel writes unicsv to a file"
            )
        }
    }

    /// The `whereabouts` executable built next to this bench.
    static func executable() throws -> String {
        let folder = URL(fileURLWithPath: Measure.executablePath).deletingLastPathComponent()
        let path = folder.appendingPathComponent("whereabouts").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError(
                "no whereabouts executable next to the bench in \(folder.path); build both in the same "
                    + "configuration: swift build -c release --product whereabouts --product whereabouts-bench"
            )
        }
        return path
    }

    /// Runs `track` once and returns its wall time, after checking it wrote a line for every point.
    private static func runTrack(_ path: String, format: String, file: TrackFile, in scratch: URL) throws -> Double {
        let consent = scratch.appendingPathComponent("track-consent.json")
        let output = scratch.appendingPathComponent("track-output.\(format)")
        let messages = scratch.appendingPathComponent("track-messages.txt")
        try? FileManager.default.removeItem(at: consent)
        let arguments = [
            "track", "--source", file.url.path, "--answer", "while-using", "--precise", "--speed", "max",
            "--format", format, "--consent-file", consent.path,
        ]
        let result = try Measure.run(path, arguments, outputPath: output.path, errorPath: messages.path)
        let said = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
        guard result.status == 0 else {
            throw BenchError("whereabouts \(arguments.joined(separator: " ")) exited \(result.status): \(said)")
        }
        let framing = ["table": 1, "ndjson": 0, "geojson": 2][format] ?? 0
        let lines = try TrackReadBenchmark.countLines(output)
        guard lines == file.points + framing else {
            throw BenchError(
                "whereabouts track --format \(format) wrote \(lines) lines for \(file.points) points of "
                    + "\(file.url.path) (expected \(file.points + framing)); it said: \(said)"
            )
        }
        return result.seconds
    }

    /// Runs gpsbabel once (unicsv to a file) and returns its wall time, after checking it wrote every point.
    private static func runGpsbabel(_ path: String, file: TrackFile, in scratch: URL) throws -> Double {
        let output = scratch.appendingPathComponent("track-gpsbabel.csv")
        let result = try Measure.run(path, ["-t", "-i", "gpx", "-f", file.url.path, "-o", "unicsv", "-F", output.path])
        guard result.status == 0 else { throw BenchError("gpsbabel exited \(result.status) on \(file.url.path)") }
        let lines = try TrackReadBenchmark.countLines(output)
        guard lines == file.points + 1 else {
            throw BenchError("gpsbabel wrote \(lines - 1) points for \(file.points) in \(file.url.path)")
        }
        return result.seconds
    }
}
