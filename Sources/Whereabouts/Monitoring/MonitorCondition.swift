public import Foundation

/// What a ``ConditionMonitor`` watches, as Core Location's `CLCondition`s: a circle on the map, or a beacon identity.
///
/// A circular geographic condition is satisfied while the device is inside the circle (on the edge counts as inside),
/// as `CLMonitor.CircularGeographicCondition`. A beacon identity condition (`CLMonitor.BeaconIdentityCondition`) is
/// satisfied while a beacon of that identity is in range; a source without beacons (the simulated OS's sources, a
/// device without ranging) accepts it and reports it unsupported (``MonitorEvent/Flag/conditionUnsupported``).
///
/// ```swift
/// let office = MonitorCondition.circularGeographic(
///     center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 150)
/// await monitor.add(office, identifier: "office", assuming: .unsatisfied)
/// ```
public enum MonitorCondition: Hashable, Sendable, Codable {
    /// A circle: satisfied while the device is inside it.
    ///
    /// - Parameters:
    ///   - center: The circle's centre.
    ///   - radius: The circle's radius in metres.
    case circularGeographic(center: Coordinate, radius: Double)
    /// A beacon identity: satisfied while a beacon with this UUID (and major and minor, when given) is in range.
    ///
    /// - Parameters:
    ///   - uuid: The beacons' proximity UUID.
    ///   - major: The major value to match, or `nil` for any.
    ///   - minor: The minor value to match, or `nil` for any (only with a major, as Core Location has it).
    case beaconIdentity(uuid: UUID, major: UInt16?, minor: UInt16?)

    /// Whether the condition is a circle, the only kind a source of fixes can decide.
    public var isCircularGeographic: Bool {
        if case .circularGeographic = self { return true }
        return false
    }

    /// Whether a coordinate satisfies a circular condition: at most its radius from its centre; `nil` for a beacon
    /// condition, which no coordinate decides.
    ///
    /// - Parameter coordinate: The device's position.
    /// - Returns: Whether the position is inside the circle, or `nil` for a beacon condition.
    public func isSatisfied(at coordinate: Coordinate) -> Bool? {
        guard case .circularGeographic(let center, let radius) = self else { return nil }
        return center.distance(to: coordinate) <= radius
    }
}
