import Foundation
import WhereaboutsTestSupport

@testable import Whereabouts

/// Hand-made geometry for the geofence tests: positions in metres east and north of a fixed origin in Berlin.
enum GeofenceFixtures {
    /// The origin of the local metres.
    static let origin = Coordinate(latitude: 52.5, longitude: 13.4)
    /// The date of second zero.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The coordinate `east` and `north` metres from the origin (an equirectangular offset, within centimetres of
    /// the haversine distance over the tests' few kilometres).
    static func point(east: Double, north: Double) -> Coordinate {
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        return Coordinate(
            latitude: origin.latitude + north / metresPerDegree,
            longitude: origin.longitude + east / (metresPerDegree * cos(origin.latitude * .pi / 180))
        )
    }

    /// A fence centred `east` and `north` metres from the origin.
    static func fence(_ id: String, east: Double, north: Double, radius: Double) -> Geofence {
        Geofence(id: id, center: point(east: east, north: north), radius: radius)
    }

    /// A fix at `east`, `north`, taken `second` seconds after ``start``.
    static func fix(east: Double, north: Double, second: Double, accuracy: Double = 5) -> Location {
        Location(
            coordinate: point(east: east, north: north),
            horizontalAccuracy: accuracy,
            timestamp: start.addingTimeInterval(second)
        )
    }

    /// `count` fences with centres uniform in a square of `side` metres around the origin and radii uniform in
    /// `radii`, drawn from `seed`.
    static func randomFences(count: Int, side: Double, radii: ClosedRange<Double>, seed: UInt64) -> [Geofence] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            fence(
                "f\(index)",
                east: Double.random(in: -side / 2...side / 2, using: &random),
                north: Double.random(in: -side / 2...side / 2, using: &random),
                radius: Double.random(in: radii, using: &random)
            )
        }
    }

    /// A walk of `steps` fixes `stepLength` metres apart, one a second, turning by up to 30° a step and turning back
    /// towards the origin when it strays more than `bound` metres, drawn from `seed`.
    static func walk(steps: Int, stepLength: Double, bound: Double, seed: UInt64) -> [Location] {
        var random = SplitMix64(seed: seed)
        var east = 0.0
        var north = 0.0
        var heading = Double.random(in: 0..<(2 * .pi), using: &random)
        var fixes: [Location] = []
        for step in 0..<steps {
            fixes.append(fix(east: east, north: north, second: Double(step)))
            heading += Double.random(in: -Double.pi / 6...Double.pi / 6, using: &random)
            if max(abs(east), abs(north)) > bound { heading = atan2(-north, -east) }
            east += stepLength * cos(heading)
            north += stepLength * sin(heading)
        }
        return fixes
    }
}
