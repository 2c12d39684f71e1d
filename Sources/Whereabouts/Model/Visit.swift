public import Foundation

/// A place the person stayed at for a while, as Core Location's `CLVisit`.
///
/// Under reduced accuracy the coordinate of a visit is coarsened like any fix.
public struct Visit: Hashable, Sendable, Codable {
    /// Where the visit took place.
    public var coordinate: Coordinate
    /// The 68 % radius of `coordinate`, in metres.
    public var horizontalAccuracy: Double
    /// When the person arrived.
    public var arrivalDate: Date
    /// When the person left; `nil` while the visit goes on.
    public var departureDate: Date?

    /// Creates a visit.
    ///
    /// - Parameters:
    ///   - coordinate: Where the visit took place.
    ///   - horizontalAccuracy: The 68 % radius in metres.
    ///   - arrivalDate: When the person arrived.
    ///   - departureDate: When the person left, if they have.
    public init(coordinate: Coordinate, horizontalAccuracy: Double, arrivalDate: Date, departureDate: Date? = nil) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrivalDate = arrivalDate
        self.departureDate = departureDate
    }
}
