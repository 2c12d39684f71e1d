import Foundation
import Glibc
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench coarsener`: `Coarsener.coarsen(_:)` calls per second on one core, against a
/// plain Android-style grid snap of the same fixes.
///
/// The fixes are a 1 Hz walk, cycle and drive through Berlin from ``TrackWalker`` (tens of
/// thousands of 3 km cells crossed over the run); one coarsener reads them in order, as the engine
/// does. The baseline snaps each fix to a 2 km grid with an offset (Android's LocationFudger's
/// `snapToGrid`, with its offset redrawn hourly) and builds the coarse `Location`: the least a
/// grid-based coarsener does per fix. Both are timed on the thread's CPU clock (calls per CPU-second
/// of one core, which other processes on a busy machine do not inflate); the wall-clock rates are in
/// the note.
enum CoarsenerBenchmark: Benchmark {
    static let name = "coarsener"
    static let abstract = "Coarsener.coarsen(_:) calls per second on one core, against a plain grid snap."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let count = options.quick ? 1_000_000 : 4_000_000
        var walker = TrackWalker(seed: 11)
        let fixes = (0..<count).map { _ in walker.next().location }
        var ours: [Double] = []
        var snap: [Double] = []
        var oursWall: [Double] = []
        var snapWall: [Double] = []
        var delivered = 0
        for _ in 0..<options.repeatCount {
            let (cpu, wall, outputs) = coarsen(fixes)
            ours.append(Double(count) / cpu)
            oursWall.append(Double(count) / wall)
            delivered = outputs
            let (snapCPU, snapWallTime) = gridSnap(fixes)
            snap.append(Double(count) / snapCPU)
            snapWall.append(Double(count) / snapWallTime)
        }
        let oursRate = Samples(ours)
        let snapRate = Samples(snap)
        let cells = cellChanges(fixes)
        let wall =
            "wall clock: ours " + FigureReport.number(Samples(oursWall).median) + "/s, snap "
            + FigureReport.number(Samples(snapWall).median) + "/s"
        return [
            Figure(
                name: "Coarsener, \(count) fixes at 1 Hz",
                unit: "fixes/s",
                ours: oursRate.median,
                oursSpread: oursRate.spread,
                baselineName: "2 km grid snap (Android-style)",
                baseline: snapRate.median,
                baselineSpread: snapRate.spread,
                higherIsBetter: true,
                goal: "≥ 20M fixes/s",
                met: oursRate.median >= 20_000_000,
                note: "calls per CPU-second of one thread, median of \(ours.count) runs (\(wall)); the track enters "
                    + "another cell about \(cells) times (sampled every 10 s); the coarsener let \(delivered) fixes out "
                    + "(at most 4 an hour), the snap builds a Location for every fix"
            )
        ]
    }

    /// Coarsens every fix in order; returns the thread's CPU seconds, the wall seconds and the fixes let out.
    static func coarsen(_ fixes: [Location]) -> (cpu: Double, wall: Double, outputs: Int) {
        var coarsener = Coarsener(secret: Coarsener.Secret(k0: 0x5eed, k1: 42))
        var outputs = 0
        var checksum = 0.0
        let (cpuStart, wallStart) = (threadCPUTime(), Measure.now())
        for fix in fixes {
            if let coarse = coarsener.coarsen(fix) {
                outputs += 1
                checksum += coarse.coordinate.latitude
            }
        }
        let (cpu, wall) = (threadCPUTime() - cpuStart, Measure.now() - wallStart)
        precondition(checksum.isFinite)
        return (cpu, wall, outputs)
    }

    /// How often the fixes (one in ten) move to another cell, by the coarsener's representative point.
    static func cellChanges(_ fixes: [Location]) -> Int {
        let coarsener = Coarsener(secret: Coarsener.Secret(k0: 0x5eed, k1: 42))
        var last: Coordinate?
        var changes = 0
        for fix in stride(from: 0, to: fixes.count, by: 10).lazy.map({ fixes[$0] }) {
            let point = coarsener.representative(for: fix.coordinate)
            if point != last { changes += 1 }
            last = point
        }
        return changes
    }

    /// The CPU time of the calling thread, in seconds.
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Snaps every fix to a 2 km grid, Android-style; returns the thread's CPU seconds and the wall seconds.
    static func gridSnap(_ fixes: [Location]) -> (cpu: Double, wall: Double) {
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let gridLatitude = 2_000 / metresPerDegree
        var random = SplitMix64(seed: 3)
        var offset = (north: 0.0, east: 0.0)
        var hour = -1
        var checksum = 0.0
        let (cpuStart, wallStart) = (threadCPUTime(), Measure.now())
        for fix in fixes {
            let thisHour = Int(fix.timestamp.timeIntervalSince1970 / 3_600)
            if thisHour != hour {
                hour = thisHour
                offset = (500 * random.gaussian(), 500 * random.gaussian())
            }
            let latitude = fix.coordinate.latitude + offset.north / metresPerDegree
            let snappedLatitude = (latitude / gridLatitude).rounded(.down) * gridLatitude
            let gridLongitude = gridLatitude / max(cos(snappedLatitude * .pi / 180), 0.01)
            let longitude =
                fix.coordinate.longitude
                + offset.east / (metresPerDegree * max(cos(latitude * .pi / 180), 0.01))
            let snappedLongitude = (longitude / gridLongitude).rounded(.down) * gridLongitude
            let coarse = Location(
                coordinate: Coordinate(latitude: snappedLatitude, longitude: snappedLongitude),
                horizontalAccuracy: max(fix.horizontalAccuracy, 2_000),
                timestamp: fix.timestamp
            )
            checksum += coarse.coordinate.latitude + coarse.horizontalAccuracy
        }
        let (cpu, wall) = (threadCPUTime() - cpuStart, Measure.now() - wallStart)
        precondition(checksum.isFinite)
        return (cpu, wall)
    }
}
