import Foundation
import Whereabouts

/// `whereabouts-bench coarsener`: `Coarsener.coarsen(_:)` calls per second on one core, against a
/// plain Android-style grid snap of the same fixes.
///
/// The fixes are a 1 Hz walk, cycle and drive through Berlin from ``TrackWalker`` (tens of
/// thousands of 3 km cells crossed over the run); one coarsener reads them in order, as the engine
/// does. The baseline snaps each fix to a 2 km grid with an offset (Android's LocationFudger's
/// `snapToGrid`, with its offset redrawn hourly) and builds the coarse `Location`: the least a
/// grid-based coarsener does per fix.
enum CoarsenerBenchmark: Benchmark {
    static let name = "coarsener"
    static let abstract = "Coarsener.coarsen(_:) calls per second on one core, against a plain grid snap."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let count = options.quick ? 1_000_000 : 4_000_000
        var walker = TrackWalker(seed: 11)
        let fixes = (0..<count).map { _ in walker.next().location }
        var ours: [Double] = []
        var snap: [Double] = []
        var delivered = 0
        var cells = 0
        for _ in 0..<options.repeatCount {
            let (seconds, outputs, changes) = coarsen(fixes)
            ours.append(Double(count) / seconds)
            (delivered, cells) = (outputs, changes)
            snap.append(Double(count) / gridSnap(fixes))
        }
        let oursRate = Samples(ours)
        let snapRate = Samples(snap)
        return [
            Figure(
                name: "Coarsener, \(count) fixes at 1 Hz", unit: "fixes/s", ours: oursRate.median,
                oursSpread: oursRate.spread, baselineName: "2 km grid snap (Android-style)",
                baseline: snapRate.median, baselineSpread: snapRate.spread, higherIsBetter: true,
                goal: "≥ 20M fixes/s", met: oursRate.median >= 20_000_000,
                note: "median of \(ours.count) runs on one thread; the track enters another cell \(cells) times; the "
                    + "coarsener let \(delivered) fixes out (at most 4 an hour), the snap builds a Location for every fix")
        ]
    }

    /// Coarsens every fix in order; returns the seconds, the fixes let out and the cell changes.
    static func coarsen(_ fixes: [Location]) -> (seconds: Double, outputs: Int, cellChanges: Int) {
        var coarsener = Coarsener(secret: Coarsener.Secret(k0: 0x5eed, k1: 42))
        var outputs = 0
        var checksum = 0.0
        let seconds = Measure.time {
            for fix in fixes {
                if let coarse = coarsener.coarsen(fix) {
                    outputs += 1
                    checksum += coarse.coordinate.latitude
                }
            }
        }
        precondition(checksum.isFinite)
        // Counted apart from the timed loop: how often the representative point moved.
        let counter = Coarsener(secret: Coarsener.Secret(k0: 0x5eed, k1: 42))
        var last: Coordinate?
        var changes = 0
        for fix in fixes {
            let point = counter.representative(for: fix.coordinate)
            if point != last { changes += 1 }
            last = point
        }
        return (seconds, outputs, changes)
    }

    /// Snaps every fix to a 2 km grid, Android-style; returns the seconds.
    static func gridSnap(_ fixes: [Location]) -> Double {
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let gridLatitude = 2_000 / metresPerDegree
        var random = SplitMix64(seed: 3)
        var offset = (north: 0.0, east: 0.0)
        var hour = -1
        var checksum = 0.0
        let seconds = Measure.time {
            for fix in fixes {
                let thisHour = Int(fix.timestamp.timeIntervalSince1970 / 3_600)
                if thisHour != hour {
                    hour = thisHour
                    offset = (500 * random.gaussian(), 500 * random.gaussian())
                }
                let latitude = fix.coordinate.latitude + offset.north / metresPerDegree
                let snappedLatitude = (latitude / gridLatitude).rounded(.down) * gridLatitude
                let gridLongitude = gridLatitude / max(cos(snappedLatitude * .pi / 180), 0.01)
                let longitude = fix.coordinate.longitude
                    + offset.east / (metresPerDegree * max(cos(latitude * .pi / 180), 0.01))
                let snappedLongitude = (longitude / gridLongitude).rounded(.down) * gridLongitude
                let coarse = Location(
                    coordinate: Coordinate(latitude: snappedLatitude, longitude: snappedLongitude),
                    horizontalAccuracy: max(fix.horizontalAccuracy, 2_000), timestamp: fix.timestamp)
                checksum += coarse.coordinate.latitude + coarse.horizontalAccuracy
            }
        }
        precondition(checksum.isFinite)
        return seconds
    }
}
