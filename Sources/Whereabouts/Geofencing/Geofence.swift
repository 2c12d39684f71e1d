import Foundation

/// A circle whose entry and exit an app wants to hear about, in a set of any size.
///
/// A geofence is the app's data, not the system's: the library keeps the fences nearest the person among the
/// conditions the system monitors and infers the crossings of the others (see ``GeofencePlan``). Unlike a
/// ``Region`` it has no meaning to the system on its own.
///
/// ```swift
/// let depot = Geofence(id: "depot-12", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 200)
/// depot.contains(Coordinate(latitude: 52.5205, longitude: 13.405))  // true: 56 m from the centre
/// ```
public struct Geofence: Hashable, Sendable, Codable, Identifiable {
    /// The app's name for the fence, unique in its set.
    public var id: String
    /// The centre of the circle.
    public var center: Coordinate
    /// The radius of the circle in metres.
    public var radius: Double
    /// Whether entering the fence produces a ``GeofenceEvent``.
    public var notifyOnEntry: Bool
    /// Whether leaving the fence produces a ``GeofenceEvent``.
    public var notifyOnExit: Bool

    /// Creates a circular geofence.
    ///
    /// - Parameters:
    ///   - id: The app's name for the fence, unique in its set.
    ///   - center: The centre of the circle.
    ///   - radius: The radius in metres.
    ///   - notifyOnEntry: Whether entering produces an event.
    ///   - notifyOnExit: Whether leaving produces an event.
    public init(id: String, center: Coordinate, radius: Double, notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        self.id = id
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// Whether a coordinate lies inside the circle (on the edge counts as inside, as ``Region/contains(_:)``).
    ///
    /// - Parameter coordinate: The coordinate to test.
    /// - Returns: `true` when the coordinate is at most `radius` metres from `center`.
    public func contains(_ coordinate: Coordinate) -> Bool {
        center.distance(to: coordinate) <= radius
    }

    /// How far a coordinate is from the circle's edge, in metres: the distance it must travel to cross it.
    ///
    /// Inside the fence that is the way out, outside it the way in.
    ///
    /// - Parameter coordinate: The coordinate to measure from.
    /// - Returns: `|distance to the centre − radius|` in metres.
    public func boundaryDistance(from coordinate: Coordinate) -> Double {
        abs(center.distance(to: coordinate) - radius)
    }
}
