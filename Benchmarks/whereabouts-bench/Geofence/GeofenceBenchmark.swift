import Foundation
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench geofences`: 500 fences on replayed real tracks, the budget of 20 conditions, and what a
/// ``GeofenceMonitor`` reported against the true crossings.
///
/// For each recorded track of `Benchmarks/tracks/` (see its README: a morning drive across a city, a day of one car's
/// trips in a town, and an hour on a motorway), the
/// bench places 500 fences with ``FenceGenerator`` from a fixed seed (150 along the track, 250 scattered over its
/// bounding box grown by 5 km, 100 in 5 clusters of 20), computes the true crossings with ``CrossingOracle`` (no
/// hysteresis: every crossing of a boundary between two fixes counts; across a pause of more than 5 minutes between
/// trips, a change of state dated at the fix after it), replays the track through a monitor on a
/// simulated phone in a pocket (``GeofenceRun``) and scores the reports with ``GeofenceScore`` (its standard
/// tolerance: a report counts for a crossing up to 15 minutes after it and 30 seconds before it). There is no
/// baseline: the truth is the reference.
enum GeofenceBenchmark: Benchmark {
    static let name = "geofences"
    static let abstract = "500 fences on three replayed real tracks: crossings reported, delay, budget, duplicates."

    /// How many fences each track gets.
    static let fenceCount = 500

    /// The longest time between two fixes, in seconds, taken as one straight drive: a longer gap is a pause between
    /// trips (the day of trips has gaps of 10 minutes to 2 hours; the long drive's tunnels, 58 s at most), whose
    /// crossings the truth dates at the fix after the gap (``CrossingOracle/maximumGap``).
    static let maximumGap: TimeInterval = 300

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
        Track(name: "day of trips", file: "day-of-trips.gpx", seed: 2_603),
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
            let truth = CrossingOracle(fences: fences, maximumGap: maximumGap).crossings(along: fixes)
            // With background updates allowed (a fresh fix at each wake) and without (the last fix, or the next
            // significant change).
            for backgroundUpdates in [true, false] {
                let started = ContinuousClock.now
                let run = try await GeofenceRun.run(track: fixes, fences: fences, backgroundUpdates: backgroundUpdates)
                let elapsed = ContinuousClock.now - started
                let score = GeofenceScore(truth: truth, reports: run.events, mostConditions: run.mostConditions)
                var variant = track
                if !backgroundUpdates { variant.name += " without background updates" }
                figures += self.figures(score, track: variant, fixes: fixes, elapsed: elapsed)
            }
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
        // The distance driven: the jumps across pauses between trips are not.
        for index in 1..<fixes.count
        where fixes[index].timestamp.timeIntervalSince(fixes[index - 1].timestamp) <= maximumGap {
            kilometres += fixes[index - 1].coordinate.distance(to: fixes[index].coordinate)
        }
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
                name: "\(prefix): reports later than 15 minutes",
                unit: "reports",
                ours: Double(score.lateReports),
                higherIsBetter: false,
                note: "a true crossing reported after the tolerance (counted missed above): learnt only at a later wake"
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
