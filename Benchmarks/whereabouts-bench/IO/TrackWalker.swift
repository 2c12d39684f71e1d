import Foundation
import Whereabouts
import WhereaboutsReplay

/// A person moving about a city once a second: walking, cycling, driving and standing still, as a
/// phone's GPS would record it.
///
/// The walk starts in central Berlin on 2025-06-01T06:00:00Z. Every few minutes the mode of travel
/// changes (standing 0 m/s, walking 1.4 m/s, cycling 5 m/s, driving 14 m/s, each with some
/// jitter); the heading wanders, and the walker turns back towards the start once more than 25 km
/// away, so a long track crosses many Coarsener cells without leaving the region. Altitude and
/// HDOP drift slowly. Everything comes from one ``SplitMix64`` seed.
///
/// ```swift
/// var walker = TrackWalker(seed: 42)
/// let first = walker.next()   // a Sample 1 s after the start
/// ```
struct TrackWalker {
    /// One recorded moment.
    struct Sample {
        var latitude: Double
        var longitude: Double
        /// Metres above mean sea level.
        var altitude: Double
        /// Seconds since 1970-01-01 UTC.
        var time: Int
        var hdop: Double
        /// Metres per second.
        var speed: Double
        /// Degrees clockwise from true north.
        var course: Double

        /// The sample as a fix, with the accuracy the readers derive from HDOP (× 5 m).
        var location: Location {
            Location(
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                altitude: altitude,
                horizontalAccuracy: hdop * 5,
                verticalAccuracy: hdop * 7.5,
                speed: speed,
                course: course,
                timestamp: Date(timeIntervalSince1970: Double(time))
            )
        }
    }

    static let start = (latitude: 52.520008, longitude: 13.404954)
    /// 2025-06-01T06:00:00Z.
    static let startTime = 1_748_757_600

    private var random: SplitMix64
    private var sample: Sample
    private var cruise = 1.4
    private var secondsLeftInMode = 0

    /// Creates a walker whose whole path is fixed by `seed`.
    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        sample = Sample(
            latitude: Self.start.latitude,
            longitude: Self.start.longitude,
            altitude: 34.5,
            time: Self.startTime,
            hdop: 0.9,
            speed: 0,
            course: random.uniform(in: 0..<360)
        )
    }

    /// Moves one second on and returns where the walker is.
    mutating func next() -> Sample {
        if secondsLeftInMode <= 0 { chooseMode() }
        secondsLeftInMode -= 1
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let north = (sample.latitude - Self.start.latitude) * metresPerDegree
        let east = (sample.longitude - Self.start.longitude) * metresPerDegree * cos(sample.latitude * .pi / 180)
        if (north * north + east * east).squareRoot() > 25_000 {
            let home = atan2(-east, -north) * 180 / .pi
            sample.course = (home + 360).truncatingRemainder(dividingBy: 360)
        } else {
            let turn = cruise > 8 ? 2.0 : 8.0
            sample.course = (sample.course + turn * random.gaussian() + 360).truncatingRemainder(dividingBy: 360)
        }
        sample.speed = max(0, cruise * (1 + 0.08 * random.gaussian()))
        if cruise == 0 { sample.speed = 0 }
        let heading = sample.course * .pi / 180
        let jitter = sample.hdop * 1.5
        let dNorth = sample.speed * cos(heading) + jitter * random.gaussian()
        let dEast = sample.speed * sin(heading) + jitter * random.gaussian()
        sample.latitude += dNorth / metresPerDegree
        sample.longitude += dEast / (metresPerDegree * cos(sample.latitude * .pi / 180))
        sample.altitude = min(max(sample.altitude + 0.2 * random.gaussian(), 20), 120)
        sample.hdop = min(max(sample.hdop + 0.05 * random.gaussian(), 0.6), 3.5)
        sample.time += 1
        return sample
    }

    /// Picks the next mode of travel and how long it lasts.
    private mutating func chooseMode() {
        let roll = random.unit()
        switch roll {
        case ..<0.15: cruise = 0
        case ..<0.50: cruise = 1.4
        case ..<0.70: cruise = 5
        default: cruise = 14
        }
        secondsLeftInMode = 120 + Int(random.unit() * 1_500)
    }
}
