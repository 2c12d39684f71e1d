/// A circular geographic region to monitor, as Core Location's `CLCircularRegion`.
///
/// Region monitoring needs full accuracy: under reduced accuracy starting it throws
/// ``LocationError/Code/regionMonitoringUnavailable`` (rule 6 of <doc:TheRulesWhereaboutsFollows>).
///
/// ```swift
/// let home = Region(identifier: "home", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 150)
/// try await client.startMonitoring(home)
/// ```
public struct Region: Hashable, Sendable, Codable {
    /// The app's name for the region, unique among the regions it monitors.
    public var identifier: String
    /// The centre of the circle.
    public var center: Coordinate
    /// The radius of the circle in metres.
    public var radius: Double
    /// Whether entering the region produces an event.
    public var notifyOnEntry: Bool
    /// Whether leaving the region produces an event.
    public var notifyOnExit: Bool

    /// Creates a circular region.
    ///
    /// - Parameters:
    ///   - identifier: The app's name for the region.
    ///   - center: The centre of the circle.
    ///   - radius: The radius in metres.
    ///   - notifyOnEntry: Whether entering produces an event.
    ///   - notifyOnExit: Whether leaving produces an event.
    public init(
        identifier: String,
        center: Coordinate,
        radius: Double,
        notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true
    ) {
        self.identifier = identifier
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// Whether a coordinate lies inside the circle (on the edge counts as inside).
    ///
    /// - Parameter coordinate: The coordinate to test.
    /// - Returns: `true` when the coordinate is at most `radius` metres from `center`.
    public func contains(_ coordinate: Coordinate) -> Bool {
        center.distance(to: coordinate) <= radius
    }
}
