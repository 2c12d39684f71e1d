public import Foundation

/// One position of the device, as an app receives it.
///
/// Optional values are absent when the source did not measure them, or when the app may not
/// have them: under reduced accuracy the engine withholds `altitude`, `speed` and `course`
/// (rule 6 of <doc:TheRulesWhereaboutsFollows>), where Core Location would report −1.
///
/// ```swift
/// let fix = Location(
///     coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
///     horizontalAccuracy: 5,
///     timestamp: Date(timeIntervalSince1970: 1_700_000_000)
/// )
/// ```
public struct Location: Hashable, Sendable, Codable {
    /// Where the device is.
    public var coordinate: Coordinate
    /// Height above mean sea level in metres, when known.
    public var altitude: Double?
    /// Radius in metres of the circle around `coordinate` that holds the true position with
    /// about 68 % probability (Core Location's meaning; for a coarse fix see ``Coarsener``).
    public var horizontalAccuracy: Double
    /// Uncertainty of `altitude` in metres, when known.
    public var verticalAccuracy: Double?
    /// Speed over ground in metres per second, when known.
    public var speed: Double?
    /// Direction of travel in degrees clockwise from true north, 0…360, when known.
    public var course: Double?
    /// When the position was measured.
    public var timestamp: Date

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - coordinate: Where the device is.
    ///   - altitude: Height above mean sea level in metres.
    ///   - horizontalAccuracy: The 68 % radius in metres.
    ///   - verticalAccuracy: Uncertainty of the altitude in metres.
    ///   - speed: Speed over ground in metres per second.
    ///   - course: Direction of travel in degrees from true north.
    ///   - timestamp: When the position was measured.
    public init(
        coordinate: Coordinate,
        altitude: Double? = nil,
        horizontalAccuracy: Double,
        verticalAccuracy: Double? = nil,
        speed: Double? = nil,
        course: Double? = nil,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }
}
