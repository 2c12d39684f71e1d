import Foundation
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench geofences`: 500 fences on replayed real tracks, the budget of 20 conditions, and what a
/// ``GeofenceMonitor`` reported against the true crossings.
///
/// For each recorded track of `Benchmarks/tracks/` (see its README: a city commute and a long motorway drive), the
/// bench places 500 fences with ``FenceGenerator`` from a fixed seed (150 along the track, 250 scattered over its
/// bounding box grown by 5 km, 100 in 5 clusters of 20), computes the true crossings with ``CrossingOracle`` (no
/// hysteresis: every crossing of a boundary between two fixes counts), replays the track through a monitor on a
/// simulated phone in a pocket (``GeofenceRun``) and scores the reports with ``GeofenceScore`` (its standard
/// tolerance: a report counts for a crossing up to 15 minutes after it and 30 seconds before it). There is no
/// baseline: the truth is the reference.
enum GeofenceBenchmark: Benchmark {
    static let name = "geofences"
    static let abstract = "500 fences on two replayed real tracks: crossings reported, delay, budget, duplicates."

    /// How many fences each track gets.
    static let fenceCount = 500

    /// A recorded track the bench replays.
    struct Track {
        /// The name in the figures.
        var name: String
        /// The GPX file under `Benchmarks/tracks/`.
        var file: String
        /// The seed of its fences.
        var seed: UInt64
    }

    /// The tracks, in the order they are run.
    static let tracks = [
        Track(name: "commute", file: "commute.gpx", seed: 2_601),
        Track(name: "long drive", file: "long-drive.gpx", seed: 2_602),
    ]

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        var figures: [Figure] = []
        for track in tracks {
            guard FileManager.default.fileExists(atPath: url(of: track).path) else {
                let message =
                    "geofences: skipped the \(track.name): \(url(of: track).path) is not there; "
                    + "Benchmarks/tracks/README.md says which tracks the bench has\n"
                FileHandle.standardError.write(Data(message.utf8))
                continue
            }
            let fixes = try load(track)
            let fences = FenceGenerator(seed: track.seed).fences(fenceCount, around: fixes)
            let truth = CrossingOracle(fences: fences).crossings(along: fixes)
            let started = ContinuousClock.now
            let run = try await GeofenceRun.run(track: fixes, fences: fences)
            let elapsed = ContinuousClock.now - started
            let score = GeofenceScore(truth: truth, reports: run.events, mostConditions: run.mostConditions)
            figures += self.figures(score, track: track, fixes: fixes, elapsed: elapsed)
        }
        return figures
    }

    /// The folder of the recorded tracks, next to the bench's sources.
    static var tracksFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("tracks", isDirectory: true)
    }

    /// Where a track's GPX file is.
    static func url(of track: Track) -> URL {
        tracksFolder.appendingPathComponent(track.file)
    }

    /// The fixes of a track's GPX file.
    static func load(_ track: Track) throws -> [Location] {
        let url = url(of: track)
        var reader = try GPXReader(contentsOf: url, strict: true)
        var fixes: [Location] = []
        while let event = try reader.next() {
            if case .location(let fix) = event { fixes.append(fix) }
        }
        guard fixes.count >= 2 else {
            throw BenchError("\(url.path) has \(fixes.count) track points; the geofence bench needs a recorded track")
        }
        return fixes
    }

    /// The score as figures: share reported, delay, false reports, duplicates and the budget.
    static func figures(_ score: GeofenceScore, track: Track, fixes: [Location], elapsed: Duration) -> [Figure] {
        let hours = fixes[fixes.count - 1].timestamp.timeIntervalSince(fixes[0].timestamp) / 3_600
        var kilometres = 0.0
        for index in 1..<fixes.count { kilometres += fixes[index - 1].coordinate.distance(to: fixes[index].coordinate) }
        kilometres /= 1_000
        let by = [GeofenceEvent.Detection.monitored, .inferred, .approximate]
            .map { "\($0.rawValue) \(score.reportedBy[$0] ?? 0)" }
            .joined(separator: ", ")
        let about =
            "\(track.name): \(fixes.count) fixes, " + String(format: "%.1f h, %.0f km, ", hours, kilometres)
            + "\(fenceCount) fences (150 along, 250 scattered, 100 in 5 clusters, seed \(track.seed))"
        func seconds(_ value: TimeInterval?) -> String { value.map { String(format: "%.0f s", $0) } ?? "none" }
        let prefix = "Geofences, \(track.name)"
        return [
            Figure(
                name: "\(prefix): true crossings reported",
                unit: "%",
                ours: 100 * score.reportedShare,
                higherIsBetter: true,
                note: "\(score.reported) of \(score.trueCrossings) (\(by)), \(score.missed) missed; \(about); "
                    + "replayed in \(elapsed)"
            ),
            Figure(
                name: "\(prefix): delay of a reported crossing, median",
                unit: "s",
                ours: score.medianDelay ?? 0,
                higherIsBetter: false,
                note: (score.medianDelay == nil ? "no crossing was reported, so no delay; " : "")
                    + "95th percentile \(seconds(score.delay95)), largest \(seconds(score.largestDelay)); from the "
                    + "true crossing's interpolated instant to the report's date (nearest rank)"
            ),
            Figure(
                name: "\(prefix): reports matching no true crossing",
                unit: "reports",
                ours: Double(score.falseReports),
                higherIsBetter: false,
                goal: "0",
                met: score.falseReports == 0
            ),
            Figure(
                name: "\(prefix): crossings reported twice",
                unit: "reports",
                ours: Double(score.duplicates),
                higherIsBetter: false,
                goal: "0",
                met: score.duplicates == 0
            ),
            Figure(
                name: "\(prefix): most conditions held at once",
                unit: "conditions",
                ours: Double(score.mostConditions),
                higherIsBetter: false,
                goal: "≤ \(score.budget), the budget",
                met: score.withinBudget
            ),
        ]
    }
}
