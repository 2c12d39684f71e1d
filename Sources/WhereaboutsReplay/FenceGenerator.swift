import Foundation
package import Whereabouts

/// Reproducible fences along and around a track, for measuring a geofence monitor on it: the same seed, track and
/// count give the same fences on every run and every platform.
///
/// Of `count` fences:
///
/// - 30 % lie **along** the track (`along-001`, …): each centre 0–300 m from a fix drawn at random, radius
///   100–500 m, so the track crosses most of them;
/// - 20 % come in **clusters** of 20 (`cluster1-01`, …): each cluster around a fix drawn at random, its fences'
///   centres within 1 km of that fix, radius 100–300 m, more close together than a monitor has slots;
/// - the rest are **scattered** (`area-001`, …) uniformly in latitude and longitude over the track's bounding box
///   grown by 5 km on every side, radius 100–1000 m.
///
/// For 500 fences: 150 along, 100 in 5 clusters, 250 scattered. Distances are great-circle distances, as
/// ``Whereabouts/Coordinate/distance(to:)`` measures them. A track with no valid fix gets no fences.
///
/// ```swift
/// let fences = FenceGenerator(seed: 26).fences(500, around: fixes)
/// let truth = CrossingOracle(fences: fences).crossings(along: fixes)
/// ```
package struct FenceGenerator: Sendable {
    /// The seed of the draws.
    package var seed: UInt64

    /// Creates a generator.
    ///
    /// - Parameter seed: The seed; the same seed gives the same fences.
    package init(seed: UInt64) {
        self.seed = seed
    }

    /// How many fences a cluster holds.
    package static let clusterSize = 20

    /// The fences for a track.
    ///
    /// - Parameters:
    ///   - count: How many fences, 0 or more.
    ///   - track: The fixes; those with an invalid coordinate are left out.
    /// - Returns: `count` fences with unique identifiers (none when the track has no valid fix).
    package func fences(_ count: Int, around track: [Location]) -> [Geofence] {
        let points = track.map(\.coordinate).filter(\.isValid)
        guard count > 0, !points.isEmpty else { return [] }
        var random = SplitMix64(seed: seed)
        let clustered = count / 5
        let along = count * 3 / 10
        let scattered = count - clustered - along
        var fences: [Geofence] = []
        fences.reserveCapacity(count)

        let alongWidth = String(along).count
        for index in 0..<along {
            let fix = points[random.index(below: points.count)]
            let center = Self.offset(
                fix,
                by: random.uniform(in: 0...300),
                bearing: random.uniform(in: 0...360)
            )
            fences.append(
                Geofence(
                    id: "along-" + Self.padded(index + 1, alongWidth),
                    center: center,
                    radius: random.uniform(in: 100...500)
                )
            )
        }

        let box = Self.box(around: points, grownBy: 5000)
        let scatteredWidth = String(scattered).count
        for index in 0..<scattered {
            let center = Coordinate(
                latitude: random.uniform(in: box.latitudes),
                longitude: random.uniform(in: box.longitudes)
            )
            fences.append(
                Geofence(
                    id: "area-" + Self.padded(index + 1, scatteredWidth),
                    center: center,
                    radius: random.uniform(in: 100...1000)
                )
            )
        }

        let clusters = (clustered + Self.clusterSize - 1) / Self.clusterSize
        let memberWidth = String(min(clustered, Self.clusterSize)).count
        var placed = 0
        for cluster in 0..<clusters {
            let middle = points[random.index(below: points.count)]
            let members = min(Self.clusterSize, clustered - placed)
            for member in 1...members {
                // Uniform over the disc of 1 km: the distance's square is uniform.
                let center = Self.offset(
                    middle,
                    by: 1000 * random.unit().squareRoot(),
                    bearing: random.uniform(in: 0...360)
                )
                fences.append(
                    Geofence(
                        id: "cluster\(cluster + 1)-" + Self.padded(member, memberWidth),
                        center: center,
                        radius: random.uniform(in: 100...300)
                    )
                )
            }
            placed += members
        }
        return fences
    }

    /// The point `distance` metres from `start` along the great circle leaving it at `bearing` degrees.
    static func offset(_ start: Coordinate, by distance: Double, bearing: Double) -> Coordinate {
        let angle = distance / Coordinate.earthRadius
        let heading = bearing * .pi / 180
        let latitude = start.latitude * .pi / 180
        let longitude = start.longitude * .pi / 180
        let endLatitude = asin(
            min(1, max(-1, sin(latitude) * cos(angle) + cos(latitude) * sin(angle) * cos(heading)))
        )
        var endLongitude =
            longitude
            + atan2(sin(heading) * sin(angle) * cos(latitude), cos(angle) - sin(latitude) * sin(endLatitude))
        if endLongitude > .pi { endLongitude -= 2 * .pi }
        if endLongitude < -.pi { endLongitude += 2 * .pi }
        return Coordinate(latitude: endLatitude * 180 / .pi, longitude: endLongitude * 180 / .pi)
    }

    /// The bounding box of the points grown by `margin` metres on every side, within the valid ranges.
    static func box(
        around points: [Coordinate],
        grownBy margin: Double
    )
        -> (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)
    {
        let latitudes = points.map(\.latitude)
        let longitudes = points.map(\.longitude)
        let south = latitudes.min() ?? 0
        let north = latitudes.max() ?? 0
        let latitudeMargin = margin / Coordinate.earthRadius * 180 / .pi
        let widest = min(89, max(abs(south), abs(north)) + latitudeMargin)
        let longitudeMargin = latitudeMargin / cos(widest * .pi / 180)
        return (
            max(-90, south - latitudeMargin)...min(90, north + latitudeMargin),
            max(-180, (longitudes.min() ?? 0) - longitudeMargin)...min(180, (longitudes.max() ?? 0) + longitudeMargin)
        )
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
