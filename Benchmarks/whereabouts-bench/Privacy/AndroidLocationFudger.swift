import Foundation
import Whereabouts

/// Android's coarse location, rebuilt from the parameters AOSP publishes in `LocationFudger.java`.
///
/// Written from a reading of the AOSP source (not copied): the coarse accuracy is the configured value
/// (default 2,000 m, never under 200 m) and is also the grid size; a random offset per axis, Gaussian with
/// σ = accuracy / 4, is added before snapping; once an hour (checked when a coarse fix is made) each axis
/// moves to `0.03 · fresh + √(1 − 0.03²) · old`, so σ stays the same; latitude snaps to multiples of
/// accuracy / 111,000 degrees and longitude to the same distance at the snapped latitude; bearing, speed,
/// altitude and extras are removed (vertical accuracy is not among the removed fields in the source read);
/// the reported accuracy is `max(accuracy, fix's accuracy)`. Coarse clients get a fix at most every
/// 10 minutes (`FASTEST_INTERVAL_MS`, by fix timestamps here). The draws come from a seeded generator, so a
/// run is reproducible; the attacker never sees them.
struct AndroidLocationFudger: CoarseningAlgorithm {
    /// AOSP's approximate metres per degree at the equator.
    static let metresPerDegree = 111_000.0
    static let maximumLatitude = 90 - 1 / metresPerDegree
    static let changePerInterval = 0.03

    let accuracy: Double
    let minimumInterval: Double = 600
    let offsetUpdateInterval: Double = 3_600
    private var generator: SplitMix
    private var latitudeOffset: Double
    private var longitudeOffset: Double
    private var nextUpdate: Date?
    private var lastOutput: Date?

    /// Creates a fudger with fresh offsets.
    ///
    /// - Parameters:
    ///   - accuracy: The configured coarse accuracy in metres (Android's default is 2,000).
    ///   - seed: Seeds the offsets' random draws.
    init(accuracy: Double = 2_000, seed: UInt64) {
        self.accuracy = max(accuracy, 200)
        generator = SplitMix(seed: seed)
        let sigma = self.accuracy / 4
        latitudeOffset = sigma * generator.gaussian()
        longitudeOffset = sigma * generator.gaussian()
    }

    var grantedAccuracy: Double { accuracy }
    var minimumDistance: Double? { nil }

    /// Coarsens one fix: nil while the 10-minute interval holds.
    mutating func coarsen(_ fix: Location) -> Location? {
        if let lastOutput, fix.timestamp.timeIntervalSince(lastOutput) < minimumInterval { return nil }
        lastOutput = fix.timestamp
        updateOffsets(at: fix.timestamp)
        var latitude = Self.wrapLatitude(fix.coordinate.latitude)
        var longitude = Self.wrapLongitude(fix.coordinate.longitude)
        longitude += Self.wrapLongitude(Self.degreesOfLongitude(longitudeOffset, at: latitude))
        latitude += Self.wrapLatitude(latitudeOffset / Self.metresPerDegree)
        let latitudeStep = accuracy / Self.metresPerDegree
        latitude = Self.wrapLatitude((latitude / latitudeStep).rounded() * latitudeStep)
        let longitudeStep = Self.degreesOfLongitude(accuracy, at: latitude)
        longitude = Self.wrapLongitude((longitude / longitudeStep).rounded() * longitudeStep)
        var coarse = fix
        (coarse.course, coarse.speed, coarse.altitude) = (nil, nil, nil)
        coarse.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        coarse.horizontalAccuracy = max(accuracy, fix.horizontalAccuracy)
        return coarse
    }

    /// One hourly step of the offsets' random walk, when an hour has passed since the last.
    private mutating func updateOffsets(at time: Date) {
        guard let next = nextUpdate else {
            nextUpdate = time + offsetUpdateInterval
            return
        }
        guard time >= next else { return }
        let sigma = accuracy / 4
        let old = (1 - Self.changePerInterval * Self.changePerInterval).squareRoot()
        latitudeOffset = old * latitudeOffset + Self.changePerInterval * sigma * generator.gaussian()
        longitudeOffset = old * longitudeOffset + Self.changePerInterval * sigma * generator.gaussian()
        nextUpdate = time + offsetUpdateInterval
    }

    private static func degreesOfLongitude(_ metres: Double, at latitude: Double) -> Double {
        metres / metresPerDegree / cos(latitude * .pi / 180)
    }

    private static func wrapLatitude(_ latitude: Double) -> Double {
        min(max(latitude, -maximumLatitude), maximumLatitude)
    }

    private static func wrapLongitude(_ longitude: Double) -> Double {
        var wrapped = longitude.truncatingRemainder(dividingBy: 360)
        if wrapped >= 180 { wrapped -= 360 }
        if wrapped < -180 { wrapped += 360 }
        return wrapped
    }
}
