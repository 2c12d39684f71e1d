import Foundation

/// A point on the Earth in WGS 84 degrees.
///
/// Latitude runs from −90 (south) to 90 (north), longitude from −180 (west) to 180 (east),
/// as in Core Location's `CLLocationCoordinate2D`.
///
/// ```swift
/// let eiffelTower = Coordinate(latitude: 48.8584, longitude: 2.2945)
/// let louvre = Coordinate(latitude: 48.8606, longitude: 2.3376)
/// eiffelTower.distance(to: louvre)  // ≈ 3,160 m
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator (negative south), −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich (negative west), −180…180.
    public var longitude: Double

    /// Creates a coordinate from degrees.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north of the equator, −90…90.
    ///   - longitude: Degrees east of Greenwich, −180…180.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The great-circle distance to another coordinate, in metres (haversine, mean Earth radius).
    ///
    /// - Parameter other: The coordinate to measure to.
    /// - Returns: The distance in metres.
    public func distance(to other: Coordinate) -> Double {
        distance(to: other, cosineOfLatitude: cos(latitude * .pi / 180))
    }

    /// ``distance(to:)`` from a coordinate measured from many times, with the cosine of its latitude worked out
    /// once: the same result, bit for bit.
    ///
    /// - Parameters:
    ///   - other: The coordinate to measure to.
    ///   - cosineOfLatitude: `cos(latitude * .pi / 180)` of this coordinate.
    /// - Returns: The distance in metres.
    package func distance(to other: Coordinate, cosineOfLatitude: Double) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cosineOfLatitude * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Coordinate.earthRadius * asin(min(1, sqrt(a)))
    }

    /// The mean radius of the Earth used for distances, in metres.
    public static let earthRadius = 6_371_008.8

    /// `"48.85840, 2.29450"`: five decimals, about a metre.
    public var description: String {
        String(format: "%.5f, %.5f", latitude, longitude)
    }
}
